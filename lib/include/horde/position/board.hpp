// Board: a position together with the game it is played in. This is the runtime-dispatched
// face of the rules library that the tools use: FEN in and out, legal moves, UCI text,
// checks. Hot loops (perft) call the templates in movegen.hpp directly instead.
#pragma once

#include "horde/position/movegen.hpp"
#include "horde/position/position.hpp"
#include "horde/position/setup.hpp"

#include <string>
#include <string_view>
#include <variant>

namespace horde::position {

// The standard start position of each game (Chess960: the standard array, number 518).
std::string_view start_fen(Variant v);

// The Chess960 start position with Scharnagl number n (0..959; 518 is the standard array),
// castling field KQkq. Empty for a number out of range.
std::string chess960_start_fen(int n);

// The tools' `--start N`: Chess960 start position N, played as Chess960 (or as chess, for
// 518 under `--variant chess`). `given` is the --variant the user gave, if any. On error,
// the message (without the tool's name).
struct NumberedStart {
    Variant variant;
    std::string fen;
};
std::variant<NumberedStart, std::string> numbered_start(int n, std::optional<Variant> given);

class Board {
public:
    // The variant's start position.
    explicit Board(Variant v = Variant::Horde);

    // The position a setup describes, if it is one of the variant's (setup.hpp says what is
    // judged where). A fullmove number of 0 is read as 1 (see fen_warning).
    static std::variant<Board, FenError> from_setup(Variant v, const Setup& setup);
    // parse_fen, then from_setup: a FEN (6 fields, or 4 with counters 0 1) for the variant.
    static std::variant<Board, FenError> from_fen(Variant v, std::string_view fen);
    // What fen() writes, as a setup (from_setup reads it back as this board).
    Setup setup() const;

    Variant variant() const { return variant_; }
    const Position& position() const { return pos_; }
    Color side_to_move() const { return pos_.side; }

    // FEN with the en passant field only when an en passant capture is legal. Chess960
    // castling rights are X-FEN: K/Q/k/q for the outermost rook on that side, the rook's
    // file letter when another rook stands further out (as lichess and chessops write them).
    std::string fen(bool with_counters = true) const;
    // The castling field alone ("KQkq", "Kq", "HAh", "-"), as fen() writes it.
    std::string castling_field() const;

    MoveList legal_moves() const { return horde::position::legal_moves(variant_, pos_); }
    bool is_legal(Move m) const { return legal_moves().contains(m); }
    // Plays a move that must be legal.
    void play(Move m);
    // play() for a variant known at compile time (V must be variant()).
    // Always inlined, as Position::play is: the checker's per-move path is past GCC's inlining
    // budget and would otherwise call it.
    template <Variant V> [[gnu::always_inline]] void play_as(Move m) { pos_.template play<V>(m); }
    // Takes back m, the last move played, given position().undo_for(m) from before it.
    void unplay(Move m, const Position::Undo& undo);
    bool in_check() const { return horde::position::in_check(variant_, pos_); }
    Bitboard checkers() const { return horde::position::checkers(variant_, pos_); }
    // Extinction (Horde) or campmate (Orda) has already happened.
    bool variant_game_over() const;
    // Whether the side to move has a legal en passant capture.
    bool ep_capture_is_legal() const;
    // A key for repetition: placement, side, castling, en passant only when capturable.
    std::uint64_t repetition_key() const {
        return pos_.ep == SQ_NONE ? pos_.key : repetition_key_with_ep(); // inline: once per move
    }

    // UCI: e2e4, e7e8q, e7e8h, castling as the king's move e1g1; in Chess960 as king takes
    // rook (e1h1), as engines write it under UCI_Chess960.
    std::string uci(Move m) const;
    // A legal move from its UCI text, or Move::none().
    Move parse_uci(std::string_view text) const;

private:
    Board(Variant v, const Position& p) : variant_(v), pos_(p) {}
    std::uint64_t repetition_key_with_ep() const;
    Variant variant_;
    Position pos_;
};

// A FEN as the tools read it: parse_fen, then Board::from_setup, with fen_warning's note of the
// setup (empty when none).
struct FenBoard {
    Board board;
    std::string warning;
};
std::variant<FenBoard, FenError> read_fen(Variant v, std::string_view fen);

std::string square_name(Square s);
// "e4" -> E4; SQ_NONE when the text is not a square.
Square parse_square(std::string_view text);
// Dispatches on a runtime variant to a callable templated on Variant:
//   with_variant(v, [&]<Variant V>() { ... });
template <class F> decltype(auto) with_variant(Variant v, F&& f) {
    switch (v) {
    case Variant::Horde: return f.template operator()<Variant::Horde>();
    case Variant::Orda: return f.template operator()<Variant::Orda>();
    case Variant::Chess960: return f.template operator()<Variant::Chess960>();
    case Variant::Chess: break;
    }
    return f.template operator()<Variant::Chess>();
}

} // namespace horde::position
