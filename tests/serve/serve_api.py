"""horde-db serve against `horde-db query --json`, on a free loopback port: every /lichess answer
of a set of queries (the four games, the start and later positions, each filter) equals the
command line's bytes and follows lichess's specification (explorer_schema.py); /game/ID and
/lichess/pgn/ID give the game's PGN; /games streams the games that reached a position; the bad
requests get their status and a JSON error naming what was wrong, and the server still answers
after them (a stalled client included); a log line per request; an add in another process is
seen only whole; SIGTERM stops the server with status 0.
Usage: serve_api.py HORDE_DB TESTDATA WORK"""
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from explorer_schema import check_answer  # noqa: E402
from serve_common import Server, check, finish, make_inputs, run  # noqa: E402

horde_db, data, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
chess, chess960, horde, orda = make_inputs(data, work)
db = os.path.join(work, "db")

# The command-line spelling of each lichess parameter (horde-db query's options).
CLI_OPTION = {"variant": "--variant", "fen": "--fen", "play": "--moves", "speeds": "--speeds",
              "ratings": "--ratings", "since": "--since", "until": "--until", "moves": "--moves-limit",
              "topGames": "--top-games", "recentGames": "--recent-games"}
CLI_VARIANT = {"standard": "chess", "chess960": "chess960", "horde": "horde", "orda": "orda"}


def cli_args(params):
    out = []
    for key, value in params.items():
        if key == "history":  # a flag on the command line
            out += ["--history"] if value.lower() == "true" else []
            continue
        if key == "topGames" or key == "recentGames":
            value = str(min(int(value), 4))  # lichess cuts them to 4; the command line refuses more
        out += [CLI_OPTION[key], CLI_VARIANT[value] if key == "variant" else value]
    return out


def query_cli(params):
    cmd = [horde_db, "query", db, "--json", *cli_args(params)]
    r = run(cmd)
    check(r.returncode == 0, f"{' '.join(cmd)}: status {r.returncode}: {r.stderr.decode()}")
    return r.stdout


def first_fen(path):
    with open(path, encoding="utf-8") as f:
        return re.search(r'^\[FEN "([^"]*)"\]', f.read(), re.M).group(1)


# Usage and I/O errors: status 2 and a message naming what was wrong.
missing = os.path.join(work, "no-such-db")
r = run([horde_db, "serve", missing, "--port", "0"])
check(r.returncode == 2 and missing.encode() in r.stderr, f"serve on a missing database: {r.returncode} {r.stderr!r}")
r = run([horde_db, "serve", missing, "--port", "70000"])
check(r.returncode == 2 and b"--port" in r.stderr, f"serve --port 70000: {r.returncode} {r.stderr!r}")

r = run([horde_db, "add", db, chess, chess960, horde])
check(r.returncode == 0, f"horde-db add: status {r.returncode}: {r.stderr.decode()}")

QUERIES = [
    {"variant": "standard"},
    {"variant": "standard", "play": "e2e4"},
    {"variant": "standard", "speeds": "blitz,rapid"},
    {"variant": "standard", "ratings": "1600,1800,2000"},
    {"variant": "standard", "since": "2022-01", "until": "2023-12"},
    {"variant": "standard", "moves": "3", "topGames": "2", "recentGames": "1"},
    {"variant": "standard", "topGames": "9"},  # cut to 4, as lichess does
    {"variant": "chess960", "fen": first_fen(chess960)},
    {"variant": "horde"},
    {"variant": "horde", "speeds": "bullet,correspondence", "ratings": "0,2500"},
    {"variant": "horde", "play": "d4d5"},
    {"variant": "horde", "since": "2021-06"},
    {"variant": "orda"},  # no Orda game yet: an answer of zeros
    {"variant": "standard", "history": "true"},
    {"variant": "horde", "since": "2021-06", "history": "True"},  # as berserk (Python) sends it
    {"variant": "standard", "history": "false"},
]

with Server(horde_db, db, "--reload-check", "200") as server:
    answers = []
    for q in QUERIES:
        path = "/lichess?" + urllib.parse.urlencode(q)
        status, headers, body = server.get(path)
        what = f"GET {path}"
        check(status == 200, f"{what}: status {status}: {body[:200]!r}")
        check(headers.get("Content-Type") == "application/json", f"{what}: Content-Type {headers.get('Content-Type')}")
        check(headers.get("Access-Control-Allow-Origin") == "*", f"{what}: no Access-Control-Allow-Origin: *")
        cli = query_cli(q)
        check(len(body) > 0 and body == cli, f"{what}: differs from horde-db query --json\n  served: {body[:300]!r}\n  cli:    {cli[:300]!r}")
        answer = json.loads(body)
        limits = {k: min(int(q[k]), 4) if k != "moves" else int(q[k]) for k in ("moves", "topGames", "recentGames") if k in q}
        for error in check_answer(answer, limits):
            check(False, f"{what}: {error}")
        answers.append((q, answer))
    total = lambda a: a["white"] + a["draws"] + a["black"]  # noqa: E731
    # Not a test of nothing: the start positions hold games, and filters change the figures.
    check(total(answers[0][1]) > 0 and total(answers[8][1]) > 0, "the chess and Horde start positions have no game")
    check(total(answers[2][1]) < total(answers[0][1]), "speeds=blitz,rapid did not filter the chess games")
    check(total(answers[9][1]) < total(answers[8][1]), "speeds and ratings did not filter the Horde games")
    check(total(answers[12][1]) == 0, "Orda games before any was added")
    # history=true: the position's games month by month (the results of the months add up to the
    # position's when every game has a month); history=false and no history: none.
    for i in (13, 14):
        history = answers[i][1].get("history")
        check(isinstance(history, list) and len(history) > 0, f"{QUERIES[i]}: no history")
    history = answers[13][1]["history"]
    check(sum(s["white"] + s["draws"] + s["black"] for s in history) <= total(answers[0][1]), "history: more games than the position's")
    check(answers[14][1]["history"][0]["month"] == "2021-06", f"history from since=2021-06: {answers[14][1]['history'][:1]}")
    check("history" not in answers[15][1] and "history" not in answers[0][1], "a history not asked for")

    # Games by id: each top or recent game's PGN, as `horde-db games` prints it for the position.
    listed = {}
    for q, a in answers:
        for g in a["topGames"] + a["recentGames"]:
            listed.setdefault(g["id"], q)
    ids = sorted(listed)
    check(len(ids) >= 4, f"only {len(ids)} games listed in the answers")
    for game_id in ids[:8]:
        status, headers, body = server.get("/game/" + urllib.parse.quote(game_id, safe=""))
        check(status == 200, f"/game/{game_id}: status {status}")
        check(headers.get("Content-Type") == "application/x-chess-pgn", f"/game/{game_id}: Content-Type {headers.get('Content-Type')}")
        check(f'[Site "https://lichess.org/{game_id}"]'.encode() in body, f"/game/{game_id}: not that game's PGN: {body[:200]!r}")
        position = {k: v for k, v in listed[game_id].items() if k in ("variant", "fen", "play")}
        cli = run([horde_db, "games", db, *cli_args(position)])
        check(cli.returncode == 0 and len(body) > 0 and (cli.stdout.startswith(body) or b"\n" + body in cli.stdout),
              f"/game/{game_id}: not as horde-db games {cli_args(position)} prints it")
        status2, _, body2 = server.get("/lichess/pgn/" + urllib.parse.quote(game_id, safe=""))
        check(status2 == 200 and body2 == body, f"/lichess/pgn/{game_id} differs from /game/{game_id}")

    # The games that reached a position, streamed: as many as the position's games.
    status, headers, body = server.get("/games?variant=horde")
    lines = body.decode().splitlines()
    check(status == 200 and headers.get("Content-Type") == "application/x-ndjson", f"/games: {status} {headers.get('Content-Type')}")
    rows = [json.loads(line) for line in lines]
    check(len(rows) >= total(answers[8][1]) > 0, f"/games?variant=horde: {len(rows)} games, the answer counts {total(answers[8][1])}")
    check(all(r["ply"] == 0 and isinstance(r["serial"], int) and r["id"] for r in rows), "/games rows lack ply 0, serial or id")
    cli = [json.loads(line) for line in run([horde_db, "games", db, "--variant", "horde", "--format", "ndjson"]).stdout.splitlines()]
    # The same lines but for the source file, named without its directories on the network.
    check(all(os.path.isabs(r["source"]) for r in cli) and len(cli) == len(rows), "horde-db games: sources not as given")
    for r in cli:
        r["source"] = os.path.basename(r["source"])
    check(rows == cli, "/games?variant=horde differs from horde-db games --variant horde --format ndjson")

    # Bad requests: the status and what was wrong; the server answers after each.
    BAD = [("/lichess?fen=not-a-fen", 400, "fen"), ("/lichess?variant=atomic", 400, "variant"),
           ("/lichess?speeds=warp", 400, "speeds"), ("/lichess?ratings=1234", 400, "ratings"),
           ("/lichess?since=2020-13", 400, "since"), ("/lichess?until=2020", 400, "until"),
           ("/lichess?moves=-4", 400, "moves"), ("/lichess?topGames=x", 400, "topGames"),
           ("/lichess?play=e2e5", 400, "play"), ("/lichess?variant=horde&play=e2e4,e2e4", 400, "play"),
           ("/lichess?moves=1&moves=2", 400, "moves"), ("/games?variant=nope", 400, "variant"),
           ("/nothing", 404, "no such path"), ("/game/doesnotexist", 404, "no game"),
           ("/lichess?" + "x" * 5000, 414, "target"), ("/lichess?" + "x" * 20000, 414, "")]
    for path, want, word in BAD:
        status, headers, body = server.get(path)
        check(status == want, f"{path[:60]}: status {status}, expected {want}")
        if word:
            try:
                error = json.loads(body)["error"]
            except (ValueError, KeyError, TypeError):
                error = None
            check(isinstance(error, str) and word in error, f"{path[:60]}: error {body[:200]!r} does not name '{word}'")
        check(server.get("/lichess")[0] == 200, f"the server does not answer after {path[:60]}")
    status, _, body = server.get("/lichess", headers={"X-Big-1": "a" * 5000, "X-Big-2": "b" * 5000})
    check(status == 431, f"10 KB of headers: status {status}")
    # One header line past the HTTP library's own line limit: 431 too, with the reason.
    status, _, body = server.get("/lichess", headers={"X-Huge": "h" * 20000})
    check(status == 431 and b"header" in body, f"one 20 KB header line: status {status} {body[:120]!r}")
    check(server.get("/lichess")[0] == 200, "the server does not answer after a 20 KB header line")
    # A request line that is not HTTP: 400, and the server goes on.
    garbage = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    garbage.sendall(b"NOT-HTTP\r\n\r\n")
    reply = garbage.recv(4096)
    garbage.close()
    check(reply.startswith(b"HTTP/1.1 400"), f"a request line that is not HTTP: {reply[:60]!r}")
    check(server.get("/lichess")[0] == 200, "the server does not answer after a request line that is not HTTP")
    # Paths that try to leave the server's own pages: nothing from the file system.
    for raw in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/game/..%2f..%2fetc%2fpasswd", "//etc/passwd"]:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        conn.request("GET", raw)
        response = conn.getresponse()
        body = response.read()
        conn.close()
        check(response.status in (400, 404) and b"root:" not in body, f"GET {raw}: status {response.status} {body[:100]!r}")
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.request("POST", "/lichess", body=b"x")
    check(conn.getresponse().status == 405, "POST /lichess is not 405")
    conn.close()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    conn.request("OPTIONS", "/lichess", headers={"Origin": "http://example.org", "Access-Control-Request-Method": "GET"})
    response = conn.getresponse()
    response.read()
    check(response.status == 204 and response.getheader("Access-Control-Allow-Origin") == "*"
          and "GET" in (response.getheader("Access-Control-Allow-Methods") or ""), f"OPTIONS preflight: {response.status}")
    conn.close()
    # A client that sends half a request and stalls does not stop the others.
    stalled = socket.create_connection(("127.0.0.1", server.port))
    stalled.sendall(b"GET /lichess HTTP/1.1\r\nHost: x\r\n")
    check(server.get("/lichess?variant=horde")[0] == 200, "no answer while a client stalls")
    stalled.close()
    # The page: embedded, self-contained.
    status, headers, body = server.get("/")
    check(status == 200 and headers.get("Content-Type", "").startswith("text/html"), f"/: {status} {headers.get('Content-Type')}")
    outside = body.replace(b"http://www.w3.org/2000/svg", b"")  # the SVG namespace is a name, not a resource
    check(b"hordeBoard" in body and b"http://" not in outside and b"https://" not in outside
          and b" src=" not in body, "the page is not the self-contained explorer")

    # An add in another process: every answer is the state before or the state after, never
    # one between; the new state is seen without a restart.
    before = server.get("/lichess?variant=orda")[2]
    adder = subprocess.Popen([horde_db, "add", db, orda], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seen = []
    while adder.poll() is None:
        seen.append(server.get("/lichess?variant=orda")[2])
    check(adder.returncode == 0, f"horde-db add (orda): status {adder.returncode}: {adder.stderr.read().decode()}")
    after = query_cli({"variant": "orda"})
    check(after != before, "the add changed nothing")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        body = server.get("/lichess?variant=orda")[2]
        seen.append(body)
        if body == after:
            break
        time.sleep(0.05)
    check(seen[-1] == after, "the server did not answer from the database after the add")
    odd = [b for b in seen if b not in (before, after)]
    check(not odd, f"{len(odd)} answers during the add were neither the state before nor after: {odd[:1]!r}")

    # A log line per request, in the Common Log Format.
    log = server.stderr()
    clf = re.findall(r'^127\.0\.0\.1 - - \[\d\d/\w{3}/\d{4}:\d\d:\d\d:\d\d \+0000\] "GET /lichess\?variant=orda HTTP/1\.1" 200 \d+$', log, re.M)
    check(len(clf) >= len(seen), f"{len(clf)} log lines for {len(seen)} requests of the add test")
    status = server.stop()
    check(status == 0, f"SIGTERM: exit status {status}")
    check("stopped by SIGTERM" in server.stderr(), "no line saying the server stopped")

finish("serve_api")
