"""What the browser tests share (tests/browser/*.py): a headless Chromium driven through the
DevTools protocol, the check counter, and the drawn board read back from its <use class="piece">
elements (the figure each draws and where it stands), never from a data attribute."""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--window-size=1200,900"]
SQ = 45
# What a user knows of the drawn set: the figure each symbol draws.
FIGURE_LETTERS = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k",
                  "khan": "k", "lancer": "l", "archer": "a", "kheshig": "h", "yurt": "y"}

failures = 0
checks = 0


def check(ok, what):
    global failures, checks
    checks += 1
    if not ok:
        failures += 1
        print("FAIL:", what, file=sys.stderr)
    return ok


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


class Browser:
    """One headless Chromium driven through the DevTools protocol."""

    def __init__(self, chromium, work, outdir):
        self.outdir = outdir
        self.profile = tempfile.mkdtemp(dir=work)
        self.proc = subprocess.Popen([chromium, *FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-port=0",
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

    def type_text(self, text):
        """Types into the focused element, as a keyboard would."""
        self.send("Input.insertText", text=text)

    def wait_board(self, variant, fen, what, screenshot=None):
        """Judges the drawn board against `fen`, after waiting up to 5 s for it: the page handles a
        click, a key or a new address in its own time (under load, after the script reads the board)."""
        expected = placement(fen)
        deadline = time.time() + 5
        shown, _ = self.board(variant)
        while shown != expected and time.time() < deadline:
            time.sleep(0.05)
            shown, _ = self.board(variant)
        same_position(shown, fen, what)
        if screenshot:
            self.screenshot(screenshot)

    def check_phone(self, url, screenshot):
        """In a phone-sized window the page fits its width and the board fills it."""
        self.send("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)
        self.open(url)
        width = self.eval("document.documentElement.scrollWidth")
        board_width = self.eval("document.getElementById('board').getBoundingClientRect().width")
        check(width <= 390, f"phone: the page is {width} px wide in a 390 px window")
        check(300 <= board_width <= 390, f"phone: the board is {board_width} px wide")
        self.screenshot(screenshot)

    def screenshot(self, name):
        data = self.send("Page.captureScreenshot", format="png")["data"]
        with open(os.path.join(self.outdir, name), "wb") as f:
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
