#!/usr/bin/env python3
"""A bench corpus shaped like real PGN files (issue 17), from Stockfish self-play.

Real files (TWIC issues, broadcasts, lichess exports) differ from the random games of the
shared corpora: sensible play keeps the pieces on the board longer (SAN resolution and
legality checks run in crowded positions), and they carry more tag bytes, clock comments,
variations and NAGs. This script makes such a corpus:

  * Stockfish (Debian `stockfish`) plays itself at a fixed node count per move (`go nodes N`),
    one thread, 1 MB hash, `ucinewgame` per game, after 2 to 8 random opening plies (legal
    moves from `go perft 1`): every choice comes from a seeded random generator, so the corpus
    is the same on every run with the same options and Stockfish.
  * Each game stops at its mate or stalemate, or at a length drawn from 60..124 plies (mean
    about 80); the result comes from the rules where the game has ended, else from Stockfish's
    score (a side 4 pawns up wins by resignation, else a draw). horde-check, run on a draft,
    finds the games that ended earlier by a rule Stockfish plays on through (fivefold, dead
    position): they are cut at their end, so that every game of the corpus is valid.
  * Each self-play game appears `--copies` times (default 2) with different tags and
    annotations, so that 20,000 games cost 10,000 self-play games (about 6 CPU minutes at
    `go nodes 20` instead of 12): 16 tags per game (the seven-tag roster, titles, Elos, FIDE
    ids, ECO, Opening, EventDate); in a third of the games a [%clk] comment after every move,
    in another third two variations of about 5 plies (a random legal alternative, then
    Stockfish's moves), NAGs on about 4 % of the moves everywhere.
  * The games are spread over `--files` files (default 8), a quarter of them with CRLF ends.

SAN comes from horde-replay (`--to san`, from the UCI move lists), which writes standard SAN.
Usage: real_corpus.py --out DIR --replay PATH [--check PATH] [--games 20000] [--copies 2]
                      [--nodes 20] [--seed 17] [--files 8] [--stockfish PATH]
Writes DIR/real-1.pgn ... DIR/real-F.pgn and DIR/README (the options). Exit 2 on a setup error.
"""

import argparse
import json
import os
import random
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 1")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish stopped")
            if line.startswith(prefix):
                return line

    def new_game(self):
        self.send("ucinewgame")

    def legal_moves(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("go perft 1")
        out = []
        while True:
            line = self.p.stdout.readline()
            if line.startswith("Nodes searched"):
                return sorted(out)
            if ": " in line:
                out.append(line.split(":")[0].strip())

    def best(self, moves, nodes):
        """(bestmove or None, score in centipawns for the side to move, mate flag)."""
        self.send("position startpos moves " + " ".join(moves))
        self.send(f"go nodes {nodes}")
        score, mate = 0, False
        while True:
            line = self.p.stdout.readline()
            if line.startswith("info") and " score " in line:
                words = line.split()
                i = words.index("score")
                if words[i + 1] == "cp":
                    score, mate = int(words[i + 2]), False
                elif words[i + 1] == "mate":
                    m = int(words[i + 2])
                    score, mate = (100000 if m > 0 else -100000), True
            elif line.startswith("bestmove"):
                move = line.split()[1]
                return (None if move == "(none)" else move), score, mate

    def quit(self):
        self.send("quit")
        self.p.wait()


def self_play(engine, rng, nodes):
    engine.new_game()
    moves = []
    for _ in range(rng.randint(2, 8)):
        legal = engine.legal_moves(moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
    length = rng.randint(60, 124)
    score = 0
    while len(moves) < length:
        move, score, _ = engine.best(moves, nodes)
        if move is None:
            break
        moves.append(move)
    else:
        _, score, _ = engine.best(moves, nodes)
    # score: for the side to move after the last move
    white_to_move = len(moves) % 2 == 0
    white_score = score if white_to_move else -score
    result = "1-0" if white_score > 400 else "0-1" if white_score < -400 else "1/2-1/2"
    return moves, result


def variation(engine, rng, main, nodes):
    """A line replacing main[k] (k in 8 .. len-6): (k, UCI moves) or None."""
    if len(main) < 16:
        return None
    k = rng.randint(8, len(main) - 6)
    legal = [m for m in engine.legal_moves(main[:k]) if m != main[k]]
    if not legal:
        return None
    line = [rng.choice(legal)]
    for _ in range(4):
        move, _, _ = engine.best(main[:k] + line, nodes)
        if move is None:
            break
        line.append(move)
    return k, line


def run_lines(tool, args, lines):
    out = subprocess.run([tool] + args, input="".join(l + "\n" for l in lines), capture_output=True, text=True)
    return out.stdout.split("\n")[: len(lines)]


def draft_pgn(mains):
    return "".join(f'[Event "draft {i}"]\n\n{" ".join(m)} *\n\n' for i, (m, _) in enumerate(mains))


def settle(check, mains):
    """Cuts games that a rule ended earlier and sets every result the rules give (horde-check)."""
    for _ in range(5):
        verdicts = subprocess.run([check, "--json", "-q", "--variant", "chess", "--threads", "1", "-"],
                                  input=draft_pgn(mains), capture_output=True, text=True).stdout.splitlines()
        changed = False
        for i, line in enumerate(verdicts):
            v = json.loads(line)
            moves, result = mains[i]
            after_end = [e for e in v["errors"] if e["code"] == "move-after-end"]
            if after_end:
                mains[i] = (moves[: after_end[0]["ply"] - 1], result)
                changed = True
                continue
            others = [e for e in v["errors"] if e["code"] != "wrong-result"]
            if others:
                raise RuntimeError(f"self-play game {i}: {others[0]}")
            if v["status_kind"] == "game-over":
                mains[i] = (moves, v["result"])
            elif v["status_kind"] == "claimable-draw":
                mains[i] = (moves, "1/2-1/2")
        if not changed:
            return
    raise RuntimeError("results did not settle")


SURNAMES = ["Petrov", "Nakamura", "Duda", "Rapport", "Gukesh", "Firouzja", "Abdusattorov", "Keymer", "Aronian",
            "Vachier", "Giri", "Nepomniachtchi", "Caruana", "So", "Ding", "Wei", "Erigaisi", "Praggnanandhaa",
            "Sarana", "Esipenko", "Vitiugov", "Tari", "Maghsoodloo", "Martirosyan", "Svane", "Bluebaum",
            "Donchenko", "Shevchenko", "Kollars", "Wojtaszek", "Navara", "Anton", "Van Foreest", "Warmerdam"]
INITIALS = "ABCDEFGHIJKLMNOPRSTVW"
TITLES = ["GM", "GM", "GM", "IM", "IM", "FM", "WGM"]
EVENTS = [("Bundesliga 2024-25", "Germany GER"), ("Tata Steel Challengers", "Wijk aan Zee NED"),
          ("EU Individual Open", "Petrovac MNE"), ("Reykjavik Open", "Reykjavik ISL"),
          ("Chess Olympiad 2024", "Budapest HUN"), ("Titled Tuesday", "chess.com INT"),
          ("Sunway Sitges", "Sitges ESP"), ("Grenke Open", "Karlsruhe GER")]
OPENINGS = ["Sicilian", "Ruy Lopez", "Queen's gambit declined", "King's Indian", "French", "Caro-Kann",
            "English opening", "Nimzo-Indian", "Gruenfeld", "Slav defence", "Catalan", "Pirc"]
NAGS = ["!", "?", "!?", "?!", "!!", "$1", "$2", "$6", "$14", "$15", "$18", "$36"]


def player(rng):
    return f"{rng.choice(SURNAMES)}, {rng.choice(INITIALS)}."


def tags(rng, number, result):
    event, site = rng.choice(EVENTS)
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    return [("Event", event), ("Site", site), ("Date", f"2024.{month:02}.{day:02}"),
            ("Round", f"{rng.randint(1, 11)}.{rng.randint(1, 40)}"), ("White", player(rng)),
            ("Black", player(rng)), ("Result", result), ("WhiteTitle", rng.choice(TITLES)),
            ("BlackTitle", rng.choice(TITLES)), ("WhiteElo", str(rng.randint(2200, 2780))),
            ("BlackElo", str(rng.randint(2200, 2780))),
            ("ECO", f"{rng.choice('ABCDE')}{rng.randint(0, 99):02}"),
            ("Opening", rng.choice(OPENINGS)), ("WhiteFideId", str(rng.randint(100000, 99999999))),
            ("BlackFideId", str(rng.randint(100000, 99999999))), ("EventDate", f"2024.{month:02}.01")]


def movetext(rng, san, kind, variations, result):
    words = []
    clock_start = rng.choice([180, 300, 600, 900, 5400])
    clock = [clock_start, clock_start]
    starts = {k: line for k, line in variations}
    for i, move in enumerate(san):
        number = i // 2 + 1
        if i % 2 == 0:
            words.append(f"{number}.")
        elif kind == "clk" or (i - 1) in starts or i == 0:
            words.append(f"{number}...")
        words.append(move)
        if rng.random() < 0.04:
            nag = rng.choice(NAGS)
            if nag.startswith("$"):
                words.append(nag)
            else:
                words[-1] += nag
        if kind == "clk":
            clock[i % 2] = max(1, clock[i % 2] - rng.randint(0, 2 + clock_start // 40))
            c = clock[i % 2]
            words.append(f"{{[%clk {c // 3600}:{c // 60 % 60:02}:{c % 60:02}]}}")
        if i in starts:
            line = starts[i]
            var = []
            for j, vm in enumerate(line):
                ply = i + j
                if ply % 2 == 0:
                    var.append(f"{ply // 2 + 1}.")
                elif j == 0:
                    var.append(f"{ply // 2 + 1}...")
                var.append(vm)
            words.append("(" + " ".join(var) + ")")
    words.append(result)
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--replay", required=True)
    ap.add_argument("--check", required=True)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--copies", type=int, default=2)
    ap.add_argument("--nodes", type=int, default=20)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--files", type=int, default=8)
    o = ap.parse_args()
    for tool in (o.replay, o.check, o.stockfish):
        if not os.access(tool, os.X_OK):
            print(f"real_corpus.py: {tool} missing", file=sys.stderr)
            return 2
    distinct = (o.games + o.copies - 1) // o.copies
    engine = Engine(o.stockfish)
    mains = []
    for g in range(distinct):
        mains.append(self_play(engine, random.Random(o.seed * 1000003 + g), o.nodes))
        if g % 1000 == 999:
            print(f"real_corpus.py: {g + 1} of {distinct} self-play games", file=sys.stderr)
    settle(o.check, mains)
    # Variations for the games whose copies need them (kind "var": (g + copy) % 3 == 1).
    var_of = {}
    for g, (moves, _) in enumerate(mains):
        if any((g + c) % 3 == 1 for c in range(o.copies)):
            rng = random.Random(o.seed * 7919 + g)
            found = [v for v in (variation(engine, rng, moves, o.nodes) for _ in range(2)) if v]
            var_of[g] = sorted({k: line for k, line in found}.items())
    engine.quit()
    # SAN of every main line and variation (a variation: its whole line from the start).
    lines = [" ".join(m) for m, _ in mains]
    var_index = []
    for g, found in var_of.items():
        for k, line in found:
            var_index.append((g, k))
            lines.append(" ".join(mains[g][0][:k] + line))
    san = run_lines(o.replay, ["--variant", "chess", "--to", "san"], lines)
    if any(not san[i] and mains[i][0] for i in range(len(mains))):
        raise RuntimeError("horde-replay did not convert every game")
    var_san = {}
    for n, (g, k) in enumerate(var_index):
        var_san.setdefault(g, []).append((k, san[len(mains) + n].split()[k:]))
    os.makedirs(o.out, exist_ok=True)
    per_file = (o.games + o.files - 1) // o.files
    crlf_files = max(1, o.files // 4)
    number = 0
    for f in range(o.files):
        crlf = f >= o.files - crlf_files
        with open(os.path.join(o.out, f"real-{f + 1}.pgn"), "w", newline="\r\n" if crlf else "\n") as out:
            for _ in range(per_file):
                if number >= o.games:
                    break
                g, copy = number % distinct, number // distinct
                rng = random.Random(o.seed * 104729 + number)
                kind = ("clk", "var", "plain")[(g + copy) % 3]
                moves, result = mains[g]
                for name, value in tags(rng, number, result):
                    out.write(f'[{name} "{value}"]\n')
                out.write("\n")
                out.write(movetext(rng, san[g].split(), kind, var_san.get(g, []) if kind == "var" else [], result))
                out.write("\n\n")
                number += 1
    with open(os.path.join(o.out, "README"), "w") as readme:
        readme.write(f"bench/real_corpus.py --games {o.games} --copies {o.copies} --nodes {o.nodes} "
                     f"--seed {o.seed} --files {o.files}\n{distinct} self-play games, "
                     f"{sum(len(m) for m, _ in mains)} plies of self-play\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
