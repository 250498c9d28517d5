#!/usr/bin/env python3
"""The reference for --where: for each selection, the games a plain Python reading of
horde-check --json --json-tags all (tags and computed fields) and of horde-list --format json
--keep-partial (every main-line position) selects, against the games horde-check --where EXPR
selects (on 1 and 2 threads), horde-list --games --where EXPR and horde-replay --where EXPR.
With HORDE_SANITIZED=1 (ASan/UBSan builds, several times slower a run) horde-check runs on one
thread count a selection, 1 and 2 in turn: the release tree runs both on every selection.
Usage: where_reference.py HORDE_CHECK HORDE_LIST HORDE_REPLAY PGN...  (exit 0: all equal)"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

check, lister, replay, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]


def run(*args):
    return subprocess.run(list(args), capture_output=True, check=False).stdout.decode("utf-8")


def number(text):
    if text is None or not re.fullmatch(r"[+-]?[0-9.]+", text) or text.count(".") > 1 or not re.search(r"\d", text):
        return None
    return float(text)


def tag(name):
    return lambda g: g["tags"].get(name)


def num_cmp(get, op, value):
    def pred(g):
        v = number(get(g))
        return v is not None and op(v, value)
    return pred


def str_cmp(get, op, value):
    def pred(g):
        v = get(g)
        return v is not None and op(v.encode(), value.encode())
    return pred


def regex(get, pattern, flags=0):
    r = re.compile(pattern, flags)
    return lambda g: get(g) is not None and r.search(get(g)) is not None


def placement(fen, side=True):
    fields = fen.split(" ")
    return (fields[0], fields[1]) if side else fields[0]


def reaches(fen):
    target = fen.split(" ")
    return lambda g: any(placement(p, len(target) > 1) == (tuple(target[:2]) if len(target) > 1 else target[0])
                         for p in g["positions"])


def material(spec):
    want = defaultdict(int)
    for letter, count in re.findall(r"([A-Za-z])(\d*)", spec):
        want[letter] += int(count) if count else 1

    def counts(fen):
        have = defaultdict(int)
        for c in fen.split(" ")[0]:
            if c.isalpha():
                have[c] += 1
        return have
    return lambda g: any(counts(p) == want for p in g["positions"])


ge, gt, lt, ne, eq = (lambda a, b: a >= b), (lambda a, b: a > b), (lambda a, b: a < b), (lambda a, b: a != b), (lambda a, b: a == b)
field = lambda name: (lambda g: None if g.get(name) is None else str(g[name]))
SELECTIONS = [
    ("WhiteElo >= 2000", num_cmp(tag("WhiteElo"), ge, 2000)),
    ('Date >= "2020.01.01"', str_cmp(tag("Date"), ge, "2020.01.01")),
    ('Event != "Casual Horde game"', str_cmp(tag("Event"), ne, "Casual Horde game")),
    ('White ~ "^Carlsen"', regex(tag("White"), r"^Carlsen")),
    ('Black ~ i"carlsen|Ø"', regex(tag("Black"), r"carlsen|Ø", re.IGNORECASE)),
    ('status == "checkmate"', lambda g: g["status"] == "checkmate"),
    ("plies > 80", lambda g: g["plies"] > 80),
    ('reaches("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b")',
     reaches("rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b")),
    ('reaches("rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR")', reaches("rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR")),
    ('material("KQ k")', material("KQ k")),
    ('(status == "stalemate" or plies < 10) and not variant == "horde"',
     lambda g: (g["status"] == "stalemate" or g["plies"] < 10) and not g["variant"] == "horde"),
    ('has(ECO) or code("illegal-move") or not valid',
     lambda g: "ECO" in g["tags"] or any(e["code"] == "illegal-move" for e in g["errors"] + g["warnings"]) or not g["valid"]),
    ('result == "1/2-1/2" and declared == "1/2-1/2" and warnings >= 1',
     lambda g: g["result"] == "1/2-1/2" and g["declared"] == "1/2-1/2" and len(g["warnings"]) >= 1),
]

SANITIZED = os.environ.get("HORDE_SANITIZED") == "1"
THREAD_COUNTS = [("1",), ("2",)] if SANITIZED else [("1", "2")]

failures = checks = 0
for path in files:
    games = {}
    for line in run(check, "--json", "--json-tags", "all", "--threads", "1", path).splitlines():
        g = json.loads(line)
        g["positions"] = []
        games[g["game"]] = g
    for line in run(lister, "--format", "json", "--keep-partial", "--threads", "1", path).splitlines():
        p = json.loads(line)
        games[p["game"]]["positions"].append(p["fen"])
    for index, (expr, pred) in enumerate(SELECTIONS):
        expected = sorted(n for n, g in games.items() if pred(g))
        got = {}
        for threads in THREAD_COUNTS[index % len(THREAD_COUNTS)]:
            got[f"horde-check --threads {threads}"] = sorted(
                json.loads(l)["game"] for l in run(check, "--json", "--threads", threads, "--where", expr, path).splitlines())
        got["horde-list --games"] = sorted(
            int(l) for l in run(lister, "--games", "--fields", "game", "--where", expr, path).splitlines()[1:])
        # horde-replay --to pgn writes the valid ones among them (the seven-tag roster first)
        exported = ("\n" + run(replay, "--to", "pgn", "--where", expr, path)).count("\n[Event ")
        got["horde-replay --to pgn (valid games)"] = exported
        for who, selected in got.items():
            checks += 1
            want = expected if who.startswith("horde-") and not who.startswith("horde-replay") else \
                sum(1 for n in expected if games[n]["valid"])
            if selected != want:
                failures += 1
                print(f"FAIL: {path}: --where '{expr}': {who} selects {str(selected)[:200]}, the reference {str(want)[:200]}")
        print(f"{path}: {expr}: {len(expected)} of {len(games)} games")
print(f"{checks} checks, {failures} failures")
sys.exit(1 if failures else 0)
