// horde-db serve without sockets: the explorer query read from its parameters (defaults,
// limits, each error named), the routes' statuses and content types over a source that
// records what it was asked, and the database's state reopened only when its version changes.
#include "horde/serve/explorer_request.hpp"
#include "horde/serve/routes.hpp"

#include "serve/answer_cache.hpp"

#include <catch2/catch.hpp>

#include <atomic>

using namespace horde;
using serve::ExplorerRequest;
using serve::QueryParams;
using serve::RequestError;

namespace {

ExplorerRequest parsed(const QueryParams& params) {
    auto r = serve::parse_explorer_request(params);
    if (auto* e = std::get_if<RequestError>(&r)) FAIL("unexpected error: " << e->message);
    return std::get<ExplorerRequest>(r);
}

std::string error_of(const QueryParams& params) {
    auto r = serve::parse_explorer_request(params);
    REQUIRE(std::holds_alternative<RequestError>(r));
    return std::get<RequestError>(r).message;
}

// Answers with what it was asked, so a test sees what reached the database.
class EchoSource final : public serve::ExplorerSource {
public:
    explicit EchoSource(int state) : state_(state) {}
    std::string explore_json(const ExplorerRequest& r) const override {
        return "{\"state\":" + std::to_string(state_) + ",\"fen\":\"" + r.board.fen() + "\"}";
    }
    std::optional<std::string> game_pgn(std::string_view id) const override {
        if (id != "abcd1234") return std::nullopt;
        return std::string("[Site \"https://lichess.org/abcd1234\"]\n\n1. e4 *\n");
    }
    void games_reaching(const ExplorerRequest&, const std::function<bool(std::string_view)>& line) const override {
        for (int i = 0; i < 3 && line("{\"id\":\"g" + std::to_string(i) + "\"}\n"); ++i) {}
    }

private:
    int state_;
};

struct Fixture {
    std::atomic<int> opened{0};
    std::string version = "1";
    serve::SourceHolder holder{[this] { return std::make_shared<EchoSource>(++opened); }, [this] { return version; }};
    serve::HttpResponse get(std::string path, QueryParams params = {}) {
        return serve::route(serve::HttpRequest{"GET", std::move(path), std::move(params)}, holder, "<html>page</html>");
    }
};

} // namespace

TEST_CASE("serve: the explorer query's defaults are the specification's", "[serve]") {
    const ExplorerRequest r = parsed({});
    CHECK(r.variant == Variant::Chess);
    CHECK(r.board.fen() == position::Board(Variant::Chess).fen());
    CHECK(r.query.variant == Variant::Chess); // lichess's default, not the database's
    CHECK(r.query.fen.empty());
    CHECK(r.query.moves.empty());
    CHECK(r.query.moves_limit == 12);
    CHECK(r.query.top_games == 4);
    CHECK(r.query.recent_games == 4);
    CHECK(r.query.speeds.empty());
    CHECK(r.query.ratings.empty());
    // lichess's 1952-01 and 3000-12 hold every game of lichess's; unset here, so that a game
    // of unknown month counts too, as in `horde-db query` without --since/--until.
    CHECK_FALSE(r.query.since);
    CHECK_FALSE(r.query.until);
}

TEST_CASE("serve: fen, play, filters and limits are read", "[serve]") {
    const ExplorerRequest r = parsed({{"variant", "horde"},
                                      {"play", "d4d5,e7e6"},
                                      {"speeds", "blitz,rapid"},
                                      {"ratings", "1600,2500"},
                                      {"since", "2020-03"},
                                      {"until", "2024-11"},
                                      {"moves", "30"},
                                      {"topGames", "9"},
                                      {"recentGames", "0"}});
    CHECK(r.variant == Variant::Horde);
    CHECK(r.play == std::vector<std::string>{"d4d5", "e7e6"});
    CHECK(r.board.side_to_move() == WHITE);
    CHECK(r.query.variant == Variant::Horde);
    CHECK(r.query.moves == "d4d5,e7e6");
    CHECK(r.query.speeds == std::vector<db::Speed>{db::Speed::Blitz, db::Speed::Rapid});
    CHECK(r.query.ratings == std::vector<std::uint8_t>{4, 8}); // indexes of 1600 and 2500
    REQUIRE(r.query.since);
    CHECK(db::month_year(*r.query.since) == 2020);
    CHECK(db::month_of_year(*r.query.since) == 3);
    REQUIRE(r.query.until);
    CHECK(db::month_of_year(*r.query.until) == 11);
    CHECK(r.query.moves_limit == 30);
    CHECK(r.query.top_games == 4); // cut to the maximum, as lichess does
    CHECK(r.query.recent_games == 0);
    // EPD (4 fields) and '_' between the fields, as lichess accepts them.
    const ExplorerRequest epd = parsed({{"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR_b_KQkq_-"}});
    CHECK(epd.board.side_to_move() == BLACK);
    CHECK(epd.query.fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    const ExplorerRequest orda = parsed({{"variant", "orda"}});
    CHECK(orda.variant == Variant::Orda);
}

TEST_CASE("serve: each bad parameter is named", "[serve]") {
    CHECK_THAT(error_of({{"variant", "atomic"}}), Catch::Contains("variant") && Catch::Contains("atomic"));
    CHECK_THAT(error_of({{"fen", "not a fen"}}), Catch::StartsWith("fen:"));
    CHECK_THAT(error_of({{"variant", "horde"}, {"fen", position::Board(Variant::Chess).fen()}}), Catch::StartsWith("fen:"));
    CHECK_THAT(error_of({{"play", "e2e4,e2e4"}}), Catch::Contains("move 2 'e2e4'"));
    CHECK_THAT(error_of({{"play", "e2e9"}}), Catch::StartsWith("play:"));
    CHECK_THAT(error_of({{"speeds", "blitz,lightning"}}), Catch::Contains("lightning"));
    CHECK_THAT(error_of({{"ratings", "1500"}}), Catch::Contains("'1500'"));
    CHECK_THAT(error_of({{"since", "2020-13"}}), Catch::StartsWith("since:"));
    CHECK_THAT(error_of({{"until", "2020"}}), Catch::StartsWith("until:"));
    CHECK_THAT(error_of({{"since", "2024-06"}, {"until", "2024-01"}}), Catch::StartsWith("since:"));
    CHECK(parsed({{"since", "2024-06"}, {"until", "2024-06"}}).query.since);                         // one month: not an error
    CHECK(parsed({{"until", "9999-12"}}).query.until == db::kAfterEveryMonth);                       // no upper bound
    CHECK_THAT(error_of({{"since", "6000-01"}, {"until", "5001-01"}}), Catch::StartsWith("since:")); // both past 5000
    CHECK_THAT(error_of({{"moves", "-1"}}), Catch::StartsWith("moves:"));
    CHECK_THAT(error_of({{"topGames", "four"}}), Catch::StartsWith("topGames:"));
    CHECK_THAT(error_of({{"recentGames", "1e3"}}), Catch::StartsWith("recentGames:"));
    CHECK_THAT(error_of({{"history", "yes"}}), Catch::StartsWith("history:"));
    CHECK(parsed({{"history", "True"}}).query.history); // as berserk (Python) spells it
    CHECK_FALSE(parsed({{"history", "false"}}).query.history);
    CHECK_FALSE(parsed({}).query.history);
    CHECK_THAT(error_of({{"moves", "3"}, {"moves", "4"}}), Catch::Contains("more than once"));
    CHECK_THAT(error_of(QueryParams(65, {"x", ""})), Catch::Contains("more than 64 parameters"));
}

TEST_CASE("serve: the routes' statuses and content types", "[serve]") {
    Fixture f;
    const auto page = f.get("/");
    CHECK(page.status == 200);
    CHECK(page.content_type == "text/html; charset=utf-8");
    CHECK(page.body == "<html>page</html>");

    const auto explorer = f.get("/lichess", {{"play", "e2e4"}});
    CHECK(explorer.status == 200);
    CHECK(explorer.content_type == "application/json");
    CHECK_THAT(explorer.body, Catch::Contains("4P3") && Catch::Contains("\"state\":1"));

    const auto bad = f.get("/lichess", {{"fen", "8/8/8"}});
    CHECK(bad.status == 400);
    CHECK(bad.content_type == "application/json");
    CHECK_THAT(bad.body, Catch::StartsWith("{\"error\":\"fen:"));

    for (const char* path : {"/game/abcd1234", "/lichess/pgn/abcd1234"}) {
        const auto game = f.get(path);
        CHECK(game.status == 200);
        CHECK(game.content_type == "application/x-chess-pgn");
        CHECK_THAT(game.body, Catch::Contains("1. e4"));
    }
    CHECK(f.get("/game/zzzz0000").status == 404);
    CHECK(f.get("/game/#12").status == 404); // a serial id reaches the source (none here)
    CHECK(f.get("/game/../../etc/passwd").status == 404);
    CHECK(f.get("/nothing").status == 404);
    CHECK(f.get("/lichess/").status == 404);
    CHECK(serve::route(serve::HttpRequest{"POST", "/lichess", {}}, f.holder, "").status == 405);

    const auto position = f.get("/position", {{"variant", "horde"}, {"play", "d4d5"}});
    CHECK(position.status == 200);
    CHECK_THAT(position.body, Catch::StartsWith("{\"variant\":\"horde\",\"fen\":\"") && Catch::Contains("\"moves\":{"));

    auto games = f.get("/games", {{"variant", "orda"}});
    CHECK(games.status == 200);
    CHECK(games.content_type == "application/x-ndjson");
    REQUIRE(games.stream);
    std::string streamed;
    games.stream([&](std::string_view s) {
        streamed += s;
        return streamed.size() < 12; // the client goes after the first line
    });
    CHECK(streamed == "{\"id\":\"g0\"}\n");
    CHECK(f.get("/games", {{"variant", "crazyhouse"}}).status == 400);
}

TEST_CASE("serve: the database is reopened only when its version changes", "[serve]") {
    Fixture f;
    const auto first = f.holder.current();
    CHECK(f.opened == 1);
    CHECK_FALSE(f.holder.refresh(false));
    CHECK(f.holder.current() == first);
    f.version = "2";
    CHECK(f.holder.refresh(false));
    CHECK(f.opened == 2);
    CHECK(f.holder.current() != first);
    CHECK_THAT(first->explore_json(parsed({})), Catch::Contains("\"state\":1")); // held by an older request
    CHECK(f.holder.refresh(true));                                               // SIGHUP
    CHECK(f.opened == 3);
}

TEST_CASE("serve: the answer cache keeps the most recent answers within its budget", "[serve]") {
    serve::detail::AnswerCache cache(4096);
    const std::string answer(300, 'a');
    for (int i = 0; i < 100; ++i) cache.add("key" + std::to_string(i), answer + std::to_string(i));
    CHECK_FALSE(cache.find("key0")); // the oldest went out
    REQUIRE(cache.find("key99"));
    CHECK(*cache.find("key99") == answer + "99");
    int kept = 0;
    for (int i = 0; i < 100; ++i) kept += cache.find("key" + std::to_string(i)).has_value();
    CHECK(kept > 0);
    CHECK(kept * (300 + 2 * 5 + 128) <= 4096); // within the budget
    serve::detail::AnswerCache none(0);
    none.add("k", "v");
    CHECK_FALSE(none.find("k"));
    serve::detail::AnswerCache small(4096);
    small.add("big", std::string(1000, 'b')); // over an eighth of the budget: not kept
    CHECK_FALSE(small.find("big"));
}

TEST_CASE("serve: the cache key tells queries apart", "[serve]") {
    const auto key = [](const QueryParams& p) { return serve::cache_key(parsed(p)); };
    CHECK(key({}) == key({}));
    CHECK(key({{"variant", "horde"}}) != key({}));
    CHECK(key({{"play", "e2e4"}}) != key({}));
    CHECK(key({{"speeds", "blitz"}}) != key({}));
    CHECK(key({{"ratings", "1600"}}) != key({}));
    CHECK(key({{"since", "2020-01"}}) != key({}));
    CHECK(key({{"until", "2020-01"}}) != key({{"since", "2020-01"}}));
    CHECK(key({{"moves", "3"}}) != key({}));
    CHECK(key({{"topGames", "1"}}) != key({{"recentGames", "1"}}));
    CHECK(key({{"history", "true"}}) != key({}));
    CHECK(key({{"history", "false"}}) == key({}));
}
