// Game::board_before_last rebuilds the position before the last move by taking the move back
// (Position::unplay) instead of keeping a copy: over random legal games of every variant, the
// rebuilt board must equal a copy taken before the move, field by field, for every kind of
// move (captures, promotions, en passant, castling, Chess960's king takes rook, null moves).
#include "horde/game/game.hpp"
#include "horde/perft/random.hpp"
#include "horde/position/board.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace horde;

namespace {

bool same_position(const position::Position& a, const position::Position& b) {
    return std::equal(std::begin(a.by_type), std::end(a.by_type), std::begin(b.by_type)) &&
           std::equal(std::begin(a.by_color), std::end(a.by_color), std::begin(b.by_color)) &&
           std::equal(std::begin(a.board), std::end(a.board), std::begin(b.board)) && a.key == b.key && a.side == b.side &&
           a.castling == b.castling && a.ep == b.ep && a.halfmove == b.halfmove && a.fullmove == b.fullmove &&
           std::equal(std::begin(a.castling_rook), std::end(a.castling_rook), std::begin(b.castling_rook));
}

position::Board board_of(Variant v, std::string_view fen) {
    auto parsed = position::Board::from_fen(v, fen);
    if (auto* err = std::get_if<position::FenError>(&parsed))
        FAIL("invalid " << variant_name(v) << " FEN '" << fen << "': " << err->message);
    return std::get<position::Board>(parsed);
}

// How many moves of each kind the random games played: the test is only as good as these.
struct Played {
    int moves = 0, captures = 0, promotions = 0, en_passant = 0, castling = 0, null_moves = 0;
};

// One random game from `start`: special moves (castling, en passant, promotion) are chosen
// more often than their share, and now and then a null move is tried.
void play_random_game(const position::Board& start, perft::Xoshiro256StarStar& rng, int max_plies, Played& played) {
    game::Game game(start);
    CHECK_FALSE(game.board_before_last().has_value());
    for (int ply = 0; ply < max_plies; ++ply) {
        const position::Board before = game.board();
        if (rng.below(16) == 0 && game.play_null()) {
            ++played.null_moves;
        } else {
            const position::MoveList moves = before.legal_moves();
            if (moves.empty()) break;
            std::vector<Move> special;
            for (Move m : moves)
                if (m.is_castling() || m.is_en_passant() || m.is_promotion()) special.push_back(m);
            const Move m = !special.empty() && rng.below(2) == 0 ? special[std::size_t(rng.below(special.size()))]
                                                                 : moves[std::size_t(rng.below(moves.size()))];
            ++played.moves;
            played.captures += !m.is_castling() && before.position().piece_on(m.to()) != NO_PIECE;
            played.promotions += m.is_promotion();
            played.en_passant += m.is_en_passant();
            played.castling += m.is_castling();
            game.play(m);
        }
        const std::optional<position::Board> rebuilt = game.board_before_last();
        REQUIRE(rebuilt.has_value());
        INFO(variant_name(start.variant()) << " ply " << ply + 1 << " from " << before.fen() << " to " << game.board().fen());
        REQUIRE(rebuilt->variant() == before.variant());
        REQUIRE(same_position(rebuilt->position(), before.position()));
    }
}

void check_variant(const std::vector<position::Board>& starts, int games_per_start, std::uint64_t seed, bool castles,
                   bool promotes) {
    perft::Xoshiro256StarStar rng(seed);
    Played played;
    for (const position::Board& start : starts)
        for (int i = 0; i < games_per_start; ++i) play_random_game(start, rng, 250, played);
    INFO(variant_name(starts.front().variant()));
    CHECK(played.moves > 10000);
    CHECK(played.captures > 100);
    CHECK(played.en_passant > 10);
    CHECK(played.null_moves > 100);
    if (castles) CHECK(played.castling > 10);
    if (promotes) CHECK(played.promotions > 10);
}

} // namespace

TEST_CASE("board_before_last: rebuilt from the last move, as a copy taken before it", "[game][unplay]") {
    SECTION("chess") { check_variant({position::Board(Variant::Chess)}, 200, 1, true, true); }
    SECTION("Horde") { check_variant({position::Board(Variant::Horde)}, 200, 2, true, true); }
    SECTION("Orda") { check_variant({position::Board(Variant::Orda)}, 500, 3, true, true); }
    SECTION("Chess960, every start position") {
        std::vector<position::Board> starts;
        for (int n = 0; n < 960; ++n) starts.push_back(board_of(Variant::Chess960, position::chess960_start_fen(n)));
        check_variant(starts, 1, 4, true, true);
    }
    SECTION("positions set up by FEN: counters, en passant, promotions at hand") {
        std::vector<position::Board> starts = {
            board_of(Variant::Chess, "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 99 60"),
            board_of(Variant::Chess, "4k3/8/8/8/5pP1/8/8/4K3 b - g3 0 65535"),
            board_of(Variant::Chess, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
        };
        check_variant(starts, 100, 5, true, true);
    }
}

TEST_CASE("board_before_last: none at the start, and none again after reset", "[game][unplay]") {
    game::Game game{position::Board(Variant::Chess)};
    CHECK_FALSE(game.board_before_last().has_value());
    game.play(game.board().parse_uci("e2e4"));
    REQUIRE(game.board_before_last().has_value());
    CHECK(game.board_before_last()->fen() == position::Board(Variant::Chess).fen());
    game.reset(position::Board(Variant::Horde));
    CHECK_FALSE(game.board_before_last().has_value());
    REQUIRE(game.play_null());
    REQUIRE(game.board_before_last().has_value());
    CHECK(same_position(game.board_before_last()->position(), position::Board(Variant::Horde).position()));
    game.reset(position::Board(Variant::Orda));
    CHECK_FALSE(game.board_before_last().has_value());
}
