// Bisecting a perft difference against another engine: at each level compare the move sets
// (a missing and an extra move can cancel out in the counts), then descend into the first
// move, in UCI byte order, whose count differs, down to depth 1.
#pragma once

#include "horde/engine/perft_engine.hpp"
#include "horde/perft/perft.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace horde::engine {

struct MoveNames {
    std::string uci;
    std::string san; // for a move we do not generate, as it would be written if it were legal
};

struct CountMismatch {
    MoveNames move;
    std::uint64_t ours = 0, theirs = 0;
};

struct BisectReport {
    enum class Outcome { Agree, Differ, EngineFailed };
    Outcome outcome = Outcome::Agree;
    std::uint64_t total = 0;        // Agree: the count both engines give
    std::vector<std::string> path;  // UCI moves from the start (after its moves) to the difference
    std::string fen;                // that position
    int depth = 0;                  // the depth at which it was compared there
    std::vector<MoveNames> missing; // moves we generate there and the other engine does not
    std::vector<MoveNames> extra;   // moves the other engine generates there and we do not
    // The same moves, different counts, and no way down (depth 1, or no differing child):
    std::vector<CountMismatch> counts;
    std::string note;      // why the descent stopped when no move set differs
    EngineFailure failure; // EngineFailed
};

// Where a comparison starts: the engine is given `fen` and `moves` (so that it plays the
// moves itself: a bug may lie in what a move leaves behind, such as an en passant square
// that no FEN of the result would carry); `board` is that position after the moves.
struct BisectStart {
    std::string fen;
    std::vector<std::string> moves; // UCI
    position::Board board;
};

// Compares the start at `depth` >= 1 with the engine and bisects a difference; the report's
// path continues start.moves. `on_level` (may be empty) is told each depth compared.
BisectReport bisect(const BisectStart& start, int depth, PerftEngine& engine, const perft::PerftOptions& options,
                    const std::function<void(int depth)>& on_level = nullptr);

// The SAN a move would have if it were legal (no check suffix): "Nxe5", "O-O", "exd6", "e8=H".
// For the other engine's moves that we do not generate; "?" when the text is no move.
std::string foreign_move_san(const position::Board& board, std::string_view uci);

} // namespace horde::engine
