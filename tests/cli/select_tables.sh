# horde-list --games: tsv, csv (round trip through Python's csv module with every tag value
# unchanged), json; --json-tags of horde-check; the same rows on 1 and 2 threads.
source "$(dirname "${BASH_SOURCE[0]}")/select_lib.sh"
need_python

FIELDS=Event,Site,Date,Round,White,Black,Result,WhiteElo,BlackElo,ECO
"$CHECK" --json --json-tags all "$FIXTURE" "$GAMES"/*.pgn >"$WORK/verdicts.json" 2>/dev/null
for format in csv json tsv; do
    run_tool "$LIST" --games --format $format --fields "game,file,$FIELDS,plies,valid,status,result,declared,errors,warnings,variant,final_fen" \
        "$FIXTURE" "$GAMES"/*.pgn
    expect_status 1 "--games --format $format: invalid games in the corpora"
    cp "$WORK/out" "$WORK/table.$format"
done
CHECKS=$((CHECKS + 1))
if ! python3 - "$WORK/verdicts.json" "$WORK/table.csv" "$WORK/table.json" "$WORK/table.tsv" "$FIELDS" <<'PY' >"$WORK/py.log" 2>&1; then
import csv, json, sys
verdicts = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
fields = sys.argv[5].split(",")
with open(sys.argv[2], newline="", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
jrows = [json.loads(l) for l in open(sys.argv[3], encoding="utf-8")]
trows = [l.rstrip("\n").split("\t") for l in open(sys.argv[4], encoding="utf-8")]
assert len(rows) == len(verdicts) == len(jrows) == len(trows) - 1, (len(rows), len(verdicts), len(jrows), len(trows))
odd = 0
for v, row, j, t in zip(verdicts, rows, jrows, trows[1:]):
    where = f"{v['file']} game {v['game']}"
    assert row["file"] == v["file"] == j["file"] and int(row["game"]) == v["game"] == j["game"], where
    for name in fields:
        want = v["tags"].get(name)
        assert row[name] == (want or ""), (where, name, row[name], want)
        assert j[name] == want, (where, name, j[name], want)
        if want and any(c in want for c in ',"') or (want and not want.isascii()):
            odd += 1
    for name in ("plies", "valid", "status", "result", "declared", "variant", "final_fen"):
        assert j[name] == v[name], (where, name, j[name], v[name])
        assert row[name] == ("" if v[name] is None else str(v[name]).lower() if name == "valid" else str(v[name])), (where, name)
    assert j["errors"] == len(v["errors"]) and j["warnings"] == len(v["warnings"]), where
    assert t == [row[k] for k in trows[0]] or any("\t" in x for x in v["tags"].values()), (where, t)
assert odd >= 8, f"only {odd} values with commas, quotes or UTF-8"
print(f"{len(rows)} rows, {odd} values with commas, quotes or UTF-8")
PY
    fail "--games tables against --json --json-tags all: $(tail -n 3 "$WORK/py.log")"
fi

# --json-tags LIST: the listed tags, null when absent.
run_tool "$CHECK" --json --json-tags 'WhiteElo,Nope' "$FIXTURE"
expect_match "$WORK/out" '"tags":\{"WhiteElo":"2850","Nope":null\}\}$' "--json-tags LIST"
run_tool "$CHECK" --json-tags all "$FIXTURE"
expect_status 2 "--json-tags without --json"

# The default columns; input order with --threads.
run_tool "$LIST" --games "$FIXTURE"
expect_eq "$(head -n 1 "$WORK/out")" "$(printf 'game\tWhite\tBlack\tResult\tvariant\tplies\tvalid\tstatus')" "default columns"
expect_eq "$(sed -n 2p "$WORK/out")" "$(printf '1\tCarlsen, Magnus\tNakamura, Hikaru\t1-0\tchess\t21\ttrue\tcheckmate')" "first row"
for t in 1 2; do
    "$LIST" --threads $t --games --format json --fields game,White,final_fen "$GAMES"/*.pgn >"$WORK/g$t" 2>/dev/null || true
done
expect_same_file "$WORK/g1" "$WORK/g2" "--games on 1 and 2 threads"
# one row per game of the corpora: the lines of their sidecars
expect_eq "$(wc -l <"$WORK/g1")" "$(cat "$GAMES"/*.jsonl | grep -c .)" "--games: one row per game"
run_tool "$LIST" --games --format fen "$FIXTURE"
expect_status 2 "--games --format fen"
run_tool "$LIST" --games --final "$FIXTURE"
expect_status 2 "--games with a position selector"
# Per-move data: the clk/eval rows of the lichess-style game equal its [%clk]/[%eval] values;
# cutechess's {+0.42/19 1.5s} (mover's view: turned round for Black) and ChessBase's [%emt].
run_tool "$LIST" --fields game,ply,san,clk,emt,eval,nags,comment --format json --where 'Site ~ "abcd1234|horde001" or Event == "Engine match"' "$FIXTURE"
expect_status 0 "position rows with per-move fields"
cp "$WORK/out" "$WORK/moves.json"
CHECKS=$((CHECKS + 1))
if ! python3 - "$FIXTURE" "$WORK/moves.json" <<'PY' >"$WORK/py2.log" 2>&1; then
import json, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
rows = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
games = text.split("\n\n[")
by_game = {}
for r in rows:
    by_game.setdefault(r["game"], []).append(r)

def seconds(t):
    h, m, s = t.split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)

# game 1: lichess, a {[%eval E] [%clk C]} after every move
movetext = games[0].split("\n\n", 1)[1]
comments = re.findall(r"\{\[%eval ([^\]]+)\] \[%clk ([^\]]+)\]\}", movetext)
g1 = by_game[1]
assert g1[0]["ply"] == 0 and g1[0]["clk"] is None and g1[0]["eval"] is None, g1[0]
assert len(g1) == len(comments) + 1, (len(g1), len(comments))
for row, (ev, clk) in zip(g1[1:], comments):
    assert row["clk"] == seconds(clk), (row, clk)
    want = ev if ev.startswith("#") else float(ev)
    assert row["eval"] == want, (row, ev)
    assert row["comment"] is None and row["emt"] is None, row
# game 2: cutechess {+0.10/11 0.5s}: mover's point of view, the time is emt
movetext = games[1].split("\n\n", 1)[1]
cute = re.findall(r"\{([+-][0-9.]+)/\d+ ([0-9.]+)s\}", movetext)
g2 = by_game[2][1:]
assert len(g2) == len(cute), (len(g2), len(cute))
for row, (score, t) in zip(g2, cute):
    white = row["ply"] % 2 == 1
    assert row["eval"] == (float(score) if white else -float(score)), (row, score)
    assert row["emt"] == float(t) and row["clk"] is None, (row, t)
# game 3: ChessBase {Good, move N [%emt 0:00:NN]} (a comment after a variation is the move's
# before it), NAGs after moves
g3 = [(r["ply"], r["san"], r["emt"], r["comment"], r["nags"]) for r in by_game[3]]
assert g3 == [(0, None, None, None, None), (1, "a6", 1, "Good, move 1", "$17"), (2, "Kb8", 2, "Good, move 2", None),
              (3, "a7+", 3, "Good, move 3", None), (4, "Kc8", 4, "Good, move 4", "$32"),
              (5, "a8=Q#", 5, "Good, move 5", None)], g3
print(f"{len(rows)} rows checked")
PY
    fail "per-move data: $(tail -n 3 "$WORK/py2.log")"
fi
# The same rows as tsv and csv; csv position rows without --fields: the tsv columns.
run_tool "$LIST" --format csv "$GAMES/chess-valid.pgn"
"$LIST" --format tsv "$GAMES/chess-valid.pgn" 2>/dev/null | tr "\t" , | sed "s/^\([0-9]*\),0,-,-,/\1,0,,,/" >"$WORK/tsv-as-csv"
expect_same_file "$WORK/out" "$WORK/tsv-as-csv" "--format csv position rows: the tsv columns"
run_tool "$LIST" --fields ply,clk --final --format tsv "$FIXTURE"
expect_eq "$(sed -n 2p "$WORK/out")" "$(printf '21\t138')" "--final with --fields: the last clock"
run_tool "$LIST" --fields ply,fen --unique "$FIXTURE"
expect_status 2 "--fields with --unique"
run_tool "$LIST" --games --fields White,clk "$FIXTURE"
expect_status 2 "--games with a position field"
finish
