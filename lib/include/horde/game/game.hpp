// A game in progress: a board plus the history that draw rules need, and adjudication.
#pragma once

#include "horde/position/board.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace horde::game {

// How a position stands, in the order adjudication checks it.
enum class GameStatus : std::uint8_t {
    Extinction, // Horde: White has no units left (0-1)
    Campmate,   // Orda: a king on the opponent's back rank
    Checkmate,
    Stalemate,
    InsufficientMaterial, // chess only: a dead position
    Fivefold,
    SeventyFiveMove,
    Threefold, // claimable
    FiftyMove, // claimable
    None,
};
enum class StatusKind : std::uint8_t { GameOver, ClaimableDraw, None };

std::string_view status_name(GameStatus s);      // "extinction", "seventy-five-move", ...
std::string_view status_kind_name(StatusKind k); // "game-over", "claimable-draw", "none"

// The result token of a game: also what the rules give.
enum class GameResult : std::uint8_t { WhiteWins, BlackWins, Draw, Unknown };
std::string_view result_text(GameResult r); // "1-0", "0-1", "1/2-1/2", "*"
std::optional<GameResult> parse_result(std::string_view text);

struct Adjudication {
    GameStatus status = GameStatus::None;
    StatusKind kind = StatusKind::None;
    GameResult result = GameResult::Unknown; // automatic end: its result; claimable: draw; else *
};

// Chess dead positions: K v K, K+minor v K, and kings with bishops all on one colour.
bool insufficient_material(const position::Position& pos);

// Whether the fivefold and 75-move draws are automatic for a game of this date (RULES.md: since
// the FIDE Laws of 2014-07-01). The date is the PGN Date tag, or UTCDate when Date is missing
// or its year unknown ("YYYY.MM.DD", '?' for unknown parts; a known year with an unknown month
// counts from 1 January). No date, or an unknown year: true.
bool automatic_draws_apply(std::string_view date, std::string_view utc_date);

class Game {
public:
    explicit Game(const position::Board& start);
    // Starts again from a new position, keeping the history's storage.
    void reset(const position::Board& start);
    // false: fivefold repetition and 150 quiet plies are claimable draws (threefold,
    // fifty-move), as before 2014-07-01 (automatic_draws_apply). Default true; kept by reset.
    void set_automatic_draws(bool on) {
        fivefold_at_ = on ? 5 : INT_MAX;
        seventy_five_at_ = on ? 150 : INT_MAX;
    }
    const position::Board& board() const { return board_; }
    int plies() const { return plies_; }
    // Plays a legal move and records the position for repetition counting.
    void play(Move m);
    // play() for a variant known at compile time (V must be board().variant()).
    template <Variant V> [[gnu::always_inline]] void play_as(Move m) {
        const position::Position& before = board_.position();
        const bool irreversible = type_of(before.piece_on(m.from())) == PAWN || m.is_en_passant() ||
                                  before.piece_on(m.to()) != NO_PIECE || m.is_castling();
        const std::uint8_t castling_before = before.castling;
        last_undo_ = before.undo_for(m);
        last_move_ = m;
        board_.template play_as<V>(m);
        ++plies_;
        if (irreversible || board_.position().castling != castling_before) keys_.clear();
        record_key(board_.repetition_key());
    }
    // Passes the turn (a null move): false, and nothing done, when the side to move is in check.
    bool play_null();
    // The position before the last move or null move, rebuilt from the current one (a
    // variation replaces that move); nullopt when none was played since the start.
    std::optional<position::Board> board_before_last() const;
    // How many times the current position has occurred since the start (1 = first time).
    int repetitions() const { return repetitions_; }
    Adjudication adjudicate() const;
    // The automatic ends that need no move generation (variant ends, dead position,
    // fivefold, 75 moves): cheap enough to test before every move. Checkmate and
    // stalemate are left out: a move that turns out legal proves they have not happened.
    Adjudication automatic_end_without_movegen() const {
        return may_have_ended_without_movegen() ? automatic_end_without_movegen_impl() : Adjudication{};
    }

private:
    // False when none of those ends can hold, from a few bitboard tests inline: this runs
    // before every move of every game.
    bool may_have_ended_without_movegen() const {
        const position::Position& pos = board_.position();
        switch (board_.variant()) {
        case Variant::Horde:
            if (!pos.pieces(WHITE)) return true;
            break;
        case Variant::Orda:
            if ((pos.pieces(WHITE, KING) & rank_bb(7)) | (pos.pieces(BLACK, KING) & rank_bb(0))) return true;
            break;
        case Variant::Chess:
        case Variant::Chess960:
            if (!(pos.pieces(PAWN) | pos.pieces(ROOK) | pos.pieces(QUEEN))) return true;
            break;
        }
        return repetitions_ >= fivefold_at_ || pos.halfmove >= seventy_five_at_;
    }
    // Appends the current position's key (after a clear of keys_ at an irreversible move) and
    // counts its repetitions. A 256-bit filter of the keys since the last irreversible move
    // spares the count for a position that is surely new, as most are.
    void record_key(std::uint64_t key) {
        if (keys_.empty()) seen_[0] = seen_[1] = seen_[2] = seen_[3] = 0;
        const unsigned bit = unsigned(key >> 56);
        const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
        keys_.push_back(key);
        if (seen_[bit >> 6] & mask) repetitions_ = int(std::count(keys_.begin(), keys_.end(), key));
        else repetitions_ = 1;
        seen_[bit >> 6] |= mask;
    }
    Adjudication automatic_end_without_movegen_impl() const;
    Adjudication adjudicate_impl(bool with_movegen) const;
    position::Board board_;
    int plies_ = 0;
    // What board_before_last() rebuilds from: the last move and its undo record or, when
    // last_move_ is none, the position before the last null move (rare, and made through a
    // setup) if there was one.
    Move last_move_ = Move::none();
    position::Position::Undo last_undo_{};
    std::optional<position::Board> before_null_;
    // Repetition keys since the last irreversible move (capture, pawn move, lost right).
    std::vector<std::uint64_t> keys_;
    std::uint64_t seen_[4] = {};                  // filter of keys_ (top 8 bits of each key)
    int repetitions_ = 1;                         // of the current position
    int fivefold_at_ = 5, seventy_five_at_ = 150; // automatic draws (INT_MAX: none)
};

} // namespace horde::game
