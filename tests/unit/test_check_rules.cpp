// GameChecker on small PGN snippets: one test per Horde and Orda rule of RULES.md, one per
// error code and warning, Variant tags, SetUp/FEN, variations, repetition and Result rules,
// and lichess's extra rules (--lichess).
#include "horde/game/checker.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/json.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

using namespace horde;

std::vector<game::GameRecord> check_all(const std::string& pgn, game::CheckOptions options = {}) {
    std::vector<game::GameRecord> out;
    pgn::PgnReader reader = pgn::PgnReader::from_memory(pgn);
    game::check_pgn(reader, options, false, [&](const game::GameRecord& r, std::string_view) { out.push_back(r); });
    return out;
}

game::GameRecord check_one(const std::string& pgn, game::CheckOptions options = {}) {
    auto all = check_all(pgn, options);
    REQUIRE(all.size() == 1);
    return all.front();
}

game::CheckOptions strict() {
    game::CheckOptions o;
    o.strict = true;
    return o;
}

game::CheckOptions lichess() {
    game::CheckOptions o;
    o.lichess = true;
    return o;
}

// A game from a set-up position.
std::string setup(const std::string& variant, const std::string& fen, const std::string& movetext,
                  const std::string& result = "*") {
    std::string s = "[Event \"t\"]\n";
    if (!variant.empty()) s += "[Variant \"" + variant + "\"]\n";
    s += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n[Result \"" + result + "\"]\n\n" + movetext + "\n";
    return s;
}

std::string variant_game(const std::string& variant, const std::string& movetext, const std::string& result = "*") {
    std::string s = "[Event \"t\"]\n";
    if (!variant.empty()) s += "[Variant \"" + variant + "\"]\n";
    s += "[Result \"" + result + "\"]\n\n" + movetext + "\n";
    return s;
}

const game::Diagnostic* find(const std::vector<game::Diagnostic>& list, const std::string& code) {
    for (const auto& d : list)
        if (diagnostic_name(d.code) == code) return &d;
    return nullptr;
}

std::string describe(const game::GameRecord& r) {
    std::string s;
    for (const auto& d : r.errors)
        s += "error " + std::string(diagnostic_name(d.code)) + " (ply " + std::to_string(d.ply) + "): " + d.message + "\n";
    for (const auto& d : r.warnings) s += "warning " + std::string(diagnostic_name(d.code)) + ": " + d.message + "\n";
    return s;
}

// The game is invalid and its first error has this code (and ply, when > 0).
void require_error(const game::GameRecord& r, const std::string& code, int ply = 0) {
    INFO(describe(r));
    REQUIRE_FALSE(r.valid());
    CHECK(diagnostic_name(r.errors.front().code) == code);
    if (ply > 0) CHECK(r.errors.front().ply == ply);
}

void require_valid(const game::GameRecord& r) {
    INFO(describe(r));
    REQUIRE(r.valid());
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string final_fen(const game::GameRecord& r) { return r.final_board ? r.final_board->fen() : std::string("-"); }

} // namespace

// ============================================================================ Horde rules

TEST_CASE("check: Horde: a White pawn on rank 1 may double-step, and leaves no en passant", "[check][horde]") {
    const std::string fen = "4k3/8/8/8/8/1p6/8/P7 w - - 0 1";
    auto r = check_one(setup("Horde", fen, "1. a3 Kd8 *"));
    require_valid(r);
    CHECK(final_fen(r) == "3k4/8/8/8/8/Pp6/8/8 w - - 1 2");
    // The b3 pawn cannot take a3 en passant (it would land on a2).
    require_error(check_one(setup("Horde", fen, "1. a3 bxa2 *")), "illegal-move", 2);
}

TEST_CASE("check: Horde: a double step from rank 2 leaves en passant as in chess", "[check][horde]") {
    auto r = check_one(setup("Horde", "4k3/8/8/8/1p6/8/P6P/8 w - - 0 1", "1. a4 bxa3 *"));
    require_valid(r);
    CHECK(final_fen(r) == "4k3/8/8/8/8/p7/7P/8 w - - 0 2");
}

TEST_CASE("check: Horde: a double step from rank 3 is illegal, and the reason says so", "[check][horde]") {
    auto r = check_one(setup("Horde", "4k3/8/8/8/8/P7/8/8 w - - 0 1", "1. a5 *"));
    require_error(r, "illegal-move", 1);
    CHECK(contains(r.errors.front().message, "rank 3"));
    CHECK(r.errors.front().line == 7);
    CHECK(r.errors.front().column == 4);
    CHECK(r.errors.front().token == "a5");
}

TEST_CASE("check: Horde: extinction ends the game 0-1, a move after it is move-after-end", "[check][horde]") {
    const std::string fen = "4k3/8/8/8/8/8/1q6/P7 b - - 0 1";
    auto r = check_one(setup("Horde", fen, "1... Qxa1# 0-1", "0-1"));
    require_valid(r);
    CHECK(game::status_name(r.adjudication.status) == "extinction");
    CHECK(r.adjudication.kind == game::StatusKind::GameOver);
    CHECK(game::result_text(r.adjudication.result) == "0-1");
    // RULES.md: '#', '+' or no suffix on the extinction capture, in strict mode too.
    require_valid(check_one(setup("Horde", fen, "1... Qxa1 0-1", "0-1"), strict()));
    require_valid(check_one(setup("Horde", fen, "1... Qxa1+ 0-1", "0-1"), strict()));
    require_error(check_one(setup("Horde", fen, "1... Qxa1# 2. a3 0-1", "0-1")), "move-after-end", 2);
    require_error(check_one(setup("Horde", fen, "1... Qxa1# 2... Kd8 0-1", "0-1")), "move-after-end", 2);
    auto wrong = check_one(setup("Horde", fen, "1... Qxa1# 1-0", "1-0"));
    require_error(wrong, "wrong-result");
    CHECK(contains(wrong.errors.front().message, "extinction"));
}

TEST_CASE("check: Horde: White is never in check", "[check][horde]") {
    // The Black queen attacks White pawns: no '+' is due, and a '+' is a wrong suffix.
    const std::string fen = "4k3/8/8/3q4/8/8/P1P5/8 b - - 0 1";
    auto r = check_one(setup("Horde", fen, "1... Qd2 *"), strict());
    require_valid(r);
    REQUIRE(r.final_board);
    CHECK_FALSE(r.final_board->in_check());
    auto plus = check_one(setup("Horde", fen, "1... Qd2+ *"));
    require_valid(plus);
    CHECK(find(plus.warnings, "wrong-check-suffix"));
    // A White move that would leave a king in check in chess is fine: there is no king.
    require_valid(check_one(setup("Horde", "4k3/8/8/8/8/1q6/P7/1P6 w - - 0 1", "1. a3 *")));
}

TEST_CASE("check: Horde: only Black castles", "[check][horde]") {
    require_valid(check_one(setup("Horde", "r3k2r/8/8/8/8/8/PPPP4/8 b kq - 0 1", "1... O-O 2. a3 Rfe8 *")));
    require_valid(check_one(setup("Horde", "r3k2r/8/8/8/8/8/PPPP4/8 b kq - 0 1", "1... O-O-O *")));
    require_error(check_one(variant_game("Horde", "1. O-O *")), "illegal-move", 1);
    // A White castling right in a Horde FEN is an error.
    require_error(check_one(setup("Horde", "r3k2r/8/8/8/8/8/PPPP4/8 w Kkq - 0 1", "1. a3 *")), "bad-fen");
}

TEST_CASE("check: Horde: stalemate of White is a draw, insufficient material never draws", "[check][horde]") {
    // Black's move blocks the last White pawn: White has units but no move.
    auto r = check_one(setup("Horde", "8/8/8/1k6/8/8/p7/P7 b - - 0 1", "1... Kb4 1/2-1/2", "1/2-1/2"), strict());
    // a1 is blocked by a2; after Kb4 the a1 pawn still has no move: stalemate.
    require_valid(r);
    CHECK(game::status_name(r.adjudication.status) == "stalemate");
    // A lone White pawn against a king: no draw by material in Horde.
    auto lone = check_one(setup("Horde", "4k3/8/8/8/8/8/P7/8 w - - 0 1", "1. a3 *"));
    require_valid(lone);
    CHECK(game::status_name(lone.adjudication.status) == "none");
}

// ============================================================================ Orda rules

namespace {
const std::string kOrda = "Orda";
}

TEST_CASE("check: Orda: a lancer moves as a knight and captures as a rook", "[check][orda]") {
    require_valid(check_one(variant_game(kOrda, "1. e4 Lc7 *")));
    require_error(check_one(variant_game(kOrda, "1. e4 La7 *")), "illegal-move", 2); // rook-like quiet move
    // Capture along the file (rook-like) is legal; a knight-like capture is not.
    const std::string fen = "l3k3/8/8/8/8/8/8/R3K3 b Q - 0 1";
    require_valid(check_one(setup(kOrda, fen, "1... Lxa1+ *")));
    require_error(check_one(setup(kOrda, "4k3/8/8/8/8/1l6/8/R3K3 b Q - 0 1", "1... Lxa1 *")), "illegal-move", 1);
    // A lancer gives check along the rook lines only.
    auto r = check_one(setup(kOrda, "4k3/8/8/8/8/2l5/8/4K3 b - - 0 1", "1... Le4+ *"), strict());
    require_valid(r);
    CHECK(r.final_board->in_check());
}

TEST_CASE("check: Orda: a horse archer moves as a knight and captures as a bishop", "[check][orda]") {
    require_valid(check_one(variant_game(kOrda, "1. e4 Ae7 *")));
    require_error(check_one(variant_game(kOrda, "1. e4 Ab7 *")), "illegal-move", 2);
    require_valid(check_one(setup(kOrda, "4k3/8/8/8/8/8/6a1/4K2R b K - 0 1", "1... Axh1 *")));
}

TEST_CASE("check: Orda: a kheshig moves as a knight or a king", "[check][orda]") {
    require_valid(check_one(variant_game(kOrda, "1. e4 Hb7 *"))); // king step
    require_valid(check_one(variant_game(kOrda, "1. e4 Hd7 *"))); // knight jump
    const std::string fen = "4k3/8/8/8/3h4/8/8/4K3 b - - 0 1";
    require_valid(check_one(setup(kOrda, fen, "1... Hc5 *")));
    require_valid(check_one(setup(kOrda, fen, "1... Hf3+ *")));
    require_error(check_one(setup(kOrda, fen, "1... Hd6 *")), "illegal-move", 1);
}

TEST_CASE("check: Orda: a yurt steps diagonally or straight forward, forward by colour", "[check][orda]") {
    require_valid(check_one(variant_game(kOrda, "1. e4 Yd7 *")));                              // forward for Black is down
    require_valid(check_one(variant_game(kOrda, "1. e4 Yc7 *")));                              // diagonal
    require_error(check_one(variant_game(kOrda, "1. e4 Yd7 2. d4 Yd8 *")), "illegal-move", 4); // backward
    require_error(check_one(variant_game(kOrda, "1. e4 Yd7 2. d4 Yc7 *")), "illegal-move", 4); // sideways
}

TEST_CASE("check: Orda: pawns promote only to a queen or a kheshig", "[check][orda]") {
    const std::string fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    require_valid(check_one(setup(kOrda, fen, "1. a8=Q *")));
    require_valid(check_one(setup(kOrda, fen, "1. a8=H *")));
    auto rook = check_one(setup(kOrda, fen, "1. a8=R *"));
    INFO(describe(rook));
    REQUIRE_FALSE(rook.valid());
    CHECK(rook.errors.front().ply == 1);
    const std::string black = "4k3/8/8/8/8/8/7p/K7 b - - 0 1";
    require_valid(check_one(setup(kOrda, black, "1... h1=H *")));
    require_valid(check_one(setup(kOrda, black, "1... h1=Q+ *")));
    REQUIRE_FALSE(check_one(setup(kOrda, black, "1... h1=N *")).valid());
}

TEST_CASE("check: Orda: campmate ends the game", "[check][orda]") {
    const std::string fen = "4k3/K7/8/8/8/8/8/8 w - - 0 1";
    auto r = check_one(setup(kOrda, fen, "1. Ka8# 1-0", "1-0"));
    require_valid(r);
    CHECK(game::status_name(r.adjudication.status) == "campmate");
    CHECK(game::result_text(r.adjudication.result) == "1-0");
    require_error(check_one(setup(kOrda, fen, "1. Ka8 Kd8 1-0", "1-0")), "move-after-end", 2);
    require_error(check_one(setup(kOrda, fen, "1. Ka8# 0-1", "0-1")), "wrong-result");
    // The Black khan reaching rank 1 wins for Black.
    auto b = check_one(setup(kOrda, "8/8/8/8/8/4K3/k7/8 b - - 0 1", "1... Ka1# 0-1", "0-1"));
    require_valid(b);
    CHECK(game::status_name(b.adjudication.status) == "campmate");
}

TEST_CASE("check: Orda: Black cannot castle", "[check][orda]") {
    require_error(check_one(setup(kOrda, "l3k2l/8/8/8/8/8/8/4K3 b - - 0 1", "1... O-O *")), "illegal-move", 1);
    require_error(check_one(setup(kOrda, "l3k2l/8/8/8/8/8/8/4K3 b k - 0 1", "1... Ke7 *")), "bad-fen");
    // White castles as in chess.
    require_valid(check_one(setup(kOrda, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "1. O-O *")));
}

// ============================================================================ error codes

TEST_CASE("check: error: san-syntax", "[check][errors]") {
    auto r = check_one(variant_game("", "1. e4 e9 *"));
    require_error(r, "san-syntax", 2);
    CHECK(r.errors.front().column == 7);
}

TEST_CASE("check: error: unknown-piece", "[check][errors]") {
    require_error(check_one(variant_game("", "1. La3 *")), "unknown-piece", 1);
    require_error(check_one(variant_game("Horde", "1. Nf3 *")), "illegal-move", 1); // N exists in Horde, no White knight
}

TEST_CASE("check: error: illegal-move", "[check][errors]") {
    auto r = check_one(variant_game("", "1. e4 e5 2. Ke3 *"));
    require_error(r, "illegal-move", 3);
    CHECK(r.errors.front().token == "Ke3");
    CHECK(r.plies() == 2); // moves up to the error
}

TEST_CASE("check: error: ambiguous-move names the candidates", "[check][errors]") {
    auto r = check_one(setup("", "4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1", "1. Ne4 *"));
    require_error(r, "ambiguous-move", 1);
    CHECK(contains(r.errors.front().message, "Nce4"));
    CHECK(contains(r.errors.front().message, "Nge4"));
}

TEST_CASE("check: error: move-after-end (checkmate)", "[check][errors]") {
    require_error(check_one(variant_game("", "1. f3 e5 2. g4 Qh4# 3. a3 0-1", "0-1")), "move-after-end", 5);
}

TEST_CASE("check: error: wrong-result", "[check][errors]") {
    require_error(check_one(variant_game("", "1. f3 e5 2. g4 Qh4# 1-0", "1-0")), "wrong-result");
    // movetext result and tag disagree
    require_error(check_one(variant_game("", "1. e4 e5 1-0", "0-1")), "wrong-result");
    // a Result tag that is no result
    auto bad = check_one("[Event \"t\"]\n[Result \"2-0\"]\n\n1. e4 *\n");
    require_error(bad, "wrong-result");
}

TEST_CASE("check: missing-result: a warning (read as '*'), an error with --strict", "[check][errors]") {
    auto r = check_one("[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5\n");
    require_valid(r);
    REQUIRE(find(r.warnings, "missing-result"));
    require_error(check_one("[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5\n", strict()), "missing-result");
    // The Result tag stays the declared result and is still checked against the final position.
    auto mate = check_one("[Event \"t\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4#\n");
    require_error(mate, "wrong-result");
}

TEST_CASE("check: error: bad-fen", "[check][errors]") {
    auto r = check_one(setup("", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "1. e4 *"));
    require_error(r, "bad-fen");
    CHECK_FALSE(r.start);
    CHECK_FALSE(r.final_board);
    require_error(check_one("[Event \"t\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n1. e4 *\n"), "bad-fen");
    // A Horde FEN is no chess FEN: checked per variant.
    require_error(check_one(setup("", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", "1. a5 *")),
                  "bad-fen");
}

TEST_CASE("check: error: unknown-variant, never a chess fallback", "[check][errors]") {
    auto r = check_one(variant_game("Hrode", "1. e4 *")); // a misspelling; Crazyhouse & co: unsupported-variant
    require_error(r, "unknown-variant");
    CHECK_FALSE(r.variant);
    CHECK(r.plies() == 0);
}

TEST_CASE("check: error: reader errors at the place they open", "[check][errors]") {
    SECTION("unterminated comment at the '{'") {
        auto r = check_one("[Event \"t\"]\n[Result \"*\"]\n\n1. e4 {never closed\ne5 2. Nf3 *\n");
        require_error(r, "unterminated-comment");
        CHECK(r.errors.front().line == 4);
        CHECK(r.errors.front().column == 7);
    }
    SECTION("unterminated variation at the '('") {
        auto r = check_one("[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5\n2. Nf3 (2. Nc3 Nc6\n");
        INFO(describe(r));
        auto* d = find(r.errors, "unterminated-variation");
        REQUIRE(d);
        CHECK(d->line == 5);
        CHECK(d->column == 8);
    }
    SECTION("garbage token") {
        auto r = check_one("[Event \"t\"]\n[Result \"*\"]\n\n1. e4 @@@ e5 *\n");
        require_error(r, "garbage-token", 2);
        CHECK(r.errors.front().column == 7);
    }
    SECTION("recovery: the next game is not affected") {
        auto all = check_all("[Event \"a\"]\n[Result \"*\"]\n\n1. e4 {broken\n\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 *\n");
        REQUIRE(all.size() == 2);
        CHECK_FALSE(all[0].valid());
        require_valid(all[1]);
    }
}

// ============================================================================ warnings and --strict

TEST_CASE("check: warnings: tolerated spellings, errors with --strict", "[check][warnings]") {
    struct Case {
        std::string name, pgn, code;
    };
    const std::vector<Case> cases = {
        {"0-0", setup("", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "1. 0-0 *"), "zero-castling"},
        {"missing +", variant_game("", "1. e4 e5 2. Bc4 Nc6 3. Bxf7 *"), "missing-check-suffix"},
        {"missing #", variant_game("", "1. f3 e5 2. g4 Qh4 0-1", "0-1"), "missing-check-suffix"},
        {"e8Q", setup("", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1. a8Q+ *"), "promotion-without-equals"},
        {"missing x", variant_game("", "1. e4 d5 2. ed5 *"), "missing-capture-mark"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            auto lenient = check_one(c.pgn);
            require_valid(lenient);
            INFO(describe(lenient));
            REQUIRE(find(lenient.warnings, c.code));
            CHECK(find(lenient.warnings, c.code)->ply > 0);
            auto s = check_one(c.pgn, strict());
            INFO(describe(s));
            REQUIRE_FALSE(s.valid());
            CHECK(s.errors.front().ply == find(lenient.warnings, c.code)->ply);
        }
    }
}

// A '+' on a check is judged when the next event of the game comes (a legal reply proves it
// right): a mate written with '+' gets its warning, at its own ply and before what follows,
// whatever comes next.
TEST_CASE("check: a mate written with '+', whatever follows it", "[check][warnings]") {
    const std::string mate = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+";
    struct Case {
        std::string name, after, first_error; // first_error: "" when the game is valid
    };
    const std::vector<Case> cases = {
        {"result", " 1-0", ""},
        {"comment", " {mate} 1-0", ""},
        {"NAG", " $1 1-0", ""},
        {"variation", " (4. Qxf7#) 1-0", ""},
        {"no result", "", ""},
        {"a move", " 4... Ke7 1-0", "move-after-end"},
        {"a stray paren", " ) 1-0", "unmatched-paren"},
        {"garbage", " %%% 1-0", "garbage-token"},
        {"a wrong result", " 0-1", "wrong-result"},
    };
    for (const auto& c : cases) {
        SECTION(c.name) {
            const std::string result = c.name == "a wrong result" ? "0-1" : "1-0";
            auto r = check_one(variant_game("", mate + c.after, result));
            INFO(describe(r));
            REQUIRE(r.warnings.size() >= 1);
            CHECK(diagnostic_name(r.warnings.front().code) == "wrong-check-suffix");
            CHECK(r.warnings.front().ply == 7);
            CHECK(r.warnings.front().token == "Qxf7+");
            CHECK(r.warnings.front().column == 35);
            if (c.first_error.empty()) require_valid(r);
            else require_error(r, c.first_error);
            // --strict: the warning is an error, the first one of the game
            auto s = check_one(variant_game("", mate + c.after, result), strict());
            INFO(describe(s));
            REQUIRE_FALSE(s.valid());
            CHECK(diagnostic_name(s.errors.front().code) == "wrong-check-suffix");
            CHECK(s.errors.front().ply == 7);
        }
    }
}

TEST_CASE("check: a '+' on a check that is no mate, whatever follows it", "[check][warnings]") {
    const std::string check = "1. e4 e5 2. Bc4 Nc6 3. Bxf7+";
    for (const std::string after : {" Kxf7 *", " {c} 3... Kxf7 *", " (3. Qh5 Nf6) 3... Kxf7 *", " *", " $2 Ke7 *"}) {
        auto r = check_one(variant_game("", check + after), strict());
        INFO(after << "\n" << describe(r));
        require_valid(r);
        CHECK(r.warnings.empty());
    }
    // a reply that is no legal move: its error, and no word on the '+'
    auto illegal = check_one(variant_game("", check + " Nf6 *"));
    require_error(illegal, "illegal-move", 6);
    CHECK(illegal.warnings.empty());
    // the fivefold repetition reached by a check: the game ended, the '+' was right
    auto fivefold = check_one(setup("", "3Q2k1/8/8/8/8/8/8/K7 b - - 0 1",
                                    "1... Kh7 2. Qd3+ Kg8 3. Qd8+ Kh7 4. Qd3+ Kg8 5. Qd8+ Kh7 6. Qd3+ Kg8 7. Qd8+ Kh7 "
                                    "8. Qd3+ Kg8 9. Qd8+ Kh7 *"));
    require_error(fivefold, "move-after-end", 17);
    CHECK(fivefold.warnings.empty());
}

TEST_CASE("check: no warnings on clean SAN", "[check][warnings]") {
    auto r = check_one(variant_game("", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0", "1-0"), strict());
    require_valid(r);
    CHECK(r.warnings.empty());
    CHECK(game::status_name(r.adjudication.status) == "checkmate");
}

// ============================================================================ Variant tag, SetUp/FEN

TEST_CASE("check: Variant tag aliases", "[check][variant]") {
    CHECK(check_one(variant_game("Horde", "1. a5 *")).variant == Variant::Horde);
    CHECK(check_one(variant_game("horde chess", "1. a5 *")).variant == Variant::Horde);
    CHECK(check_one(variant_game("HORDE", "1. a5 *")).variant == Variant::Horde);
    CHECK(check_one(variant_game("Standard", "1. e4 *")).variant == Variant::Chess);
    CHECK(check_one(variant_game("Chess", "1. e4 *")).variant == Variant::Chess);
    CHECK(check_one(variant_game("", "1. e4 *")).variant == Variant::Chess);
    CHECK(check_one(variant_game("Orda Chess", "1. e4 *")).variant == Variant::Orda);
    for (const char* name : {"Chess960", "chess 960", "960", "Fischerandom", "FISCHERANDOM"})
        CHECK(check_one(variant_game(name, "1. e4 *")).variant == Variant::Chess960);
    require_error(check_one(variant_game("Hordes", "1. e4 *")), "unknown-variant");
    require_error(check_one(variant_game("Atomic", "1. e4 *")), "unsupported-variant");
    require_error(check_one(variant_game("", "1. a5 *")), "illegal-move", 1); // chess, not Horde
    // --variant overrides the tag.
    game::CheckOptions forced;
    forced.forced_variant = Variant::Horde;
    require_valid(check_one(variant_game("Standard", "1. a5 *"), forced));
}

TEST_CASE("check: SetUp and FEN", "[check][variant]") {
    const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    // FEN with SetUp "1", or without SetUp at all
    require_valid(check_one(setup("", fen, "1. e4 *")));
    auto no_setup = check_one("[Event \"t\"]\n[FEN \"" + fen + "\"]\n[Result \"*\"]\n\n1. e4 *\n");
    require_valid(no_setup);
    CHECK(no_setup.start->fen() == fen);
    // EPD-style FEN without counters
    require_valid(check_one(setup("", "4k3/8/8/8/8/8/4P3/4K3 w - -", "1. e4 *")));
    // The final FEN names an en passant square only when a capture is legal.
    auto ep = check_one(setup("", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "1. e4 *"));
    CHECK(final_fen(ep) == "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    auto no_ep = check_one(setup("", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "1. e4 *"));
    CHECK(final_fen(no_ep) == "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
}

// ============================================================================ variations

TEST_CASE("check: variations are checked from the position they branch from", "[check][variations]") {
    require_valid(check_one(variant_game("", "1. e4 (1. d4 d5 2. c4) e5 2. Nf3 (2. Nc3 Nc6 (2... Nf6)) Nc6 *")));
    // 1. e5 is illegal from the start position
    auto r = check_one(variant_game("", "1. e4 (1. e5) e5 *"));
    require_error(r, "illegal-move", 1);
    CHECK(r.plies() == 2); // the main line goes on
    // A Black reply in a variation: legal from the position before 1...e5, illegal after it
    require_valid(check_one(variant_game("", "1. e4 e5 (1... d5 2. exd5) 2. Nf3 *")));
    require_error(check_one(variant_game("", "1. e4 e5 (1... Nf3) 2. Nf3 *")), "illegal-move", 2);
    // Horde variations use the Horde rules
    require_valid(check_one(variant_game("Horde", "1. a5 (1. h5) e6 *")));
    require_error(check_one(variant_game("Horde", "1. a5 (1. Nf3) e6 *")), "illegal-move", 1);
}

// ============================================================================ repetition, Result rules

TEST_CASE("check: repetition counts from the game's start position", "[check][draws]") {
    const std::string cycle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";
    auto r = check_one(variant_game("", cycle + " *"));
    require_valid(r);
    CHECK(game::status_name(r.adjudication.status) == "threefold");
    CHECK(r.adjudication.kind == game::StatusKind::ClaimableDraw);
    CHECK(game::result_text(r.adjudication.result) == "1/2-1/2");
    // From a set-up position: the FEN's position is the first occurrence.
    const std::string fen = "4k3/8/8/8/8/8/8/4K1NR w - - 0 1";
    auto s = check_one(setup("", fen, "1. Nf3 Kd8 2. Ng1 Ke8 3. Nf3 Kd8 4. Ng1 Ke8 *"));
    CHECK(game::status_name(s.adjudication.status) == "threefold");
    auto two = check_one(setup("", fen, "1. Nf3 Kd8 2. Ng1 Ke8 *"));
    CHECK(game::status_name(two.adjudication.status) == "none");
    // Fivefold ends the game: moves after it are errors.
    const std::string five = cycle + " 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";
    auto f = check_one(variant_game("", five + " 1/2-1/2", "1/2-1/2"));
    require_valid(f);
    CHECK(game::status_name(f.adjudication.status) == "fivefold");
    require_error(check_one(variant_game("", five + " 9. e4 1/2-1/2", "1/2-1/2")), "move-after-end", 17);
    require_error(check_one(variant_game("", five + " 1-0", "1-0")), "wrong-result");
}

TEST_CASE("check: Result tag rules", "[check][draws]") {
    // Contradicts an automatic end: error.
    require_error(check_one(variant_game("", "1. f3 e5 2. g4 Qh4# 1/2-1/2", "1/2-1/2")), "wrong-result");
    // A decisive result where a draw could be claimed: warning, still valid.
    auto w = check_one(variant_game("", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1-0", "1-0"));
    require_valid(w);
    CHECK(find(w.warnings, "decisive-result-at-claimable-draw"));
    // The game simply stopped (resignation, agreement, time): nothing.
    for (const std::string result : {"1-0", "0-1", "1/2-1/2", "*"}) {
        auto r = check_one(variant_game("", "1. e4 e5 " + result, result));
        require_valid(r);
        CHECK(r.warnings.empty());
        CHECK(r.declared == result);
    }
}

// ============================================================================ --lichess

TEST_CASE("check: --lichess: the closed-position draw in Horde", "[check][lichess]") {
    const std::string fen = "8/p7/pk6/P7/P7/8/8/8 b - - 0 1";
    // Without --lichess the game goes on; with it, it is over, as a draw.
    auto plain = check_one(setup("Horde", fen, "1... Kc7 1/2-1/2", "1/2-1/2")); // White is stalemated
    require_valid(plain);
    auto ended = check_one(setup("Horde", fen, "1/2-1/2", "1/2-1/2"), lichess());
    require_valid(ended);
    CHECK(ended.lichess_closed_position);
    CHECK(game::record_status_name(ended) == "lichess-closed-position");
    CHECK(ended.adjudication.kind == game::StatusKind::GameOver);
    CHECK(game::result_text(ended.adjudication.result) == "1/2-1/2");
    CHECK(contains(report::record_to_json(ended), "\"status\":\"lichess-closed-position\""));
    require_error(check_one(setup("Horde", fen, "1... Kc7 *"), lichess()), "move-after-end", 1);
    require_error(check_one(setup("Horde", fen, "0-1", "0-1"), lichess()), "wrong-result");
    // Other variants are not affected.
    require_valid(check_one(variant_game("", "1. e4 *"), lichess()));
}

TEST_CASE("check: --lichess: a win on time by a side that cannot win", "[check][lichess]") {
    auto timed = [](const std::string& fen, const std::string& result) {
        return "[Event \"t\"]\n[Variant \"Horde\"]\n[SetUp \"1\"]\n[FEN \"" + fen +
               "\"]\n[Termination \"Time forfeit\"]\n[Result \"" + result + "\"]\n\n" + result + "\n";
    };
    const std::string lone_pawn = "8/2k5/3q4/8/8/8/1P6/8 b - - 0 1"; // White cannot win
    const std::string enough = "k7/ppP5/brp5/8/8/8/8/8 b - - 0 1";   // White still can
    require_error(check_one(timed(lone_pawn, "1-0"), lichess()), "wrong-result");
    require_valid(check_one(timed(lone_pawn, "1-0"))); // only with --lichess
    require_valid(check_one(timed(lone_pawn, "1/2-1/2"), lichess()));
    require_valid(check_one(timed(lone_pawn, "0-1"), lichess())); // Black can always win
    require_valid(check_one(timed(enough, "1-0"), lichess()));
    auto draw = check_one(timed(enough, "1/2-1/2"), lichess());
    require_valid(draw);
    CHECK(find(draw.warnings, "lichess-time-forfeit-draw"));
    // Without a Time forfeit termination nothing is checked.
    require_valid(check_one(setup("Horde", lone_pawn, "1-0", "1-0"), lichess()));
}

TEST_CASE("check: Chess960 games castle king-takes-rook and end as chess games do", "[check][chess960]") {
    // Start position 0 (bbqnnrkr): clear the queen side, then O-O-O puts the king from g1 on
    // c1 and the rook from f1 on d1. The final FEN is Fairy-Stockfish's (UCI_Chess960, moves
    // d1c3 d8c6 e1f3 e8f6 d2d4 d7d5 c1d2 c8d7 g1f1 g8f8).
    const game::GameRecord castled = check_one(setup("Chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
                                                     "1. Nc3 Nc6 2. Nf3 Nf6 3. d4 d5 4. Qd2 Qd7 5. O-O-O O-O-O *"));
    INFO(describe(castled));
    REQUIRE(castled.valid());
    CHECK(final_fen(castled) == "bbkr3r/pppqpppp/2n2n2/3p4/3P4/2N2N2/PPPQPPPP/BBKR3R w - - 4 6");
    // Insufficient material ends a Chess960 game as it ends a chess game.
    const game::GameRecord dead = check_one(setup("Chess960", "4k3/8/8/8/8/8/6r1/4K2B w - - 0 1", "1. Bxg2 *"));
    CHECK(game::status_name(dead.adjudication.status) == "insufficient-material");
    // An O-O through an occupied square names the rule.
    require_error(check_one(setup("Chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", "1. O-O *")),
                  "illegal-move", 1);
}

TEST_CASE("check: one checker over several games: each record has its own tags, each FEN its own verdict", "[check][tags]") {
    // The checker reuses the last game's tag strings and keeps the FENs it read: neither may
    // show through in the next game.
    const std::string fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    const auto all = check_all("[Event \"A long event name, longer than a short string\"]\n[Site \"https://example.org/1\"]\n"
                               "[Date \"2010.01.01\"]\n[Extra \"one\"]\n[SetUp \"1\"]\n[FEN \"" +
                               fen +
                               "\"]\n[Result \"*\"]\n\n"
                               "1. e4 *\n\n"
                               "[Event \"B\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
                               "[Event \"C\"]\n[Variant \"Horde\"]\n[SetUp \"1\"]\n[FEN \"" +
                               fen +
                               "\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
                               "[Event \"D\"]\n[SetUp \"1\"]\n[FEN \"" +
                               fen + "\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n");
    REQUIRE(all.size() == 4);
    CHECK(all[0].valid());
    CHECK(all[0].tags.size() == 7);
    CHECK(all[0].tag("Event") == "A long event name, longer than a short string");
    REQUIRE(all[1].tags.size() == 2);
    CHECK(all[1].tag("Event") == "B");
    CHECK(all[1].tag("Site").empty());
    CHECK(all[1].tag("Extra").empty());
    CHECK(all[1].valid());
    CHECK(all[1].start->fen() == position::Board(Variant::Chess).fen());
    // the same FEN, read for Horde: not the chess verdict
    CHECK_FALSE(all[2].valid());
    REQUIRE_FALSE(all[2].errors.empty());
    CHECK(all[2].errors.front().code == DiagnosticCode::BadFen);
    // the last FEN tag counts
    CHECK_FALSE(all[3].valid());
    REQUIRE_FALSE(all[3].errors.empty());
    CHECK(all[3].errors.front().code == DiagnosticCode::BadFen);
    CHECK(all[3].tags.size() == 4);
}
