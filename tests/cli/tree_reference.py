#!/usr/bin/env python3
"""An independent opening tree, for tests/cli/tree_reference.sh: it reads horde-list's position
rows (NDJSON, one row per position of each valid game: game, ply, uci and eval/clk/emt of the move
that reached it, fen, the tags) and horde-tree's NDJSON, builds the tree from the rows by the rules
docs/horde-tree.md states, and compares every figure. Written apart from the C++ (no shared code):

  - a position is its variant and the first four FEN fields (horde-list writes the en passant
    square only when a capture is legal, as the repetition key counts it);
  - a game counts once per position and once per move from it; its first visit gives the move's
    figures; positions up to --max-ply, moves from the plies before it;
  - rated: both Elo known and a result other than "*": rating = mean Elo of the player to move,
    performance = mean opponent Elo + 400 (wins - losses) / rated games;
  - eval: the mean %eval after the move (mates left out), pawns; seconds: the mean time spent,
    %emt or the fall of the mover's %clk since their previous %clk (at first the TimeControl
    base) plus the increment;
  - dates from Date (or UTCDate when Date has no year), examples: Site or FILE#GAME, the first
    N in input order.

Usage: tree_reference.py ROWS.ndjson TREE.ndjson MAX_PLY EXAMPLES; exit 0 when equal, 1 otherwise.
"""
import json
import sys
from collections import OrderedDict


def number(text):
    try:
        return int(text.split()[0]) if text else 0
    except ValueError:
        digits = ""
        for c in text:
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
            month = month if month <= 12 else 0
            day = day if day <= 31 else 0
            return "%04d.%s.%s" % (year, "%02d" % month if month else "??", "%02d" % day if day else "??")
    return None


def time_control(tc):
    if not tc or "/" in tc:
        return None, 0.0
    base, _, inc = tc.partition("+")
    try:
        return float(base), float(inc) if inc else 0.0
    except ValueError:
        return None, 0.0


def games_of(rows_path):
    games = OrderedDict()
    with open(rows_path) as f:
        for line in f:
            row = json.loads(line)
            games.setdefault((row["file"], row["game"]), []).append(row)
    return games


def move_figures(rows, i, clocks, increment):
    """eval (centipawns) and spent (ms) of the move that reached rows[i]; updates clocks."""
    row = rows[i]
    white_moved = rows[i - 1]["fen"].split()[1] == "w"
    side = 0 if white_moved else 1
    ev = row.get("eval")
    eval_cp = round(float(ev) * 100) if isinstance(ev, (int, float)) else None
    spent = None
    if row.get("emt") is not None:
        spent = round(float(row["emt"]) * 1000)
    if row.get("clk") is not None:
        clk = float(row["clk"])
        if spent is None and clocks[side] is not None:
            spent = round(max(0.0, clocks[side] - clk + increment) * 1000)
        clocks[side] = clk
    return eval_cp, spent


def build(games, max_ply, examples):
    tree = {}
    for ordinal, ((file, number_), rows) in enumerate(games.items()):
        tags = rows[0]
        result = tags["Result"]
        white_elo, black_elo = number(tags.get("WhiteElo") or ""), number(tags.get("BlackElo") or "")
        date = date_of(tags)
        site = tags.get("Site") or ""
        name = site if site and site != "?" else "%s#%d" % (file, number_)
        base, increment = time_control(tags.get("TimeControl"))
        clocks = [base, base]
        seen, seen_moves = set(), set()
        for i, row in enumerate(rows):
            if row["ply"] > max_ply:
                break
            figures = move_figures(rows, i, clocks, increment) if i > 0 else None
            if figures is not None and i - 1 < max_ply:
                prev = rows[i - 1]
                add_move(tree, prev, row, figures, (tags, result, white_elo, black_elo, date, name), seen_moves, examples)
            key = (row["variant"], " ".join(row["fen"].split()[:4]))
            p = tree.setdefault(key, {"games": 0, "results": [0, 0, 0], "ply": row["ply"], "moves": {}})
            if key in seen:
                continue
            seen.add(key)
            p["ply"] = min(p["ply"], row["ply"])
            count(p, result)
    return tree


def count(stats, result):
    stats["games"] += 1
    if result in ("1-0", "1/2-1/2", "0-1"):
        stats["results"][("1-0", "1/2-1/2", "0-1").index(result)] += 1


def add_move(tree, prev, row, figures, game, seen_moves, examples):
    tags, result, white_elo, black_elo, date, name = game
    key = (prev["variant"], " ".join(prev["fen"].split()[:4]))
    if (key, row["uci"]) in seen_moves:
        return
    seen_moves.add((key, row["uci"]))
    m = tree[key]["moves"].setdefault(row["uci"], {
        "games": 0, "results": [0, 0, 0], "rated": 0, "elo": 0, "opp": 0, "wl": 0, "evals": [], "times": [],
        "dates": [], "examples": [], "child": " ".join(row["fen"].split()[:4])})
    count(m, result)
    white_moved = prev["fen"].split()[1] == "w"
    mover, opponent = (white_elo, black_elo) if white_moved else (black_elo, white_elo)
    if mover and opponent and result in ("1-0", "1/2-1/2", "0-1"):
        m["rated"] += 1
        m["elo"] += mover
        m["opp"] += opponent
        won = result == ("1-0" if white_moved else "0-1")
        lost = result == ("0-1" if white_moved else "1-0")
        m["wl"] += int(won) - int(lost)
    eval_cp, spent = figures
    if eval_cp is not None:
        m["evals"].append(eval_cp)
    if spent is not None:
        m["times"].append(spent)
    if date:
        m["dates"].append(date)
    if len(m["examples"]) < examples:
        m["examples"].append(name)


def fixed(value, decimals):
    return None if value is None else "%.*f" % (decimals, value)


def compare(tree, ours_path):
    errors = []
    ours = {}
    with open(ours_path) as f:
        for line in f:
            o = json.loads(line)
            ours[(o["variant"], o["fen"])] = o
    fen_of_key = {o["key"]: o["fen"] for o in ours.values()}
    if set(ours) != set(tree):
        errors.append("positions: %d only in horde-tree, %d only in the reference, e.g. %s" % (
            len(set(ours) - set(tree)), len(set(tree) - set(ours)), sorted(set(ours) ^ set(tree))[:2]))
    for key in sorted(set(ours) & set(tree)):
        o, r = ours[key], tree[key]
        got = (o["games"], [o["white"], o["draws"], o["black"]], o["ply"])
        want = (r["games"], r["results"], r["ply"])
        if got != want:
            errors.append("%s: games/results/ply %s, reference %s" % (key, got, want))
        if {m["uci"] for m in o["moves"]} != set(r["moves"]):
            errors.append("%s: moves %s, reference %s" % (key, sorted(m["uci"] for m in o["moves"]), sorted(r["moves"])))
            continue
        for m in o["moves"]:
            errors += compare_move(key, m, r["moves"][m["uci"]], fen_of_key)
    return errors


def compare_move(key, m, w, fen_of_key):
    rated = w["rated"]
    want = {
        "games": w["games"], "white": w["results"][0], "draws": w["results"][1], "black": w["results"][2],
        "rated": rated,
        "rating": fixed(w["elo"] / rated if rated else None, 1),
        "performance": fixed(w["opp"] / rated + 400.0 * w["wl"] / rated if rated else None, 1),
        "eval": fixed(sum(w["evals"]) / len(w["evals"]) / 100.0 if w["evals"] else None, 2),
        "seconds": fixed(sum(w["times"]) / len(w["times"]) / 1000.0 if w["times"] else None, 2),
        # unknown parts count as 0: "2020.??.??" is before "2020.01.01"
        "first_date": min(w["dates"], key=lambda d: d.replace("?", "0")) if w["dates"] else None,
        "last_date": max(w["dates"], key=lambda d: d.replace("?", "0")) if w["dates"] else None,
        "examples": w["examples"],
    }
    got = {k: m[k] for k in want}
    for k in ("rating", "performance", "eval", "seconds"):
        got[k] = fixed(got[k], {"rating": 1, "performance": 1, "eval": 2, "seconds": 2}[k]) if got[k] is not None else None
    errors = ["%s %s: %s %r, reference %r" % (key, m["uci"], k, got[k], want[k]) for k in want if got[k] != want[k]]
    child = fen_of_key.get(m["child"])
    if child is not None and child != w["child"]:
        errors.append("%s %s: child %s, reference %s" % (key, m["uci"], child, w["child"]))
    return errors


def main():
    rows, ours, max_ply, examples = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    errors = compare(build(games_of(rows), max_ply, examples), ours)
    for e in errors[:20]:
        print("DIFF:", e)
    print("%d differences" % len(errors))
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
