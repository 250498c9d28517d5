#!/usr/bin/env bash
# Runs every libFuzzer target (tests/fuzz) for TIME seconds each, from its seed corpus
# tests/fuzz/corpus/<name>/ plus a working corpus kept in BUILD/fuzz-corpus/<name>/ (so that
# runs add up), and prints per target the executions, the coverage (libFuzzer's cov: edges
# and ft: features), the corpus size and any finding. A finding (crash, hang, leak, sanitizer
# report, failed self-check) leaves its input in BUILD/fuzz-findings/<name>/ and the log next
# to it.
#
# Usage: bench/fuzz.sh TIME [--cpu] [--timeout S] [--build DIR] [--work DIR] [--jobs N] [--only NAME]
#   TIME     seconds per target
#   --cpu    TIME is CPU seconds, not wall seconds: each target runs until its process has
#            used TIME seconds of CPU (on a shared machine, wall time says little)
#   --timeout an input running S seconds is a hang (default 10). libFuzzer measures it in wall
#            time: on a machine whose other work can starve the fuzzers (or when they are
#            paused), raise it, or every pause longer than S is reported as a hang
#   --build  the HORDE_FUZZ build (default: build-fuzz; configured and built when missing)
#   --work   where the working corpora, findings and logs go (default: the build folder); a
#            new folder runs every target from its seeds alone
#   --jobs   targets run at the same time (default 1)
#   --only   run this target only (repeatable)
# Exit status: 0 when nothing was found, 1 on any finding, 2 on a usage or setup error.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
BUILD=$PROJECT/build-fuzz
WORKDIR=""
JOBS=1
CPU=0
TIMEOUT=10
ONLY=()
TIME=""
while [ $# -gt 0 ]; do
    case $1 in
    --build) BUILD=$2; shift 2 ;;
    --work) WORKDIR=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --cpu) CPU=1; shift ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --only) ONLY+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "bench/fuzz.sh: unknown option '$1'" >&2; exit 2 ;;
    *) [ -z "$TIME" ] || { echo "bench/fuzz.sh: one TIME only" >&2; exit 2; }; TIME=$1; shift ;;
    esac
done
[[ $TIME =~ ^[1-9][0-9]*$ ]] || { echo "bench/fuzz.sh: TIME must be a positive number of seconds" >&2; exit 2; }
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "bench/fuzz.sh: --jobs must be a positive number" >&2; exit 2; }
[[ $TIMEOUT =~ ^[1-9][0-9]*$ ]] || { echo "bench/fuzz.sh: --timeout must be a positive number of seconds" >&2; exit 2; }

[ -n "$WORKDIR" ] || WORKDIR=$BUILD
TARGETS=(${ONLY[@]+"${ONLY[@]}"})
if [ ${#TARGETS[@]} -eq 0 ]; then
    for d in "$PROJECT"/tests/fuzz/corpus/*/; do TARGETS+=("$(basename "$d")"); done
fi
if [ ! -d "$BUILD" ]; then
    cmake -S "$PROJECT" -B "$BUILD" -DCMAKE_CXX_COMPILER=clang++ -DHORDE_FUZZ=ON -DHORDE_TESTS=OFF \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$BUILD" -j2 --target fuzz >/dev/null || { echo "bench/fuzz.sh: building the fuzz targets failed" >&2; exit 2; }

# run_target NAME: one libFuzzer run; its log in BUILD/fuzz-logs/NAME.log.
run_target() {
    local name=$1 exe=$BUILD/tests/fuzz/fuzz-$name
    local work=$WORKDIR/fuzz-corpus/$name findings=$WORKDIR/fuzz-findings/$name log=$WORKDIR/fuzz-logs/$name.log
    mkdir -p "$work" "$findings" "$(dirname "$log")"
    rm -f "$log.cputicks"
    # -timeout: an input running that long is a hang; -rss_limit_mb: memory past 2 GB is a finding.
    local wall=$TIME
    [ "$CPU" = 0 ] || wall=$((TIME * 50))
    set +e
    "$exe" "$work" "$PROJECT/tests/fuzz/corpus/$name" -max_total_time="$wall" -timeout="$TIMEOUT" -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1 &
    local pid=$! rc
    if [ "$CPU" = 1 ]; then
        # Stop the run with SIGINT (libFuzzer prints its final stats and exits 72) once the
        # process has used TIME seconds of CPU, user plus system, all threads.
        local tick limit used
        tick=$(getconf CLK_TCK)
        limit=$((TIME * tick))
        while kill -0 "$pid" 2>/dev/null; do
            used=$(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)
            if [ "${used:-0}" -ge "$limit" ]; then
                echo "$used" >"$log.cputicks"
                kill -INT "$pid" 2>/dev/null
                break
            fi
            sleep 2
        done
    fi
    wait "$pid"
    rc=$?
    # 72 is libFuzzer's exit code for an interrupted run: the CPU budget was reached.
    if [ "$CPU" = 1 ] && [ "$rc" = 72 ] && [ -f "$log.cputicks" ]; then rc=0; fi
    echo "$rc" >"$log.status"
    set -e
}

echo "fuzz: ${#TARGETS[@]} targets, $TIME s each, $JOBS at a time; $(nproc) cores; $(date -u +%Y-%m-%dT%H:%MZ)"
echo "  load average before the run: $(cut -d" " -f1-3 /proc/loadavg)"
running=0
for name in "${TARGETS[@]}"; do
    [ -x "$BUILD/tests/fuzz/fuzz-$name" ] || { echo "bench/fuzz.sh: no target fuzz-$name" >&2; exit 2; }
    run_target "$name" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then
        wait -n
        running=$((running - 1))
    fi
done
wait

STATUS=0
printf '%-9s %8s %12s %9s %7s %7s %8s  %s\n' target "$([ "$CPU" = 1 ] && echo cpu-s || echo seconds)" executions "exec/s" cov ft corpus result
for name in "${TARGETS[@]}"; do
    log=$WORKDIR/fuzz-logs/$name.log
    rc=$(cat "$log.status")
    execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
    secs=$(sed -nE 's/^Done [0-9]+ runs in ([0-9]+) second.*/\1/p' "$log" | tail -n 1)
    stats=$(grep -E '^#[0-9]+' "$log" | grep -E ' cov: ' | tail -n 1 || true)
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$stats")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$stats")
    corpus=$(find "$WORKDIR/fuzz-corpus/$name" -type f | wc -l)
    result=ok
    if [ "$rc" != 0 ]; then
        STATUS=1
        artifact=$(sed -nE 's/.*Test unit written to (.*)$/\1/p' "$log" | tail -n 1)
        reason=$(grep -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|self-check failed' "$log" || echo "exit $rc")
        result="FINDING: ${reason} -> ${artifact:-see $log}"
    fi
    if [ -f "$log.cputicks" ]; then secs=$(($(cat "$log.cputicks") / $(getconf CLK_TCK))); fi
    [ -n "$secs" ] || secs=$TIME
    rate=$(awk -v n="${execs:-0}" -v s="$secs" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }')
    printf '%-9s %8s %12s %9s %7s %7s %8s  %s\n' "$name" "$secs" "${execs:-?}" "$rate" "${cov:-?}" "${ft:-?}" "$corpus" "$result"
done
exit $STATUS
