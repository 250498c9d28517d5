"""The replay page (horde-replay --html) in headless Chromium.

Reads the pieces from the drawn board (each <use class="piece"> element: the figure it draws
and where it stands), never from data-fen, and compares them with horde-list's FEN (main line)
or with the FEN of the move sequence (variations):
  1. DOM dumps (chromium --dump-dom) at several #ply=N of a chess, Chess960, Horde and Orda game;
  2. the page driven through the DevTools protocol as a person would: Right x5, a click on a
     move, Home, End, the flip button, a click on variation moves and stepping in a variation,
     #game=G&ply=N of a page of several games, a click in the game list, a phone-sized window;
  3. screenshots of these steps in the output folder (look at them).
Usage: replay_page.py HORDE_REPLAY HORDE_LIST TESTDATA OUTDIR CHROMIUM (tests/browser/run.sh adds CHROMIUM).
Exit 0 pass, 1 fail.
"""
import base64
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

REPLAY, LISTER, TESTDATA, OUTDIR, CHROMIUM = sys.argv[1:6]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--window-size=1200,900"]
SQ = 45
# What a user knows of the drawn set: the figure each symbol draws.
FIGURE_LETTERS = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k",
                  "khan": "k", "lancer": "l", "archer": "a", "kheshig": "h", "yurt": "y"}

failures = 0
checks = 0
work = tempfile.mkdtemp(prefix="replay-page.")
os.makedirs(OUTDIR, exist_ok=True)


def check(ok, what):
    global failures, checks
    checks += 1
    if not ok:
        failures += 1
        print("FAIL:", what, file=sys.stderr)
    return ok


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def placement(fen):
    """FEN's board field as {square name: letter}."""
    squares = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                squares["abcdefgh"[f] + str(8 - i)] = c
                f += 1
    return squares


def drawn_position(pieces, flipped, variant):
    """The drawn pieces [(href, x, y, data-square)] as {square: letter}, from the geometry."""
    squares = {}
    for href, x, y, named in pieces:
        colour, figure = href.removeprefix("#piece-").split("-")
        letter = FIGURE_LETTERS[figure]
        letter = letter.upper() if colour == "w" else letter
        check(figure != "khan" or (variant == "orda" and colour == "b"), f"khan drawn outside Orda's black: {href}")
        check(not (variant == "orda" and colour == "b" and figure == "king"), "Orda's black king is drawn as the khan")
        col, row = round(float(x) / SQ), round(float(y) / SQ)
        f, r = (7 - col, row) if flipped else (col, 7 - row)
        name = "abcdefgh"[f] + str(r + 1)
        check(named == name, f"piece at x={x} y={y} says square {named}, drawn on {name}")
        check(name not in squares, f"two pieces drawn on {name}")
        squares[name] = letter
    return squares


def same_position(shown, fen, what):
    expected = placement(fen)
    if not check(shown == expected, f"{what}: the drawn board differs from {fen}"):
        print("  drawn:   ", sorted(shown.items()), file=sys.stderr)
        print("  expected:", sorted(expected.items()), file=sys.stderr)


class DomBoard(html.parser.HTMLParser):
    """The pieces of svg#board in a --dump-dom output."""

    def __init__(self):
        super().__init__()
        self.in_board = False
        self.flipped = False
        self.pieces = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg" and a.get("id") == "board":
            self.in_board = True
            self.flipped = "flipped" in (a.get("class") or "").split()
        elif self.in_board and tag == "use" and "piece" in (a.get("class") or "").split():
            self.pieces.append((a["href"], a["x"], a["y"], a.get("data-square")))

    def handle_endtag(self, tag):
        if tag == "svg":
            self.in_board = False


def dump_dom(url):
    profile = tempfile.mkdtemp(dir=work)
    out = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                         capture_output=True, text=True, timeout=120).stdout
    parser = DomBoard()
    parser.feed(out)
    return parser


class Browser:
    """One headless Chromium driven through the DevTools protocol."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(dir=work)
        self.proc = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-port=0",
                                      "--remote-allow-origins=*", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        for _ in range(600):
            if os.path.exists(port_file) and open(port_file).read().strip():
                break
            time.sleep(0.05)
        port = open(port_file).read().split()[0]
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        targets = json.load(opener.open(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = next(t for t in targets if t["type"] == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60, suppress_origin=True)
        self.next_id = 0

    def send(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def eval(self, expression):
        r = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def open(self, url):
        self.send("Page.navigate", url=url)
        for _ in range(400):
            if self.eval("document.readyState === 'complete' && !!document.getElementById('board')"
                         " && document.getElementById('board').hasAttribute('data-fen')"):
                return
            time.sleep(0.05)
        raise RuntimeError(f"{url}: the page did not load")

    def key(self, key, code, vk):
        for kind in ("rawKeyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=vk,
                      nativeVirtualKeyCode=vk)

    def click(self, js_element):
        """Clicks the middle of the element that the expression gives, as a mouse would."""
        rect = self.eval(f"(() => {{ const e = {js_element}; e.scrollIntoView({{block: 'center'}});"
                         " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        x, y = rect
        self.send("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def board(self, variant):
        b = self.eval("(() => { const b = document.getElementById('board'); return {flipped: b.classList.contains('flipped'),"
                      " pieces: [...b.querySelectorAll('use.piece')].map(u => [u.getAttribute('href'),"
                      " u.getAttribute('x'), u.getAttribute('y'), u.getAttribute('data-square')])}; })()")
        return drawn_position(b["pieces"], b["flipped"], variant), b["flipped"]

    def screenshot(self, name):
        data = self.send("Page.captureScreenshot", format="png")["data"]
        with open(os.path.join(OUTDIR, name), "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main_line_fens(pgn):
    """{(game, ply): FEN} of every main-line position, from horde-list."""
    fens = {}
    for line in run(LISTER, "--format", "tsv", "--threads", "1", pgn).splitlines()[1:]:
        game, ply, _san, _uci, fen = line.split("\t")
        fens[(int(game), int(ply))] = fen
    return fens


def final_fen(pgn_text, variant):
    """The position after a move sequence, from horde-list (for variation moves)."""
    path = os.path.join(work, "line.pgn")
    tag = "" if variant == "chess" else f'[Variant "{variant.capitalize()}"]\n'
    with open(path, "w") as f:
        f.write(f"{tag}\n{pgn_text} *\n")
    return run(LISTER, "--final", "--threads", "1", path).strip()


def step_check(browser, variant, fen, what, screenshot=None):
    # The page handles a click, a key or a new address in its own time (under load, after this
    # script reads the board): wait up to 5 s for the position before judging it.
    expected = placement(fen)
    deadline = time.time() + 5
    shown, _ = browser.board(variant)
    while shown != expected and time.time() < deadline:
        time.sleep(0.05)
        shown, _ = browser.board(variant)
    same_position(shown, fen, what)
    if screenshot:
        browser.screenshot(screenshot)


VARIANTS = ["chess", "chess960", "horde", "orda"]
browser = Browser()
try:
    for variant in VARIANTS:
        pgn = os.path.join(TESTDATA, "games", f"{variant}-valid.pgn")
        fens = main_line_fens(pgn)
        plies = {}
        for (g, p) in fens:
            plies[g] = max(plies.get(g, 0), p)
        game = next(g for g in sorted(plies) if plies[g] >= 20)
        last = plies[game]
        page = os.path.join(work, f"{variant}.html")
        run(REPLAY, pgn, "--game", str(game), "--html", page)
        url = "file://" + page

        # 1. DOM dumps at several plies.
        for ply in (0, 7, last):
            dom = dump_dom(f"{url}#ply={ply}")
            check(len(dom.pieces) > 0, f"{variant} #ply={ply}: no piece drawn")
            same_position(drawn_position(dom.pieces, dom.flipped, variant), fens[(game, ply)],
                          f"{variant} game {game} dump-dom #ply={ply}")

        # 2. Driven: Right x5, a click on the 10th main-line move, Home, End, flip.
        browser.open(url)
        step_check(browser, variant, fens[(game, 0)], f"{variant}: opened")
        for ply in range(1, 6):
            browser.key("ArrowRight", "ArrowRight", 39)
            step_check(browser, variant, fens[(game, ply)], f"{variant}: Right x{ply}",
                       f"{variant}-right-{ply}.png" if ply == 5 else None)
        browser.click("document.querySelectorAll('.game:not([hidden]) .moves > .move')[9]")
        step_check(browser, variant, fens[(game, 10)], f"{variant}: click on the 10th move", f"{variant}-click-10.png")
        check(browser.eval("location.hash") == "#ply=10", f"{variant}: the address follows the click")
        browser.key("Home", "Home", 36)
        step_check(browser, variant, fens[(game, 0)], f"{variant}: Home")
        browser.key("End", "End", 35)
        step_check(browser, variant, fens[(game, last)], f"{variant}: End", f"{variant}-end.png")
        browser.click("document.getElementById('flip')")
        shown, flipped = browser.board(variant)
        check(flipped, f"{variant}: the flip button flips the board")
        same_position(shown, fens[(game, last)], f"{variant}: flipped at the end")
        browser.screenshot(f"{variant}-flipped.png")
        browser.key("ArrowLeft", "ArrowLeft", 37)
        step_check(browser, variant, fens[(game, last - 1)], f"{variant}: Left on the flipped board")

    # Variations: clicking a variation move, stepping inside the variation and back out.
    page = os.path.join(work, "variations.html")
    run(REPLAY, os.path.join(TESTDATA, "replay", "variations.pgn"), "--html", page)
    browser.open("file://" + page + "#game=1")
    move = "[...document.querySelectorAll('.game:not([hidden]) .move')].find(m => m.textContent === '{}')"
    browser.click(move.format("exf4"))
    step_check(browser, "chess", final_fen("1. e4 e5 2. f4 exf4", "chess"), "variation: click on exf4",
               "variation-exf4.png")
    browser.key("ArrowRight", "ArrowRight", 39)
    step_check(browser, "chess", final_fen("1. e4 e5 2. f4 exf4 3. Nf3", "chess"), "variation: Right after exf4")
    for moves in ("1. e4 e5 2. f4 exf4", "1. e4 e5 2. f4", "1. e4 e5"):
        browser.key("ArrowLeft", "ArrowLeft", 37)
        step_check(browser, "chess", final_fen(moves, "chess"), f"variation: Left back to {moves}")
    browser.key("ArrowRight", "ArrowRight", 39)
    step_check(browser, "chess", final_fen("1. e4 e5 2. Nf3", "chess"), "variation: Right at the branch takes the main line")
    browser.click(move.format("exd5"))
    step_check(browser, "chess", final_fen("1. e4 e5 2. f4 d5 3. exd5", "chess"), "nested variation: click on exd5")
    hash_now = browser.eval("location.hash")
    check("&node=" in hash_now, f"a variation move's address is #game=1&node=K: {hash_now}")
    check(browser.eval("document.querySelector('.game:not([hidden]) .comment').textContent") == "Before the first move.",
          "comments are shown")
    check("<&>" in browser.eval("document.querySelector('.game:not([hidden]) .tags').textContent"),
          "tags are shown, escaped")
    browser.open("file://" + page + "#game=2&ply=2")
    step_check(browser, "orda", final_fen("1. e4 Hc7", "orda"), "Orda: #game=2&ply=2")
    browser.click("[...document.querySelectorAll('.game:not([hidden]) .variation .move')].find(m => m.textContent === 'Ae7')")
    step_check(browser, "orda", final_fen("1. e4 Hc7 2. d4 Lf7 3. Nc3 Ae7", "orda"), "Orda: click on a nested variation move",
               "variation-orda.png")

    # Several games in one page: #game=G&ply=N and the game list; one page per game with DIR/.
    pgn = os.path.join(TESTDATA, "games", "chess960-valid.pgn")
    fens = main_line_fens(pgn)
    page = os.path.join(work, "chess960-all.html")
    run(REPLAY, pgn, "--html", page)
    browser.open("file://" + page + "#game=3&ply=4")
    step_check(browser, "chess960", fens[(3, 4)], "several games: #game=3&ply=4", "games-3-4.png")
    browser.click("document.querySelectorAll('#games a')[4]")
    step_check(browser, "chess960", fens[(5, 0)], "several games: the 5th game in the list")
    check(browser.eval("document.getElementById('board').getAttribute('data-game')") == "5", "data-game follows the list")
    browser.key("ArrowRight", "ArrowRight", 39)
    step_check(browser, "chess960", fens[(5, 1)], "several games: Right in game 5")
    check(browser.eval("location.hash") == "#game=5&ply=1", "the address names the game and the ply")
    folder = os.path.join(work, "pages") + "/"
    run(REPLAY, pgn, "--html", folder)
    names = sorted(os.listdir(folder))
    check(names == [f"game-{g:03}.html" for g in range(1, 17)], f"one page per game in DIR/: {names}")
    dom = dump_dom("file://" + folder + "game-007.html#ply=6")
    same_position(drawn_position(dom.pieces, dom.flipped, "chess960"), fens[(7, 6)], "DIR/ page of game 7 at #ply=6")

    # A phone-sized window: the page fits its width, the board fills it.
    browser.send("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)
    browser.open("file://" + os.path.join(work, "orda.html") + "#ply=12")
    width = browser.eval("document.documentElement.scrollWidth")
    board_width = browser.eval("document.getElementById('board').getBoundingClientRect().width")
    check(width <= 390, f"phone: the page is {width} px wide in a 390 px window")
    check(300 <= board_width <= 390, f"phone: the board is {board_width} px wide")
    browser.screenshot("phone-orda.png")
finally:
    browser.close()
    shutil.rmtree(work, ignore_errors=True)

print(f"{checks} checks, {failures} failures; screenshots in {OUTDIR}")
sys.exit(1 if failures else 0)
