#!/usr/bin/env bash
# scripts/pgo-train.sh, the training run of the profile-guided build (scripts/build-pgo.sh), on
# the built tools: every job runs (a job whose option a tool no longer takes would fail it, and
# the profile would miss that job's code); a job failing otherwise (exit 2 or more) and a tool
# missing fail the training with exit 2, while a job's exit 1 (invalid games, which the training
# reads on purpose) does not.
# Usage: pgo_train.sh SCRIPT TOOLS_DIR
set -euo pipefail
script=$1 tools=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/horde-pgo-test-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

rc=0
"$script" "$tools" >"$work/out" 2>"$work/err" || rc=$?
[ "$rc" -eq 0 ] || { cat "$work/err"; fail "the training on the built tools: exit $rc"; }
[ ! -s "$work/out" ] || fail "the training wrote to stdout: $(head -3 "$work/out")"

# The same tools, but horde-tree fails as on an I/O error: exit 2, naming the job.
mkdir "$work/broken"
for t in horde-perft horde-check horde-list horde-replay horde-db; do ln -s "$(cd "$tools" && pwd)/$t" "$work/broken/$t"; done
printf '#!/bin/sh\necho "horde-tree: cannot write" >&2\nexit 2\n' >"$work/broken/horde-tree"
chmod +x "$work/broken/horde-tree"
rc=0
"$script" "$work/broken" >/dev/null 2>"$work/err" || rc=$?
[ "$rc" -eq 2 ] || fail "a job exiting 2: the training exit $rc, not 2"
grep -q 'exit 2 from: .*horde-tree' "$work/err" || fail "a job exiting 2 is not named: $(cat "$work/err")"
grep -q 'horde-tree: cannot write' "$work/err" || fail "the failed job's message is not shown: $(cat "$work/err")"

# A tool missing: exit 2 before any job.
rm "$work/broken/horde-tree"
rc=0
"$script" "$work/broken" >/dev/null 2>"$work/err" || rc=$?
[ "$rc" -eq 2 ] || fail "a tool missing: exit $rc, not 2"
grep -q 'horde-tree missing' "$work/err" || fail "a missing tool is not named: $(cat "$work/err")"
echo "ok: the training ran every job on the built tools; a failing job and a missing tool stop it with exit 2"
