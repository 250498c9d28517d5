# Helpers shared by the bench scripts (sourced, not run).

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# time_once <label> <command...> (needs $WORK): runs the command once (output discarded) and appends
# "label wall cpu" to the times file, cpu = user + system seconds.
time_once() {
    local label=$1
    shift
    # bash's time keyword: millisecond resolution (GNU time's is 10 ms, 3% of our run).
    local TIMEFORMAT='%3R %3U %3S'
    { time "$@" >/dev/null 2>&1; } 2>"$WORK/t" || true
    tail -n 1 "$WORK/t" | awk -v l="$label" '{ printf "%s %s %.3f\n", l, $1, $2 + $3 }' >>"$WORK/times"
}
# med <label> <wall|cpu>: the median over the runs of one measurement.
med() {
    local col=2
    [ "$2" = cpu ] && col=3
    awk -v l="$1" -v c="$col" '$1 == l { print $c }' "$WORK/times" | median
}
# paired_ratio <label a> <label b>: the median over the rounds of cpu(a) / cpu(b), the two
# measured back to back in each round, so a change of machine load between rounds cancels.
# paired_wall_ratio <label a> <label b>: the same for wall-clock time (what threads buy).
# paired_wall_spread <label a> <label b>: the lowest and highest of those per-round wall-clock
# ratios ("1.44-1.56"): how far one round's figure moves on this machine.
# paired_ratios <column> <label a> <label b>: the per-round ratios behind them, a line each.
paired_ratios() {
    paste <(awk -v l="$2" -v c="$1" '$1 == l { print $c }' "$WORK/times") <(awk -v l="$3" -v c="$1" '$1 == l { print $c }' "$WORK/times") |
        awk '$2 > 0 { printf "%.4f\n", $1 / $2 }'
}
paired_wall_ratio() { paired_ratios 2 "$1" "$2" | median; }
paired_ratio() { paired_ratios 3 "$1" "$2" | median; }
paired_wall_spread() {
    paired_ratios 2 "$1" "$2" | awk 'NR == 1 || $1 < lo { lo = $1 } NR == 1 || $1 > hi { hi = $1 } END { if (NR) printf "%.2f-%.2f", lo, hi }'
}
