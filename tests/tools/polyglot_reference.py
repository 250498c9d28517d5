#!/usr/bin/env python3
"""An independent Polyglot key, straight from Polyglot's specification (book_format.html: its
Random64 table and the formula key = piece ^ castle ^ enpassant ^ turn), for the expected values of
tests/unit/test_tree.cpp. Not run by ctest (it reads the specification from the polyglot package);
re-run it to check or extend those values:

    python3 tests/tools/polyglot_reference.py /usr/share/doc/polyglot/book_format.html "FEN" ...
"""
import re
import sys

KINDS = "pPnNbBrRqQkK"  # black pawn 0, white pawn 1, ..., white king 11


def key(random, fen):
    placement, side, castling, ep = fen.split()[:4]
    h = 0
    for rank_index, rank in enumerate(placement.split("/")):
        row = 7 - rank_index
        file = 0
        for c in rank:
            if c.isdigit():
                file += int(c)
                continue
            h ^= random[64 * KINDS.index(c) + 8 * row + file]
            file += 1
    for i, c in enumerate("KQkq"):
        if c in castling:
            h ^= random[768 + i]
    if ep != "-":
        file = ord(ep[0]) - ord("a")
        # the pawn that double-stepped stands on rank 5 (White to move) or 4; a pawn of the side
        # to move beside it makes the en passant file count
        row = 4 if side == "w" else 3
        ours = "P" if side == "w" else "p"
        board = {}
        for rank_index, rank in enumerate(placement.split("/")):
            f = 0
            for c in rank:
                if c.isdigit():
                    f += int(c)
                else:
                    board[(7 - rank_index, f)] = c
                    f += 1
        if board.get((row, file - 1)) == ours or board.get((row, file + 1)) == ours:
            h ^= random[772 + file]
    if side == "w":
        h ^= random[780]
    return h


def main():
    html = open(sys.argv[1]).read()
    random = [int(x, 16) for x in re.findall(r"0x([0-9A-Fa-f]{16})", html)]
    assert len(random) == 781, len(random)
    for fen in sys.argv[2:]:
        print(f"{key(random, fen):016x}  {fen}")


if __name__ == "__main__":
    main()
