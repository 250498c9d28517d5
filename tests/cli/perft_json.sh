#!/usr/bin/env bash
# horde-perft --json: one NDJSON object per result with fen, variant, depth, nodes, seconds, nps.
source "$(dirname "$0")/perft_lib.sh"

run --variant orda --depth 3 --json
expect_status 0 "--json"
expect_eq "$(wc -l <"$WORK/out")" 1 "one line"
line=$(cat "$WORK/out")
CHECKS=$((CHECKS + 1))
if ! [[ $line =~ ^\{\"fen\":\"lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR\ w\ KQ\ -\ 0\ 1\",\"variant\":\"orda\",\"depth\":3,\"nodes\":12462,\"seconds\":[0-9]+\.[0-9]+,\"nps\":[0-9]+\}$ ]]; then
    fail "JSON object: $line"
fi

run --variant chess --depth 0 --json --fen '4k3/8/8/8/8/8/8/4K3 w - -'
expect_match "$WORK/out" '"fen":"4k3/8/8/8/8/8/8/4K3 w - -","variant":"chess","depth":0,"nodes":1,' "depth 0 JSON, FEN as given"

# Valid JSON when python3 happens to be installed (it is not required).
if command -v python3 >/dev/null 2>&1; then
    run --variant horde --depth 2 --json
    CHECKS=$((CHECKS + 1))
    python3 -c 'import json,sys; o=json.loads(sys.stdin.read()); assert set(o)=={"fen","variant","depth","nodes","seconds","nps"} and o["nodes"]==128' <"$WORK/out" ||
        fail "python3 cannot read the JSON: $(cat "$WORK/out")"
fi

finish
