#!/usr/bin/env bash
# Runs a browser test (tests/browser/<name>.py) with Debian's chromium and a Python 3 that has
# the websocket module (Debian: python3-websocket). Exit 77 (ctest: skipped) when either is
# missing. Usage: run.sh <script.py> <args...>
set -u
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "SKIP: no chromium (Debian: apt-get install chromium)"
    exit 77
fi
for python in /usr/bin/python3 python3; do
    if command -v "$python" >/dev/null && "$python" -c 'import websocket' 2>/dev/null; then
        exec "$python" -B "$@" "$chromium" # -B: no __pycache__ in the source tree (devtools.py)
    fi
done
echo "SKIP: no python3 with the websocket module (Debian: apt-get install python3-websocket)"
exit 77
