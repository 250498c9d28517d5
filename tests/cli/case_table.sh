# The verdict tables of the fixture folders (testdata/dialects/cases.txt, testdata/real/cases.txt):
# every row's fixture through horde-check in default mode and with --strict, and the
# normalised export of every accepted fixture (horde-replay --to pgn) through horde-check
# --strict. Sourced by check_dialects.sh and check_real.sh after common.sh; needs jq.
#
# Columns: fixture  options  games  default-exit  default-warnings  default-errors  strict-exit  strict-errors  export
#   options: extra horde-check options, comma separated ("-": none)
#   *-warnings / *-errors: codes that must appear ("-": none may appear); with --strict no warning may remain
#   export: "clean" (horde-replay --to pgn passes horde-check --strict with no warning), "null" (passes
#   horde-check with null-move warnings only), "-" (nothing to export: the game is invalid)

# codes <errors|warnings>: the sorted distinct codes of every game in $WORK/out (NDJSON)
codes() { jq -r ".$1[].code" "$WORK/out" | sort -u | tr '\n' ' '; }
# expect_codes <kind> <comma list or -> <what>: each listed code is there; "-": none at all
expect_codes() {
    local kind=$1 list=$2 what=$3 have
    have=" $(codes "$kind")"
    CHECKS=$((CHECKS + 1))
    if [ "$list" = - ]; then
        [ "$have" = " " ] || fail "$what: unexpected $kind: $have"
        return
    fi
    local code
    for code in ${list//,/ }; do
        [[ $have == *" $code "* ]] || fail "$what: no $kind '$code' (have:$have)"
    done
}

# run_case_table <check> <replay> <fixture-dir> <regex of codes that are errors in any mode>
run_case_table() {
    local check=$1 replay=$2 dir=$3 own_errors=$4
    local file opts games d_exit d_warn d_err s_exit s_err export args what
    while read -r file opts games d_exit d_warn d_err s_exit s_err export; do
        [ -z "$file" ] || [ "${file:0:1}" = "#" ] && continue
        args=()
        [ "$opts" != - ] && IFS=, read -r -a args <<<"$opts"
        what="$file ${args[*]}"
        run_tool "$check" --json "${args[@]}" "$dir/$file"
        expect_status "$d_exit" "$what: exit"
        expect_eq "$(grep -c . "$WORK/out")" "$games" "$what: games"
        expect_codes warnings "$d_warn" "$what"
        expect_codes errors "$d_err" "$what"
        run_tool "$check" --json --strict "${args[@]}" "$dir/$file"
        expect_status "$s_exit" "$what --strict: exit"
        expect_eq "$(grep -c . "$WORK/out")" "$games" "$what --strict: games"
        expect_codes warnings - "$what --strict"
        expect_codes errors "$s_err" "$what --strict"
        [ "$s_err" != - ] && expect_match "$WORK/out" "\\(strict mode\\)|\"code\":\"($own_errors)\"" "$what --strict: message"
        case $export in
        clean | null)
            run_tool "$replay" --to pgn "$dir/$file"
            expect_status 0 "$what: export"
            cp "$WORK/out" "$WORK/export.pgn"
            expect_eq "$(grep -c '^\[Event ' "$WORK/export.pgn")" "$games" "$what: every game exported"
            if [ "$export" = clean ]; then
                run_tool "$check" --json --strict "$WORK/export.pgn"
                expect_status 0 "$what: export passes --strict"
                expect_codes warnings - "$what: export"
            else
                run_tool "$check" --json "$WORK/export.pgn"
                expect_status 0 "$what: export (null moves)"
                expect_eq "$(codes warnings)" "null-move " "$what: export warns of null moves only"
                expect_match "$WORK/export.pgn" '\(?-- ' "$what: null moves exported as --"
            fi
            ;;
        esac
    done <"$dir/cases.txt"
}
