// Chess960: X-FEN and Shredder-FEN castling fields (parse, errors, X-FEN output and round
// trips), Scharnagl start positions, castling moves rule by rule, king-takes-rook UCI, SAN.
#include "horde/notation/san.hpp"
#include "horde/perft/perft.hpp"
#include "horde/perft/suite.hpp"
#include "horde/position/board.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <string>

using namespace horde;

namespace {

using Code = position::FenError::Code;
using Field = position::FenError::Field;
using Moves = std::set<std::string>;

position::Board board960(std::string_view fen) {
    auto parsed = position::Board::from_fen(Variant::Chess960, fen);
    if (auto* err = std::get_if<position::FenError>(&parsed)) FAIL("invalid Chess960 FEN '" << fen << "': " << err->message);
    return std::get<position::Board>(parsed);
}

position::FenError error960(std::string_view fen, Variant v = Variant::Chess960) {
    auto parsed = position::Board::from_fen(v, fen);
    if (std::holds_alternative<position::Board>(parsed)) FAIL("expected an invalid FEN: '" << fen << "'");
    return std::get<position::FenError>(parsed);
}

Moves castling_moves(const position::Board& b) {
    Moves out;
    for (Move m : b.legal_moves())
        if (m.is_castling()) out.insert(b.uci(m));
    return out;
}

} // namespace

TEST_CASE("Chess960 variant names", "[chess960][fen]") {
    for (const char* name : {"chess960", "Chess960", "Chess 960", "960", "Fischerandom", "FISCHERANDOM", "fischer-random"})
        CHECK(parse_variant(name) == Variant::Chess960);
    CHECK(variant_name(Variant::Chess960) == "chess960");
    CHECK(is_chess(Variant::Chess960));
    CHECK_FALSE(is_chess(Variant::Horde));
}

TEST_CASE("Chess960 start positions by Scharnagl number", "[chess960][fen]") {
    CHECK(position::chess960_start_fen(518) == std::string(position::start_fen(Variant::Chess)));
    CHECK(position::chess960_start_fen(0) == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    CHECK(position::chess960_start_fen(959) == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    CHECK(position::chess960_start_fen(1) == "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w KQkq - 0 1");
    CHECK(position::chess960_start_fen(-1).empty());
    CHECK(position::chess960_start_fen(960).empty());
    // All 960 are distinct legal set-ups: bishops on both colours, king between the rooks,
    // 20 legal moves... and all distinct.
    std::set<std::string> seen;
    for (int n = 0; n < 960; ++n) {
        const std::string fen = position::chess960_start_fen(n);
        INFO("start " << n << ": " << fen);
        const position::Board b = board960(fen);
        CHECK(b.fen() == fen); // the outermost rooks: written KQkq
        const std::string back = fen.substr(0, 8);
        const auto k = back.find('k'), r1 = back.find('r'), r2 = back.rfind('r');
        CHECK((r1 < k && k < r2));
        const auto b1 = back.find('b'), b2 = back.rfind('b');
        CHECK((b1 + b2) % 2 == 1);
        CHECK(b.legal_moves().size() >= 18);
        seen.insert(back);
    }
    CHECK(seen.size() == 960);
    CHECK(std::get<position::NumberedStart>(position::numbered_start(518, Variant::Chess)).variant == Variant::Chess);
    CHECK(std::holds_alternative<std::string>(position::numbered_start(0, Variant::Chess)));
    CHECK(std::holds_alternative<std::string>(position::numbered_start(0, Variant::Horde)));
    CHECK(std::holds_alternative<std::string>(position::numbered_start(960, std::nullopt)));
}

TEST_CASE("Chess960 castling fields: Shredder-FEN and X-FEN parse to the same rights", "[chess960][fen]") {
    // Shredder letters name the rook's file; X-FEN K/Q the outermost rook on that side.
    const position::Board shredder = board960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    const position::Board xfen = board960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    CHECK(shredder.position().castling == ALL_CASTLING);
    CHECK(shredder.position().key == xfen.position().key);
    CHECK(shredder.position().castling_rook[castling_index(WHITE_OO)] == H1);
    CHECK(shredder.position().castling_rook[castling_index(WHITE_OOO)] == F1);
    CHECK(shredder.position().castling_rook[castling_index(BLACK_OO)] == H8);
    CHECK(shredder.position().castling_rook[castling_index(BLACK_OOO)] == F8);
    // Both write X-FEN: K/Q where the rook is the outermost one.
    CHECK(shredder.fen() == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    CHECK(xfen.fen() == shredder.fen());
    // Mixed fields and any order.
    CHECK(board960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w fKhQ - 2 9").fen() == shredder.fen());
    // One of two rooks on a side: the inner one needs its file letter in X-FEN.
    const position::Board inner = board960("4k3/8/8/8/8/8/8/1K4RR w G - 0 1");
    CHECK(inner.position().castling_rook[castling_index(WHITE_OO)] == G1);
    CHECK(inner.fen() == "4k3/8/8/8/8/8/8/1K4RR w G - 0 1");
    CHECK(board960("4k3/8/8/8/8/8/8/1K4RR w K - 0 1").position().castling_rook[castling_index(WHITE_OO)] == H1);
    CHECK(board960("4k3/8/8/8/8/8/8/1K4RR w H - 0 1").fen() == "4k3/8/8/8/8/8/8/1K4RR w K - 0 1");
    CHECK(board960("rr2k3/8/8/8/8/8/8/4K3 b b - 0 1").fen() == "rr2k3/8/8/8/8/8/8/4K3 b b - 0 1");
    CHECK(board960("rr2k3/8/8/8/8/8/8/4K3 b q - 0 1").fen() == "rr2k3/8/8/8/8/8/8/4K3 b q - 0 1");
    // The examples (shakmaty / python-chess suites).
    CHECK(board960("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1").position().castling == ALL_CASTLING);
    CHECK(board960("4rrk1/pbbqp1pp/1pnp1n2/2p5/2P1P3/1PNP1N2/PBBQP1PP/4RRK1 w Ff - 0 1").fen() ==
          "4rrk1/pbbqp1pp/1pnp1n2/2p5/2P1P3/1PNP1N2/PBBQP1PP/4RRK1 w Ff - 0 1");
}

TEST_CASE("Chess960 FEN round trips over the public 960 suite", "[chess960][fen]") {
    std::ifstream in(std::string(HORDE_TESTDATA) + "/perft/chess960.epd");
    REQUIRE(in.good());
    int positions = 0;
    for (std::string line; std::getline(in, line);) {
        const auto entry = perft::parse_perft_suite_line(line);
        if (!entry) continue;
        const position::Board b = board960(entry->fen);
        const std::string written = b.fen(false);
        INFO(entry->fen << " -> " << written);
        const position::Board again = board960(written);
        CHECK(again.fen() == b.fen());
        CHECK(again.position().key == b.position().key);
        for (int i = 0; i < 4; ++i)
            if (b.position().castling & (1 << i)) CHECK(again.position().castling_rook[i] == b.position().castling_rook[i]);
        ++positions;
    }
    CHECK(positions == 960);
}

TEST_CASE("Chess960 castling field errors name the field", "[chess960][fen]") {
    auto expect = [](std::string_view fen, Code code, std::string_view part, Variant v = Variant::Chess960) {
        const position::FenError e = error960(fen, v);
        INFO(fen << ": " << e.message);
        CHECK(e.field == Field::Castling);
        CHECK(e.code == code);
        CHECK(e.message.starts_with("castling field: "));
        CHECK(e.message.find(part) != std::string::npos);
    };
    expect("4k3/8/8/8/8/8/8/4KR2 w X - 0 1", Code::BadCastlingSyntax, "unexpected character 'X'");
    expect("4k3/8/8/8/8/8/8/4KR2 w 1 - 0 1", Code::BadCastlingSyntax, "unexpected character '1'");
    expect("4k3/8/8/8/8/8/8/4KR2 w FF - 0 1", Code::BadCastlingSyntax, "'F' given twice");
    expect("4k3/8/8/8/8/8/8/4KR1R w KF - 0 1", Code::BadCastlingSyntax, "'F' gives the White king-side right a second time");
    expect("4k3/8/8/8/8/8/8/4K2R w G - 0 1", Code::CastlingWithoutPieces, "'G' but no White rook on g1");
    expect("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", Code::CastlingWithoutPieces, "no White rook on rank 1 on the h-side");
    expect("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", Code::CastlingWithoutPieces, "no White rook on rank 1 on the a-side");
    expect("4k3/8/8/8/8/8/4K3/7R w H - 0 1", Code::CastlingWithoutPieces, "the White king is not on rank 1");
    expect("7r/4k3/8/8/8/8/8/4K3 w h - 0 1", Code::CastlingWithoutPieces, "the Black king is not on rank 8");
    expect("4k3/8/8/8/8/8/7R/4K3 w H - 0 1", Code::CastlingWithoutPieces, "'H' but no White rook on h1");
    // Plain chess keeps its own rules and says where Chess960 fields belong.
    expect("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", Code::CastlingWithoutPieces, "needs the chess960 variant",
           Variant::Chess);
    expect("4rrk1/8/8/8/8/8/8/4RRK1 w Ff - 0 1", Code::BadCastlingSyntax, "needs the chess960 variant", Variant::Chess);
    // Shredder letters of the standard rooks are fine in chess.
    CHECK(std::get<position::Board>(position::Board::from_fen(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")).fen() ==
          "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // Horde and Orda keep their side rules.
    expect("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w H - 0 1", Code::CastlingNotAllowed,
           "White has no king in Horde", Variant::Horde);
}

TEST_CASE("Chess960 castling moves: king takes rook, every rule", "[chess960][movegen]") {
    // Rook already on its target (f1): the king passes over it.
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/4KR2 w F - 0 1")) == Moves{"e1f1"});
    // King already on its target (g1): only the rook moves.
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/6KR w H - 0 1")) == Moves{"g1h1"});
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/R1K5 w A - 0 1")) == Moves{"c1a1"});
    // King and rook swap squares.
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/5KR1 w G - 0 1")) == Moves{"f1g1"});
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/2RK4 w C - 0 1")) == Moves{"d1c1"});
    // The castling rook shields the king's target from a queen or rook on the back rank.
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/qRK5 w B - 0 1")).empty());
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/5KRr w G - 0 1")).empty());
    // The same without the enemy piece: legal.
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/1RK5 w B - 0 1")) == Moves{"c1b1"});
    // Both rooks on one side: the inner rook castles; the outer one is blocked by it.
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/1K4RR w G - 0 1")) == Moves{"b1g1"});
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/1K4RR w H - 0 1")).empty());
    // A piece between king and target, or between rook and target, blocks.
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/1RNK4 w B - 0 1")).empty());
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/R1BK4 w A - 0 1")).empty());
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/R2KB3 w A - 0 1")) == Moves{"d1a1"}); // e1 is off both paths
    // In check, or a square the king passes over attacked: no castling.
    CHECK(castling_moves(board960("3rk3/8/8/8/8/8/8/1K4R1 w G - 0 1")).empty());
    CHECK(castling_moves(board960("4kr2/8/8/8/8/8/8/1K4R1 w G - 0 1")).empty());
    CHECK(castling_moves(board960("1r2k3/8/8/8/8/8/8/1K4R1 w G - 0 1")).empty());
    // A square only the rook passes over may be attacked.
    CHECK(castling_moves(board960("4k3/8/8/8/8/8/8/R3K3 w A - 0 1")) == Moves{"e1a1"});
    CHECK(castling_moves(board960("1r2k3/8/8/8/8/8/8/R3K3 w A - 0 1")) == Moves{"e1a1"});
}

TEST_CASE("Chess960 castling: the position after, rights lost, UCI and SAN", "[chess960][movegen][uci]") {
    position::Board b = board960("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1");
    const Move oo = b.parse_uci("f1g1");
    REQUIRE(oo.is_castling());
    CHECK(notation::to_san(b, oo) == "O-O");
    CHECK(b.parse_uci("f1h1").is_none()); // the king's target is not the UCI text
    b.play(oo);
    CHECK(b.fen() == "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1");
    const Move ooo = b.parse_uci("f8b8");
    REQUIRE(ooo.is_castling());
    CHECK(notation::to_san(b, ooo) == "O-O-O");
    b.play(ooo);
    CHECK(b.fen() == "2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2");
    // A rook that moves loses its right only; the other side's right stays.
    position::Board r = board960("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1");
    r.play(r.parse_uci("g1h1"));
    CHECK(r.fen() == "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R b Qkq - 1 1");
    // ... and coming back does not restore it.
    r.play(r.parse_uci("g8h8"));
    r.play(r.parse_uci("h1g1"));
    CHECK(r.fen() == "1r3k1r/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 b Qq - 3 2");
    // A king move loses both.
    position::Board k = board960("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1");
    k.play(k.parse_uci("f1e1"));
    CHECK(k.castling_field() == "kq");
    // Capturing a castling rook removes that right of the opponent.
    position::Board c = board960("1r3kr1/8/8/8/8/8/8/1R3KR1 w KQkq - 0 1");
    c.play(c.parse_uci("b1b8"));
    CHECK(c.castling_field() == "Kk");
    // Plain chess keeps e1g1 and its castling squares.
    const position::Board chess =
        std::get<position::Board>(position::Board::from_fen(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    CHECK(chess.parse_uci("e1g1").is_castling());
    CHECK(chess.parse_uci("e1h1").is_none());
    const position::Board as960 = board960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(as960.parse_uci("e1h1").is_castling());
    CHECK(as960.parse_uci("e1a1").is_castling());
    CHECK(as960.parse_uci("e1g1").is_none());
    // The same trees: chess castling and Chess960 castling from the standard squares.
    CHECK(perft::perft(Variant::Chess960, as960.position(), 4) == perft::perft(Variant::Chess, chess.position(), 4));
}
