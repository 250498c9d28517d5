// Move generation, rule by rule (../shared/RULES.md): concrete move sets as UCI strings for
// each Horde and Orda rule, and a few chess ones for contrast.
#include "horde/perft/perft.hpp"
#include "horde/position/board.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace horde;

namespace {

using Moves = std::set<std::string>;

position::Board board_of(Variant v, std::string_view fen) {
    auto parsed = position::Board::from_fen(v, fen);
    if (auto* err = std::get_if<position::FenError>(&parsed))
        FAIL("invalid " << variant_name(v) << " FEN '" << fen << "': " << err->message);
    return std::get<position::Board>(parsed);
}

Moves all_moves(const position::Board& b) {
    Moves out;
    for (Move m : b.legal_moves()) out.insert(b.uci(m));
    // The counting generator must agree with the listing one.
    CHECK(position::count_legal_moves(b.variant(), b.position()) == b.legal_moves().size());
    return out;
}

// The legal moves starting on one square.
Moves moves_from(const position::Board& b, std::string_view square) {
    Moves out;
    for (const auto& m : all_moves(b))
        if (m.compare(0, 2, square) == 0) out.insert(m);
    return out;
}

Moves moves_of(Variant v, std::string_view fen) { return all_moves(board_of(v, fen)); }
Moves moves_from(Variant v, std::string_view fen, std::string_view square) { return moves_from(board_of(v, fen), square); }

position::Board after(position::Board b, std::string_view uci) {
    const Move m = b.parse_uci(uci);
    INFO("move " << uci << " in " << b.fen());
    REQUIRE(!m.is_none());
    b.play(m);
    return b;
}

} // namespace

// ---------------------------------------------------------------------------- Horde

TEST_CASE("Horde: a double step from rank 1 leaves no en passant square", "[movegen][horde]") {
    const position::Board b = board_of(Variant::Horde, "4k3/8/8/8/8/3p4/8/4P3 w - - 0 1");
    CHECK(moves_from(b, "e1") == Moves{"e1e2", "e1e3"});
    const position::Board a = after(b, "e1e3");
    CHECK(a.position().ep == SQ_NONE);
    CHECK(a.fen() == "4k3/8/8/8/8/3pP3/8/8 b - - 0 1");
    CHECK(moves_from(a, "d3") == Moves{"d3d2"});                   // no d3e2 en passant
    CHECK(perft::perft(Variant::Horde, b.position(), 2) == 7 + 6); // e1e2: d3d2, d3xe2, 5 king steps; e1e3: d3d2, 5
}

TEST_CASE("Horde: a double step from rank 2 leaves an en passant square", "[movegen][horde]") {
    const position::Board b = board_of(Variant::Horde, "4k3/8/8/8/3p4/8/4P3/8 w - - 0 1");
    CHECK(moves_from(b, "e2") == Moves{"e2e3", "e2e4"});
    const position::Board a = after(b, "e2e4");
    CHECK(a.position().ep == E3);
    CHECK(a.fen() == "4k3/8/8/8/3pP3/8/8/8 b - e3 0 1");
    CHECK(moves_from(a, "d4") == Moves{"d4d3", "d4e3"});
    CHECK(a.parse_uci("d4e3").is_en_passant());
    // Capturing the last White unit en passant ends the game: no moves after it.
    const position::Board extinct = after(a, "d4e3");
    CHECK(extinct.fen() == "4k3/8/8/8/8/4p3/8/8 w - - 0 2");
    CHECK(extinct.variant_game_over());
    CHECK(all_moves(extinct).empty());
}

TEST_CASE("Horde: rank-1 double step needs both squares empty", "[movegen][horde]") {
    CHECK(moves_from(Variant::Horde, "4k3/8/8/8/8/4p3/8/4P3 w - - 0 1", "e1") == Moves{"e1e2"});
    CHECK(moves_from(Variant::Horde, "4k3/8/8/8/8/8/4p3/4P3 w - - 0 1", "e1").empty());
    // Pawns on both ranks: the rank-1 pawn is blocked by its neighbour in front.
    CHECK(moves_of(Variant::Horde, "4k3/8/8/8/8/8/4P3/4P3 w - - 0 1") == Moves{"e2e3", "e2e4"});
}

TEST_CASE("Horde: White is never in check, every pseudo-legal White move is legal", "[movegen][horde]") {
    // The queen attacks c2 and d1 and stands on the a4-e8 diagonal: White has no king to protect.
    const position::Board b = board_of(Variant::Horde, "4k3/8/8/8/q7/8/2P5/3P4 w - - 0 1");
    CHECK_FALSE(b.in_check());
    CHECK(b.checkers() == 0);
    CHECK(moves_of(Variant::Horde, "4k3/8/8/8/q7/8/2P5/3P4 w - - 0 1") == Moves{"c2c3", "c2c4", "d1d2", "d1d3"});
    // A White piece "pinned" to nothing moves freely: a rook between two black rooks.
    CHECK(moves_from(Variant::Horde, "4k3/8/8/8/r2R3r/8/8/8 w - - 0 1", "d4") ==
          Moves{"d4a4", "d4b4", "d4c4", "d4e4", "d4f4", "d4g4", "d4h4", "d4d1", "d4d2", "d4d3", "d4d5", "d4d6", "d4d7", "d4d8"});
}

TEST_CASE("Horde: Black meets check as usual", "[movegen][horde]") {
    // A White pawn on d7 checks e8: Black must answer.
    const position::Board b = board_of(Variant::Horde, "4k3/3P4/8/8/8/8/8/8 b - - 0 1");
    CHECK(b.in_check());
    CHECK(moves_of(Variant::Horde, "4k3/3P4/8/8/8/8/8/8 b - - 0 1") == Moves{"e8d7", "e8d8", "e8e7", "e8f7", "e8f8"});
    // With a rook beside the king, the rook capture joins in.
    CHECK(moves_of(Variant::Horde, "3rk3/3P4/8/8/8/8/8/8 b - - 0 1") == Moves{"d8d7", "e8d7", "e8e7", "e8f7", "e8f8"});
}

TEST_CASE("Horde: only Black castles", "[movegen][horde]") {
    CHECK(moves_from(Variant::Horde, "r3k2r/8/8/8/8/8/8/PPPPPPPP b kq - 0 1", "e8") ==
          Moves{"e8c8", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8", "e8g8"});
    // Castling through a square a White pawn attacks is illegal (g7 attacks f8).
    CHECK(moves_from(Variant::Horde, "r3k2r/6P1/8/8/8/8/8/8 b kq - 0 1", "e8") == Moves{"e8c8", "e8d7", "e8d8", "e8e7", "e8f7"});
    CHECK(moves_from(Variant::Horde, "r3k2r/4P3/8/8/8/8/8/8 b kq - 0 1", "e8") == Moves{"e8d7", "e8e7", "e8f7"});
    // White castling rights are a FEN error in Horde (see test_fen.cpp); without rights no castling.
    CHECK(moves_from(Variant::Horde, "r3k2r/8/8/8/8/8/8/PPPPPPPP b - - 0 1", "e8") ==
          Moves{"e8d7", "e8d8", "e8e7", "e8f7", "e8f8"});
}

TEST_CASE("Horde: a position where White has no units has no moves", "[movegen][horde]") {
    for (const char* fen :
         {"4k3/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/8 b - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/8/8 b kq - 0 1"}) {
        INFO(fen);
        const position::Board b = board_of(Variant::Horde, fen);
        CHECK(b.variant_game_over());
        CHECK(all_moves(b).empty());
        CHECK(perft::perft(Variant::Horde, b.position(), 1) == 0);
        CHECK(perft::perft(Variant::Horde, b.position(), 3) == 0);
    }
    // Blocked White pawns: no moves, but the game is not over by extinction (stalemate).
    const position::Board blocked = board_of(Variant::Horde, "4k3/8/8/8/8/8/p7/P7 w - - 0 1");
    CHECK_FALSE(blocked.variant_game_over());
    CHECK(all_moves(blocked).empty());
    // Capturing the last White unit: the child position has no moves.
    const position::Board last = board_of(Variant::Horde, "4k3/8/8/8/8/8/1p6/P7 b - - 0 1");
    CHECK(moves_from(last, "b2") == Moves{"b2a1q", "b2a1r", "b2a1b", "b2a1n", "b2b1q", "b2b1r", "b2b1b", "b2b1n"});
    const position::Board gone = after(last, "b2a1q");
    CHECK(gone.variant_game_over());
    CHECK(all_moves(gone).empty());
}

TEST_CASE("Horde: promotions to Q, R, B, N", "[movegen][horde]") {
    CHECK(moves_from(Variant::Horde, "r3k3/1P6/8/8/8/8/8/8 w q - 0 1", "b7") ==
          Moves{"b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7b8q", "b7b8r", "b7b8b", "b7b8n"});
}

// ---------------------------------------------------------------------------- Orda

TEST_CASE("Orda: the lancer moves like a knight and captures like a rook", "[movegen][orda]") {
    // Lancer d4. White: knight d7 and pawn d2 on its file, bishop b4 on its rank, pawn f5 a
    // knight's step away (neither a quiet target nor a capture).
    const char* fen = "7k/3N4/8/5P2/1B1l4/8/3P4/4K3 b - - 0 1";
    CHECK(moves_from(Variant::Orda, fen, "d4") ==
          Moves{"d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4d7", "d4b4", "d4d2"});
    // Its attacks are the rook lines: e4 and h4 are attacked, b3 (a knight step) is not.
    const position::Board w = board_of(Variant::Orda, "7k/8/8/8/3l4/1K6/8/8 w - - 0 1");
    CHECK_FALSE(w.in_check());
    CHECK(moves_from(w, "b3") == Moves{"b3a2", "b3a3", "b3b2", "b3c2", "b3c3"});
}

TEST_CASE("Orda: the horse archer moves like a knight and captures like a bishop", "[movegen][orda]") {
    // Archer d4. White: rook g7 and knight b6 on its diagonals, pawn e6 on a knight square.
    const char* fen = "7k/6R1/1N2P3/8/3a4/8/8/4K3 b - - 0 1";
    CHECK(moves_from(Variant::Orda, fen, "d4") == Moves{"d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4f3", "d4f5", "d4g7", "d4b6"});
}

TEST_CASE("Orda: lancers and archers check along their capture lines only", "[movegen][orda]") {
    // Lancer a1 checks e1 along the rank: the king must leave it (d1 and f1 stay attacked).
    const position::Board l = board_of(Variant::Orda, "k7/8/8/8/8/8/8/l3K3 w - - 0 1");
    CHECK(l.in_check());
    CHECK(l.checkers() == square_bb(A1));
    CHECK(all_moves(l) == Moves{"e1d2", "e1e2", "e1f2"});
    // Archer a5 checks e1 along the diagonal; d2 is on the line, so not a flight square.
    const position::Board a = board_of(Variant::Orda, "k7/8/8/a7/8/8/8/3RK3 w - - 0 1");
    CHECK(a.in_check());
    CHECK(all_moves(a) == Moves{"e1e2", "e1f1", "e1f2", "d1d2"});
    // A lancer or archer a knight's step away gives no check.
    CHECK_FALSE(board_of(Variant::Orda, "k7/8/8/8/8/3l4/8/4K3 w - - 0 1").in_check());
    CHECK_FALSE(board_of(Variant::Orda, "k7/8/8/8/8/3a4/8/4K3 w - - 0 1").in_check());
    // The king may not step onto a lancer's line, and may step onto its knight squares (d1).
    CHECK(moves_of(Variant::Orda, "k7/8/8/8/8/8/1l6/4K3 w - - 0 1") == Moves{"e1d1", "e1f1"});
}

TEST_CASE("Orda: lancers and archers pin along their capture lines", "[movegen][orda]") {
    // Lancer a4 pins the knight d4 to the king e4: it cannot move.
    CHECK(moves_from(Variant::Orda, "k7/8/8/8/l2NK3/8/8/8 w - - 0 1", "d4").empty());
    // Lancer a4 pins the rook d4: it moves along the rank only, up to taking the lancer.
    CHECK(moves_from(Variant::Orda, "k7/8/8/8/l2RK3/8/8/8 w - - 0 1", "d4") == Moves{"d4a4", "d4b4", "d4c4"});
    // Archer a5 pins the bishop c3 to e1: it moves along the diagonal.
    CHECK(moves_from(Variant::Orda, "k7/8/8/a7/8/2B5/8/4K3 w - - 0 1", "c3") == Moves{"c3a5", "c3b4", "c3d2"});
    // The same rook beside an archer's diagonal is not pinned by a rook-line archer.
    CHECK(moves_from(Variant::Orda, "k7/8/8/8/a2RK3/8/8/8 w - - 0 1", "d4").size() == 10);
    // En passant that would expose the king to a lancer on the rank is illegal.
    const position::Board ep = board_of(Variant::Orda, "7k/8/8/l2pP2K/8/8/8/8 w - d6 0 1");
    CHECK(moves_from(ep, "e5") == Moves{"e5e6"});
    CHECK(ep.fen() == "7k/8/8/l2pP2K/8/8/8/8 w - - 0 1");
    CHECK(moves_from(Variant::Orda, "7k/8/8/a2pP2K/8/8/8/8 w - d6 0 1", "e5") == Moves{"e5d6", "e5e6"});
}

TEST_CASE("Orda: the kheshig moves as knight and king", "[movegen][orda]") {
    const char* fen = "7k/8/2p5/4P3/3h4/8/8/4K3 b - - 0 1";
    CHECK(moves_from(Variant::Orda, fen, "d4") == Moves{"d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4",
                                                        "d4e5",                                                   // king steps
                                                        "d4b3", "d4b5", "d4c2", "d4e2", "d4e6", "d4f3", "d4f5"}); // knight steps
    // A White kheshig (promoted) moves the same way.
    CHECK(moves_from(Variant::Orda, "7k/8/8/8/3H4/8/8/4K3 w - - 0 1", "d4").size() == 16);
    // It checks as knight and as king.
    CHECK(board_of(Variant::Orda, "7k/8/8/8/3h4/8/4K3/8 w - - 0 1").in_check());
    CHECK(board_of(Variant::Orda, "7k/8/8/8/3h4/4K3/8/8 w - - 0 1").in_check());
}

TEST_CASE("Orda: the yurt steps diagonally and straight forward, by colour", "[movegen][orda]") {
    CHECK(moves_from(Variant::Orda, "7k/8/8/8/3y4/8/8/K7 b - - 0 1", "d4") == Moves{"d4c3", "d4c5", "d4d3", "d4e3", "d4e5"});
    // Forward is down the board for Black, up for White.
    CHECK(yurt_attacks(BLACK, D4) == (square_bb(C3) | square_bb(C5) | square_bb(E3) | square_bb(E5) | square_bb(D3)));
    CHECK(yurt_attacks(WHITE, D4) == (square_bb(C3) | square_bb(C5) | square_bb(E3) | square_bb(E5) | square_bb(D5)));
    // It checks a king in front of it, not behind it.
    CHECK(board_of(Variant::Orda, "7k/8/8/8/3y4/3K4/8/8 w - - 0 1").in_check());
    const position::Board behind = board_of(Variant::Orda, "7k/8/8/3K4/3y4/8/8/8 w - - 0 1");
    CHECK_FALSE(behind.in_check());
    CHECK(all_moves(behind) == Moves{"d5c4", "d5c6", "d5d4", "d5d6", "d5e4", "d5e6"});
}

TEST_CASE("Orda: pawns of both sides promote only to queen or kheshig", "[movegen][orda]") {
    CHECK(moves_from(Variant::Orda, "3l3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7") == Moves{"e7e8q", "e7e8h", "e7d8q", "e7d8h"});
    CHECK(moves_from(Variant::Orda, "7k/8/8/8/8/8/p7/1N2K3 b - - 0 1", "a2") == Moves{"a2a1q", "a2a1h", "a2b1q", "a2b1h"});
}

TEST_CASE("Orda: White pawns double-step and can be taken en passant", "[movegen][orda]") {
    const position::Board b = board_of(Variant::Orda, "7k/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    CHECK(moves_from(b, "e2") == Moves{"e2e3", "e2e4"});
    const position::Board a = after(b, "e2e4");
    CHECK(a.fen() == "7k/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    CHECK(moves_from(a, "d4") == Moves{"d4d3", "d4e3"});
    // A Black pawn on rank 7 (only in a set-up position) double-steps as in Fairy-Stockfish.
    CHECK(moves_from(Variant::Orda, "7k/3p4/8/8/8/8/8/4K3 b - - 0 1", "d7") == Moves{"d7d5", "d7d6"});
}

TEST_CASE("Orda: only White castles", "[movegen][orda]") {
    CHECK(moves_from(Variant::Orda, "1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1") ==
          Moves{"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"});
    // A lancer on the f-file attacks f1: no king-side castling. On h3 it attacks only its
    // rook lines, not its knight squares (g1, f2): both castlings stay legal.
    CHECK(moves_from(Variant::Orda, "1k3l2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1") == Moves{"e1c1", "e1d1", "e1d2", "e1e2"});
    CHECK(moves_from(Variant::Orda, "1k6/8/8/8/8/7l/8/R3K2R w KQ - 0 1", "e1") ==
          Moves{"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"});
    // An archer on the b6-g1 diagonal attacks g1 (and f2).
    CHECK(moves_from(Variant::Orda, "1k6/8/1a6/8/8/8/8/R3K2R w KQ - 0 1", "e1") == Moves{"e1c1", "e1d1", "e1d2", "e1e2", "e1f1"});
    // Black has no castling moves (its rights are a FEN error; see test_fen.cpp).
    CHECK(moves_from(Variant::Orda, "l3k2l/8/8/8/8/8/8/4K3 b - - 0 1", "e8") == Moves{"e8d7", "e8d8", "e8e7", "e8f7", "e8f8"});
}

TEST_CASE("Orda: campmate, a king on the opponent's back rank, leaves no moves", "[movegen][orda]") {
    for (const char* fen : {"3K4/8/8/8/k7/8/8/8 b - - 0 1", "3K4/8/8/8/k7/8/8/8 w - - 0 1", "8/8/8/8/8/8/4K3/k7 w - - 0 1",
                            "8/8/8/8/8/8/4K3/k7 b - - 0 1"}) {
        INFO(fen);
        const position::Board b = board_of(Variant::Orda, fen);
        CHECK(b.variant_game_over());
        CHECK(all_moves(b).empty());
        CHECK(perft::perft(Variant::Orda, b.position(), 2) == 0);
    }
    // Reaching the rank ends the game: the move is legal and has no children.
    const position::Board b = board_of(Variant::Orda, "k7/4K3/8/8/8/8/8/8 w - - 0 1");
    CHECK(moves_from(b, "e7").count("e7e8") == 1);
    const position::Board a = after(b, "e7e8");
    CHECK(a.variant_game_over());
    CHECK(all_moves(a).empty());
    // In chess a king on the back rank is just a king.
    CHECK_FALSE(all_moves(board_of(Variant::Chess, "3K4/8/8/8/k7/8/8/8 b - - 0 1")).empty());
}

// ---------------------------------------------------------------------------- chess

TEST_CASE("chess: castling rules", "[movegen][chess]") {
    CHECK(moves_from(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1") ==
          Moves{"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"});
    // b1 attacked does not stop queen-side castling; d1 attacked does.
    CHECK(moves_from(Variant::Chess, "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1").count("e1c1") == 1);
    CHECK(moves_from(Variant::Chess, "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1").count("e1c1") == 0);
    // b1 occupied does.
    CHECK(moves_from(Variant::Chess, "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1").count("e1c1") == 0);
    // Not out of check.
    CHECK(moves_from(Variant::Chess, "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1") == Moves{"e1d1", "e1d2", "e1f1", "e1f2"});
}

TEST_CASE("chess: en passant that exposes the king is illegal", "[movegen][chess]") {
    CHECK(moves_from(Variant::Chess, "k7/8/8/KPp4r/8/8/8/8 w - c6 0 2", "b5") == Moves{"b5b6"});
    CHECK(moves_from(Variant::Chess, "k7/8/8/KPp5/8/8/8/8 w - c6 0 2", "b5") == Moves{"b5b6", "b5c6"});
}
