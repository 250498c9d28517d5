// A game's main-line positions as the walk plays them (events.hpp): the product that position
// lists and position rows read (horde-list), so that no consumer replays a game's moves.
//
// The observer keeps the picked positions of each game's main line — the start (ply 0) and the
// position after each legal main-line move — with their FEN, and as asked the SAN of the move
// that reached each one, the SAN of the move played from it, and a key per position. One
// null-move policy for every reader of it: a null move ("--", "Z0", ..., only with
// --allow-null-moves) reaches a position like a move, with SAN "--" and UCI "0000"; it is no
// "move played from" a position (EPD's sm names moves).
#pragma once

#include "horde/core/types.hpp"
#include "horde/game/events.hpp"
#include "horde/io/block_text.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace horde::game {

// Which positions of a main line are picked: with none set, all; else the union of the start
// (ply 0), the final one (after the last legal move), ply N and every N-th ply (0, N, 2N, ...).
struct PositionPick {
    bool start = false, final = false;
    int ply = -1;  // -1: none
    int every = 0; // 0: none
    bool any() const { return start || final || ply >= 0 || every > 0; }
    // Picked whatever the game's length: every pick but the final one.
    bool picks_before_end(int p) const { return !any() || (start && p == 0) || p == ply || (every > 0 && p % every == 0); }
    // No position past ply `p` is picked before the end (the observer may stop there).
    bool done_after(int p) const { return any() && !final && every == 0 && p >= ply; }
};

struct MainLineOptions {
    bool enabled = true; // false: the observer keeps nothing (a run that needs no position)
    PositionPick pick;
    bool keep_partial = false; // invalid games: their positions up to the first error
    bool fen_counters = true;  // the FEN's halfmove clock and fullmove number
    bool reached_san = false;  // the SAN of the move that reached each position
    bool next_san = false;     // the SAN of the move the game played from it
    bool keys = false;         // MainLinePosition::key
};

struct MainLinePosition {
    int ply = 0;
    Move reached_by = Move::none(); // none at ply 0 and after a null move
    bool null_move = false;         // reached by a null move
    bool white_moved = false;       // the move that reached it was White's
    // The repetition key, told apart per variant (MainLineOptions::keys; else 0).
    std::uint64_t key = 0;
    // The FEN in MainLinePositions::fens; the SAN that reached it and the SAN played from it in
    // MainLinePositions::sans (empty when not asked or none).
    std::uint32_t fen_begin = 0, fen_end = 0, san_begin = 0, san_end = 0, next_begin = 0, next_end = 0;
};

struct MainLinePositions {
    // The game's positions are listed: a valid start, selected, and valid or kept partial.
    bool listed = false;
    Variant variant = Variant::Chess;
    // Each position's FEN and a line end, in order: FEN lines as they are.
    std::string fens;
    std::string sans;
    std::vector<MainLinePosition> positions;
    // Positions whose FEN lines went straight into a batch's lines (write_fen_lines_to): counted
    // only, not in `positions`.
    std::uint32_t lines_written = 0;

    std::string_view fen(const MainLinePosition& p) const { return slice(fens, p.fen_begin, p.fen_end); }
    std::string_view reached_san(const MainLinePosition& p) const { return slice(sans, p.san_begin, p.san_end); }
    std::string_view next_san(const MainLinePosition& p) const { return slice(sans, p.next_begin, p.next_end); }
    void clear() {
        fens.clear();
        sans.clear();
        positions.clear();
        lines_written = 0;
    }

private:
    static std::string_view slice(const std::string& s, std::uint32_t b, std::uint32_t e) {
        return std::string_view(s).substr(b, e - b);
    }
};

// The observer of one walk (one per worker thread) that makes a MainLinePositions per game.
class MainLineObserver : public ProductObserver<MainLinePositions> {
public:
    // From the next game on, the FEN lines of listed games go straight to the end of `*lines` as
    // the walk plays them (games in the order they are walked), and MainLinePositions::fens stays
    // empty; nullptr: into the product again. For a consumer that writes FEN lines as they are,
    // in walk order (horde-list's default): the lines are not copied from the product (on two
    // threads that copy, into a cold buffer, cost horde-list several per cent of its CPU).
    virtual void write_fen_lines_to(io::BlockText* lines) = 0;
};
std::unique_ptr<MainLineObserver> make_main_line_observer(const MainLineOptions& options);

// A position's key for "the same position" across games: the repetition key (placement, side,
// castling, en passant only when capturable) told apart per variant.
std::uint64_t position_identity_key(const position::Board& board);

} // namespace horde::game
