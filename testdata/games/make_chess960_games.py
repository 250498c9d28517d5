#!/usr/bin/env python3
"""Generates chess960-valid.jsonl: Chess960 games whose moves, final positions and castling
come from Fairy-Stockfish (UCI_Chess960), not from horde. Used once, offline:

    python3 make_chess960_games.py > chess960-valid.jsonl

Each game starts from a Scharnagl-numbered position and plays random legal moves (Fairy-
Stockfish's `go perft 1` list), preferring castling and moves that clear the back rank so that
both castlings happen. The sidecar has the start number and FEN, the UCI moves (king takes
rook), Fairy-Stockfish's final FEN (its Shredder castling field rewritten as X-FEN) and
whether the game ended in mate. chess960-valid.pgn is then written from these move lists by
`horde-replay --to pgn` (see tests/cli/chess960.sh, which checks both files agree)."""
import json
import random
import subprocess

FSF = "/usr/games/fairy-stockfish"


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Chess960 value true")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline().strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def moves(self, fen, moves):
        self.send(f"position fen {fen} moves {' '.join(moves)}")
        self.send("go perft 1")
        lines = self.wait("Nodes searched")
        return [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")]

    def board(self, fen, moves):
        self.send(f"position fen {fen} moves {' '.join(moves)}")
        self.send("d")
        lines = self.wait("Checkers")
        fen_line = next(l for l in lines if l.startswith("Fen:"))
        return fen_line[5:].strip(), lines[-1][len("Checkers:"):].strip() != ""


def scharnagl(n):
    rank = [None] * 8
    rank[2 * (n % 4) + 1] = "b"; n //= 4
    rank[2 * (n % 4)] = "b"; n //= 4
    def put(i, p):
        free = [f for f in range(8) if rank[f] is None]
        rank[free[i]] = p
    put(n % 6, "q"); n //= 6
    a, b = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n]
    put(b, "n"); put(a, "n")
    put(0, "r"); put(0, "k"); put(0, "r")
    back = "".join(rank)
    return f"{back}/pppppppp/8/8/8/8/PPPPPPPP/{back.upper()} w KQkq - 0 1"


def squares(placement):
    board = {}
    for r, row in enumerate(placement.split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board["abcdefgh"[f] + str(8 - r)] = c
                f += 1
    return board


def xfen(fen):
    """Fairy-Stockfish writes Chess960 rights as rook files; X-FEN uses K/Q for the outermost."""
    fields = fen.split()
    board = squares(fields[0])
    out = ""
    for c in fields[2]:
        if c == "-" or c in "KQkq":
            out += c
            continue
        white = c.isupper()
        rank = "1" if white else "8"
        rook, king = ord(c.lower()) - ord("a"), next(
            "abcdefgh".index(s[0]) for s, p in board.items() if p == ("K" if white else "k"))
        files = [f for f in range(8) if board.get("abcdefgh"[f] + rank) == ("R" if white else "r")]
        side = [f for f in files if (f > king) == (rook > king)]
        outer = max(side) if rook > king else min(side)
        letter = ("K" if rook > king else "Q") if rook == outer else c.upper()
        out += letter if white else letter.lower()
    fields[2] = out or "-"
    return " ".join(fields)


def play(engine, rng, fen, max_plies):
    moves = []
    mate = False
    for _ in range(max_plies):
        legal = engine.moves(fen, moves)
        if not legal:
            mate = engine.board(fen, moves)[1]
            break
        board = squares(engine.board(fen, moves)[0].split()[0])
        def own_rook_target(m):
            p, q = board.get(m[:2]), board.get(m[2:4])
            return p is not None and q is not None and p in "Kk" and q == ("R" if p == "K" else "r")
        castles = [m for m in legal if own_rook_target(m)]
        developing = [m for m in legal if m[1] in "18" and board.get(m[:2], "") in "NBQnbq"]
        if castles and rng.random() < 0.9:
            m = rng.choice(castles)
        elif developing and rng.random() < 0.6:
            m = rng.choice(developing)
        else:
            m = rng.choice(legal)
        moves.append(m)
    final, _ = engine.board(fen, moves)
    return moves, xfen(final), mate


def main():
    engine = Engine()
    rng = random.Random(960)
    starts = [0, 1, 2, 97, 215, 333, 444, 518, 519, 600, 707, 812, 959, 101, 250, 888]
    for index, n in enumerate(starts, 1):
        fen = scharnagl(n)
        moves, final, mate = play(engine, rng, fen, 60 + (index % 3) * 40)
        print(json.dumps({"index": index, "start": n, "start_fen": fen, "plies": len(moves),
                          "final_fen": final, "checkmate": mate, "uci": " ".join(moves)}))


if __name__ == "__main__":
    main()
