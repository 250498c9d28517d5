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
import html.parser
import os
import shutil
import subprocess
import sys
import tempfile

import devtools
from devtools import FLAGS, Browser, check, drawn_position, same_position

REPLAY, LISTER, TESTDATA, OUTDIR, CHROMIUM = sys.argv[1:6]
work = tempfile.mkdtemp(prefix="replay-page.")
os.makedirs(OUTDIR, exist_ok=True)


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


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
    browser.wait_board(variant, fen, what, screenshot)


VARIANTS = ["chess", "chess960", "horde", "orda"]
browser = Browser(CHROMIUM, work, OUTDIR)
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

    browser.check_phone("file://" + os.path.join(work, "orda.html") + "#ply=12", "phone-orda.png")
finally:
    browser.close()
    shutil.rmtree(work, ignore_errors=True)

print(f"{devtools.checks} checks, {devtools.failures} failures; screenshots in {OUTDIR}")
sys.exit(1 if devtools.failures else 0)
