#!/usr/bin/env python3
"""Writes games.pgn, the --where / --games / per-move-data fixture: games of testdata/games
(exported by horde-replay --to pgn) under new tags (Elo, dates, names with commas, quotes and
UTF-8) and with per-move comments in the lichess ([%clk] [%eval]), cutechess ({+0.42/19 1.5s})
and ChessBase ([%emt]) forms. Run once: python3 make_fixture.py build/tools/horde-replay"""
import re
import subprocess
import sys

replay = sys.argv[1]
games = "../games"


def movetext(corpus, number):
    pgn = subprocess.run([replay, "--to", "pgn", "--game", str(number), f"{games}/{corpus}"], check=True,
                         capture_output=True, text=True).stdout
    head, _, body = pgn.partition("\n\n")
    keep = [line for line in head.splitlines() if line.startswith(("[Variant", "[SetUp", "[FEN"))]
    return keep, " ".join(body.split())


def tags(pairs):
    out = []
    for k, v in pairs:
        v = v.replace("\\", "\\\\").replace('"', '\\"')
        out.append(f'[{k} "{v}"]')
    return out


def annotate(body, comment):
    """A comment after every main-line move (comment(ply) gives its text); drops existing comments."""
    body = re.sub(r"\{[^}]*\}", "", body)
    tokens = body.split()
    out, ply, depth = [], 0, 0
    for t in tokens:
        out.append(t)
        before = depth
        depth += t.count("(") - t.count(")")
        if before == 0 and depth == 0 and "(" not in t and ")" not in t and not re.match(r"^(\d+\.+|\$\d+|1-0|0-1|1/2-1/2|\*)$", t):
            ply += 1
            text = comment(ply)
            if text:
                out.append("{" + text + "}")
    return " ".join(out)


def lichess(ply):
    clock = 180 - 2 * ply
    evals = ["0.17", "-0.3", "1.25", "#3", "#-2", "0.0"]
    return f"[%eval {evals[ply % len(evals)]}] [%clk 0:{clock // 60:02d}:{clock % 60:02d}]"


def cutechess(ply):
    return f"{'+' if ply % 2 else '-'}{ply / 10:.2f}/{10 + ply} {ply / 2:.1f}s"


def chessbase(ply):
    return f"Good, move {ply} [%emt 0:00:{ply:02d}]"


def game(corpus, number, pairs, result, comment=None):
    keep, body = movetext(corpus, number)
    if comment:
        body = annotate(body, comment)
    body = re.sub(r"(1-0|0-1|1/2-1/2|\*)$", result, body)
    return "\n".join(tags(pairs) + keep) + "\n\n" + body + "\n"


out = []
out.append(game("chess-valid.pgn", 2, [("Event", "Rated Blitz game"), ("Site", "https://lichess.org/abcd1234"),
                                        ("Date", "2021.05.01"), ("Round", "-"), ("White", "Carlsen, Magnus"),
                                        ("Black", "Nakamura, Hikaru"), ("Result", "1-0"), ("WhiteElo", "2850"),
                                        ("BlackElo", "2790"), ("ECO", "A10"), ("TimeControl", "180+0")],
                "1-0", lichess))
out.append(game("chess-valid.pgn", 4, [("Event", "Engine match"), ("Site", "?"), ("Date", "2019.12.31"),
                                        ("Round", "2"), ("White", 'O\'Brien "The Rook"'),
                                        ("Black", "Müller, Jürgen"), ("Result", "1-0"), ("WhiteElo", "?"),
                                        ("BlackElo", "2405")], "1-0", cutechess))
out.append(game("horde-valid.pgn", 18, [("Event", "Casual Horde game"), ("Site", "https://lichess.org/horde001"),
                                         ("Date", "2020.01.01"), ("Round", "-"), ("White", "Łukasz Żółw"),
                                         ("Black", "carlsen fan"), ("Result", "1-0"), ("WhiteElo", "1999"),
                                         ("BlackElo", "2001")], "1-0", chessbase))
out.append(game("horde-valid.pgn", 10, [("Event", "Rated Horde game"), ("Site", "https://lichess.org/horde002"),
                                         ("Date", "2020.??.??"), ("Round", "-"), ("White", "Zoë"),
                                         ("Black", "Carlsen Jr"), ("Result", "0-1"), ("WhiteElo", "2400"),
                                         ("BlackElo", "")], "0-1", lichess))
out.append(game("orda-valid.pgn", 2, [("Event", "Orda, \"friendly\""), ("Site", "?"), ("Date", "2018.07.07"),
                                       ("Round", "1"), ("White", 'Anna "Ann" Smith, Jr.'), ("Black", "Ørsted"),
                                       ("Result", "1-0"), ("WhiteElo", "2100"), ("BlackElo", "1850")], "1-0"))
out.append(game("chess-valid.pgn", 3, [("Event", "Casual game"), ("Site", "?"), ("Date", "2023.04.04"),
                                        ("Round", "3"), ("White", "张伟"), ("Black", " spaced name "),
                                        ("Result", "1/2-1/2")], "1/2-1/2"))
# Invalid only by its result: --fix-result exports it with the adjudicated one.
out.append(game("chess-valid.pgn", 2, [("Event", "Rated Blitz game"), ("Site", "?"), ("Date", "2021.05.02"),
                                        ("Round", "-"), ("White", "Carlsen, Magnus"), ("Black", "Wrong Result"),
                                        ("Result", "0-1"), ("WhiteElo", "2851"), ("BlackElo", "2000")], "0-1"))
# NAGs and variations from the corpus game (its own comments too).
out.append(game("chess-valid.pgn", 1, [("Event", "Annotated"), ("Site", "?"), ("Date", "2022.02.02"),
                                        ("Round", "4"), ("White", "Commentator"), ("Black", "Reader"),
                                        ("Result", "1/2-1/2"), ("WhiteElo", "2400"), ("BlackElo", "2399")],
                "1/2-1/2"))
open("games.pgn", "w", encoding="utf-8").write("\n".join(out))
