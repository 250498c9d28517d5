// Issue 17 in the library: the date rule of the automatic draws (RULES.md), unsupported
// variants, one warning per game and code, '*' after the end of a game.
#include "horde/game/checker.hpp"
#include "horde/game/game.hpp"
#include "horde/game/unsupported_variants.hpp"
#include "horde/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace horde;

namespace {

game::GameRecord check_one(const std::string& pgn, game::CheckOptions options = {}) {
    std::vector<game::GameRecord> out;
    pgn::PgnReader reader = pgn::PgnReader::from_memory(pgn);
    game::check_pgn(reader, options, false, [&](const game::GameRecord& r, std::string_view) { out.push_back(r); });
    REQUIRE(out.size() == 1);
    return out.front();
}

int count_code(const std::vector<game::Diagnostic>& list, std::string_view code) {
    int n = 0;
    for (const auto& d : list) n += diagnostic_name(d.code) == code;
    return n;
}

const std::string kFivefold = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *";

} // namespace

TEST_CASE("automatic draws: from 2014-07-01, by Date or else UTCDate", "[issue17][game]") {
    CHECK(game::automatic_draws_apply("", ""));
    CHECK(game::automatic_draws_apply("????.??.??", ""));
    CHECK(game::automatic_draws_apply("2014.07.01", ""));
    CHECK(game::automatic_draws_apply("2014.07.??", ""));
    CHECK_FALSE(game::automatic_draws_apply("2014.06.30", ""));
    CHECK_FALSE(game::automatic_draws_apply("2014.??.??", "")); // unknown month: 1 January
    CHECK_FALSE(game::automatic_draws_apply("1937.??.??", ""));
    CHECK_FALSE(game::automatic_draws_apply("????.??.??", "2012.11.17"));
    CHECK(game::automatic_draws_apply("????.??.??", "2024.01.05"));
    CHECK(game::automatic_draws_apply("2024.01.05", "2012.11.17")); // Date first
}

TEST_CASE("automatic draws: an old game goes on past a fivefold repetition", "[issue17][check]") {
    const game::GameRecord old = check_one("[Date \"1937.10.05\"]\n\n" + kFivefold);
    CHECK(old.valid());
    CHECK(old.plies() == 17);
    const game::GameRecord modern = check_one("[Date \"2015.01.01\"]\n\n" + kFivefold);
    REQUIRE_FALSE(modern.valid());
    CHECK(modern.errors[0].code == DiagnosticCode::MoveAfterEnd);
    game::CheckOptions lichess;
    lichess.lichess = true;
    CHECK_FALSE(check_one("[Date \"1937.10.05\"]\n\n" + kFivefold, lichess).valid());
    // ending at the fivefold: claimable only
    const game::GameRecord at_end = check_one("[Date \"1937.10.05\"]\n\n" + kFivefold.substr(0, kFivefold.find(" 9.")) + " *");
    CHECK(at_end.adjudication.status == game::GameStatus::Threefold);
    CHECK(at_end.adjudication.kind == game::StatusKind::ClaimableDraw);
}

TEST_CASE("unsupported variants: one error, the movetext skipped, skipped with skip_unsupported", "[issue17][check]") {
    CHECK(game::unsupported_variant("crazyhouse") == "Crazyhouse");
    CHECK(game::unsupported_variant("King of the Hill") == "King of the Hill");
    CHECK(game::unsupported_variant("kingOfTheHill") == "King of the Hill");
    CHECK(game::unsupported_variant("3check") == "Three-check");
    CHECK(game::unsupported_variant("Hrode").empty());
    CHECK(game::unsupported_variant("Horde").empty());
    const std::string zh = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 { (a drop } B@b7 (3. N@f7) 1-0\n";
    const game::GameRecord r = check_one(zh);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].code == DiagnosticCode::UnsupportedVariant);
    CHECK(r.warnings.empty());
    CHECK(r.declared == "*");
    game::CheckOptions skip;
    skip.skip_unsupported = true;
    const game::GameRecord s = check_one(zh, skip);
    CHECK(s.skipped);
    CHECK(s.errors.empty());
    CHECK(s.warnings.empty());
    CHECK(check_one("[Variant \"Hrode\"]\n\n1. e3 *\n", skip).errors[0].code == DiagnosticCode::UnknownVariant);
}

TEST_CASE("warnings a writer repeats on every move: once per game and code, counted", "[issue17][check]") {
    const game::GameRecord r = check_one("1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 *");
    CHECK(count_code(r.warnings, "uci-move") == 1);
    CHECK(r.warnings[0].message == "UCI move 'e2e4': read as e4 (6 moves like this in the game, from ply 1)");
    game::CheckOptions strict;
    strict.strict = true;
    const game::GameRecord s = check_one("1. e2e4 e7e5 2. g1f3 *", strict);
    REQUIRE(count_code(s.errors, "uci-move") == 1);
    // --strict made it an error: the diagnostic says so (strict), the outputs print it after the message.
    CHECK(s.errors[0].message == "UCI move 'e2e4': read as e4 (3 moves like this in the game, from ply 1)");
    CHECK(s.errors[0].strict);
    CHECK(game::printed_message(s.errors[0]) ==
          "UCI move 'e2e4': read as e4 (3 moves like this in the game, from ply 1) (strict mode)");
    CHECK(!r.warnings[0].strict);
    // no check marks expected on coordinates
    CHECK(count_code(check_one("1. f2f3 e7e5 2. g2g4 d8h4 0-1").warnings, "missing-check-suffix") == 0);
    // null moves in variations stay one warning each
    CHECK(count_code(check_one("1. e4 (1. -- e5 2. -- e6) e5 *").warnings, "null-move") == 2);
}

TEST_CASE("'*' after the game ended: a warning (an error with --strict), a contradiction stays an error", "[issue17][check]") {
    const game::GameRecord r = check_one("[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *");
    CHECK(r.valid());
    CHECK(count_code(r.warnings, "star-result-at-end") == 1);
    game::CheckOptions strict;
    strict.strict = true;
    CHECK_FALSE(check_one("[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *", strict).valid());
    CHECK(count_code(check_one("1. f3 e5 2. g4 Qh4# 1-0").errors, "wrong-result") == 1);
}
