// Move lists (notation/move_list.hpp): tokens, SAN and UCI told apart, errors with ply and code.
#include "horde/notation/move_list.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace horde;

namespace {

std::vector<std::string> tokens_of(std::string_view text) {
    std::vector<std::string> out;
    for (auto t : notation::move_list_tokens(text)) out.emplace_back(t);
    return out;
}

std::string uci_line(const position::Board& start, const std::vector<Move>& moves) {
    position::Board b = start;
    std::string out;
    for (Move m : moves) {
        if (!out.empty()) out += ' ';
        out += b.uci(m);
        b.play(m);
    }
    return out;
}

} // namespace

TEST_CASE("move_list_tokens skips numbers, the last result, NAGs, suffixes and comments", "[move_list]") {
    CHECK(tokens_of("1. e4 e5 2.Nf3 {a comment} Nc6!? 3... Bb5 $1 1-0") ==
          std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5"});
    // the results before the last one and "0000" are kept, for play_move_list to refuse
    CHECK(tokens_of("12 e4 * 1/2-1/2 0-1") == std::vector<std::string>{"e4", "*", "1/2-1/2"});
    CHECK(tokens_of("1. e4 0000 2. d4 {c} 1-0 {after}") == std::vector<std::string>{"e4", "0000", "d4"});
    CHECK(tokens_of("e2e4{x}e7e5 {unterminated") == std::vector<std::string>{"e2e4", "e7e5"});
    CHECK(tokens_of("").empty());
}

TEST_CASE("is_uci_shape", "[move_list]") {
    CHECK(notation::is_uci_shape("e2e4"));
    CHECK(notation::is_uci_shape("e7e8q"));
    CHECK(notation::is_uci_shape("a2a1h"));
    CHECK_FALSE(notation::is_uci_shape("e4"));
    CHECK_FALSE(notation::is_uci_shape("e7e8k"));
    CHECK_FALSE(notation::is_uci_shape("i2i4"));
    CHECK_FALSE(notation::is_uci_shape("Nf3"));
}

TEST_CASE("play_move_list reads SAN and UCI in one list", "[move_list]") {
    const position::Board start(Variant::Chess);
    auto played = notation::play_move_list(start, "1. e4 e7e5 2. Nf3 b8c6 3. Bb5 a6 4. O-O");
    REQUIRE(std::holds_alternative<notation::PlayedMoveList>(played));
    const auto& p = std::get<notation::PlayedMoveList>(played);
    CHECK(p.moves.size() == 7);
    CHECK(uci_line(start, p.moves) == "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1");
    CHECK(p.end.fen() == "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4");
}

TEST_CASE("play_move_list stops at the first bad move with its ply and code", "[move_list]") {
    const position::Board start(Variant::Horde);
    auto illegal_uci = notation::play_move_list(start, "d4d5 e7e5 a1a5");
    REQUIRE(std::holds_alternative<notation::MoveListError>(illegal_uci));
    CHECK(std::get<notation::MoveListError>(illegal_uci).ply == 3);
    CHECK(std::get<notation::MoveListError>(illegal_uci).token == "a1a5");
    CHECK(std::get<notation::MoveListError>(illegal_uci).code == DiagnosticCode::IllegalMove);

    auto bad_san = notation::play_move_list(start, "1. d5 Qx");
    REQUIRE(std::holds_alternative<notation::MoveListError>(bad_san));
    CHECK(std::get<notation::MoveListError>(bad_san).ply == 2);
    CHECK(std::get<notation::MoveListError>(bad_san).code == DiagnosticCode::SanSyntax);

    // A null move (no position of the list follows it) and a result before more moves: refused,
    // not skipped (a skipped "0000" read the moves after it from the wrong side).
    const position::Board chess(Variant::Chess);
    auto null_move = notation::play_move_list(chess, "1. e4 0000 2. d4");
    REQUIRE(std::holds_alternative<notation::MoveListError>(null_move));
    CHECK(std::get<notation::MoveListError>(null_move).ply == 2);
    CHECK(std::get<notation::MoveListError>(null_move).code == DiagnosticCode::NullMove);
    auto mid_result = notation::play_move_list(chess, "1. e4 1-0 e5");
    REQUIRE(std::holds_alternative<notation::MoveListError>(mid_result));
    CHECK(std::get<notation::MoveListError>(mid_result).token == "1-0");
    CHECK(std::holds_alternative<notation::PlayedMoveList>(notation::play_move_list(chess, "1. e4 e5 1/2-1/2")));
}
