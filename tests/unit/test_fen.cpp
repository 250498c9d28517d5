// FEN reading and writing, and UCI move text: every FenError kind, round trips over all
// positions of the perft suites, EPD-style FENs, UCI spellings of castling and promotions.
#include "horde/perft/suite.hpp"
#include "horde/position/board.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <string>
#include <vector>

using namespace horde;

namespace {

using Code = position::FenError::Code;
using Field = position::FenError::Field;

struct SuitePosition {
    Variant variant;
    std::string fen;
};

std::vector<SuitePosition> all_suite_positions() {
    std::vector<SuitePosition> out;
    const std::pair<Variant, const char*> files[] = {
        {Variant::Chess, "chess.epd"},
        {Variant::Horde, "horde.epd"},
        {Variant::Orda, "orda.epd"},
        {Variant::Chess, "chess-start-deep.epd"},
        {Variant::Horde, "horde-start-deep.epd"},
        {Variant::Orda, "orda-start-deep.epd"},
    };
    for (const auto& [v, name] : files) {
        std::ifstream in(std::string(HORDE_TESTDATA) + "/perft/" + name);
        REQUIRE(in.good());
        std::string line;
        while (std::getline(in, line))
            if (auto e = perft::parse_perft_suite_line(line)) out.push_back({v, e->fen});
    }
    REQUIRE(out.size() == 123);
    return out;
}

position::Board parse_ok(Variant v, std::string_view fen) {
    auto parsed = position::Board::from_fen(v, fen);
    if (auto* err = std::get_if<position::FenError>(&parsed))
        FAIL("expected a valid " << variant_name(v) << " FEN: '" << fen << "', got: " << err->message);
    return std::get<position::Board>(parsed);
}

position::FenError parse_error(Variant v, std::string_view fen) {
    auto parsed = position::Board::from_fen(v, fen);
    if (std::holds_alternative<position::Board>(parsed))
        FAIL("expected an invalid " << variant_name(v) << " FEN: '" << fen << "'");
    return std::get<position::FenError>(parsed);
}

// One failure kind: the field, the code and a piece of the message.
void expect_error(Variant v, std::string_view fen, Field field, Code code, std::string_view message_part) {
    INFO(variant_name(v) << " FEN '" << fen << "'");
    const position::FenError e = parse_error(v, fen);
    INFO("message: " << e.message << " (" << e.code_name() << ", " << e.field_name() << ")");
    CHECK(e.code == code);
    CHECK(e.field == field);
    CHECK(e.message.find(message_part) != std::string::npos);
    CHECK(!e.code_name().empty());
    CHECK(!e.field_name().empty());
}

} // namespace

TEST_CASE("FEN errors: structure", "[fen]") {
    expect_error(Variant::Chess, "", Field::Position, Code::MissingFields, "got 0");
    expect_error(Variant::Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", Field::Position, Code::MissingFields,
                 "expected at least 4 fields");
    expect_error(Variant::Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1 x", Field::Position,
                 Code::TrailingFields, "extra: 'x'");
}

TEST_CASE("FEN errors: placement field", "[fen]") {
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/4K3 w - - 0 1", Field::Placement, Code::BadRankCount, "7 ranks, expected 8");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", Field::Placement, Code::BadRankCount, "more than 8 ranks");
    expect_error(Variant::Chess, "4k3/7/8/8/8/8/8/4K3 w - - 0 1", Field::Placement, Code::BadRankLength,
                 "rank 7 describes 7 squares, not 8");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K4 w - - 0 1", Field::Placement, Code::BadRankLength,
                 "rank 1 describes more than 8 squares");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K w - - 0 1", Field::Placement, Code::BadRankLength,
                 "rank 1 describes 5 squares");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K2! w - - 0 1", Field::Placement, Code::BadPlacementChar,
                 "unexpected character '!'");
    expect_error(Variant::Chess, "4k3/8/8/9/8/8/8/4K3 w - - 0 1", Field::Placement, Code::BadPlacementChar,
                 "unexpected character '9'");
    // Piece letters per variant and colour.
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K2L w - - 0 1", Field::Placement, Code::UnknownPiece,
                 "'L' is no White piece in chess");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K2X w - - 0 1", Field::Placement, Code::UnknownPiece, "'X' is no White piece");
    expect_error(Variant::Horde, "4k2h/8/8/8/8/8/8/PPPPPPPP w - - 0 1", Field::Placement, Code::UnknownPiece,
                 "'h' is no Black piece in Horde");
    expect_error(Variant::Orda, "4k2r/8/8/8/8/8/8/4K3 w - - 0 1", Field::Placement, Code::UnknownPiece,
                 "'r' is no Black piece in Orda");
    expect_error(Variant::Orda, "4k3/8/8/8/8/8/8/4K2L w - - 0 1", Field::Placement, Code::UnknownPiece,
                 "'L' is no White piece in Orda");
    expect_error(Variant::Orda, "4k3/8/8/8/8/8/8/4K2Y w - - 0 1", Field::Placement, Code::UnknownPiece,
                 "'Y' is no White piece in Orda");
    expect_error(Variant::Orda, "4k3/8/8/8/8/8/8/4K2A w - - 0 1", Field::Placement, Code::UnknownPiece,
                 "'A' is no White piece in Orda");
    // What each variant does allow.
    parse_ok(Variant::Orda, "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNH w Q - 0 1"); // White kheshig
    parse_ok(Variant::Orda, "q3k3/8/8/8/8/8/8/4K3 w - - 0 1");                        // Black queen (promoted)
}

TEST_CASE("FEN errors: side, castling, en passant, counters", "[fen]") {
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 x - - 0 1", Field::Side, Code::BadSide,
                 "side to move field: 'x' is not 'w' or 'b'");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 W - - 0 1", Field::Side, Code::BadSide, "'W'");

    expect_error(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1", Field::Castling, Code::BadCastlingSyntax,
                 "castling field: unexpected character 'X' in 'KX'");
    expect_error(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", Field::Castling, Code::BadCastlingSyntax,
                 "'K' given twice");
    expect_error(Variant::Horde, "r3k2r/8/8/8/8/8/8/PPPPPPPP w Kkq - 0 1", Field::Castling, Code::CastlingNotAllowed,
                 "castling field: 'K' but White has no king in Horde");
    expect_error(Variant::Horde, "r3k2r/8/8/8/8/8/8/PPPPPPPP w Q - 0 1", Field::Castling, Code::CastlingNotAllowed,
                 "castling field: 'Q' but White has no king in Horde");
    expect_error(Variant::Orda, "l3k2l/8/8/8/8/8/8/R3K2R w KQk - 0 1", Field::Castling, Code::CastlingNotAllowed,
                 "castling field: 'k' but Black cannot castle in Orda");
    expect_error(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K1R1 w K - 0 1", Field::Castling, Code::CastlingWithoutPieces,
                 "castling field: 'K' but no White rook on h1");
    expect_error(Variant::Chess, "r3k2r/8/8/8/8/8/8/R2K3R w Q - 0 1", Field::Castling, Code::CastlingWithoutPieces,
                 "castling field: 'Q' but no White king on e1");
    expect_error(Variant::Horde, "r4rk1/8/8/8/8/8/8/PPPPPPPP w k - 0 1", Field::Castling, Code::CastlingWithoutPieces,
                 "'k' but no Black king on e8");
    expect_error(Variant::Horde, "1r2k2r/8/8/8/8/8/8/PPPPPPPP w q - 0 1", Field::Castling, Code::CastlingWithoutPieces,
                 "'q' but no Black rook on a8");

    expect_error(Variant::Chess, "4k3/8/8/8/4P3/8/8/4K3 b - e9 0 1", Field::EnPassant, Code::BadEnPassantSyntax,
                 "en passant field: 'e9' is not a square or '-'");
    expect_error(Variant::Chess, "4k3/8/8/8/4P3/8/8/4K3 b - E3 0 1", Field::EnPassant, Code::BadEnPassantSyntax, "'E3'");
    expect_error(Variant::Chess, "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", Field::EnPassant, Code::ImpossibleEnPassant,
                 "not on rank 6 with White to move");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", Field::EnPassant, Code::ImpossibleEnPassant,
                 "'e3' but no White pawn on e4");
    expect_error(Variant::Chess, "4k3/8/8/8/4P3/8/4N3/4K3 b - e3 0 1", Field::EnPassant, Code::ImpossibleEnPassant,
                 "'e3' but e3 or e2 is occupied");

    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - x 1", Field::Halfmove, Code::BadHalfmove,
                 "halfmove clock field: 'x' is not a number");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - -1 1", Field::Halfmove, Code::BadHalfmove, "'-1'");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 -1", Field::Fullmove, Code::BadFullmove,
                 "fullmove number field: '-1' is not a number");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 z", Field::Fullmove, Code::BadFullmove, "'z'");
}

TEST_CASE("FEN: a fullmove number of 0 is read as 1, with a warning", "[fen]") {
    // Puzzle files write "... w kq - 1 0": the position is certain, the number can only be 1.
    const std::string fen = "r3k2r/ppp2Npp/8/8/8/8/PPP2PPP/R3K2R w KQkq - 1 0";
    auto parsed = position::Board::from_fen(Variant::Chess, fen);
    REQUIRE(std::holds_alternative<position::Board>(parsed));
    CHECK(std::get<position::Board>(parsed).position().fullmove == 1);
    CHECK(std::get<position::Board>(parsed).fen() == "r3k2r/ppp2Npp/8/8/8/8/PPP2PPP/R3K2R w KQkq - 1 1");
    CHECK(position::fen_warning(fen) == "fullmove number field: '0' read as 1");
    CHECK(position::fen_warning("r3k2r/ppp2Npp/8/8/8/8/PPP2PPP/R3K2R w KQkq - 1 1").empty());
    CHECK(position::fen_warning("r3k2r/ppp2Npp/8/8/8/8/PPP2PPP/R3K2R w KQkq -").empty());
}

TEST_CASE("FEN errors: position rules per variant", "[fen]") {
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/8 w - - 0 1", Field::Position, Code::KingCount,
                 "White has 0 kings, expected 1");
    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", Field::Position, Code::KingCount,
                 "White has 2 kings, expected 1");
    expect_error(Variant::Orda, "8/8/8/8/8/8/8/4K3 w - - 0 1", Field::Position, Code::KingCount, "Black has 0 kings, expected 1");
    expect_error(Variant::Horde, "4k3/8/8/8/8/8/8/PPPPPPPK w - - 0 1", Field::Position, Code::KingCount,
                 "White has a king, but the Horde has none");
    expect_error(Variant::Horde, "3kk3/8/8/8/8/8/8/PPPPPPPP w - - 0 1", Field::Position, Code::KingCount, "Black has 2 kings");

    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", Field::Position, Code::PawnOnBadRank, "White pawn on a1");
    expect_error(Variant::Orda, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", Field::Position, Code::PawnOnBadRank, "White pawn on a1");
    expect_error(Variant::Horde, "P3k3/8/8/8/8/8/8/8 w - - 0 1", Field::Position, Code::PawnOnBadRank, "White pawn on a8");
    expect_error(Variant::Horde, "4k3/8/8/8/8/8/8/PPPPPPPp w - - 0 1", Field::Position, Code::PawnOnBadRank, "Black pawn on h1");
    expect_error(Variant::Chess, "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", Field::Position, Code::PawnOnBadRank, "Black pawn on a8");
    parse_ok(Variant::Horde, "4k3/8/8/8/8/8/8/PPPPPPPP w - - 0 1"); // Horde pawns may stand on rank 1

    expect_error(Variant::Chess, "4k3/8/8/8/8/8/8/4K2r b - - 0 1", Field::Position, Code::OppositeCheck,
                 "White is in check but it is Black's move");
    expect_error(Variant::Orda, "4k3/8/8/8/8/8/8/l3K3 b - - 0 1", Field::Position, Code::OppositeCheck,
                 "White is in check"); // a lancer checks like a rook
    expect_error(Variant::Horde, "4k3/3P4/8/8/8/8/8/8 w - - 0 1", Field::Position, Code::OppositeCheck,
                 "Black is in check but it is White's move");
    parse_ok(Variant::Orda, "4k3/8/8/8/8/3l4/8/4K3 b - - 0 1"); // a lancer a knight's step away gives no check

    expect_error(Variant::Chess, "4k3/8/3N4/1B6/8/8/8/K3R3 b - - 0 1", Field::Position, Code::TooManyCheckers,
                 "Black is checked by 3 pieces");
}

TEST_CASE("FEN errors: every code has a test above", "[fen]") {
    // A guard against a new code without a test: the list above covers these 18.
    const Code all[] = {Code::MissingFields,
                        Code::TrailingFields,
                        Code::BadRankCount,
                        Code::BadRankLength,
                        Code::BadPlacementChar,
                        Code::UnknownPiece,
                        Code::BadSide,
                        Code::BadCastlingSyntax,
                        Code::CastlingNotAllowed,
                        Code::CastlingWithoutPieces,
                        Code::BadEnPassantSyntax,
                        Code::ImpossibleEnPassant,
                        Code::BadHalfmove,
                        Code::BadFullmove,
                        Code::KingCount,
                        Code::PawnOnBadRank,
                        Code::OppositeCheck,
                        Code::TooManyCheckers};
    std::set<std::string_view> names;
    for (Code c : all) names.insert(position::FenError{Field::Position, c, {}}.code_name());
    CHECK(names.size() == 18);
    CHECK(int(Code::TooManyCheckers) == 17); // the last code
}

TEST_CASE("FEN round trip: every suite position", "[fen]") {
    for (const auto& [v, fen] : all_suite_positions()) {
        INFO(variant_name(v) << " FEN " << fen);
        const position::Board board = parse_ok(v, fen);
        if (fen == "k7/8/8/KPp4r/8/8/8/8 w - c6 0 2") {
            // The en passant capture would expose the king: the writer drops the square.
            CHECK_FALSE(board.ep_capture_is_legal());
            CHECK(board.fen() == "k7/8/8/KPp4r/8/8/8/8 w - - 0 2");
        } else {
            CHECK(board.fen() == fen);
        }
        // Reading what we wrote gives the same position.
        const position::Board again = parse_ok(v, board.fen());
        CHECK(again.fen() == board.fen());
        CHECK(again.repetition_key() == board.repetition_key());
        CHECK(again.legal_moves().size() == board.legal_moves().size());
        CHECK(board.fen(false) + " " + std::to_string(board.position().halfmove) + " " +
                  std::to_string(board.position().fullmove) ==
              board.fen());
    }
}

TEST_CASE("FEN round trip: start positions", "[fen]") {
    for (Variant v : {Variant::Chess, Variant::Horde, Variant::Orda}) {
        const position::Board board(v);
        CHECK(board.fen() == position::start_fen(v));
        CHECK(parse_ok(v, position::start_fen(v)).fen() == position::start_fen(v));
    }
}

TEST_CASE("FEN: EPD-style 4-field FENs get counters 0 1", "[fen]") {
    const position::Board h = parse_ok(Variant::Horde, "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - -");
    CHECK(h.fen() == "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1");
    CHECK(h.position().halfmove == 0);
    CHECK(h.position().fullmove == 1);
    const position::Board c = parse_ok(Variant::Chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    CHECK(c.fen() == std::string(position::start_fen(Variant::Chess)));
    const position::Board o = parse_ok(Variant::Orda, "lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQ -");
    CHECK(o.fen() == std::string(position::start_fen(Variant::Orda)));
    // Five fields: the halfmove clock only.
    const position::Board five = parse_ok(Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 7");
    CHECK(five.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 7 1");
    // Extra white space between fields is accepted.
    CHECK(parse_ok(Variant::Chess, "  4k3/8/8/8/8/8/8/4K3   w  -  -  ").fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST_CASE("FEN: the en passant field is written only when a capture is legal", "[fen]") {
    // Legal capture: kept.
    CHECK(parse_ok(Variant::Chess, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").fen() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    // No pawn can capture: a valid input, written as '-'.
    CHECK(parse_ok(Variant::Chess, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").fen() == "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    // After a double step in play.
    position::Board b = parse_ok(Variant::Chess, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    b.play(b.parse_uci("e2e4"));
    CHECK(b.fen() == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    position::Board quiet = parse_ok(Variant::Chess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    quiet.play(quiet.parse_uci("e2e4"));
    CHECK(quiet.fen() == "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    // Horde: a White pawn capturing en passant never exposes a king (White has none).
    CHECK(parse_ok(Variant::Horde, "4k3/8/8/3pP3/8/8/8/8 w - d6 0 1").fen() == "4k3/8/8/3pP3/8/8/8/8 w - d6 0 1");
}

TEST_CASE("UCI round trip: every legal move of every suite position", "[fen][uci]") {
    std::size_t moves_checked = 0;
    for (const auto& [v, fen] : all_suite_positions()) {
        const position::Board board = parse_ok(v, fen);
        std::set<std::string> texts;
        for (Move m : board.legal_moves()) {
            const std::string text = board.uci(m);
            INFO(variant_name(v) << " FEN " << fen << " move " << text);
            CHECK(board.parse_uci(text) == m);
            CHECK(texts.insert(text).second); // distinct moves have distinct texts
            CHECK((text.size() == 4 || text.size() == 5));
            ++moves_checked;
        }
        CHECK(board.parse_uci("a1a1").is_none());
        CHECK(board.parse_uci("").is_none());
        CHECK(board.parse_uci("e2e4e5").is_none());
    }
    CHECK(moves_checked > 1000);
}

TEST_CASE("UCI: castling, promotions, kheshig promotions", "[uci]") {
    SECTION("chess castling is the king's move") {
        const position::Board b = parse_ok(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        const Move oo = b.parse_uci("e1g1");
        REQUIRE(!oo.is_none());
        CHECK(oo.is_castling());
        CHECK(b.uci(oo) == "e1g1");
        CHECK(b.parse_uci("e1c1").is_castling());
        CHECK(b.parse_uci("e1h1").is_none()); // king-takes-rook notation is not ours
        position::Board after = b;
        after.play(oo);
        CHECK(after.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
        CHECK(after.parse_uci("e8c8").is_castling());
    }
    SECTION("Horde: Black castles e8g8 / e8c8") {
        const position::Board b = parse_ok(Variant::Horde, "r3k2r/8/8/8/8/8/8/PPPPPPPP b kq - 0 1");
        CHECK(b.parse_uci("e8g8").is_castling());
        CHECK(b.parse_uci("e8c8").is_castling());
    }
    SECTION("Orda: White castles e1g1 / e1c1") {
        const position::Board b = parse_ok(Variant::Orda, "1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        CHECK(b.parse_uci("e1g1").is_castling());
        CHECK(b.parse_uci("e1c1").is_castling());
    }
    SECTION("chess promotions e7e8q/r/b/n") {
        const position::Board b = parse_ok(Variant::Chess, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
        for (auto [text, pt] :
             {std::pair{"e7e8q", QUEEN}, std::pair{"e7e8r", ROOK}, std::pair{"e7e8b", BISHOP}, std::pair{"e7e8n", KNIGHT}}) {
            const Move m = b.parse_uci(text);
            INFO(text);
            REQUIRE(!m.is_none());
            CHECK(m.promoted() == pt);
            CHECK(b.uci(m) == text);
        }
        CHECK(b.parse_uci("e7e8").is_none());
        CHECK(b.parse_uci("e7e8h").is_none());
        CHECK(b.parse_uci("e7e8k").is_none());
    }
    SECTION("Orda promotions e7e8q / e7e8h, Black a2a1q / a2a1h") {
        const position::Board w = parse_ok(Variant::Orda, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
        const Move h = w.parse_uci("e7e8h");
        REQUIRE(!h.is_none());
        CHECK(h.promoted() == KHESHIG);
        CHECK(w.uci(h) == "e7e8h");
        CHECK(w.parse_uci("e7e8q").promoted() == QUEEN);
        CHECK(w.parse_uci("e7e8r").is_none());
        CHECK(w.parse_uci("e7e8n").is_none());
        position::Board after = w;
        after.play(h);
        CHECK(after.fen() == "k3H3/8/8/8/8/8/8/4K3 b - - 0 1");
        const position::Board b = parse_ok(Variant::Orda, "k7/8/8/8/8/8/p7/4K3 b - - 0 1");
        CHECK(b.parse_uci("a2a1h").promoted() == KHESHIG);
        CHECK(b.parse_uci("a2a1q").promoted() == QUEEN);
        CHECK(b.parse_uci("a2a1r").is_none());
    }
    SECTION("en passant is the pawn's move") {
        const position::Board b = parse_ok(Variant::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        const Move ep = b.parse_uci("e5d6");
        REQUIRE(!ep.is_none());
        CHECK(ep.is_en_passant());
    }
}

TEST_CASE("square names", "[uci]") {
    CHECK(position::square_name(A1) == "a1");
    CHECK(position::square_name(H8) == "h8");
    CHECK(position::square_name(E4) == "e4");
    CHECK(position::parse_square("e4") == E4);
    CHECK(position::parse_square("i4") == SQ_NONE);
    CHECK(position::parse_square("e0") == SQ_NONE);
    CHECK(position::parse_square("e") == SQ_NONE);
    CHECK(position::parse_square("e44") == SQ_NONE);
}

TEST_CASE("variant names", "[fen]") {
    CHECK(parse_variant("horde") == Variant::Horde);
    CHECK(parse_variant("Orda Chess") == Variant::Orda);
    CHECK(parse_variant("Standard") == Variant::Chess);
    CHECK(parse_variant("chess") == Variant::Chess);
    CHECK_FALSE(parse_variant("atomic").has_value());
    CHECK(variant_name(Variant::Orda) == "orda");
}
