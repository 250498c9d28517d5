"""horde-db serve's live explorer page in headless Chromium against a running server (a database
of the project's chess, Chess960, Horde and Orda games with lichess-like tags): for several
positions of each variant the board drawn (read from its pieces) is the server's position, and
the move table (SAN, games, W/D/L counts, mean rating) and the games listed equal the server's
/lichess answer for the same filters; clicking a move descends, Back (button and browser) goes
back, a speed filter and a rating filter change the figures to the filtered answer, the start
list switches variants, a game links to its PGN (/game/ID), the FEN box finds a position.
Usage: live_page.py HORDE_DB TESTDATA OUTDIR CHROMIUM (tests/browser/run.sh adds CHROMIUM)."""
import json
import os
import shutil
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "serve"))
import devtools  # noqa: E402
from devtools import Browser, check, same_position  # noqa: E402
from serve_common import Server, make_inputs, run  # noqa: E402

HORDE_DB, TESTDATA, OUTDIR, CHROMIUM = sys.argv[1:5]
os.makedirs(OUTDIR, exist_ok=True)
work = tempfile.mkdtemp(prefix="live-page.")
inputs = make_inputs(TESTDATA, work)
db = os.path.join(work, "db")
added = run([HORDE_DB, "add", db, *inputs])
if added.returncode != 0:
    print("horde-db add failed:", added.stderr.decode(), file=sys.stderr)
    sys.exit(1)

SHOWN_JS = """(() => {
  const row = tr => ({uci: tr.dataset.uci || null, san: tr.querySelector('.san').textContent,
                      games: tr.querySelector('.games').textContent, rating: tr.querySelector('.rating').textContent,
                      counts: [...tr.querySelectorAll('.bar span')].map(s => Number(s.dataset.count))});
  const b = document.getElementById('board');
  return {fen: b.getAttribute('data-fen'), key: b.getAttribute('data-key'),
          rows: [...document.querySelectorAll('#moves tbody tr')].map(row),
          total: row(document.querySelector('#moves tfoot tr')),
          games: [...document.querySelectorAll('#top-games li, #recent-games li')].map(li =>
            [li.dataset.id, li.querySelector('a').getAttribute('href')])};
})()"""
VARIANT_KEY = {"chess": "standard", "chess960": "chess960", "horde": "horde", "orda": "orda"}


def api(server, path):
    status, _, body = server.get(path)
    check(status == 200, f"{path}: status {status}")
    return json.loads(body)


def expected(server, variant, fen, filters=""):
    """The server's answer for the position, as the page asks it (all moves)."""
    q = urllib.parse.urlencode({"variant": VARIANT_KEY[variant], "fen": fen})
    return api(server, f"/lichess?{q}&moves=256{filters}")


def wait_shown(browser, fen, answer, what):
    """Waits up to 10 s for the page to show `answer` at `fen`; then compares what it shows."""
    deadline = time.time() + 10
    while True:
        shown = browser.eval(SHOWN_JS)
        want_rows = [(m["uci"], m["san"], str(m["white"] + m["draws"] + m["black"]), [m["white"], m["draws"], m["black"]])
                     for m in answer["moves"]]
        got_rows = [(r["uci"], r["san"], r["games"], r["counts"]) for r in shown["rows"]]
        ok = shown["fen"] == fen and got_rows == want_rows
        if ok or time.time() > deadline:
            break
        time.sleep(0.05)
    check(shown["fen"] == fen, f"{what}: the board says {shown['fen']}, expected {fen}")
    check(got_rows == want_rows, f"{what}: the move table differs from the API\n  shown: {got_rows}\n  api:   {want_rows}")
    total = answer["white"] + answer["draws"] + answer["black"]
    check(shown["total"]["games"] == str(total) and shown["total"]["counts"] == [answer["white"], answer["draws"], answer["black"]],
          f"{what}: the position's row {shown['total']} is not the API's {total}")
    ratings = [r["rating"] for r in shown["rows"]]
    check(ratings == [str(m["averageRating"]) if m["averageRating"] else "" for m in answer["moves"]],
          f"{what}: the ratings shown {ratings} are not the API's averageRating")
    listed = [g["id"] for g in answer["topGames"] + answer["recentGames"]]
    check([g[0] for g in shown["games"]] == listed, f"{what}: games listed {shown['games']} are not the API's {listed}")
    check(all(href == "/game/" + urllib.parse.quote(i, safe="") for i, href in shown["games"]), f"{what}: game links {shown['games']}")
    return shown


def drawn(browser, variant, fen, what):
    shown, _ = browser.board(variant)
    same_position(shown, fen, what)


with Server(HORDE_DB, db, "--quiet") as server:
    browser = Browser(CHROMIUM, work, OUTDIR)
    try:
        browser.open(server.url("/"))
        for _ in range(200):
            if browser.eval("document.body.dataset.ready === 'true'"):
                break
            time.sleep(0.05)
        check(browser.eval("document.getElementById('starts').options.length") == 4, "the start list has not the four games")
        for variant in ["horde", "chess", "orda"]:
            start = api(server, f"/position?variant={VARIANT_KEY[variant]}")
            browser.eval(f"(() => {{ const s = document.getElementById('starts');"
                         f" s.value = [...s.options].find(o => o.value.startsWith('{variant}:')).value;"
                         f" s.dispatchEvent(new Event('change')); }})()")
            line = [start["fen"]]
            answer = expected(server, variant, start["fen"])
            wait_shown(browser, start["fen"], answer, f"{variant} start")
            drawn(browser, variant, start["fen"], f"{variant} start")
            browser.screenshot(f"live-{variant}-start.png")
            # Descend: the most played move, then the second one where there is one.
            for depth, rank in enumerate([0, 1, 0]):
                if not answer["moves"]:
                    break
                move = answer["moves"][min(rank, len(answer["moves"]) - 1)]
                browser.click(f"document.querySelector('#moves tbody tr[data-uci=\"{move['uci']}\"]')")
                fen = api(server, "/position?" + urllib.parse.urlencode({"variant": VARIANT_KEY[variant], "fen": line[-1]}))["moves"][move["uci"]]
                line.append(fen)
                answer = expected(server, variant, fen)
                wait_shown(browser, fen, answer, f"{variant}: after {move['san']} (depth {depth + 1})")
                drawn(browser, variant, fen, f"{variant}: after {move['san']}")
            if len(line) > 2:
                # The browser's Back: the address before the last move; then the Back button.
                browser.send("Runtime.evaluate", expression="history.back()")
                wait_shown(browser, line[-2], expected(server, variant, line[-2]), f"{variant}: the browser's Back")
                browser.click("document.getElementById('prev')")
                wait_shown(browser, line[-3], expected(server, variant, line[-3]), f"{variant}: the Back button")
                browser.click("document.getElementById('next')")
                wait_shown(browser, line[-2], expected(server, variant, line[-2]), f"{variant}: the Forward button")
        browser.screenshot("live-orda.png")

        # Filters: the chess start with speeds=blitz, then ratings too.
        start = api(server, "/position?variant=standard")["fen"]
        browser.eval("(() => { const s = document.getElementById('starts');"
                     " s.value = [...s.options].find(o => o.value.startsWith('chess:')).value; s.dispatchEvent(new Event('change')); })()")
        unfiltered = expected(server, "chess", start)
        wait_shown(browser, start, unfiltered, "chess start")
        browser.click("document.querySelector('#speeds input[value=\"blitz\"]')")
        blitz = expected(server, "chess", start, "&speeds=blitz")
        check(blitz["white"] + blitz["draws"] + blitz["black"] < unfiltered["white"] + unfiltered["draws"] + unfiltered["black"],
              "the blitz filter selects every game: not a test")
        wait_shown(browser, start, blitz, "chess start, blitz")
        browser.click("document.querySelector('#ratings input[value=\"2500\"]')")
        wait_shown(browser, start, expected(server, "chess", start, "&speeds=blitz&ratings=2500"), "chess start, blitz, 2500")
        browser.screenshot("live-filtered.png")
        browser.click("document.querySelector('#speeds input[value=\"blitz\"]')")
        browser.click("document.querySelector('#ratings input[value=\"2500\"]')")
        wait_shown(browser, start, unfiltered, "chess start, filters off")

        # A game's link gives its PGN.
        games = browser.eval(SHOWN_JS)["games"]
        check(len(games) > 0, "no game listed at the chess start")
        if games:
            status, headers, body = server.get(games[0][1])
            check(status == 200 and headers.get("Content-Type") == "application/x-chess-pgn" and b"[Event " in body,
                  f"{games[0][1]}: {status} {headers.get('Content-Type')}")

        # The FEN box: a chess position after 1. e4 (six fields), and a bad one.
        after_e4 = api(server, f"/position?variant=standard&play=e2e4")["fen"]
        browser.click("document.getElementById('fen-input')")
        browser.type_text(after_e4)
        browser.click("document.getElementById('fen-go')")
        wait_shown(browser, after_e4, expected(server, "chess", after_e4), "the FEN box")
        browser.eval("document.getElementById('fen-input').value = ''")
        browser.click("document.getElementById('fen-input')")
        browser.type_text("not a fen")
        browser.click("document.getElementById('fen-go')")
        time.sleep(0.5)
        message = browser.eval("document.getElementById('fen-message').textContent")
        check("fen" in message, f"a bad FEN: the message is {message!r}")
    finally:
        browser.close()

shutil.rmtree(work, ignore_errors=True)
print(f"live_page: {devtools.checks} checks, {devtools.failures} failed")
sys.exit(1 if devtools.failures or not devtools.checks else 0)
