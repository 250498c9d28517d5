// Setup apart from Board: parse_fen reads the syntax only (no variant), Board::from_setup
// judges by the variant's rules, from_fen is the two; which fault a FEN with several reports.
#include "horde/notation/dialect.hpp"
#include "horde/position/board.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace horde;

namespace {

using Code = position::FenError::Code;

position::Setup parse_ok(std::string_view fen) {
    auto parsed = position::parse_fen(fen);
    if (auto* err = std::get_if<position::FenError>(&parsed)) FAIL("'" << fen << "': " << err->message);
    return std::get<position::Setup>(parsed);
}

Code error_of(Variant v, std::string_view fen) {
    auto parsed = position::Board::from_fen(v, fen);
    REQUIRE(std::holds_alternative<position::FenError>(parsed));
    return std::get<position::FenError>(parsed).code;
}

} // namespace

TEST_CASE("parse_fen: the fields as written, not judged", "[fen][setup]") {
    // A letter of no piece, a right given twice, an en passant square no move leaves, fullmove 0.
    const position::Setup s = parse_ok("xnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KKq a1 7 0");
    CHECK(s.placement[A8] == 'x');
    CHECK(s.placement[E1] == 'K');
    CHECK(s.placement[E4] == 0);
    CHECK(s.side == BLACK);
    CHECK(s.castling == "KKq");
    CHECK(s.ep == A1);
    CHECK(s.halfmove == 7);
    CHECK(s.fullmove == 0);
    CHECK(position::fen_warning(s) == "fullmove number field: '0' read as 1");

    const position::Setup epd = parse_ok("4k3/8/8/8/8/8/8/4K3 w - -");
    CHECK(epd.castling.empty());
    CHECK(epd.ep == SQ_NONE);
    CHECK(epd.halfmove == 0);
    CHECK(epd.fullmove == 1);
    CHECK(position::fen_warning(epd).empty());

    // Syntax faults are parse_fen's.
    CHECK(std::get<position::FenError>(position::parse_fen("4k3/8/8/8/8/8/8/4K3 w KX - 0 1")).code == Code::BadCastlingSyntax);
    CHECK(std::get<position::FenError>(position::parse_fen("4k3/8/8/8/8/8/8/4K3 w - e9 0 1")).code == Code::BadEnPassantSyntax);
    CHECK(std::get<position::FenError>(position::parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 z")).code == Code::BadFullmove);
}

TEST_CASE("from_setup: the variant's rules, from_fen is parse_fen then from_setup", "[fen][setup]") {
    const position::Setup s = parse_ok("xnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KKq a1 7 0");
    auto judged = position::Board::from_setup(Variant::Chess, s);
    REQUIRE(std::holds_alternative<position::FenError>(judged));
    CHECK(std::get<position::FenError>(judged).code == Code::UnknownPiece);
    CHECK(std::get<position::FenError>(judged).message == "placement field: 'x' is no Black piece in chess");

    // A setup made by hand is judged the same way as one that was read.
    position::Setup hand = parse_ok("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    hand.castling.push_back('K');
    CHECK(std::get<position::FenError>(position::Board::from_setup(Variant::Chess, hand)).code == Code::CastlingWithoutPieces);
    hand.castling.back() = '!';
    CHECK(std::get<position::FenError>(position::Board::from_setup(Variant::Chess, hand)).code == Code::BadCastlingSyntax);
}

TEST_CASE("Board::setup: what fen() writes, read back by from_setup", "[fen][setup]") {
    for (const Variant v : {Variant::Horde, Variant::Orda, Variant::Chess, Variant::Chess960}) {
        const position::Board start(v);
        auto again = position::Board::from_setup(v, start.setup());
        REQUIRE(std::holds_alternative<position::Board>(again));
        CHECK(std::get<position::Board>(again).fen() == start.fen());
        CHECK(std::get<position::Board>(again).position().key == start.position().key);
    }
    // En passant only when a capture is legal, as fen() writes it.
    auto ep = position::Board::from_fen(Variant::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    REQUIRE(std::holds_alternative<position::Board>(ep));
    CHECK(std::get<position::Board>(ep).setup().ep == D6);
    CHECK(std::get<position::Board>(position::Board::from_setup(Variant::Chess, std::get<position::Board>(ep).setup())).fen() ==
          "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
}

TEST_CASE("read_fen: the board and the fullmove-zero note", "[fen][setup]") {
    auto read = position::read_fen(Variant::Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 0");
    REQUIRE(std::holds_alternative<position::FenBoard>(read));
    CHECK(std::get<position::FenBoard>(read).warning == "fullmove number field: '0' read as 1");
    CHECK(std::get<position::FenBoard>(read).board.position().fullmove == 1);
    CHECK(std::get<position::FenError>(position::read_fen(Variant::Horde, "8/8/8/8/8/8/8/8 w - - 0 1")).code == Code::KingCount);
}

TEST_CASE("A FEN with several faults reports its first syntax fault, else its first rule", "[fen][setup]") {
    // A piece chess does not have and a bad side: the side (syntax) first.
    CHECK(error_of(Variant::Chess, "4k2l/8/8/8/8/8/8/4K3 W - - 0 1") == Code::BadSide);
    // A right without its rook and a bad fullmove number: the number.
    CHECK(error_of(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w K - 0 z") == Code::BadFullmove);
    // Two rules broken: the first in field order (placement before castling before kings).
    CHECK(error_of(Variant::Chess, "4k2l/8/8/8/8/8/8/8 w K - 0 1") == Code::UnknownPiece);
    CHECK(error_of(Variant::Chess, "4k3/8/8/8/8/8/8/8 w K - 0 1") == Code::CastlingWithoutPieces);
}

TEST_CASE("null_move_board through the board's setup", "[fen][setup]") {
    auto board = position::Board::from_fen(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 12 30");
    REQUIRE(std::holds_alternative<position::Board>(board));
    auto after = notation::null_move_board(std::get<position::Board>(board));
    REQUIRE(after);
    CHECK(after->fen() == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 13 31");
    // Past the counters' range there is no position.
    auto last = position::Board::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 65535 9");
    REQUIRE(std::holds_alternative<position::Board>(last));
    CHECK_FALSE(notation::null_move_board(std::get<position::Board>(last)));
}
