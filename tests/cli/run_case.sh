#!/usr/bin/env bash
# The runner of the command-line case files (tests/cli/cases/<group>/<name>.case): one case is
# one run of a tool and what it must print and return. tests/cli/CMakeLists.txt registers each
# file as its own ctest test, case:<group>/<name>.
#   bash run_case.sh <case-file> <testdata-dir> <horde-check> <horde-list> <horde-perft> <horde-replay> <horde-tree>
#
# A case file is lines of `key: value`; blank lines and lines starting with # are comments.
# Keys whose value is several lines take a block instead: `key <<END`, the lines, `END`.
#   needs: PROGRAM...        skipped (exit 77, the reason printed) when a program is missing
#   file: NAME <<END         a file written into the case's fresh folder $WORK before the run
#   setup: SHELL             a command run in $WORK before the run (to build a larger input)
#   let: NAME = SHELL        its stdout (last newline dropped) replaces {NAME} in the expectations
#   run: TOOL ARGS...        required: the tool (horde-check, horde-list, horde-perft, horde-replay, horde-tree)
#                            and its arguments, as shell words (quotes, $GAMES...; see below)
#   stdin: PATH | stdin <<END | stdin-pipe: PATH   stdin from a file, a block, or `cat PATH |`
#                            (default /dev/null)
#   status: N                required: the exit status
# and for each of stdout and stderr (written here as OUT: stdout or stderr):
#   OUT: TEXT | OUT <<END    exactly this text (each line ends with a newline)
#   OUT-file: PATH           byte for byte this file
#   OUT-empty:               nothing at all
#   OUT-lines: N             N non-empty lines
#   OUT-first-line: TEXT     the first line is exactly TEXT
#   OUT-last-line: TEXT      the last line is exactly TEXT
#   OUT-first-match: ERE     the first line matches
#   OUT-match: ERE           some line matches the extended regular expression (grep -E)
#   OUT-no-match: ERE        no line matches
#   OUT-all-match: ERE       every line matches, and there is at least one line
#   OUT-check: SHELL         the command, reading the output on its stdin, exits 0
# and for a file the tool wrote:
#   file-check: SHELL        the command, run in $WORK after the run, exits 0
# A case expects something of what the run produced (some stdout*, stderr* or file-check key):
# one that checks only the exit status is malformed (it would pass on a run that read nothing).
# Shell values (run, stdin, setup, let, *-file, *-check) see $CHECK $LIST $PERFT $REPLAY $TREE (the
# tools), $TESTDATA, $GAMES ($TESTDATA/games) and $WORK, and run in $WORK. Expected texts and
# patterns are literal, except that {NAME} is replaced by a `let` value or by WORK, GAMES or
# TESTDATA (in a pattern, escaped to match literally; in an OUT-check command, as is).
set -u
CASE=${1:?usage: $0 <case-file> <testdata-dir> <horde-check> <horde-list> <horde-perft> <horde-replay> <horde-tree>}
TESTDATA=${2:?} CHECK=${3:?} LIST=${4:?} PERFT=${5:?} REPLAY=${6:?} TREE=${7:?}
# absolute paths: the case runs in its own folder
TESTDATA=$(realpath "$TESTDATA") CHECK=$(realpath "$CHECK") LIST=$(realpath "$LIST") PERFT=$(realpath "$PERFT") REPLAY=$(realpath "$REPLAY") TREE=$(realpath "$TREE")
GAMES=$TESTDATA/games
NAME=${CASE%.case}
NAME=${NAME##*/cases/}
CHECKS=0
FAILURES=0

fail() {
    echo "FAIL: $NAME: $*" >&2
    FAILURES=$((FAILURES + 1))
}
die() { # an unreadable case file is an error of the test, never a pass
    echo "ERROR: $CASE: $*" >&2
    exit 2
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/horde-case.XXXXXX") || die "cannot create a temporary folder"
trap 'rm -rf "$WORK"' EXIT

# --- read the case: KEYS[i] VALUES[i] in file order
KEYS=()
VALUES=()
[ -r "$CASE" ] || die "cannot read the case file"
lineno=0
while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    [[ $line =~ ^[[:space:]]*(#.*)?$ ]] && continue
    if [[ $line =~ ^([a-z-]+)(:[[:space:]]*([^[:space:]].*)?)?[[:space:]]*\<\<([A-Z]+)$ ]]; then
        key=${BASH_REMATCH[1]} arg=${BASH_REMATCH[3]} end=${BASH_REMATCH[4]} block= closed=
        arg=${arg%"${arg##*[![:space:]]}"} # without its trailing blanks
        while IFS= read -r line; do
            lineno=$((lineno + 1))
            [ "$line" = "$end" ] && { closed=1; break; }
            block+=$line$'\n'
        done
        [ -n "$closed" ] || die "line $lineno: no $end closes the block of '$key'"
        KEYS+=("$key<<")
        VALUES+=("$arg"$'\x1f'"$block")
    elif [[ $line =~ ^([a-z-]+):[[:space:]]*(.*)$ ]]; then
        KEYS+=("${BASH_REMATCH[1]}")
        VALUES+=("${BASH_REMATCH[2]}")
    else
        die "line $lineno: not 'key: value' nor 'key <<END': $line"
    fi
done <"$CASE"

# {NAME} substitution: LET_NAMES / LET_VALUES, then the built-in names
LET_NAMES=(WORK GAMES TESTDATA)
LET_VALUES=("$WORK" "$GAMES" "$TESTDATA")
regex_escape() { sed -e 's/[][\.*^$+?(){}|/]/\\&/g' <<<"$1"; }
expand() { # <text> <literal|regex>
    local text=$1 i value
    for i in "${!LET_NAMES[@]}"; do
        value=${LET_VALUES[$i]}
        [ "$2" = regex ] && value=$(regex_escape "$value")
        text=${text//\{${LET_NAMES[$i]}\}/$value}
    done
    printf '%s' "$text"
}
in_work() { (cd "$WORK" && eval "$1"); }

# --- before the run: needs, files, setup, let, run, stdin
RUN= STDIN=/dev/null STDIN_PIPE= STATUS_WANT= EXPECTATIONS=0
for i in "${!KEYS[@]}"; do
    key=${KEYS[$i]} value=${VALUES[$i]}
    case $key in
    needs)
        for program in $value; do
            command -v "$program" >/dev/null 2>&1 || { echo "SKIP: $NAME: $program is not installed"; exit 77; }
        done
        ;;
    file\<\<)
        fname=${value%%$'\x1f'*}
        [ -n "$fname" ] || die "'file <<' needs a name: file: NAME <<END"
        printf '%s' "${value#*$'\x1f'}" >"$WORK/$fname"
        ;;
    setup) in_work "$value" || die "setup failed: $value" ;;
    let)
        [[ $value =~ ^([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*=[[:space:]]*(.+)$ ]] || die "let: NAME = SHELL, not '$value'"
        let_name=${BASH_REMATCH[1]}
        let_value=$(in_work "${BASH_REMATCH[2]}" 2>"$WORK/.let-err") || die "let failed: $value ($(head -c 300 "$WORK/.let-err"))"
        [ -n "$let_value" ] || die "let gave nothing: $value"
        LET_NAMES+=("$let_name")
        LET_VALUES+=("$let_value")
        ;;
    run) [ -z "$RUN" ] || die "more than one run"; RUN=$value ;;
    stdin) STDIN=$(in_work "printf '%s' $value"); [[ $STDIN == /* ]] || STDIN=$WORK/$STDIN ;;
    stdin\<\<) printf '%s' "${value#*$'\x1f'}" >"$WORK/.stdin"; STDIN=$WORK/.stdin ;;
    stdin-pipe) STDIN_PIPE=$(in_work "printf '%s' $value") ;;
    status) [[ $value =~ ^[0-9]+$ ]] || die "status: a number, not '$value'"; STATUS_WANT=$value ;;
    stdout* | stderr* | file-check) EXPECTATIONS=$((EXPECTATIONS + 1)) ;;
    *) die "unknown key '$key'" ;;
    esac
done
[ -n "$RUN" ] || die "no run: line"
[ -n "$STATUS_WANT" ] || die "no status: line (every case states the exit status it expects)"
[ "$EXPECTATIONS" -gt 0 ] || die "malformed case: it checks only the exit status (give an expectation on stdout, stderr or a file it writes)"

eval "argv=($RUN)" || die "run: cannot split '$RUN'"
case ${argv[0]} in
horde-check) argv[0]=$CHECK ;;
horde-list) argv[0]=$LIST ;;
horde-perft) argv[0]=$PERFT ;;
horde-replay) argv[0]=$REPLAY ;;
horde-tree) argv[0]=$TREE ;;
*) die "run: the first word is a tool (horde-check, horde-list, horde-perft, horde-replay, horde-tree), not '${argv[0]}'" ;;
esac
STATUS=0
if [ -n "$STDIN_PIPE" ]; then
    (cd "$WORK" && cat "$STDIN_PIPE" | "${argv[@]}" >"$WORK/.stdout" 2>"$WORK/.stderr") || STATUS=$?
else
    (cd "$WORK" && "${argv[@]}" <"$STDIN" >"$WORK/.stdout" 2>"$WORK/.stderr") || STATUS=$?
fi

# --- the expectations
CHECKS=$((CHECKS + 1))
[ "$STATUS" -eq "$STATUS_WANT" ] || fail "exit status $STATUS, expected $STATUS_WANT (stderr: $(head -c 400 "$WORK/.stderr"))"
show() { head -c 400 "$1" | tr '\n' '|'; }
for i in "${!KEYS[@]}"; do
    key=${KEYS[$i]} value=${VALUES[$i]}
    case $key in
    stdout*) stream=stdout ;;
    stderr*) stream=stderr ;;
    file-check)
        CHECKS=$((CHECKS + 1))
        command=$(expand "$value" literal)
        in_work "$command" </dev/null >"$WORK/.check" 2>&1 || fail "file check failed: $command ($(head -c 300 "$WORK/.check"))"
        continue
        ;;
    *) continue ;;
    esac
    got=$WORK/.$stream
    kind=${key#"$stream"}
    CHECKS=$((CHECKS + 1))
    case $kind in
    :* | '')
        printf '%s\n' "$(expand "$value" literal)" >"$WORK/.want"
        cmp -s "$got" "$WORK/.want" || fail "$stream is not '$(expand "$value" literal)': $(show "$got")"
        ;;
    \<\<)
        expand "${value#*$'\x1f'}" literal >"$WORK/.want"
        cmp -s "$got" "$WORK/.want" || fail "$stream differs from the expected block: $(diff "$got" "$WORK/.want" | head -n 8 | tr '\n' '|')"
        ;;
    -file)
        want=$(in_work "printf '%s' $value")
        [[ $want == /* ]] || want=$WORK/$want
        cmp -s "$got" "$want" || fail "$stream differs from $want: $(diff "$got" "$want" | head -n 8 | tr '\n' '|')"
        ;;
    -empty) [ ! -s "$got" ] || fail "$stream is not empty: $(show "$got")" ;;
    -lines)
        n=$(grep -c . "$got")
        [ "$n" = "$(expand "$value" literal)" ] || fail "$stream has $n non-empty lines, expected $(expand "$value" literal): $(show "$got")"
        ;;
    -first-line | -last-line)
        which=${kind#-}
        which=${which%-line}
        if [ "$which" = first ]; then line=$(head -n 1 "$got"); else line=$(tail -n 1 "$got"); fi
        [ "$line" = "$(expand "$value" literal)" ] || fail "the $which line of $stream is '$line', expected '$(expand "$value" literal)'"
        ;;
    -first-match)
        head -n 1 "$got" | grep -Eq -- "$(expand "$value" regex)" || fail "the first line of $stream does not match /$(expand "$value" regex)/: $(head -n 1 "$got" | head -c 300)"
        ;;
    -match)
        grep -Eq -- "$(expand "$value" regex)" "$got" || fail "no line of $stream matches /$(expand "$value" regex)/: $(show "$got")"
        ;;
    -no-match)
        ! grep -Eq -- "$(expand "$value" regex)" "$got" || fail "a line of $stream matches /$(expand "$value" regex)/: $(grep -Em1 -- "$(expand "$value" regex)" "$got" | head -c 300)"
        ;;
    -all-match)
        pattern=$(expand "$value" regex)
        if [ ! -s "$got" ]; then
            fail "$stream is empty: there is no line to match /$pattern/"
        else
            bad=$(grep -Evc -- "$pattern" "$got")
            [ "$bad" -eq 0 ] || fail "$bad lines of $stream do not match /$pattern/, e.g. $(grep -Evm1 -- "$pattern" "$got" | head -c 300)"
        fi
        ;;
    -check)
        command=$(expand "$value" literal)
        in_work "$command" <"$got" >/dev/null 2>"$WORK/.check" || fail "$stream check failed: $command ($(head -c 300 "$WORK/.check")); $stream: $(show "$got")"
        ;;
    *) die "unknown key '$key'" ;;
    esac
done
echo "$NAME: $CHECKS checks, $FAILURES failures"
[ "$FAILURES" -eq 0 ]
