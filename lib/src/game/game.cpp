#include "horde/game/game.hpp"

#include "horde/notation/dialect.hpp"

#include <algorithm>

namespace horde::game {

std::string_view status_name(GameStatus s) {
    switch (s) {
    case GameStatus::Extinction: return "extinction";
    case GameStatus::Campmate: return "campmate";
    case GameStatus::Checkmate: return "checkmate";
    case GameStatus::Stalemate: return "stalemate";
    case GameStatus::InsufficientMaterial: return "insufficient-material";
    case GameStatus::Fivefold: return "fivefold";
    case GameStatus::SeventyFiveMove: return "seventy-five-move";
    case GameStatus::Threefold: return "threefold";
    case GameStatus::FiftyMove: return "fifty-move";
    case GameStatus::None: break;
    }
    return "none";
}

std::string_view status_kind_name(StatusKind k) {
    switch (k) {
    case StatusKind::GameOver: return "game-over";
    case StatusKind::ClaimableDraw: return "claimable-draw";
    case StatusKind::None: break;
    }
    return "none";
}

std::string_view result_text(GameResult r) {
    switch (r) {
    case GameResult::WhiteWins: return "1-0";
    case GameResult::BlackWins: return "0-1";
    case GameResult::Draw: return "1/2-1/2";
    case GameResult::Unknown: break;
    }
    return "*";
}

std::optional<GameResult> parse_result(std::string_view t) {
    if (t == "1-0") return GameResult::WhiteWins;
    if (t == "0-1") return GameResult::BlackWins;
    if (t == "1/2-1/2") return GameResult::Draw;
    if (t == "*") return GameResult::Unknown;
    return std::nullopt;
}

bool insufficient_material(const position::Position& pos) {
    if (pos.pieces(PAWN) | pos.pieces(ROOK) | pos.pieces(QUEEN)) return false;
    const Bitboard minors = pos.pieces(KNIGHT) | pos.pieces(BISHOP);
    const Bitboard others = pos.pieces() & ~pos.pieces(KING) & ~minors;
    if (others) return false; // other piece types (not in chess) never count as dead
    if (popcount(minors) <= 1) return true;
    if (pos.pieces(KNIGHT)) return false;
    constexpr Bitboard dark = 0xAA55AA55AA55AA55ULL;
    const Bitboard bishops = pos.pieces(BISHOP);
    return !(bishops & dark) || !(bishops & ~dark);
}

namespace {

// The date as yyyymmdd from "YYYY.MM.DD" (unknown month or day: 01), or nullopt when there is
// no known year.
std::optional<int> pgn_date_number(std::string_view date) {
    if (date.size() < 4) return std::nullopt;
    auto digits = [&](std::size_t at, std::size_t n) -> int {
        if (date.size() < at + n) return -1;
        int value = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (date[i] < '0' || date[i] > '9') return -1;
            value = value * 10 + (date[i] - '0');
        }
        return value;
    };
    const int year = digits(0, 4);
    if (year < 0) return std::nullopt;
    int month = digits(5, 2), day = digits(8, 2);
    if (month < 1 || month > 12) month = 1, day = 1; // "1937.??.??": from 1 January
    if (day < 1 || day > 31) day = 1;
    return year * 10000 + month * 100 + day;
}

} // namespace

bool automatic_draws_apply(std::string_view date, std::string_view utc_date) {
    std::optional<int> when = pgn_date_number(date);
    if (!when) when = pgn_date_number(utc_date);
    return !when || *when >= 20140701;
}

Game::Game(const position::Board& start) : board_(start) { record_key(board_.repetition_key()); }

void Game::reset(const position::Board& start) {
    board_ = start;
    plies_ = 0;
    last_move_ = Move::none();
    before_null_.reset();
    keys_.clear();
    record_key(board_.repetition_key());
}

void Game::play(Move m) {
    position::with_variant(board_.variant(), [&]<Variant V>() { play_as<V>(m); });
}

std::optional<position::Board> Game::board_before_last() const {
    if (last_move_.is_none()) return before_null_;
    position::Board before = board_;
    before.unplay(last_move_, last_undo_);
    return before;
}

Adjudication Game::adjudicate() const { return adjudicate_impl(true); }

Adjudication Game::automatic_end_without_movegen_impl() const {
    const Adjudication a = adjudicate_impl(false);
    return a.kind == StatusKind::GameOver ? a : Adjudication{};
}

Adjudication Game::adjudicate_impl(bool with_movegen) const {
    const position::Position& pos = board_.position();
    const Variant v = board_.variant();
    auto over = [](GameStatus s, GameResult r) { return Adjudication{s, StatusKind::GameOver, r}; };
    if (v == Variant::Horde && !pos.pieces(WHITE)) return over(GameStatus::Extinction, GameResult::BlackWins);
    if (v == Variant::Orda) {
        if (pos.pieces(WHITE, KING) & rank_bb(7)) return over(GameStatus::Campmate, GameResult::WhiteWins);
        if (pos.pieces(BLACK, KING) & rank_bb(0)) return over(GameStatus::Campmate, GameResult::BlackWins);
    }
    if (with_movegen && !position::has_legal_move(v, pos)) {
        if (board_.in_check())
            return over(GameStatus::Checkmate, pos.side == WHITE ? GameResult::BlackWins : GameResult::WhiteWins);
        return over(GameStatus::Stalemate, GameResult::Draw);
    }
    if (is_chess(v) && insufficient_material(pos)) return over(GameStatus::InsufficientMaterial, GameResult::Draw);
    const int reps = repetitions_;
    if (reps >= fivefold_at_) return over(GameStatus::Fivefold, GameResult::Draw);
    if (pos.halfmove >= seventy_five_at_) return over(GameStatus::SeventyFiveMove, GameResult::Draw);
    if (reps >= 3) return {GameStatus::Threefold, StatusKind::ClaimableDraw, GameResult::Draw};
    if (pos.halfmove >= 100) return {GameStatus::FiftyMove, StatusKind::ClaimableDraw, GameResult::Draw};
    return {};
}

bool Game::play_null() {
    auto after = notation::null_move_board(board_);
    if (!after) return false;
    before_null_ = board_;
    last_move_ = Move::none();
    board_ = *after;
    ++plies_;
    keys_.clear(); // positions before a null move do not repeat in a real game
    record_key(board_.repetition_key());
    return true;
}

} // namespace horde::game
