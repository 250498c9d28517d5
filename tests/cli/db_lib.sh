# Shared by the horde-db tests that compare databases (db_grow, db_parallel): what a database
# answers. Source it after common.sh, with DB set to the horde-db binary.

# db_positions <db> <out>: positions of every ply to ask about (variant TAB FEN), picked from
# the database's export: 30, or 10 with HORDE_SANITIZED=1 (each is two runs of horde-db per
# snapshot, the bulk of these tests' time under the sanitizers).
db_positions() {
    local want=30
    [ "${HORDE_SANITIZED:-0}" = 1 ] && want=10
    "$DB" export --min-games 1 "$1" 2>/dev/null |
        sed -n 's/^{"fen":"\([^"]*\)","variant":"\([a-z0-9]*\)".*/\2\t\1/p' | awk 'NR % 97 == 1' | head -n "$want" >"$2"
    expect_eq "$(wc -l <"$2")" "$want" "enough positions to compare"
}

# db_snapshot <db> <positions> <out>: the export, info's counts, query --json and games of each
# variant's start and of the positions.
db_snapshot() {
    local db=$1 positions=$2 out=$3
    {
        "$DB" export --min-games 1 "$db"
        "$DB" info "$db" | grep -E '^(games|positions|variants|months):'
        for v in chess horde orda; do
            "$DB" query "$db" --json --variant "$v" --moves-limit 100
            "$DB" games "$db" --variant "$v" --format ndjson
        done
        head -c 200000 "$positions" | while IFS=$'\t' read -r variant fen; do
            "$DB" query "$db" --json --variant "$variant" --fen "$fen" --moves-limit 100
            "$DB" games "$db" --variant "$variant" --fen "$fen" --format ndjson
        done
    } >"$out" 2>/dev/null
}
