"""The explorer page (horde-tree --format html) in headless Chromium, for a chess, Chess960,
Horde and Orda tree: the board read from the drawn pieces (devtools.py) and the figures read
from the move table, against horde-tree's NDJSON of the same run options:
  1. opened: the root position's board, its game count and results, and every move's row (SAN,
     games, White / draws / Black in per cent);
  2. driven as a person would: a click on the most played move, then on the next position's
     most played move (the board and the figures follow each child), Back twice, Forward, a
     click on the path's start, a position typed in the FEN box, the Left key;
  3. screenshots of these steps in the output folder.
Usage: tree_page.py HORDE_TREE TESTDATA OUTDIR CHROMIUM (tests/browser/run.sh adds CHROMIUM).
Exit 0 pass, 1 fail.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

import devtools
from devtools import Browser, check, placement, same_position

TREE, TESTDATA, OUTDIR, CHROMIUM = sys.argv[1:5]
OPTIONS = ["--max-ply", "6", "--min-games", "1", "--threads", "1", "-q"]
work = tempfile.mkdtemp(prefix="tree-page.")
os.makedirs(OUTDIR, exist_ok=True)


def pct(n, of):
    """As the page writes it (JavaScript's Math.round: halves up, not Python's to even)."""
    return f"{math.floor(100 * n / of + 0.5)}%" if of else "-"


def shown(browser, variant, expected_fen, what):
    """Waits up to 5 s for the board to show the position, then compares it."""
    deadline = time.time() + 5
    board, _ = browser.board(variant)
    while board != placement(expected_fen) and time.time() < deadline:
        time.sleep(0.05)
        board, _ = browser.board(variant)
    same_position(board, expected_fen, what)


def same_figures(browser, position, what):
    """The summary and the move table against the NDJSON position."""
    got = browser.eval("document.getElementById('summary').dataset.games")
    check(got == str(position["games"]), f"{what}: {got} games shown, {position['games']} in the NDJSON")
    summary = browser.eval("document.getElementById('summary').textContent")
    expected = (f"White {pct(position['white'], position['games'])}, draws {pct(position['draws'], position['games'])}, "
                f"Black {pct(position['black'], position['games'])}")
    check(expected in summary, f"{what}: summary '{summary}' lacks '{expected}'")
    rows = browser.eval("[...document.querySelectorAll('#moves-body tr')].map(r => [r.dataset.uci,"
                        " ...['san', 'games', 'white', 'draws', 'black'].map(c => r.querySelector('td.' + c).textContent)])")
    want = [[m["uci"], m["san"], str(m["games"]), pct(m["white"], m["games"]), pct(m["draws"], m["games"]),
             pct(m["black"], m["games"])] for m in position["moves"]]
    check(rows == want, f"{what}: the move table {rows[:3]}... differs from the NDJSON {want[:3]}...")


def click_move(browser, uci):
    browser.click(f"document.querySelector('#moves-body tr[data-uci=\"{uci}\"]')")


browser = Browser(CHROMIUM, work, OUTDIR)
try:
    for variant in ("chess", "chess960", "horde", "orda"):
        pgn = os.path.join(TESTDATA, "games", f"{variant}-valid.pgn")
        page = os.path.join(work, f"{variant}.html")
        subprocess.run([TREE, *OPTIONS, "-o", page, pgn], check=True)
        lines = subprocess.run([TREE, *OPTIONS, pgn], check=True, capture_output=True, text=True).stdout.splitlines()
        tree = {p["key"]: p for p in map(json.loads, lines)}
        # The page opens at the start position most games began from (the first in key order on a tie).
        root = max(sorted((p for p in tree.values() if p["ply"] == 0), key=lambda p: p["key"]), key=lambda p: p["games"])
        browser.open("file://" + page)
        shown(browser, variant, root["fen"], f"{variant}: opened at the root")
        same_figures(browser, root, f"{variant}: root")
        browser.screenshot(f"tree-{variant}-root.png")

        # Down two levels by the most played moves that lead to a kept position.
        trail = [root]
        for depth in (1, 2):
            here = trail[-1]
            move = next((m for m in here["moves"] if m["child"] in tree), None)
            if not check(move is not None, f"{variant}: a move to follow at depth {depth}"):
                break
            click_move(browser, move["uci"])
            child = tree[move["child"]]
            shown(browser, variant, child["fen"], f"{variant}: after a click on {move['san']}")
            same_figures(browser, child, f"{variant}: after {move['san']}")
            path = browser.eval("[...document.querySelectorAll('#path .step')].map(s => s.textContent)")
            check(path[-1] == move["san"] and len(path) == depth + 1, f"{variant}: the path {path} ends with {move['san']}")
            trail.append(child)
        browser.screenshot(f"tree-{variant}-depth-2.png")
        browser.click("document.getElementById('back')")
        shown(browser, variant, trail[1]["fen"], f"{variant}: Back")
        browser.click("document.getElementById('back')")
        shown(browser, variant, root["fen"], f"{variant}: Back to the root")
        browser.click("document.getElementById('forward')")
        shown(browser, variant, trail[1]["fen"], f"{variant}: Forward")
        browser.click("document.querySelector('#path .step')")
        shown(browser, variant, root["fen"], f"{variant}: the path's start")

        # The FEN box: a position of ply 4 or more, typed and submitted.
        deep = max((p for p in tree.values() if p["ply"] >= 4), key=lambda p: (p["games"], p["key"]))
        browser.eval(f"document.getElementById('fen-input').value = {json.dumps(deep['fen'] + ' 0 1')}")
        browser.click("document.getElementById('fen-go')")
        shown(browser, variant, deep["fen"], f"{variant}: the FEN box")
        same_figures(browser, deep, f"{variant}: the FEN box's position")
        browser.eval("document.getElementById('fen-input').value = '8/8/8/8/8/8/8/8 w - -'")
        browser.click("document.getElementById('fen-go')")
        check("No game" in browser.eval("document.getElementById('fen-message').textContent"),
              f"{variant}: a position not in the tree is said so")
        browser.key("ArrowLeft", "ArrowLeft", 37)  # at a FEN-box position: nothing to go back to
        shown(browser, variant, deep["fen"], f"{variant}: Left at the path's start stays")
        browser.screenshot(f"tree-{variant}-fen.png")
finally:
    browser.close()
    shutil.rmtree(work, ignore_errors=True)

print(f"{devtools.checks} checks, {devtools.failures} failures; screenshots in {OUTDIR}")
sys.exit(1 if devtools.failures else 0)
