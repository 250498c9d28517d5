# Run by check_progress.sh (under `script` too): writes the slow input (games every 0.3 s) to stdout.
for _ in 1 2 3 4 5 6 7 8; do cat "$1/chess-valid.pgn" "$1/horde-valid.pgn"; sleep 0.3; done
