#!/usr/bin/env bash
# horde-db's progress line (--progress: on, whatever stderr is): an add that reads for more than a
# second shows its reading, then the commit's stage ("writing the database", drawn at once, then
# with its percentage) and erases the line before the summary; --no-progress shows nothing, nor
# does an add whose stderr is a file without --progress.
# Usage: db_progress.sh <horde-db> <testdata>
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
DB=${1:?usage: $0 <horde-db> <testdata>}
DATA=${2:?}
make_workdir horde-db-progress

# A slow input: about 2.5 s, games arriving every 0.3 s (the same games each time: the add
# counts them once, which is no matter here).
slow_input() { bash "$(dirname "${BASH_SOURCE[0]}")/check_progress_input.sh" "$DATA/games"; }

slow_input | "$DB" add --progress "$WORK/db" - >/dev/null 2>"$WORK/err"
expect_match "$WORK/err" $'\rhorde-db: [0-9.]+ [KMG]?B read, [0-9]+ games' "add: the reading's progress line"
expect_match "$WORK/err" $'\rhorde-db: writing the database, [0-9]+%' "add: the commit's stage on the line"
expect_match "$WORK/err" $'\r\e\\[Khorde-db: [0-9]+ games, [0-9]+ added' "add: the line erased before the summary"
CHECKS=$((CHECKS + 1))
"$DB" info "$WORK/db" | grep -q '^games: 600$' || fail "add: the database is not the input's 600 games: $("$DB" info "$WORK/db" | head -3)"

slow_input | "$DB" add --no-progress "$WORK/quiet" - >/dev/null 2>"$WORK/quiet-err"
CHECKS=$((CHECKS + 1))
[ "$(tr -cd '\r' <"$WORK/quiet-err" | wc -c)" -eq 0 ] || fail "add --no-progress: a progress line"
slow_input | "$DB" add "$WORK/file" - >/dev/null 2>"$WORK/file-err"
CHECKS=$((CHECKS + 1))
[ "$(tr -cd '\r' <"$WORK/file-err" | wc -c)" -eq 0 ] || fail "add with stderr to a file: a progress line"
finish
