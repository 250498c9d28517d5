// --where (select/where.hpp) and the per-move data of position rows (report/game_table.hpp):
// the edge cases the command-line tests do not reach — syntax error columns, numeric against
// string comparison, absent tags, precedence, and the cutechess/lichess comment forms.
#include "horde/game/checker.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/game_table.hpp"
#include "horde/select/where.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

using namespace horde;

// The records of a PGN text.
std::vector<game::GameRecord> records(std::string_view pgn) {
    std::vector<game::GameRecord> out;
    auto reader = pgn::PgnReader::from_memory(pgn);
    game::check_pgn(reader, game::CheckOptions{}, false, [&](game::GameRecord& r, std::string_view) { out.push_back(r); });
    return out;
}

bool where(std::string_view expr, const game::GameRecord& r) {
    auto parsed = select::WhereExpr::parse(expr);
    REQUIRE(std::holds_alternative<select::WhereExpr>(parsed));
    return std::get<select::WhereExpr>(parsed).matches(r);
}

select::WhereError syntax_error(std::string_view expr) {
    auto parsed = select::WhereExpr::parse(expr);
    REQUIRE(std::holds_alternative<select::WhereError>(parsed));
    return std::get<select::WhereError>(parsed);
}

constexpr std::string_view kGames = R"([Event "A, \"quoted\""]
[White "Carlsen, Magnus"]
[WhiteElo "2850"]
[BlackElo "?"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[White "Nobody"]
[Result "*"]

1. e3 *
)";

} // namespace

TEST_CASE("where: numeric, string and regex comparisons, absent tags", "[select]") {
    const auto games = records(kGames);
    REQUIRE(games.size() == 2);
    const game::GameRecord& mate = games[0];
    const game::GameRecord& other = games[1];
    CHECK(where("WhiteElo >= 2850", mate));
    CHECK_FALSE(where("WhiteElo > 2850", mate));
    CHECK_FALSE(where("WhiteElo >= 2000", other)); // absent: false
    CHECK(where("not WhiteElo < 2000", mate));
    CHECK_FALSE(where("BlackElo >= 0", mate)); // "?" is not a number
    CHECK_FALSE(where("BlackElo != 0", mate)); // not even for !=
    CHECK(where("BlackElo == \"?\"", mate));   // a string literal compares bytes
    CHECK(where("WhiteElo == \"2850\"", mate));
    CHECK(where("WhiteElo < \"3\"", mate)); // bytes: "2850" < "3"
    CHECK(where("WhiteElo > 300", mate));   // numbers: 2850 > 300
    CHECK(where("Event == \"A, \\\"quoted\\\"\"", mate));
    CHECK_FALSE(where("Event != \"x\"", other)); // absent: every comparison is false
    CHECK(where("not has(Event)", other));
    CHECK(where("White ~ \"^Carlsen\"", mate));
    CHECK_FALSE(where("White ~ \"^carlsen\"", mate));
    CHECK(where("White ~ i\"^carlsen\"", mate));
    CHECK(where("White !~ \"Carlsen\"", other));
    CHECK(where("status == \"checkmate\" and result == \"1-0\" and plies == 7 and valid", mate));
    CHECK(where("status == \"none\" and result == \"*\" and declared == \"*\"", other));
    CHECK(where("warnings == 0 and errors == 0", mate));
}

TEST_CASE("where: precedence, parentheses, positions", "[select]") {
    const auto games = records(kGames);
    const game::GameRecord& mate = games[0];
    // not > and > or
    CHECK(where("plies == 1 or plies == 7 and valid", mate));
    CHECK_FALSE(where("(plies == 1 or plies == 7) and not valid", mate));
    CHECK(where("not plies == 1 and not plies == 2", mate));
    // after 1. e4: placement and side to move, or placement alone
    CHECK(where("reaches(\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b\")", mate));
    CHECK_FALSE(where("reaches(\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w\")", mate));
    CHECK(where("reaches(\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\")", mate));
    // the start, then after Qxf7# (a black pawn taken)
    CHECK(where("material(\"KQR2B2N2P8 kqr2b2n2p8\")", mate));
    CHECK(where("material(\"P8 K Q R2 B2 N2 p7 k q r2 b2 n2\")", mate));
    CHECK_FALSE(where("material(\"K k\")", mate));
    CHECK_FALSE(where("code(\"illegal-move\")", mate));
    CHECK(where("code(\"missing-result\")", records("1. e4 e5")[0]));
}

TEST_CASE("where: syntax errors name the column and what was expected", "[select]") {
    CHECK(syntax_error("WhiteElo >=").column == 12);
    CHECK(syntax_error("WhiteElo >=").message.find("expected a number or a \"string\"") != std::string::npos);
    CHECK(syntax_error("(plies > 3").column == 11);
    CHECK(syntax_error("plies > 3 plies").message.find("expected 'and', 'or' or the end") != std::string::npos);
    CHECK(syntax_error("White ~ \"(\"").message.find("bad regular expression") != std::string::npos);
    CHECK(syntax_error("White ~ 3").column == 9);
    CHECK(syntax_error("\"open").message.find("no closing") != std::string::npos);
    CHECK(syntax_error("material(\"KZ\")").column == 12);
    CHECK(syntax_error("reaches(\"8/8\")").message.find("8 ranks") != std::string::npos);
    CHECK(syntax_error("game == 1").message.find("not known") != std::string::npos);
    CHECK(syntax_error("").column == 1);
    CHECK(syntax_error("plies # 3").column == 7);
}

TEST_CASE("per-move data: lichess, cutechess and ChessBase forms", "[select]") {
    auto d = report::read_move_data("[%eval 0.17] [%clk 0:03:00]", true);
    CHECK(d.eval == "0.17");
    CHECK(d.clk == "180");
    CHECK(d.comment.empty());
    d = report::read_move_data("[%eval #-3,30] [%clk 1:02:03.5] what a move", false);
    CHECK(d.eval == "#-3"); // lichess: White's view, whoever moved
    CHECK(d.clk == "3723.5");
    CHECK(d.comment == "what a move");
    d = report::read_move_data("+0.42/19 1.5s", true);
    CHECK(d.eval == "0.42");
    CHECK(d.emt == "1.5");
    CHECK(d.clk.empty());
    d = report::read_move_data("+0.42/19 1.5s", false); // the mover's view, turned round
    CHECK(d.eval == "-0.42");
    d = report::read_move_data("-1.10/12 0.25s", false);
    CHECK(d.eval == "1.10");
    d = report::read_move_data("0.00/5 2s", false);
    CHECK(d.eval == "0.00");
    d = report::read_move_data("+M5/30 0.1s", false); // Black mates in 5
    CHECK(d.eval == "#-5");
    d = report::read_move_data("-M2/30 0.1s", false); // Black is mated: White mates
    CHECK(d.eval == "#2");
    d = report::read_move_data("Good [%emt 0:00:05]", true);
    CHECK(d.emt == "5");
    CHECK(d.comment == "Good");
    d = report::read_move_data("1/2 is a draw", true); // no cutechess score
    CHECK(d.eval.empty());
    CHECK(d.comment == "1/2 is a draw");
    d = report::read_move_data("[%clk nonsense] [%eval x]", true);
    CHECK(d.clk.empty());
    CHECK(d.eval.empty());
}
