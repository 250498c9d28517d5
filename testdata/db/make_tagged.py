#!/usr/bin/env python3
"""Makes the horde-db test corpora (tagged-*.pgn) from the valid game corpora of testdata/games:
each game's movetext as it is, its tags rewritten so that the games spread over the classes horde-db
counts apart: a lichess Site id on a third of them (the rest keep "Oracle"), dates over five months
of 2024 (some without a month, some without any date), TimeControls of every lichess speed and some
unknown ones, Elos over every rating band (some missing). Deterministic: the committed files are
this script's output.
Usage: make_tagged.py SOURCE.pgn OUT.pgn SEED
"""
import random
import sys

SPEEDS = ["10+0", "60+0", "180+2", "300+0", "600+5", "1800+0", "-", "?", "40/7200", "900+10"]


def games(text):
    """The games of a PGN text: (tag lines, movetext lines)."""
    lines = text.split("\n")
    out, tags, moves = [], [], []
    for line in lines:
        if line.startswith("[") and moves:
            out.append((tags, moves))
            tags, moves = [], []
        if line.startswith("[") and not moves:
            tags.append(line)
        elif line.strip() or moves:
            moves.append(line)
    if tags:
        out.append((tags, moves))
    return out


def main():
    source, target, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(seed)
    with open(source, encoding="utf-8") as f:
        corpus = games(f.read())
    out = []
    for i, (tags, moves) in enumerate(corpus):
        kept = [t for t in tags if not t.split(" ")[0][1:] in ("Site", "Date", "UTCDate", "TimeControl", "WhiteElo", "BlackElo")]
        new = []
        if i % 3 == 0:
            new.append('[Site "https://lichess.org/%s"]' % "".join(rng.choice("abcdefghijkmnpqrstuvwxyzABCDEFGH23456789") for _ in range(8)))
        else:
            new.append('[Site "Oracle"]')
        r = rng.random()
        if r < 0.08:
            pass  # no date
        elif r < 0.14:
            new.append('[Date "2024.??.??"]')
        else:
            new.append('[Date "2024.%02d.%02d"]' % (rng.randint(1, 5), rng.randint(1, 28)))
        if rng.random() < 0.9:
            new.append('[TimeControl "%s"]' % rng.choice(SPEEDS))
        if rng.random() < 0.85:
            new.append('[WhiteElo "%d"]' % rng.randint(700, 2800))
            new.append('[BlackElo "%d"]' % rng.randint(700, 2800))
        elif rng.random() < 0.5:
            new.append('[WhiteElo "%d"]' % rng.randint(700, 2800))
        out.append("\n".join(kept[:1] + new + kept[1:]) + "\n\n" + "\n".join(moves).strip("\n") + "\n")
    with open(target, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


main()
