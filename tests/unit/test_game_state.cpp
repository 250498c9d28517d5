// Per-game state: nothing of one game is visible in the next one's record or to an observer of
// the next game's events (the walk reuses its buffers from game to game, not their contents).
#include "horde/game/checker.hpp"
#include "horde/game/events.hpp"
#include "horde/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace horde;

namespace {

// What an observer sees of each game's tags: at begin_game, at tags_read and in the finished record.
struct TagSpy : game::GameObserver {
    struct Seen {
        std::vector<std::pair<std::string, std::string>> at_begin, at_tags_read, at_end;
        std::string players;
    };
    std::vector<Seen> games;
    void begin_game(const game::GameRecord& r) override { games.push_back({r.tags, {}, {}, {}}); }
    void tags_read(const game::GameRecord& r, const position::Board*) override { games.back().at_tags_read = r.tags; }
    void end_game(game::GameRecord& r) override {
        games.back().at_end = r.tags;
        games.back().players = game::game_players(r);
    }
};

} // namespace

TEST_CASE("Game state: a tagless game after a tagged one shows none of its tags", "[game-state]") {
    const std::string input = "[Event \"first\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
                              "1. d4 d5 *\n\n"
                              "[White \"Carol\"]\n\n1. c4 *\n\n"
                              "[Black \"Dan\"]\n\n1. Nf3 *\n";
    TagSpy spy;
    std::vector<game::GameRecord> records;
    auto reader = pgn::PgnReader::from_memory(input);
    game::walk_pgn(reader, {}, false, &spy, [&](game::GameRecord& r, std::string_view) { records.push_back(r); });
    REQUIRE(spy.games.size() == 4);
    REQUIRE(records.size() == 4);
    for (const auto& seen : spy.games) CHECK(seen.at_begin.empty());
    CHECK(spy.games[0].at_end.size() == 4);
    CHECK(spy.games[0].players == "Alice - Bob");
    CHECK(spy.games[1].at_tags_read.empty());
    CHECK(spy.games[1].at_end.empty());
    CHECK(spy.games[1].players == "? - ?");
    CHECK(records[1].tag("White").empty());
    CHECK(records[1].tags.empty());
    CHECK(spy.games[2].at_end == std::vector<std::pair<std::string, std::string>>{{"White", "Carol"}});
    CHECK(spy.games[3].at_end == std::vector<std::pair<std::string, std::string>>{{"Black", "Dan"}});
    CHECK(spy.games[3].players == "? - Dan");
}

// The pipeline swaps records with the walk (a record waiting for its number is kept without a
// copy), so the walk starts games from records that held other games: still nothing shows.
TEST_CASE("Game state: a record swapped back into the walk shows none of its old tags", "[game-state]") {
    std::string input;
    for (int i = 0; i < 50; ++i)
        input += i % 2 ? "1. e4 e5 *\n\n" : "[White \"W" + std::to_string(i) + "\"]\n[Site \"s\"]\n\n1. d4 *\n\n";
    TagSpy spy;
    std::vector<game::GameRecord> kept(7);
    std::size_t next = 0, tagless = 0;
    auto reader = pgn::PgnReader::from_memory(input);
    game::walk_pgn(reader, {}, false, &spy, [&](game::GameRecord& r, std::string_view) {
        if (r.tags.empty()) ++tagless;
        else CHECK(r.tag("White") == std::string("W").append(std::to_string(r.game - 1)));
        std::swap(kept[next++ % kept.size()], r);
    });
    CHECK(tagless == 25);
    for (const auto& seen : spy.games) CHECK(seen.at_begin.empty());
}
