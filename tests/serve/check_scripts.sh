#!/usr/bin/env bash
# The pages' scripts, assembled as the pages assemble them from lib/src/report/assets/, parse as
# JavaScript (node --check): the replay page, horde-tree's explorer and the live explorer.
# Skipped (77) without node (Debian: nodejs). Usage: check_scripts.sh <assets dir>
set -u
assets=${1:?usage: check_scripts.sh <assets dir>}
node=$(command -v node || command -v nodejs || true)
[ -n "$node" ] || { echo "SKIP: no node (Debian: apt-get install nodejs)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() {
    local name=$1
    shift
    (cd "$assets" && cat board.js "$@") >"$work/$name.js"
    if "$node" --check "$work/$name.js"; then echo "ok: $name ($*)"; else echo "FAIL: $name ($*)" >&2; failures=$((failures + 1)); fi
}
check replay replay.js
check tree tree_start.js explorer_view.js tree_end.js
check live live_start.js explorer_view.js live_end.js
exit $((failures > 0))
