#!/usr/bin/env python3
"""--where's position patterns against a plain Python reading of the same positions.

Usage: where_patterns_reference.py HORDE_LIST PGN...

For each PGN file, the positions of every game's main line come from `horde-list --format tsv`
(game, ply, fen); each expression below has a Python twin over those positions, written from
docs/selecting.md, and `horde-list --games --fields game --where EXPR` must select the same
games. Prints one line per expression and file; exits 1 on any difference.
"""
import subprocess
import sys
from collections import defaultdict


def board_of(fen):
    """The placement of a FEN as a dict: square name -> piece letter."""
    board = {}
    for rank_index, row in enumerate(fen.split(" ")[0].split("/")):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board["abcdefgh"[file] + str(8 - rank_index)] = c
                file += 1
    return board


def count(board, letter, squares=None):
    return sum(1 for sq, p in board.items() if p == letter and (squares is None or sq in squares))


def side_count(board, side, letter):
    return count(board, letter.upper() if side == "white" else letter.lower())


def diff(board, letter):
    return count(board, letter.upper()) - count(board, letter.lower())


def file_squares(f):
    return {f + str(r) for r in range(1, 9)}


def rank_squares(r):
    return {f + str(r) for f in "abcdefgh"}


def pattern(board, text):
    """The pattern's 64 squares, each a test: '?' any, digit empty, '*' any to the rank's end,
    [..] a set ('.' empty), [^..] its complement, a letter that piece."""
    for rank_index, row in enumerate(text.split("/")):
        file, i = 0, 0
        while i < len(row):
            c = row[i]
            square = lambda f: "abcdefgh"[f] + str(8 - rank_index)  # noqa: E731
            if c == "*":
                file = 8
            elif c.isdigit():
                if any(square(file + k) in board for k in range(int(c))):
                    return False
                file += int(c) - 1
            elif c == "[":
                close = row.index("]", i)
                members, negated = row[i + 1:close], False
                if members.startswith("^"):
                    members, negated = members[1:], True
                here = board.get(square(file), ".")
                if (here in members) == negated:
                    return False
                i = close
            elif c != "?":
                if board.get(square(file)) != c:
                    return False
            if c != "*":
                file += 1
            i += 1
    return True


def signature(board, white, black):
    """material("W v B"): each side's letters (counts after them), '+' at least."""
    def side_ok(spec, to_letter):
        wanted, open_ = defaultdict(int), spec.strip().endswith("+")
        spec = spec.replace("+", "").replace(" ", "")
        i = 0
        while i < len(spec):
            j = i + 1
            while j < len(spec) and spec[j].isdigit():
                j += 1
            wanted[spec[i].upper()] += int(spec[i + 1:j] or 1)
            i = j
        for letter in "PNBRQKLAHY":
            have = count(board, to_letter(letter))
            if have < wanted[letter] or (not open_ and have != wanted[letter]):
                return False
        return True
    return side_ok(white, str.upper) and side_ok(black, str.lower)


def ever(p):
    return lambda boards: any(p(b) for b in boards)


def final(p):
    return lambda boards: p(boards[-1])


def at(ply, p):
    return lambda boards: ply < len(boards) and p(boards[ply])


def always(p):
    return lambda boards: all(p(b) for b in boards)


def for_(n, p):
    def run(boards):
        stretch = 0
        for b in boards:
            stretch = stretch + 1 if p(b) else 0
            if stretch >= n:
                return True
        return False
    return run


def then(a, b):
    return lambda boards: any(a(boards[i]) and any(b(x) for x in boards[i + 1:]) for i in range(len(boards)))


EXPRESSIONS = [
    ('material(white, "Q") >= 2', ever(lambda b: side_count(b, "white", "Q") >= 2)),
    ('material(black, "p") <= 3', ever(lambda b: side_count(b, "black", "P") <= 3)),
    ('material_diff("R") == 1', ever(lambda b: diff(b, "R") == 1)),
    ('for(6, material_diff("N") == -1)', for_(6, lambda b: diff(b, "N") == -1)),
    ('for(10, material_diff("Q") != 0)', for_(10, lambda b: diff(b, "Q") != 0)),
    ('final(material("KR+ v KR+"))', final(lambda b: signature(b, "KR+", "KR+"))),
    ('final(material("K+ v k"))', final(lambda b: signature(b, "K+", "K"))),
    ('pattern("*/*/*/???N*/*/*/*/*")', ever(lambda b: pattern(b, "*/*/*/???N*/*/*/*/*"))),
    ('ever(piece("N", "d5") and not piece("p", "c6 e6"))',
     ever(lambda b: count(b, "N", {"d5"}) > 0 and count(b, "p", {"c6", "e6"}) == 0)),
    ('count("P", "rank 7") >= 2', ever(lambda b: count(b, "P", rank_squares(7)) >= 2)),
    ('final(count("P", "a-file") >= 1 and count("P", "b-file") == 0)',
     final(lambda b: count(b, "P", file_squares("a")) >= 1 and count(b, "P", file_squares("b")) == 0)),
    ('always(count("k") == 1)', always(lambda b: count(b, "k") == 1)),
    ('at(10, material_diff("P") >= 1)', at(10, lambda b: diff(b, "P") >= 1)),
    ('then(material(white, "Q") == 0, material(white, "Q") >= 1)',
     then(lambda b: side_count(b, "white", "Q") == 0, lambda b: side_count(b, "white", "Q") >= 1)),
    ('final(pattern("????k???/*/*/*/*/*/*/*"))', final(lambda b: pattern(b, "????k???/*/*/*/*/*/*/*"))),
    ('final(pattern("*/*/*/*/*/*/*/[^R]??????[^R]"))', final(lambda b: pattern(b, "*/*/*/*/*/*/*/[^R]??????[^R]"))),
    ('final(pattern("*/*/*/*/3*/*/*/*"))', final(lambda b: pattern(b, "*/*/*/*/3*/*/*/*"))),
    ('pattern("*/*/[.p]?[pP]*/*/*/*/*/*")', ever(lambda b: pattern(b, "*/*/[.p]?[pP]*/*/*/*/*/*"))),
    ('material(black, "L") == 1 or count("y", "rank 5") >= 1',
     ever(lambda b: side_count(b, "black", "L") == 1 or count(b, "y", rank_squares(5)) >= 1)),
    ('for(4, material(black, "h") >= 2 and count("P", "d4 e4") >= 1)',
     for_(4, lambda b: side_count(b, "black", "H") >= 2 and count(b, "P", {"d4", "e4"}) >= 1)),
    # Squares a move changes besides its own two (the walk skips the moves that change none of
    # a pattern's squares): castling's rook, an en passant capture's pawn.
    ('ever(not piece("R", "h1"))', ever(lambda b: count(b, "R", {"h1"}) == 0)),
    ('ever(pattern("*/*/*/*/*/*/*/??KR????"))', ever(lambda b: pattern(b, "*/*/*/*/*/*/*/??KR????"))),
    ('ever(count("p", "d5 d7") == 0)', ever(lambda b: count(b, "p", {"d5", "d7"}) == 0)),
]


def main():
    lister, files = sys.argv[1], sys.argv[2:]
    failures = 0
    for path in files:
        rows = subprocess.run([lister, "--format", "tsv", path], capture_output=True, text=True).stdout
        games = defaultdict(list)
        for line in rows.splitlines()[1:]:
            game, _ply, _san, _uci, fen = line.split("\t")
            games[int(game)].append(board_of(fen))
        for expr, predicate in EXPRESSIONS:
            expected = sorted(g for g, boards in games.items() if predicate(boards))
            out = subprocess.run([lister, "--games", "--fields", "game", "--where", expr, path],
                                 capture_output=True, text=True)
            got = sorted(int(x) for x in out.stdout.split()[1:])
            status = "ok" if got == expected and out.returncode in (0, 1) else "FAIL"
            failures += status == "FAIL"
            print(f"{status} {path.rsplit('/', 1)[-1]}: {expr}: {len(got)} games (reference {len(expected)})"
                  + ("" if status == "ok" else f" first differences {sorted(set(got) ^ set(expected))[:5]} {out.stderr[:200]}"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
