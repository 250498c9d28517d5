#!/usr/bin/env python3
"""An independent opening explorer, for tests/cli/db_query.sh: it reads horde-list's position rows
(NDJSON, a row per position of each valid game: file, game, ply, uci of the move that reached it,
fen, variant and tags) and asks horde-db (query --json, games --format ndjson) about positions of
those games, with and without filters, comparing every count with its own. Written apart from the
C++ (no shared code), from the rules docs/horde-db.md states:

  - a game's serial is its place among the games added (files in order, every game valid and new
    here); its id the 8 characters of a https://lichess.org/ Site, else "#SERIAL";
  - a position is its variant and the first four FEN fields; a game reaches it at its first ply
    (<= MAX_PLY) and counts once; it counts once for each move it played from it (plies < MAX_PLY);
  - speed from TimeControl BASE+INC: BASE + 40 INC < 30 ultraBullet, < 180 bullet, < 480 blitz,
    < 1500 rapid, else classical; "-" correspondence; anything else unknown;
  - band: the mean of both Elos (floor), under the largest of 0, 1000, 1200, ..., 2200, 2500; month
    from Date (UTCDate when Date has no year); a game of unknown class counts only unfiltered;
  - averageRating: mean of (WhiteElo + BlackElo) / 2 over the move's games with both Elos and a
    result, rounded half up; game: the one game when exactly one played the move;
  - topGames: highest mean rating first, then added first; recentGames: latest date first, then
    added last; four of each;
  - history: the results of the games month by month, from since (not before the first month of
    the database's games; else from the first month of a game) to the last month of a game, months
    without games as zeros; games of unknown month in none.

Usage: db_reference.py HORDE_DB DB ROWS.ndjson MAX_PLY; exit 0 when every answer agrees.
"""
import json
import random
import subprocess
import sys
from collections import OrderedDict, defaultdict

BANDS = [0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500]


def number(text):
    digits = ""
    for c in text or "":
        if not c.isdigit():
            break
        digits += c
    return int(digits) if digits else 0


def date_of(tags):
    for name in ("Date", "UTCDate"):
        d = tags.get(name) or ""
        year = number(d[:4]) if len(d) >= 4 else 0
        if year:
            month = number(d[5:7]) if len(d) >= 7 else 0
            day = number(d[8:10]) if len(d) >= 10 else 0
            return year * 10000 + (month if month <= 12 else 0) * 100 + (day if day <= 31 else 0)
    return 0


def speed_of(tc):
    if tc == "-":
        return "correspondence"
    if not tc or "+" not in tc:
        return None
    base, inc = tc.split("+", 1)
    if not base.isdigit() or not inc.isdigit():
        return None
    t = int(base) + 40 * int(inc)
    return "ultraBullet" if t < 30 else "bullet" if t < 180 else "blitz" if t < 480 else "rapid" if t < 1500 else "classical"


def elo(text):
    n = number(text or "")
    return n if n > 0 else 0


class Game:
    def __init__(self, serial, row):
        self.serial = serial
        site = row.get("Site") or ""
        prefix = "https://lichess.org/"
        self.id = site[len(prefix):len(prefix) + 8] if site.startswith(prefix) else "#%d" % serial
        self.result = row.get("Result") or "*"
        self.white, self.black = elo(row.get("WhiteElo")), elo(row.get("BlackElo"))
        self.date = date_of(row)
        month = self.date // 100 % 100
        self.month = "%04d-%02d" % (self.date // 10000, month) if self.date and month else None
        self.speed = speed_of(row.get("TimeControl"))
        self.mean = (self.white + self.black) // 2 if self.white and self.black else 0
        self.band = max(b for b in BANDS if b <= self.mean) if self.mean else None
        self.positions = []  # (key, ply, uci of the move from it or None)


def read_games(path, max_ply):
    games, by_number, rows_of = [], {}, defaultdict(list)
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    for row in rows:
        number_key = (row["file"], row["game"])
        if number_key not in by_number:
            by_number[number_key] = Game(len(games) + 1, row)
            games.append(by_number[number_key])
        if row["ply"] <= max_ply:
            rows_of[number_key].append(row)
    for number_key, g in by_number.items():
        rs = rows_of[number_key]
        for i, row in enumerate(rs):
            key = (row["variant"], " ".join(row["fen"].split()[:4]))
            g.positions.append((key, row["ply"], rs[i + 1]["uci"] if i + 1 < len(rs) else None))
    return games


def wanted(g, f):
    if f.get("speeds") and g.speed not in f["speeds"]:
        return False
    if f.get("ratings") and g.band not in f["ratings"]:
        return False
    if f.get("since") or f.get("until"):
        if not g.month:
            return False
        if f.get("since") and g.month < f["since"]:
            return False
        if f.get("until") and g.month > f["until"]:
            return False
    return True


def expected(games, key, f):
    total = {"white": 0, "draws": 0, "black": 0}
    moves = defaultdict(lambda: {"white": 0, "draws": 0, "black": 0, "games": [], "rated": []})
    reached = []
    for g in games:
        visits = [(ply, uci) for (k, ply, uci) in g.positions if k == key]
        if not visits or not wanted(g, f):
            continue
        outcome = {"1-0": "white", "0-1": "black", "1/2-1/2": "draws"}.get(g.result)
        if outcome:
            total[outcome] += 1
        reached.append((g, visits[0][0], visits[0][1]))
        seen = set()
        for ply, uci in visits:
            if uci is None or uci in seen:
                continue
            seen.add(uci)
            m = moves[uci]
            if outcome:
                m[outcome] += 1
            m["games"].append(g)
            if g.white and g.black and g.result != "*":
                m["rated"].append(g.white + g.black)
    out_moves, counts = {}, {}
    for uci, m in moves.items():
        n = len(m["rated"])
        average = (sum(m["rated"]) + n) // (2 * n) if n else 0
        game = m["games"][0].id if len(m["games"]) == 1 else None
        counts[uci] = len(m["games"])
        out_moves[uci] = {"white": m["white"], "draws": m["draws"], "black": m["black"], "averageRating": average, "game": game}
    by_month = defaultdict(lambda: {"white": 0, "draws": 0, "black": 0})
    for g, _, _ in reached:
        if g.month:
            outcome = {"1-0": "white", "0-1": "black", "1/2-1/2": "draws"}.get(g.result)
            counts_of_month = by_month[g.month]  # a month of unfinished games only is there too
            if outcome:
                counts_of_month[outcome] += 1
    history = []
    if by_month:
        # from since, but not before the database's first month; else from the first game's month
        first = max(f["since"], DB_FIRST_MONTH) if f.get("since") else min(by_month)
        year, month = map(int, first.split("-"))
        while "%04d-%02d" % (year, month) <= max(by_month):
            name = "%04d-%02d" % (year, month)
            history.append(dict(month=name, **by_month.get(name, {"white": 0, "draws": 0, "black": 0})))
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    first_move = {g.serial: uci for g, _, uci in reached}
    top = sorted(reached, key=lambda r: (-r[0].mean, r[0].serial))[:4]
    recent = sorted(reached, key=lambda r: (-r[0].date, -r[0].serial))[:4]
    return {
        "totals": total,
        "moves": out_moves,
        "top": [(r[0].id, first_move[r[0].serial]) for r in top],
        "recent": [(r[0].id, first_move[r[0].serial]) for r in recent],
        "games": [(r[0].id, r[1]) for r in reached],
        "counts": counts,
        "history": history,
    }


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def main():
    tool, db, rows_path, max_ply = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    games = read_games(rows_path, max_ply)
    global DB_FIRST_MONTH
    DB_FIRST_MONTH = min(g.month for g in games if g.month)
    keys = OrderedDict()
    for g in games:
        for k, ply, _ in g.positions:
            keys.setdefault(k, ply)
    rng = random.Random(46)
    shallow = [k for k, ply in keys.items() if ply <= 1]
    starts = [k for k, ply in keys.items() if ply == 0]
    chosen = starts[:2] + rng.sample(starts[2:], min(6, len(starts) - 2)) + rng.sample(shallow, min(12, len(shallow)))
    deep = [k for k, ply in keys.items() if ply > 2]
    chosen += rng.sample(deep, min(30, len(deep)))
    filters = [{}, {"speeds": ["blitz", "rapid"]}, {"ratings": [1600, 1800, 2000]}, {"since": "2024-02", "until": "2024-04"},
               {"speeds": ["bullet", "classical", "correspondence"], "ratings": [0, 1000, 2200, 2500], "since": "2024-03"},
               {"since": "2023-10", "until": "2024-03"}]
    failures, checks = 0, 0
    for key in chosen:
        variant, fen = key
        for f in filters:
            args = [tool, "query", db, "--json", "--history", "--variant", variant, "--fen", fen, "--moves-limit", "500"]
            if f.get("speeds"):
                args += ["--speeds", ",".join(f["speeds"])]
            if f.get("ratings"):
                args += ["--ratings", ",".join(str(r) for r in f["ratings"])]
            if f.get("since"):
                args += ["--since", f["since"]]
            if f.get("until"):
                args += ["--until", f["until"]]
            status, out, err = run(args)
            want = expected(games, key, f)
            checks += 1
            problems = []
            if status != 0:
                problems.append("exit %d: %s" % (status, err.strip()))
            else:
                got = json.loads(out)
                for field in ("white", "draws", "black"):
                    if got[field] != want["totals"][field]:
                        problems.append("%s %d, expected %d" % (field, got[field], want["totals"][field]))
                got_moves = {m["uci"]: {"white": m["white"], "draws": m["draws"], "black": m["black"],
                                        "averageRating": m["averageRating"], "game": m["game"]["id"] if m["game"] else None}
                             for m in got["moves"]}
                if got_moves != want["moves"]:
                    problems.append("moves %s, expected %s" % (got_moves, want["moves"]))
                totals = [want["counts"].get(m["uci"], 0) for m in got["moves"]]
                if totals != sorted(totals, reverse=True):
                    problems.append("moves not most games first")
                if got["history"] != want["history"]:
                    problems.append("history %s, expected %s" % (got["history"], want["history"]))
                for name, field in (("top", "topGames"), ("recent", "recentGames")):
                    listed = [(g["id"], g["uci"]) for g in got[field]]
                    if listed != want[name]:
                        problems.append("%s %s, expected %s" % (field, listed, want[name]))
            if not f:  # the games that reached it, in added order, with their ply
                checks += 1
                status, out, err = run([tool, "games", db, "--format", "ndjson", "--variant", variant, "--fen", fen])
                listed = [(json.loads(line)["id"], json.loads(line)["ply"]) for line in out.splitlines()]
                if listed != want["games"]:
                    problems.append("games %s, expected %s" % (listed[:10], want["games"][:10]))
            if problems:
                failures += 1
                print("%s %s %s: %s" % (variant, fen, f, "; ".join(problems))[:3000])
    print("%d checks, %d failures, %d positions" % (checks, failures, len(chosen)))
    sys.exit(1 if failures or checks < 50 else 0)


main()
