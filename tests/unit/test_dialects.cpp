// The dialect layer of issue 10 at library level: read_dialect_move (what each spelling is read
// as, and what is refused), null_move_board, the reader's dialect tokens and game boundaries,
// and the DuplicateFinder stage. The command-line verdicts of every fixture are in
// tests/cli/check_dialects.sh.
#include "horde/game/checker.hpp"
#include "horde/game/duplicates.hpp"
#include "horde/notation/dialect.hpp"
#include "horde/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

using namespace horde;

// The SAN a dialect token is read as, or "error: <code>", or "none" (not a dialect shape).
std::string reading(const position::Board& board, std::string_view token) {
    auto r = notation::read_dialect_move(board, token);
    if (!r) return "none";
    if (auto* e = std::get_if<notation::SanError>(&*r)) return "error: " + std::string(notation::san_error_code_name(e->code));
    const auto& d = std::get<notation::DialectMove>(*r);
    return notation::to_san(board, d.move) + " [" + std::string(notation::san_warning_code_name(d.warnings.front().code)) + "]";
}

position::Board from_fen(Variant v, std::string_view fen) { return std::get<position::Board>(position::Board::from_fen(v, fen)); }

std::vector<game::GameRecord> check_all(const std::string& pgn, game::CheckOptions options = {}) {
    std::vector<game::GameRecord> out;
    pgn::PgnReader reader = pgn::PgnReader::from_memory(pgn);
    game::check_pgn(reader, options, false, [&](const game::GameRecord& r, std::string_view) { out.push_back(r); });
    return out;
}

bool has(const std::vector<game::Diagnostic>& list, std::string_view code) {
    for (const auto& d : list)
        if (diagnostic_name(d.code) == code) return true;
    return false;
}

} // namespace

TEST_CASE("dialects: long algebraic and UCI", "[dialects]") {
    const position::Board start(Variant::Chess);
    CHECK(reading(start, "g1f3") == "Nf3 [uci-move]");
    CHECK(reading(start, "e2e4") == "e4 [uci-move]");
    CHECK(reading(start, "e2-e4") == "e4 [long-algebraic]");
    CHECK(reading(start, "Ng1-f3") == "Nf3 [long-algebraic]");
    CHECK(reading(start, "Bg1-f3") == "error: illegal-move"); // the piece on g1 is a knight
    CHECK(reading(start, "e3e4") == "error: illegal-move");   // nothing on e3
    CHECK(reading(start, "e2e5") == "error: illegal-move");
    const position::Board promo = from_fen(Variant::Chess, "7k/3P4/8/8/8/8/8/K7 w - - 0 1");
    CHECK(reading(promo, "d7d8q") == "d8=Q+ [uci-move]");
    CHECK(reading(promo, "d7d8Q") == "d8=Q+ [long-algebraic]");
    CHECK(reading(promo, "d7d8=N") == "d8=N [long-algebraic]");
    CHECK(reading(promo, "d7d8") == "error: illegal-move"); // auto-queening would be a guess
    CHECK(reading(promo, "d8(Q)") == "error: san-syntax");
    const position::Board orda = from_fen(Variant::Orda, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    CHECK(reading(orda, "e7e8h") == "e8=H [uci-move]");
}

TEST_CASE("dialects: castling spellings and lower-case piece letters", "[dialects]") {
    const position::Board castle = from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK(reading(castle, "o-o") == "O-O [lowercase-castling]");
    CHECK(reading(castle, "e1g1") == "O-O [castling-as-king-move]");
    CHECK(reading(castle, "Ke1g1") == "O-O [castling-as-king-move]");
    CHECK(reading(castle, "o-o-o") == "error: illegal-move");
    const position::Board start(Variant::Chess);
    CHECK(reading(start, "nf3") == "Nf3 [lowercase-piece]");
    CHECK(reading(start, "bc4") == "none"); // b is a file, never a bishop
    CHECK(reading(start, "qd3") == "error: illegal-move");
    const position::Board orda(Variant::Orda);
    CHECK(reading(orda, "a3") == "none");
    position::Board after_e4 = orda;
    after_e4.play(after_e4.parse_uci("e2e4"));
    CHECK(reading(after_e4, "lc7") == "Lc7 [lowercase-piece]");
    CHECK(reading(after_e4, "hc6") == "none"); // Orda's h is a file, never a kheshig
    // a lower-case promotion piece: after the rank only a promotion comes, so b is the bishop
    const position::Board promote = from_fen(Variant::Chess, "3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    CHECK(reading(promote, "e8=q") == "e8=Q+ [lowercase-piece]");
    CHECK(reading(promote, "exd8b") == "exd8=B [lowercase-piece]");
    CHECK(reading(promote, "e8=k") == "error: illegal-move"); // a king: no promotion
}

TEST_CASE("dialects: null moves pass the turn and clear en passant", "[dialects]") {
    const position::Board ep = from_fen(Variant::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 5");
    auto after = notation::null_move_board(ep);
    REQUIRE(after);
    CHECK(after->fen() == "4k3/8/8/3pP3/8/8/8/4K3 b - - 1 5");
    auto back = notation::null_move_board(*after);
    REQUIRE(back);
    CHECK(back->fen() == "4k3/8/8/3pP3/8/8/8/4K3 w - - 2 6");
    CHECK_FALSE(notation::null_move_board(from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"))); // in check
    for (std::string_view t : {"--", "Z0", "0000", "@@@@"}) CHECK(notation::is_null_move_token(t));
    CHECK_FALSE(notation::is_null_move_token("Z1"));
}

TEST_CASE("dialects: an origin no other legal move needed is a warning, strict an error", "[dialects]") {
    // one knight can reach f3 (the other is far), a pinned knight, two that can: Nbd2 is needed
    const std::string fen_one = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/P7/4K1N1 w - - 0 1\"]\n\n";
    auto one = check_all("[Event \"a\"]\n" + fen_one + "1. Ngf3 Kd7 2. Ng1 Ke8 3. N1f3 *\n");
    REQUIRE(one.size() == 1);
    CHECK(one[0].valid());
    CHECK(has(one[0].warnings, "needless-disambiguation"));
    const std::string pinned = "[SetUp \"1\"]\n[FEN \"4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1\"]\n\n";
    auto pin = check_all("[Event \"b\"]\n" + pinned + "1. Nbd2 *\n");
    REQUIRE(pin.size() == 1);
    CHECK(has(pin[0].warnings, "needless-disambiguation")); // the knight on e2 is pinned: Nd2 was enough
    auto needed = check_all("[Event \"c\"]\n\n1. Nf3 d5 2. d4 e6 3. Nbd2 *\n");
    REQUIRE(needed.size() == 1);
    CHECK(needed[0].valid());
    CHECK_FALSE(has(needed[0].warnings, "needless-disambiguation"));
    game::CheckOptions strict;
    strict.strict = true;
    CHECK_FALSE(check_all("[Event \"a\"]\n" + fen_one + "1. Ngf3 *\n", strict)[0].valid());
}

TEST_CASE("dialects: the reader's tokens and game boundaries", "[dialects][pgn]") {
    // 0000 and @@@@ reach the checker as moves; the ellipsis is a move number
    auto r = check_all("[Event \"a\"]\n\n1. e4 e5 (1... 0000 2. d4 @@@@ 3. c4) 2. Nf3 {c} 2\xe2\x80\xa6 Nc6 *\n");
    REQUIRE(r.size() == 1);
    CHECK(r[0].valid());
    CHECK(r[0].plies() == 4);
    CHECK(has(r[0].warnings, "null-move"));
    CHECK(has(r[0].warnings, "unicode-ellipsis"));
    // figurines for piece letters and ½ in a result: read as the letters, a warning each
    auto fig = check_all("[Event \"f\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. \xe2\x99\x98"
                         "f3 \xe2\x99\x9e"
                         "c6 3. \xe2\x99\x97"
                         "b5! a6 \xc2\xbd-\xc2\xbd\n");
    REQUIRE(fig.size() == 1);
    CHECK(fig[0].valid());
    CHECK(fig[0].plies() == 6);
    CHECK(has(fig[0].warnings, "unicode-symbol"));
    CHECK(fig[0].movetext_result == "1/2-1/2");
    auto glued = check_all("[Event \"h\"]\n\n1. e4 e5 2.\xe2\x99\x98"
                           "f3 2...\xe2\x99\x9e"
                           "c6 *\n"); // glued to the move number, as ChessBase writes it
    REQUIRE(glued.size() == 1);
    CHECK(glued[0].valid());
    CHECK(glued[0].plies() == 4);
    auto bare = check_all("[Event \"g\"]\n\n1. \xe2\x99\x98 *\n"); // a figurine alone: no move
    REQUIRE(bare.size() == 1);
    CHECK_FALSE(bare[0].valid());
    // a blank line and a restarting number: two games; another number: one game
    CHECK(check_all("[Event \"a\"]\n\n1. e4 e5\n\n1. d4 d5 *\n").size() == 2);
    auto one = check_all("[Event \"a\"]\n\n1. e4 e5\n\n2. d4 d5 *\n");
    REQUIRE(one.size() == 1);
    CHECK(has(one[0].warnings, "blank-line-in-movetext"));
    // a comment before the first move, then a blank line, is no restart
    CHECK(check_all("[Event \"a\"]\n\n{intro}\n\n1. e4 e5 *\n").size() == 1);
    // prose before the first game: a warning of the first game, with its line
    auto pre = check_all("Games of 2024\n\n[Event \"a\"]\n\n1. e4 *\n");
    REQUIRE(pre.size() == 1);
    REQUIRE(has(pre[0].warnings, "text-between-games"));
    CHECK(pre[0].warnings.front().line == 1);
    // tagless movetext without numbers is still a game
    CHECK(check_all("e4 e5 *\n").size() == 1);
    // a blank line in a tag section does not split; a repeated Event does
    CHECK(check_all("[Event \"a\"]\n\n[Site \"s\"]\n\n1. e4 *\n").size() == 1);
    CHECK(check_all("[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n").size() == 2);
}

TEST_CASE("dialects: duplicate games, exact and prefix, in input order", "[dialects][duplicates]") {
    const std::string pgn = "[Event \"1\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"2\"]\n\n1. e4 e5 2. Nf3 *\n\n"
                            "[Event \"3\"]\n\n1. e4 e5 *\n\n[Event \"4\"]\n\n1. d4 *\n";
    game::CheckOptions exact;
    exact.duplicates = game::DuplicateMode::Exact;
    auto r = check_all(pgn, exact);
    REQUIRE(r.size() == 4);
    CHECK_FALSE(game::is_duplicate(r[0]));
    CHECK(game::is_duplicate(r[1]));
    CHECK_FALSE(game::is_duplicate(r[2]));
    CHECK(r[0].fingerprint == r[1].fingerprint);
    CHECK(r[0].fingerprint != r[2].fingerprint);
    game::CheckOptions prefix;
    prefix.duplicates = game::DuplicateMode::Prefix;
    auto p = check_all(pgn, prefix);
    CHECK(game::is_duplicate(p[1]));
    CHECK(game::is_duplicate(p[2])); // its moves start game 1's
    CHECK_FALSE(game::is_duplicate(p[3]));
    // the same moves from another variant or start position are another game
    auto v = check_all("[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n[Variant \"Orda\"]\n\n1. e4 *\n", exact);
    CHECK_FALSE(game::is_duplicate(v[1]));
    // the fixed cost: 16-byte entries
    game::DuplicateFinder finder(game::DuplicateMode::Exact);
    for (int i = 1; i <= 1000; ++i) {
        game::GameRecord g = r[0];
        g.game = i;
        g.fingerprint = std::uint64_t(i) * 0x9E3779B97F4A7C15ULL;
        finder.check(g, false);
    }
    CHECK(finder.memory_bytes() <= 1000 * 16 * 4);
}
