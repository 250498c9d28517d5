#!/usr/bin/env bash
# The progress line: under a pseudo-terminal (script) a run of more than a second redraws it
# (carriage returns) and erases it before the summary; with stderr to a file or a pipe there is
# not one carriage return; --progress forces it on, --no-progress off. Same for horde-list.
source "$(dirname "$0")/check_lib.sh"
LIST=${3:-}
need script util-linux

# A slow input: about 2.5 s, games arriving every 0.3 s.
INPUT_SCRIPT=$(dirname "$0")/check_progress_input.sh
slow_input() { bash "$INPUT_SCRIPT" "$GAMES"; }

check_tool() {
    local tool=$1 name=$2
    # stderr is the terminal script gives
    script -qfec "bash -c 'bash \"$INPUT_SCRIPT\" \"$GAMES\" | \"$tool\" - >/dev/null'" \
        /dev/null >"$WORK/tty" 2>&1 </dev/null
    local redraws
    redraws=$(tr -cd '\r' <"$WORK/tty" | wc -c)
    CHECKS=$((CHECKS + 1))
    [ "$redraws" -ge 3 ] || fail "$name on a terminal: $redraws carriage returns, expected a redrawn line"
    expect_match "$WORK/tty" "$name: [0-9.]+ [KMG]?B read, [0-9]+ games, [0-9]+ games/s" "$name: progress line text"
    CHECKS=$((CHECKS + 1))
    if [ "$name" = horde-check ]; then
        grep -aEq $'\r\e\\[K'"$name: [0-9]+ games" "$WORK/tty" || fail "$name: the line is not erased before the summary"
    else
        [ "$(tail -c 4 "$WORK/tty" | od -An -c | tr -d ' ')" = '\r033[K' ] || fail "$name: the line is not erased at the end"
    fi
    # stderr to a file: no carriage return at all, same stream otherwise
    slow_input | "$tool" - >/dev/null 2>"$WORK/file-err" || true
    CHECKS=$((CHECKS + 1))
    [ "$(tr -cd '\r' <"$WORK/file-err" | wc -c)" -eq 0 ] || fail "$name: carriage returns with stderr to a file"
    # --progress forces it on (a file), --no-progress off (a terminal)
    slow_input | "$tool" --progress - >/dev/null 2>"$WORK/forced" || true
    CHECKS=$((CHECKS + 1))
    [ "$(tr -cd '\r' <"$WORK/forced" | wc -c)" -ge 2 ] || fail "$name --progress: no progress line in the file"
    script -qfec "bash -c 'bash \"$INPUT_SCRIPT\" \"$GAMES\" | \"$tool\" --no-progress - >/dev/null'" \
        /dev/null >"$WORK/tty" 2>&1 </dev/null
    CHECKS=$((CHECKS + 1))
    grep -aq 'games/s' "$WORK/tty" && fail "$name --no-progress: a progress line on the terminal"
}

check_tool "$CHECK" horde-check
[ -n "$LIST" ] && check_tool "$LIST" horde-list
finish
