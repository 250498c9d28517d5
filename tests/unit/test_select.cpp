// --where (select/where.hpp) and the per-move data of position rows (report/game_table.hpp):
// the edge cases the command-line tests do not reach — syntax error columns, numeric against
// string comparison, absent tags, precedence, and the cutechess/lichess comment forms.
#include "horde/game/checker.hpp"
#include "horde/pgn/comment_commands.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/game_table.hpp"
#include "horde/select/where.hpp"

#include <catch2/catch.hpp>
#include <charconv>
#include <cstring>
#include <optional>

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

namespace {
// What the tree made of read_move_data's texts before read_move_figures: the figures' oracle.
pgn::MoveFigures figures_of_texts(std::string_view comments, bool white_moved) {
    const pgn::MoveData d = pgn::read_move_data(comments, white_moved);
    pgn::MoveFigures f;
    if (!d.clk.empty()) f.clk = pgn::clock_seconds(d.clk);
    if (!d.emt.empty()) f.emt = pgn::clock_seconds(d.emt);
    if (!d.eval.empty() && d.eval[0] != '#') {
        double pawns = 0;
        if (std::from_chars(d.eval.data(), d.eval.data() + d.eval.size(), pawns).ec == std::errc()) f.eval = pawns;
    }
    return f;
}
bool same_figure(std::optional<double> a, std::optional<double> b) {
    return a.has_value() == b.has_value() && (!a || std::memcmp(&*a, &*b, sizeof(double)) == 0); // the same bits
}
} // namespace

TEST_CASE("per-move figures: read_move_figures reads what read_move_data's texts read back as", "[select]") {
    std::vector<std::string> comments = {
        "[%eval 0.17] [%clk 0:03:00]",
        "[%eval #-3,30] [%clk 1:02:03.5] what a move",
        "+0.42/19 1.5s",
        "-1.10/12 0.25s",
        "0.00/5 2s",
        "+M5/30 0.1s",
        "-M2/30 0.1s",
        "Good [%emt 0:00:05]",
        "1/2 is a draw",
        "[%clk nonsense] [%eval x]",
        "[%clk 0:01:00] [%clk x]",
        "[%emt 0:00:03] +0.5/10 2s",
        "[%eval 0.3] -0.5/10 2s",
        "[%eval +0.42]",
        "[%eval 1.2.3]",
        "[%eval .5]",
        "[%clk 0:00:12.34]",
        "[%clk 0:00:00.1]",
        "[%clk 99999999999]",
        "[%clk 1234567890123456789012]",
        "+0.42/19[%clk 0:01:00]1.5s",
        "+0.42/19\n\t 1.5s tail",
        " \r\n+1/2 3s",
        "+0.42/19 1.5",
        "+0.42/x 1.5s",
        "[%clk 0:01:00",
        "[%eval 0.1]\n[%eval #4]",
        "+00.0/1 1s",
        "-0/1 1s",
        "+M/3 1s",
        "[%emt 1:00:00.25] +1/2 3s",
        "{x} [%clk\t0:00:59 ] y/1 2s",
        "+1.5/20 0.000001s",
        "[%eval 99999] [%eval -100000]",
    };
    // and comments made of those parts at random (a fixed seed: the same set every run)
    const std::vector<std::string> parts = {"[%clk 0:02:58]",
                                            "[%clk 0:00:07.9]",
                                            "[%emt 0:00:01.25]",
                                            "[%eval -0.31]",
                                            "[%eval #-2]",
                                            "[%eval 0.5,18]",
                                            "[%clk ]",
                                            "+0.31/18",
                                            "-M3/9",
                                            "0.6s",
                                            "12s",
                                            "a/b",
                                            "/",
                                            "s",
                                            " ",
                                            "\n",
                                            "\t",
                                            "word",
                                            "[%",
                                            "]",
                                            "+.5/7",
                                            "1.25s"};
    std::uint32_t seed = 12345;
    auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
    for (int n = 0; n < 4000; ++n) {
        std::string c;
        for (std::uint32_t k = next() % 6; k > 0; --k) c += parts[(next() >> 8) % parts.size()];
        comments.push_back(c);
    }
    // and strings of the bytes those are made of, at random
    const std::string bytes = "[%]clkemtval 0123456789:.,/s+-#M\n\r\t";
    for (int n = 0; n < 4000; ++n) {
        std::string c;
        for (std::uint32_t k = next() % 40; k > 0; --k) c += bytes[(next() >> 8) % bytes.size()];
        comments.push_back(c);
    }
    for (const std::string& c : comments)
        for (const bool white_moved : {true, false}) {
            INFO(c << (white_moved ? " (White moved)" : " (Black moved)"));
            const pgn::MoveFigures fast = pgn::read_move_figures(c, white_moved), texts = figures_of_texts(c, white_moved);
            CHECK(same_figure(fast.clk, texts.clk));
            CHECK(same_figure(fast.emt, texts.emt));
            CHECK(same_figure(fast.eval, texts.eval));
        }
    // the figures are there to be read, not absent throughout
    CHECK(*pgn::read_move_figures("[%clk 0:03:00] [%eval -0.31]", true).clk == 180);
    CHECK(*pgn::read_move_figures("[%clk 0:03:00] [%eval -0.31]", true).eval == -0.31);
    CHECK(*pgn::read_move_figures("+0.42/19 1.5s", false).eval == -0.42);
    CHECK(*pgn::read_move_figures("+0.42/19 1.5s", false).emt == 1.5);
}
