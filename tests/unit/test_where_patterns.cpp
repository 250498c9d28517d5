// --where's position predicates (select/where.hpp): material counts and signatures,
// placement patterns, square sets, the when-forms with their edge cases (the start position,
// a game ending inside a stretch), and the errors that name a column or a variant. Every
// expression is judged twice: in the walk (the checker's position watcher) and on the record
// afterwards (WhereExpr::matches, which plays the main line again); the two must agree.
#include "horde/game/checker.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/select/where.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace {

using namespace horde;

// One game's text, the options it is read with, and its record.
struct Game {
    std::string pgn;
    game::CheckOptions options;
    game::GameRecord record;
};

// The one game of pgn through the walk with `options`, and its record.
game::GameRecord walk_one(std::string_view pgn, const game::CheckOptions& options) {
    std::vector<game::GameRecord> out;
    auto reader = pgn::PgnReader::from_memory(pgn);
    game::check_pgn(reader, options, false, [&](game::GameRecord& r, std::string_view) { out.push_back(r); });
    REQUIRE(out.size() == 1);
    return out[0];
}

Game record(std::string_view pgn, bool allow_null_moves = false) {
    game::CheckOptions options;
    options.allow_null_moves = allow_null_moves;
    return {std::string(pgn), options, walk_one(pgn, options)};
}

// Whether expr chooses the game, judged on its record (matches); the walk with the expression
// in its options (select_in: the position watcher) must choose the same.
bool where(std::string_view expr, const Game& g) {
    auto parsed = select::WhereExpr::parse(expr);
    INFO(expr);
    if (const auto* e = std::get_if<select::WhereError>(&parsed)) FAIL(e->message);
    const auto& where = std::get<select::WhereExpr>(parsed);
    const bool on_record = where.matches(g.record);
    game::CheckOptions options = g.options;
    where.select_in(options);
    CHECK(walk_one(g.pgn, options).selected == on_record);
    return on_record;
}

select::WhereError error(std::string_view expr, std::optional<Variant> variant = std::nullopt) {
    auto parsed = select::WhereExpr::parse(expr, variant);
    INFO(expr);
    REQUIRE(std::holds_alternative<select::WhereError>(parsed));
    return std::get<select::WhereError>(parsed);
}

// Scholar's mate: ply 7 takes f7 (Black down a pawn from then on), ply 5 puts the queen on h5.
constexpr std::string_view kMate = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0";
// 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxd2+ 4. Qxd2: Black's queen takes on d2 and is taken.
constexpr std::string_view kTrade = "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxd2+ 4. Qxd2 *";

} // namespace

TEST_CASE("where: material per side, differences and signatures", "[select][where-patterns]") {
    const auto mate = record(kMate);
    CHECK(where("material(white, \"Q\") == 1", mate));
    CHECK(where("material(black, \"p\") == 7", mate)); // after Qxf7: ever
    CHECK_FALSE(where("final(material(black, \"P\") == 8)", mate));
    CHECK(where("at(6, material(black, \"P\") == 8)", mate));
    CHECK(where("material(white, \"Q\")", mate)); // bare: at least one
    CHECK_FALSE(where("material(white, \"Q\") >= 2", mate));
    CHECK(where("final(material_diff(\"P\") == 1)", mate));
    CHECK(where("at(0, not material_diff(\"P\"))", mate)); // bare: not zero
    CHECK(where("final(material(\"KQR2B2N2P8 v KQR2B2N2P7\"))", mate));
    CHECK(where("final(material(\"kqrrbbnnpppppppp v KQ+\"))", mate)); // case ignored per side
    CHECK_FALSE(where("final(material(\"KQ+ v KQ\"))", mate));
    CHECK(where("final(material(\"KQ+ v KQ+\"))", mate));
    CHECK(where("material(\"KQR2B2N2P8 kqr2b2n2p8\")", mate)); // the old exact form still works
    const auto trade = record(kTrade);
    CHECK(where("final(material(\"KQR2B2N2P6 v KR2B2N2P7\"))", trade));
    CHECK(where("material(black, \"Q\") == 0 and material(white, \"Q\") == 1", trade));
}

TEST_CASE("where: placement patterns, sets and square sets", "[select][where-patterns]") {
    const auto mate = record(kMate);
    CHECK(where(R"(pattern("*/?????Q*/*/*/*/*/*/*"))", mate)); // '*': the rest of the rank, any
    CHECK_FALSE(
        where(R"(pattern("8/5Q2/8/8/8/8/8/8"))", mate)); // digits: empty squares                          // any other square
    CHECK(where(R"(final(pattern("????k???/?????Q??/8/????p???/????P???/8/????????/????????")))", mate) == false);
    CHECK(where(R"(final(pattern("r?b?kb?r/pppp1Qpp/??n??n??/????p???/??B?P???/8/PPPP1PPP/RNB?K?NR")))", mate));
    CHECK(where(R"(final(pattern("????????/?????[QR]??/????????/????????/????????/????????/????????/????????")))", mate));
    CHECK_FALSE(where(R"(final(pattern("????????/?????[^Q]??/????????/????????/????????/????????/????????/????????")))", mate));
    CHECK(where(R"(at(0, pattern("????????/????????/????????/????????/????[.]???/????????/????????/????????")))", mate));
    // digits are empty squares, exactly: the start has e4 empty, the end has a pawn there
    CHECK_FALSE(where(R"(final(pattern("????????/????????/????????/????????/4????/????????/????????/????????")))", mate));
    CHECK(where("piece(\"Q\", \"f7\")", mate));
    CHECK(where("piece(\"Q\", \"h-file\")", mate));
    CHECK_FALSE(where("piece(\"Q\", \"a-file, b-file\")", mate));
    CHECK(where("always(count(\"p\", \"rank 7\") >= 6)", mate));
    CHECK(where("final(count(\"p\", \"rank-7\") == 6)", mate));
    CHECK(where("count(\"P\") == 8 and count(\"P\", \"e4 d4\") == 1", mate));
    CHECK(where("final(count(\"N\", \"all\") == 2)", mate));
}

TEST_CASE("where: when-forms, start included, games ending inside a stretch", "[select][where-patterns]") {
    const auto mate = record(kMate); // 7 plies, 8 positions
    const std::string h5 = "piece(\"Q\", \"h5\")";
    CHECK(where("ever(" + h5 + ")", mate));
    CHECK(where(h5, mate));
    CHECK(where("at(5, " + h5 + ")", mate));
    CHECK_FALSE(where("at(4, " + h5 + ")", mate));
    CHECK_FALSE(where("at(8, plies == 7)", mate));   // no position after 8 plies
    CHECK(where("at(7, plies == 7)", mate));         // a game field at a position is the game's
    CHECK(where("for(2, " + h5 + ")", mate));        // positions after plies 5 and 6
    CHECK_FALSE(where("for(3, " + h5 + ")", mate));  // the game ends in the stretch (ply 7 moves it)
    CHECK(where("for(8, count(\"K\") == 1)", mate)); // every position, the start included
    CHECK_FALSE(where("for(9, count(\"K\") == 1)", mate));
    CHECK(where("always(count(\"K\") == 1)", mate));
    CHECK_FALSE(where("always(material_diff(\"P\") == 0)", mate));
    CHECK(where("at(0, material_diff(\"P\") == 0) and final(material_diff(\"P\") == 1)", mate));
    CHECK(where("then(" + h5 + ", piece(\"Q\", \"f7\"))", mate));
    CHECK(where(R"(at(1, reaches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")))", mate));
    CHECK_FALSE(where(R"(final(reaches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR")))", mate));
    CHECK_FALSE(where("then(piece(\"Q\", \"f7\"), " + h5 + ")", mate));
    CHECK_FALSE(where("then(" + h5 + ", " + h5 + ") and not for(2, " + h5 + ")", mate));
    CHECK(where("then(count(\"p\") == 8, count(\"p\") == 7)", mate));
    CHECK_FALSE(where("then(count(\"p\") == 7, count(\"p\") == 8)", mate));
    CHECK(where("then(White == \"x\" or count(\"P\") == 8, count(\"p\") == 7)", mate)); // a tag inside: the game's
    CHECK_FALSE(where("not " + h5, mate));                                              // not ever
    CHECK(where("ever(not " + h5 + ")", mate));
    // the start position counts: a game without moves
    const auto empty = record("*");
    CHECK(where("material(white, \"P\") == 8", empty));
    CHECK(where("always(material(white, \"P\") == 8) and final(material(white, \"P\") == 8)", empty));
    CHECK(where("at(0, count(\"K\") == 1)", empty));
    CHECK_FALSE(where("then(count(\"K\") == 1, count(\"K\") == 1)", empty)); // B must be later
    // no valid start: no positions, every when-form false, always included
    const auto broken = record("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*");
    CHECK_FALSE(where("always(count(\"K\") == 0)", broken));
    CHECK_FALSE(where("final(count(\"K\") == 0)", broken));
    CHECK_FALSE(where("count(\"K\") == 0", broken));
}

// Each expression with the answer it must give for the game (both ways: see where()).
void expect_answers(const Game& g, std::initializer_list<std::pair<std::string_view, bool>> answers) {
    for (const auto& [expr, expected] : answers) {
        INFO(expr);
        CHECK(where(expr, g) == expected);
    }
}

TEST_CASE("where: positions seen in the walk: a main line cut by an error, null moves, a FEN start", "[select][where-patterns]") {
    // The main line stops at the illegal 2. Ke3: positions after 0, 1 and 2 plies only.
    expect_answers(record("1. e4 e5 2. Ke3 Nc6 3. Nf3 *"), {{R"(ever(piece("N", "f3") or piece("n", "c6")))", false},
                                                            {R"(at(2, piece("p", "e5")))", true},
                                                            {R"(at(3, count("K") == 1))", false},
                                                            {R"(always(count("K") == 1))", true},
                                                            {R"(final(piece("P", "e4") and piece("p", "e5")))", true},
                                                            {R"(for(2, piece("P", "e4") and code("illegal-move")))", true},
                                                            {R"(for(3, piece("P", "e4") and not valid))", false}});
    // A null move (--allow-null-moves) is a position: the same placement, White to move again.
    expect_answers(record("1. e4 -- 2. d4 e5 *", true),
                   {{R"(at(2, reaches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w")))", true},
                    {R"(ever(reaches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w")))", true},
                    {R"(at(1, reaches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w")))", false},
                    {R"(for(2, reaches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR")))", true},
                    {R"(for(3, piece("P", "e4") and not piece("P", "d4")))", false},
                    {R"(at(4, piece("p", "e5") and plies == 4))", true}});
    // Without --allow-null-moves the null move is an error: the main line ends after 1. e4.
    expect_answers(
        record("1. e4 -- 2. d4 e5 *"),
        {{R"(ever(piece("P", "d4")))", false}, {R"(final(reaches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")))", true}});
    // A FEN start: its position is ply 0.
    expect_answers(record("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 2. e5 Ke6 3. Kf2 Kxe5 *"),
                   {{R"(at(0, material("KP v K") and piece("P", "e2")))", true},
                    {R"(final(material("K v K")))", true},
                    {R"(then(piece("P", "e5"), material("K v K")))", true},
                    {R"(then(material("K v K"), piece("P", "e5")))", false},
                    {R"(ever(piece("P", "e5") and plies == 6))", true},
                    {R"(ever(material("KQR2B2N2P8 v KQR2B2N2P8")))", false}});
}

TEST_CASE("where: conditions that mix positions and game fields", "[select][where-patterns]") {
    const auto mate = record("[WhiteElo \"2100\"]\n\n" + std::string(kMate));
    expect_answers(mate, {{R"(ever(material(white, "Q") == 1 and WhiteElo > 2000))", true},
                          {R"(ever(material(white, "Q") == 1 and WhiteElo > 2200))", false},
                          {R"(then(piece("Q", "h5"), piece("Q", "f7") and status == "checkmate"))", true},
                          {R"(for(3, piece("P", "e4") and plies == 7))", true},
                          {R"(for(9, count("K") == 1 and plies == 7))", false},
                          {R"(always(count("K") == 1 and valid))", true},
                          {R"(always(count("K") == 1 and not valid))", false},
                          {R"(ever(plies > 100 or piece("Q", "f7")))", true},
                          {R"(ever(plies > 100 and piece("Q", "f7")))", false},
                          {R"(at(5, piece("Q", "h5") and declared == "1-0"))", true},
                          {R"(at(4, piece("Q", "h5") and declared == "1-0"))", false},
                          // forms decided early next to forms that read every position
                          {R"(ever(piece("Q", "h5")) and always(count("K") == 1) and for(2, piece("Q", "h5")))", true},
                          {R"(not ever(piece("Q", "h5") and WhiteElo < 2000) and ever(piece("Q", "h5")))", true},
                          {R"(WhiteElo > 2000 and at(7, piece("Q", "f7")) or final(count("q") == 0))", true}});
    // More position predicates than one 64-bit mask holds: the 70th decides.
    std::string many = R"(ever(plies == 7 and (count("p") == 100)";
    for (int k = 1; k < 69; ++k) many += R"( or count("p") == )" + std::to_string(100 + k);
    CHECK(where(many + R"( or count("p") == 7)))", mate));
    CHECK_FALSE(where(many + R"( or count("p") == 6)))", mate));
}

TEST_CASE("where: a pattern sees the squares a move changes besides its own two", "[select][where-patterns]") {
    // 3. exd6 takes the pawn on d5: d5 and d7 are empty from then on, though the move is e5-d6.
    expect_answers(record("1. e4 a6 2. e5 d5 3. exd6 *"), {{R"(ever(count("p", "d5 d7") == 0))", true},
                                                           {R"(always(count("p", "d5 d7") >= 1 or count("P", "d6") == 1))", true},
                                                           {R"(always(count("p", "d5 d7") >= 1))", false}});
    // 4. O-O moves the rook from h1 by a king move e1-g1.
    expect_answers(record("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *"), {{R"(ever(not piece("R", "h1")))", true},
                                                                       {R"(ever(pattern("*/*/*/*/*/*/*/?????RK?")))", true},
                                                                       {R"(always(piece("R", "h1")))", false}});
    // Chess960's castling is written king takes rook (e1-a1); the rook lands on d1.
    expect_answers(record("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1\"]\n\n1. O-O-O *"),
                   {{R"(ever(pattern("*/*/*/*/*/*/*/??KR???R")))", true}, {R"(ever(not piece("R", "a1")))", true}});
}

TEST_CASE("where: variants' pieces in patterns and material", "[select][where-patterns]") {
    const auto horde = record("[Variant \"Horde\"]\n\n1. e5 d6 *");
    CHECK(where("at(0, material(\"P36 v KQR2B2N2P8\"))", horde));
    CHECK(where("at(0, material(white, \"K\") == 0)", horde));
    CHECK(where("final(count(\"P\", \"rank 5\") == 5)", horde));
    const auto orda = record("[Variant \"Orda\"]\n\n1. e4 *");
    CHECK(where("material(black, \"L\") == 2 and material(black, \"H\") == 2 and material(black, \"y\") == 1", orda));
    CHECK(where("at(0, material(\"KQR2B2N2P8 v KL2H2A2YP8\"))", orda));
    CHECK(where("at(0, pattern(\"lhaykahl/8/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR\"))", orda));
    // without --variant, a lancer in chess is a piece that is never there
    const auto chess = record("1. e4 *");
    CHECK(where("always(material(black, \"L\") == 0)", chess));
}

TEST_CASE("where: pattern errors name the column and the variant", "[select][where-patterns]") {
    CHECK(error("pattern(\"8/8/8/3Z4/8/8/8/8\")").column == 17);
    CHECK(error("pattern(\"8/8/8/3Z4/8/8/8/8\")").message.find("'Z' is not a piece letter") != std::string::npos);
    const auto lancer = error("material(black, \"L\") >= 1", Variant::Chess);
    CHECK(lancer.message == "'L' is not a piece in chess");
    CHECK(lancer.column == 18);
    CHECK(error("pattern(\"8/8/8/3l4/8/8/8/8\")", Variant::Horde).message == "'l' is not a piece in horde");
    CHECK_FALSE(
        std::holds_alternative<select::WhereError>(select::WhereExpr::parse("pattern(\"8/8/8/3l4/8/8/8/8\")", Variant::Orda)));
    CHECK(error("pattern(\"8/8/8/9/8/8/8/8\")").column == 16);
    CHECK(error("pattern(\"8/8/8/36/8/8/8/8\")").message.find("more than 8 squares") != std::string::npos);
    CHECK(error("pattern(\"8/8/8/8/8/8/8\")").message.find("8 ranks") != std::string::npos);
    CHECK(error("pattern(\"8/8/8/7/8/8/8/8\")").message.find("rank 5 has 7 squares") != std::string::npos);
    CHECK(error("pattern(\"*N/8/8/8/8/8/8/8\")").message.find("'*' ends a rank") != std::string::npos);
    CHECK(error("pattern(\"[pn/8/8/8/8/8/8/8\")").message.find("no closing ']'") != std::string::npos);
    CHECK(error("piece(\"Q\", \"i-file\")").column == 13);
    CHECK(error("count(\"QQ\")").message.find("one piece letter") != std::string::npos);
    CHECK(error("material(red, \"Q\")").column == 10);
    CHECK(error("material(white, \"Q\") ~ \"x\"").column == 22);
    CHECK(error("material(\"KQ v K+R\")").message.find("'+' ends a side") != std::string::npos);
    CHECK(error("for(0, count(\"K\") == 1)").column == 5);
    CHECK(error("at(-1, count(\"K\") == 1)").column == 4);
    CHECK(error("ever(final(count(\"K\") == 1))").column == 6);
    CHECK(error("then(count(\"K\") == 1)").message.find("','") != std::string::npos);
    CHECK(error("nothing(1)").message.find("not a function") != std::string::npos);
}
