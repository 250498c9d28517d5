"""The explorer page (horde-tree --format html) in headless Chromium, against the NDJSON output of
the same run options, for a chess (--min-games 2), Chess960, Horde and Orda tree (--max-ply 6):
  1. the page's embedded records are the NDJSON lines, and nothing is loaded from elsewhere;
  2. driven through the DevTools protocol as a person would: it opens at the start position most
     games began from; four clicks on moves descend (a different move rank each time); Back,
     Forward (buttons and keys), the browser's Back, a click on the path's Start and on a path
     move, a move whose position is below --min-games (shown, not clickable), the FEN box (a
     full six-field FEN; an unknown FEN), the start position list, the flip button;
  3. after every step the board is read from the drawn pieces (each <use class="piece">: figure
     and place), never from the page's data, and compared with the NDJSON position's FEN, and
     the move table shown (SAN, games, W/D/L counts and percentages, rating, performance, eval,
     time, dates, examples; the position's own row) is compared with that position's record;
  4. escaping: a Site tag holding "</script>" and a title holding markup; a phone-sized window;
     screenshots in the output folder (look at them).
Usage: tree_page.py HORDE_TREE TESTDATA OUTDIR CHROMIUM (tests/browser/run.sh adds CHROMIUM).
Exit 0 pass, 1 fail.
"""
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import devtools
from devtools import Browser, check

TREE, TESTDATA, OUTDIR, CHROMIUM = sys.argv[1:5]
work = tempfile.mkdtemp(prefix="tree-page.")
os.makedirs(OUTDIR, exist_ok=True)

# The table as shown: per row the texts of its cells and the bar's counts.
TABLE_JS = """(() => {
  const row = tr => { const c = k => tr.querySelector('.' + k).textContent;
    return {uci: tr.dataset.uci || null, dead: tr.classList.contains('dead'), title: tr.title, san: c('san'),
            games: c('games'), counts: [...tr.querySelectorAll('.bar span')].map(s => s.dataset.count),
            percents: [...tr.querySelectorAll('.bar span')].map(s => s.textContent),
            rating: c('rating'), performance: c('performance'), eval: c('eval'), seconds: c('seconds'),
            dates: c('dates'), examples: c('examples')}; };
  const b = document.getElementById('board');
  return {key: b.dataset.key, fen: b.dataset.fen, rows: [...document.querySelectorAll('#moves tbody tr')].map(row),
          total: row(document.querySelector('#moves tfoot tr')),
          path: [...document.querySelectorAll('#path .step')].map(s => [s.textContent, s.className])};
})()"""


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def load_ndjson(path):
    return [json.loads(line) for line in open(path)]


def percents(r):
    """The bar's texts: the rounded percentage of all games, shown from 12 %."""
    out = []
    for n in (r["white"], r["draws"], r["black"]):
        p = 100 * n / r["games"] if r["games"] else 0
        out.append(f"{math.floor(p + 0.5)}%" if p >= 12 else "")
    return out


def expected_row(m, positions):
    rounded = lambda x: "" if x is None else str(math.floor(x + 0.5))
    ev = m["eval"]
    dates = "" if m["first_date"] is None else m["first_date"] if m["first_date"] == m["last_date"] \
        else f"{m['first_date']} \u2013 {m['last_date']}"
    return {"uci": m["uci"], "dead": m["child"] not in positions, "san": m["san"], "games": str(m["games"]),
            "counts": [str(m[k]) for k in ("white", "draws", "black")], "percents": percents(m),
            "rating": rounded(m["rating"]), "performance": rounded(m["performance"]),
            "eval": "" if ev is None else ("+" if ev > 0 else "") + f"{ev:.2f}".replace("-0.00", "0.00"),
            "seconds": "" if m["seconds"] is None else f"{m['seconds']:.2f} s", "dates": dates,
            "examples": ", ".join(m["examples"])}


def check_shown(browser, variant, p, positions, what, screenshot=None):
    """The drawn board and the table are those of position p."""
    browser.wait_board(variant, p["fen"], what, screenshot)
    deadline = time.time() + 5  # two positions can have the same pieces: wait for the key too
    while browser.eval("document.getElementById('board').dataset.key") != p["key"] and time.time() < deadline:
        time.sleep(0.05)
    shown = browser.eval(TABLE_JS)
    check(shown["key"] == p["key"] and shown["fen"] == p["fen"], f"{what}: data-key/data-fen {shown['key']} {shown['fen']}")
    rows = [{k: r[k] for k in r if k != "title"} for r in shown["rows"]]
    expected = [expected_row(m, positions) for m in p["moves"]]
    if not check(rows == expected, f"{what}: the move table differs from the NDJSON record {p['key']}"):
        for a, b in zip(rows, expected):
            if a != b:
                print("  shown:   ", a, "\n  expected:", b, file=sys.stderr)
        print(f"  {len(rows)} rows shown, {len(expected)} expected", file=sys.stderr)
    t = shown["total"]
    check([t["games"], t["counts"], t["percents"]] == [str(p["games"]), [str(p[k]) for k in ("white", "draws", "black")],
                                                       percents(p)], f"{what}: the position's own row {t}")
    return shown


def clickable(p, positions):
    return [m for m in p["moves"] if m["child"] in positions]


def goes_on(p, positions, plies):
    """Whether a line of `plies` clickable moves starts at p."""
    return plies == 0 or any(goes_on(positions[m["child"]], positions, plies - 1) for m in clickable(p, positions))


def pick(p, positions, rank, plies):
    """The clickable move of that rank (0 the most played, -1 the least), or the nearest one after
    which `plies` more clicks are possible."""
    moves = clickable(p, positions)
    order = moves[rank:] + moves[:rank] if rank >= 0 else moves[::-1]
    return next((m for m in order if goes_on(positions[m["child"]], positions, plies)), None)


def drive(browser, variant, page, records, positions):
    """Clicks, Back, Forward, history, the path, the FEN box on one page; returns the line walked."""
    root = min((p for p in records if p["ply"] == 0), key=lambda p: (-p["games"], p["key"]))
    browser.open("file://" + page)
    check_shown(browser, variant, root, positions, f"{variant}: opened at the start", f"tree-{variant}-start.png")
    line, ucis = [root], []
    for depth in range(4):
        m = pick(line[-1], positions, [0, 1, -1, 0][depth], 3 - depth)
        if not check(m is not None, f"{variant}: a clickable move at depth {depth}"):
            break
        browser.click(f"document.querySelector('#moves tbody tr[data-uci=\"{m['uci']}\"] .san')")
        line.append(positions[m["child"]])
        ucis.append(m["uci"])
        shown = check_shown(browser, variant, line[-1], positions, f"{variant}: click on {m['san']} (depth {depth + 1})",
                            f"tree-{variant}-depth-{depth + 1}.png" if depth == 3 else None)
        sans = [s.split()[-1] for s, _ in shown["path"][1:]]
        check(shown["path"][0][0] == "Start" and len(sans) == depth + 1 and sans[-1] == m["san"],
              f"{variant}: the path after {m['san']}: {shown['path']}")
    address = "#" + "/".join([root["key"]] + ucis)
    check(browser.eval("location.hash") == address, f"{variant}: the address is the start's key and the moves")
    browser.open("file://" + page + address)  # a link to the line (or a reload)
    check_shown(browser, variant, line[-1], positions, f"{variant}: opened at {address}")
    browser.click("document.getElementById('prev')")
    check_shown(browser, variant, line[-2], positions, f"{variant}: Back")
    browser.key("ArrowLeft", "ArrowLeft", 37)
    check_shown(browser, variant, line[-3], positions, f"{variant}: Left")
    browser.click("document.getElementById('next')")
    check_shown(browser, variant, line[-2], positions, f"{variant}: Forward")
    browser.key("ArrowRight", "ArrowRight", 39)
    check_shown(browser, variant, line[-1], positions, f"{variant}: Right")
    browser.eval("history.back()")
    check_shown(browser, variant, line[-2], positions, f"{variant}: the browser's Back")
    shown = browser.eval(TABLE_JS)
    check(len(shown["path"]) == len(line) and "ahead" in shown["path"][-1][1],
          f"{variant}: the moves ahead stay in the path after the browser's Back: {shown['path']}")
    browser.click("[...document.querySelectorAll('#path .step')].find(s => s.textContent === 'Start')")
    check_shown(browser, variant, root, positions, f"{variant}: a click on the path's Start")
    browser.click("document.querySelectorAll('#path .step')[2]")
    check_shown(browser, variant, line[2], positions, f"{variant}: a click on the path's second move")
    browser.key("Home", "Home", 36)
    check_shown(browser, variant, root, positions, f"{variant}: Home")
    return root, line


def check_fen_box(browser, variant, records, positions, line):
    on_line = {p["key"] for p in line}
    target = max((p for p in records if p["key"] not in on_line and p["moves"]), key=lambda p: (p["ply"], p["games"], p["key"]))
    browser.click("document.getElementById('fen-input')")
    browser.type_text(target["fen"] + " 0 9")
    browser.click("document.getElementById('fen-go')")
    check_shown(browser, variant, target, positions, f"{variant}: the FEN box (ply {target['ply']})", f"tree-{variant}-fen.png")
    check(browser.eval("document.getElementById('fen-message').textContent") == "", f"{variant}: no message for a FEN found")
    browser.click("document.getElementById('fen-input')")
    browser.key("f", "KeyF", 70)  # typed into the box: no flip
    check(not browser.board(variant)[1], f"{variant}: 'f' typed in the FEN box does not flip the board")
    browser.eval("document.getElementById('fen-input').value = ''")
    browser.click("document.getElementById('fen-input')")
    browser.type_text("8/8/8/8/8/8/8/8 w - -")
    browser.click("document.getElementById('fen-go')")
    check_shown(browser, variant, target, positions, f"{variant}: an unknown FEN leaves the board")
    check("No position" in browser.eval("document.getElementById('fen-message').textContent"),
          f"{variant}: an unknown FEN is said")
    browser.click("document.getElementById('flip')")
    shown, flipped = browser.board(variant)
    check(flipped, f"{variant}: the flip button flips the board")
    check_shown(browser, variant, target, positions, f"{variant}: flipped", f"tree-{variant}-flipped.png")
    browser.click("document.getElementById('flip')")


def check_dead_move(browser, variant, page, records, positions):
    """A move whose position has fewer than --min-games games: shown, not clickable."""
    with_dead = [p for p in records if any(m["child"] not in positions for m in p["moves"])]
    if not check(with_dead, f"{variant}: a move below --min-games"):
        return
    root = max(with_dead, key=lambda p: (p["games"], p["key"]))
    dead = next(m for m in root["moves"] if m["child"] not in positions)
    browser.open(f"file://{page}#{root['key']}")
    check_shown(browser, variant, root, positions, f"{variant}: opened at #{root['key']}")
    browser.click(f"document.querySelector('#moves tbody tr[data-uci=\"{dead['uci']}\"] .san')")
    time.sleep(0.3)
    shown = check_shown(browser, variant, root, positions, f"{variant}: a click on {dead['san']} (below --min-games)")
    row = next(r for r in shown["rows"] if r["uci"] == dead["uci"])
    check(row["dead"] and "--min-games" in row["title"], f"{variant}: {dead['san']} says why: {row['title']!r}")


def check_starts(browser, variant, records, positions):
    starts = sorted((p for p in records if p["ply"] == 0), key=lambda p: (-p["games"], p["key"]))
    shown = browser.eval("!document.getElementById('starts-box').hidden")
    check(shown == (len(starts) > 1), f"{variant}: the start list is shown when there are several ({len(starts)})")
    if len(starts) < 2:
        return
    options = browser.eval("[...document.getElementById('starts').options].map(o => o.value)")
    check(options == [p["key"] for p in starts], f"{variant}: the start list has every start position, most games first")
    browser.eval(f"(() => {{ const s = document.getElementById('starts'); s.value = '{starts[-1]['key']}';"
                 " s.dispatchEvent(new Event('change')); })()")
    check_shown(browser, starts[-1]["variant"], starts[-1], positions, f"{variant}: the last start position of the list")


def embedded_records(page, sites_are_addresses=False):
    text = open(page, encoding="utf-8").read()
    check(not re.search(r"<link|<img|<iframe|src=|@import|fetch\(|XMLHttpRequest", text), f"{page}: nothing loaded")
    if not sites_are_addresses:
        addresses = set(re.findall(r"https?://[^\"']*", text)) - {"http://www.w3.org/2000/svg"}
        check(not addresses, f"{page}: no address but the SVG namespace: {addresses}")
    data = text.split('<script type="application/json" id="tree-data">', 1)[1].split("</script>", 1)[0]
    check("</" not in data, f"{page}: no '</' in the embedded data")
    return json.loads(data)


def check_escaping(browser):
    pgn = os.path.join(work, "escape.pgn")
    site = "</script><script>document.title='broken'</script>&amp;"
    with open(pgn, "w") as f:
        f.write(f'[Event "x"]\n[Site "{site}"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n\n'
                '[Event "y"]\n[Site "plain"]\n[Result "0-1"]\n\n1. e4 c5 0-1\n')
    page = os.path.join(work, "escape.html")
    title = 'Tree <b>&amp;</b> "quoted"'
    run(TREE, pgn, "--min-games", "1", "--format", "html", "--title", title, "-o", page)
    records = embedded_records(page)
    browser.open("file://" + page)
    check(browser.eval("document.title") == title, "the title is shown as written")
    check(browser.eval("document.querySelector('header h1').textContent") == title, "the heading is the title")
    e4 = browser.eval("document.querySelector('#moves tbody tr[data-uci=\"e2e4\"] .examples').textContent")
    check(e4 == f"{site}, plain", f"a Site with </script> is shown as written: {e4!r}")
    check(len(records) == 5, f"the escaped page holds its 5 positions: {len(records)}")


def check_every_position(browser):
    """testdata/select/games.pgn: Horde, Orda and chess games from set-up positions, with Elo,
    %eval, %clk/%emt and dates (one game invalid: exit 1). Every position by its address."""
    pgn = os.path.join(TESTDATA, "select", "games.pgn")
    out = {}
    for fmt in ("ndjson", "html"):
        out[fmt] = os.path.join(work, f"select.{fmt}")
        status = subprocess.run([TREE, pgn, "--max-ply", "4", "--min-games", "1", "--format", fmt, "-o", out[fmt]],
                                capture_output=True).returncode
        check(status == 1, f"select/games.pgn --format {fmt}: exit 1 (an invalid game), not {status}")
    records = load_ndjson(out["ndjson"])
    positions = {p["key"]: p for p in records}
    check(embedded_records(out["html"], True) == records, "select/games.pgn: the page's records are the NDJSON lines")
    for figure in ("rating", "eval", "seconds"):
        check(any(m[figure] is not None for p in records for m in p["moves"]), f"select/games.pgn: some move has {figure}")
    browser.open("file://" + out["html"])
    for p in records:
        browser.eval(f"location.hash = '#{p['key']}'")
        check_shown(browser, p["variant"], p, positions, f"select/games.pgn: #{p['key']}")
    check_starts(browser, "mixed", records, positions)
    browser.eval(f"location.hash = '#{max(records, key=lambda p: len(p['moves']))['key']}'")
    browser.screenshot("tree-figures.png")


browser = Browser(CHROMIUM, work, OUTDIR)
try:
    for variant in ["chess", "chess960", "horde", "orda"]:
        pgn = os.path.join(TESTDATA, "games", f"{variant}-valid.pgn")
        options = ["--max-ply", "6", "--min-games", "2" if variant == "chess" else "1"]
        run(TREE, pgn, *options, "--format", "ndjson", "-o", os.path.join(work, f"{variant}.ndjson"))
        page = os.path.join(work, f"{variant}.html")
        run(TREE, pgn, *options, "--format", "html", "-o", page)
        records = load_ndjson(os.path.join(work, f"{variant}.ndjson"))
        positions = {p["key"]: p for p in records}
        check(embedded_records(page) == records, f"{variant}: the page's records are the NDJSON lines")
        root, line = drive(browser, variant, page, records, positions)
        if variant == "chess":
            check_dead_move(browser, variant, page, records, positions)
        check_fen_box(browser, variant, records, positions, line)
        check_starts(browser, variant, records, positions)
    check_escaping(browser)
    check_every_position(browser)

    browser.check_phone("file://" + os.path.join(work, "orda.html"), "tree-phone-orda.png")
finally:
    browser.close()
    shutil.rmtree(work, ignore_errors=True)

print(f"{devtools.checks} checks, {devtools.failures} failures; screenshots in {OUTDIR}")
sys.exit(1 if devtools.failures else 0)
