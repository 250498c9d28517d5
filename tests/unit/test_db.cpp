// horde-db's store: the classes a count row is split by, the merge rule of the count rows, the
// refusal of a database of a newer format, and the progress of an add's writing.
#include "db/rows.hpp"
#include "horde/db/add.hpp"
#include "horde/db/classes.hpp"
#include "horde/db/database.hpp"
#include "horde/db/games.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/run/db.hpp"

#include <catch2/catch.hpp>
#include <rocksdb/db.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <unistd.h>
#include <vector>

using namespace horde;
using namespace horde::db;

TEST_CASE("db: speed from TimeControl as lichess classifies it", "[db]") {
    CHECK(speed_of_time_control("15+0") == Speed::UltraBullet);
    CHECK(speed_of_time_control("29+0") == Speed::UltraBullet);
    CHECK(speed_of_time_control("30+0") == Speed::Bullet);
    CHECK(speed_of_time_control("179+0") == Speed::Bullet);
    CHECK(speed_of_time_control("60+3") == Speed::Blitz); // 60 + 40 x 3 = 180
    CHECK(speed_of_time_control("300+4") == Speed::Blitz);
    CHECK(speed_of_time_control("480+0") == Speed::Rapid);
    CHECK(speed_of_time_control("1499+0") == Speed::Rapid);
    CHECK(speed_of_time_control("1500+0") == Speed::Classical);
    CHECK(speed_of_time_control("-") == Speed::Correspondence);
    for (const char* unknown : {"", "?", "40/7200", "300", "abc+1", "300+", "+3", "-5+0"})
        CHECK(speed_of_time_control(unknown) == Speed::Unknown);
    CHECK(parse_speed("ultraBullet") == Speed::UltraBullet);
    CHECK(!parse_speed("unknown"));
}

TEST_CASE("db: rating bands of the mean Elo and months", "[db]") {
    CHECK(rating_band(0, 1500) == kUnknownBand);
    CHECK(rating_band(1500, 0) == kUnknownBand);
    CHECK(rating_band(999, 1000) == 0); // mean 999 (floor)
    CHECK(rating_band(1000, 1001) == 1);
    CHECK(rating_band(2499, 2500) == 7);
    CHECK(rating_band(2500, 2600) == 8);
    CHECK(parse_rating_band("1600") == std::optional<std::uint8_t>(4));
    CHECK(!parse_rating_band("1500"));
    CHECK(parse_month("2024-01") == month_of_date(20240115));
    CHECK(month_of_date(20240100) == month_of_date(20240131));
    CHECK(month_of_date(20240000) == kUnknownMonth);
    CHECK(*parse_month("2023-12") < *parse_month("2024-01"));
    CHECK(month_year(*parse_month("2024-07")) == 2024);
    CHECK(month_of_year(*parse_month("2024-07")) == 7);
    CHECK(!parse_month("2024-13"));
    CHECK(!parse_month("2024-1"));
    // A year past what a game's month can be: later than every game's month, not "unknown".
    CHECK(parse_month("9999-12") == kAfterEveryMonth);
    CHECK(*parse_month("5001-01") > month_of_date(50001231));
    CHECK(month_of_date(50011231) == kUnknownMonth);
}

TEST_CASE("db: a Site names a lichess or pychess game by its id, and nothing else", "[db]") {
    CHECK(site_id("https://lichess.org/AbCd1234").id == "AbCd1234");
    CHECK(site_id("https://lichess.org/AbCd1234").site == "lichess");
    CHECK(site_id("https://lichess.org/AbCd1234/black#23").id == "AbCd1234");
    CHECK(site_id("https://lichess.org/AbCd1234wXyZ").id == "AbCd1234"); // the game's and a player's
    CHECK(site_id("https://www.pychess.org/yl7fRHXf?ply=3").id == "yl7fRHXf");
    CHECK(site_id("https://www.pychess.org/yl7fRHXf").site == "pychess");
    // Not games: each is known by its content's hash, never by a shared "id".
    for (const char* page :
         {"https://lichess.org/study/AbCdEfGh/IjKlMnOp", "https://lichess.org/broadcast/round-1/AbCdEfGh/IjKlMnOp",
          "https://lichess.org/analysis/standard", "https://lichess.org/training/AbCd1", "https://lichess.org/AbCd123",
          "https://lichess.org/AbCd12345", "https://lichess.org/AbCd1234-x", "https://www.pychess.org/variants/horde",
          "https://www.pychess.org/AbCd1234wXyZ", "https://example.org/AbCd1234", "?", ""})
        CHECK(site_id(page).id.empty());
}

TEST_CASE("db: the count rows add up in any order", "[db]") {
    auto single = [](std::uint64_t serial, int elo, std::uint32_t date) {
        rows::SingleGame g;
        g.serial = serial;
        g.outcome = tree::Outcome::WhiteWins;
        g.white_elo = g.black_elo = elo;
        g.date = date;
        g.ply = std::uint16_t(serial);
        g.first = true;
        g.played = serial % 2 == 1;
        g.white_moved = true;
        return g;
    };
    const std::string key = rows::move_row_key(42, rows::RowClass{}, 0x1234);
    auto game = [&](std::uint64_t s) {
        return s == 7 ? single(7, 1900, 20230101) : single(s, 1500 + 100 * int(s), 20240100 + std::uint32_t(s));
    };
    std::string forward = rows::encode(game(1)), backward = rows::encode(game(7));
    for (std::uint64_t s = 2; s <= 7; ++s) forward = rows::merge_values(key, forward, rows::encode(game(s)));
    for (std::uint64_t s = 6; s >= 1; --s) backward = rows::merge_values(key, backward, rows::encode(game(s)));
    CHECK(forward == backward);
    const rows::ClassMoveRow row = rows::decode_row(key, forward);
    CHECK(row.position.results.games == 7);
    CHECK(row.position.results.white == 7);
    CHECK(row.position.min_ply == 1);
    REQUIRE(row.position.top.size() == 4);
    CHECK(row.position.top[0].serial == 6); // 2100
    CHECK(row.position.top[1].serial == 5); // 2000
    CHECK(row.position.top[2].serial == 4); // 1900, added before 7 (1900)
    CHECK(row.position.top[3].serial == 7);
    CHECK(row.position.top[0].move == 0x1234); // the key's move
    CHECK(row.position.recent[0].serial == 6); // 2024-01-06
    CHECK(row.move.sums.results.games == 4);   // games 1, 3, 5, 7 played the move
    CHECK(row.move.first_serial == 1);
    CHECK(row.move.sums.rated == 4);
    CHECK(row.move.sums.mover_elo_sum == 1600 + 1800 + 2000 + 1900);
    CHECK(row.move.sums.first_date == 20230101);
    CHECK(row.move.sums.last_date == 20240105);
}

TEST_CASE("db: a row of one game reads back as that game's row", "[db]") {
    rows::SingleGame g;
    g.serial = 123456;
    g.outcome = tree::Outcome::BlackWins;
    g.white_elo = 2100;
    g.black_elo = 0;
    g.date = 20240517;
    g.ply = 31;
    const std::string key = rows::move_row_key(7, rows::RowClass{}, 77);
    for (int shape = 1; shape < 4; ++shape) {
        g.first = shape & 1;
        g.played = shape & 2;
        for (auto [eval, spent] : {std::pair{tree::kNoFigure, tree::kNoFigure}, std::pair{-35, 4200}}) {
            g.eval_cp = eval;
            g.spent_ms = spent;
            const rows::ClassMoveRow direct = rows::row_of(g, 77);
            const rows::ClassMoveRow stored = rows::decode_row(key, rows::encode(g));
            CHECK(rows::encode(stored) == rows::encode(direct));
            CHECK(stored.position.results.games == (g.first ? 1u : 0u));
            CHECK(stored.move.sums.results.games == (g.played ? 1u : 0u));
            CHECK(stored.move.sums.evals == (g.played && eval != tree::kNoFigure ? 1u : 0u));
            CHECK(rows::encode(g).size() < rows::encode(direct).size()); // what the single shape is for
        }
    }
}

TEST_CASE("db: a solo row reads back its entries in position order", "[db]") {
    const std::uint64_t run = 1000;
    const std::vector<rows::SoloEntry> entries = {{0x0000000000000005ULL, 1000, 0},
                                                  {0x00000000FFFFFFFFULL, 1731, 50},
                                                  {0x8000000000000000ULL, 1001, 7},
                                                  {0xFFFFFFFFFFFFFFFFULL, 999999, 65535}};
    std::string value;
    rows::put_solo_entries(value, run, entries.data(), entries.data() + entries.size());
    const std::string key = rows::solo_key(run, entries.front().position);
    CHECK(key.size() == rows::kSoloKeySize);
    CHECK(key[0] == rows::kSolo);
    std::vector<rows::SoloEntry> read;
    rows::for_each_solo_entry(key, value, [&](const rows::SoloEntry& e) {
        read.push_back(e);
        return true;
    });
    REQUIRE(read.size() == entries.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        CHECK(read[i].position == entries[i].position);
        CHECK(read[i].serial == entries[i].serial);
        CHECK(read[i].ply == entries[i].ply);
    }
    std::size_t seen = 0; // the visit stops the walk
    rows::for_each_solo_entry(key, value, [&](const rows::SoloEntry&) { return ++seen < 2; });
    CHECK(seen == 2);
    CHECK_THROWS_AS(
        rows::for_each_solo_entry(key, value.substr(0, value.size() - 1), [](const rows::SoloEntry&) { return true; }), DbError);
}

TEST_CASE("db: whether a game's PGN reads back as its tags, at once or by reading it", "[db]") {
    using Tags = std::vector<std::pair<std::string, std::string>>;
    const Tags two = {{"Event", "Rated blitz"}, {"White_Elo", "1500"}};
    const Tags with_escapes = {{"Event", "a \"b\" \\ c"}, {"Site", "x"}};
    const std::vector<std::string> pgns = {
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n\n1. e4 e5 *\n",       // the plainest form
        "[Event \"Rated blitz\"]\r\n[White_Elo \"1500\"]\r\n\r\n1. e4 *\r\n",  // CRLF
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n1. e4 *\n",            // no blank line
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n[Round \"1\"]\n\n*\n", // one more tag
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n; a comment\n[Round \"1\"]\n\n*\n",
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n%escape\n[Round \"1\"]\n\n*\n",
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n  [Round \"1\"]\n\n*\n",
        "\xEF\xBB\xBF[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n\n*\n", // a BOM before
        "[Event  \"Rated blitz\"]\n[White_Elo \"1500\"]\n\n*\n",            // two blanks
        "[White_Elo \"1500\"]\n[Event \"Rated blitz\"]\n\n*\n",             // another order
        "[Event \"Rated blitz\"]\n\n*\n",                                   // a tag fewer
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]",                    // nothing after
        "[Event \"a \\\"b\\\" \\\\ c\"]\n[Site \"x\"]\n\n*\n",              // escapes: the reader says
        "1. e4 *\n",
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n\n[Round \"1\"]\n\n*\n", // a pair after a blank line
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n\f[Round \"1\"]\n\n*\n",
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n\r[Round \"1\"]\n\n*\n",
        "[Event \"Rated blitz\"]\n[White_Elo \"1500\"]\n\n;c\n[Round \"1\"]\n\n*\n",
    };
    for (const std::string& pgn : pgns)
        for (const Tags& tags : {two, with_escapes, Tags{}}) {
            INFO(pgn);
            CHECK(pgn_reads_as_tags(pgn, tags) == (tags_of_pgn(pgn) == tags));
        }
    CHECK(pgn_reads_as_tags(pgns[0], two));
    CHECK(pgn_reads_as_tags(pgns[1], two));
    CHECK(!pgn_reads_as_tags(pgns[3], two));
    CHECK(pgn_reads_as_tags(pgns[12], with_escapes));
    // A second Event starts another game; a name or a value past the reader's limits.
    const Tags events = {{"Event", "a"}, {"Event", "b"}};
    const std::string two_events = "[Event \"a\"]\n[Event \"b\"]\n\n*\n";
    CHECK(pgn_reads_as_tags(two_events, events) == (tags_of_pgn(two_events) == events));
    const std::string long_name(300, 'N');
    const Tags named = {{long_name, "x"}};
    const std::string with_long_name = "[" + long_name + " \"x\"]\n\n*\n";
    CHECK(pgn_reads_as_tags(with_long_name, named) == (tags_of_pgn(with_long_name) == named));
    const std::string long_value(70000, 'v');
    const Tags valued = {{"Event", long_value}};
    const std::string with_long_value = "[Event \"" + long_value + "\"]\n\n*\n";
    CHECK(pgn_reads_as_tags(with_long_value, valued) == (tags_of_pgn(with_long_value) == valued));
}

TEST_CASE("db: a database of a newer or an older format is refused, not misread", "[db]") {
    const auto dir = std::filesystem::temp_directory_path() / ("horde-db-unit-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    {
        auto db = Database::open_for_writing(dir.string(), 12);
        CHECK(db->created());
        CHECK(db->max_ply() == 12);
        CHECK(db->next_serial() == 1);
    }
    CHECK(Database::open_read_only(dir.string())->max_ply() == 12);
    {
        rocksdb::DB* raw = nullptr;
        rocksdb::Options options;
        REQUIRE(rocksdb::DB::Open(options, dir.string(), &raw).ok());
        REQUIRE(raw->Put(rocksdb::WriteOptions(), "cformat", std::to_string(kFormatVersion + 1)).ok());
        delete raw;
    }
    try {
        Database::open_read_only(dir.string());
        FAIL("a newer format was opened");
    } catch (const DbError& e) {
        CHECK(std::string(e.what()).find("newer") != std::string::npos);
    }
    CHECK_THROWS_AS(Database::open_for_writing(dir.string(), 50), DbError);
    {
        rocksdb::DB* raw = nullptr;
        rocksdb::Options options;
        REQUIRE(rocksdb::DB::Open(options, dir.string(), &raw).ok());
        REQUIRE(raw->Put(rocksdb::WriteOptions(), "cformat", "1").ok()); // the layout before this one
        delete raw;
    }
    try {
        Database::open_read_only(dir.string());
        FAIL("an older format was opened");
    } catch (const DbError& e) {
        CHECK(std::string(e.what()).find("older") != std::string::npos);
        CHECK(std::string(e.what()).find("format version 1") != std::string::npos);
    }
    CHECK_THROWS_AS(Database::open_for_writing(dir.string(), 50), DbError);
    std::filesystem::remove_all(dir);
}

TEST_CASE("db: a database of an older format gives its games to a merge", "[db]") {
    const auto dir = std::filesystem::temp_directory_path() / ("horde-db-unit-old-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    const std::string pgn = "[White \"a\"]\n[Black \"b\"]\n\n1. e4 *\n\n";
    {
        rocksdb::DB* raw = nullptr;
        rocksdb::Options options;
        options.create_if_missing = true;
        REQUIRE(rocksdb::DB::Open(options, dir.string(), &raw).ok());
        REQUIRE(raw->Put(rocksdb::WriteOptions(), "cformat", "2").ok());
        REQUIRE(raw->Put(rocksdb::WriteOptions(), "cmax_ply", "30").ok());
        std::string value; // a game row as formats 1 and 2 wrote it: the tags counted, then each
        rows::put_bytes(value, "AbCd1234");
        rows::put_bytes(value, "old.pgn");
        rows::put_varint(value, 7);
        rows::put_varint(value, std::uint64_t(Variant::Horde));
        rows::put_varint(value, std::uint64_t(tree::Outcome::Draw));
        rows::put_varint(value, 1500);
        rows::put_varint(value, 1600);
        rows::put_varint(value, 20241231);
        rows::put_varint(value, std::uint64_t(Speed::Blitz));
        rows::put_varint(value, 2);
        for (const char* text : {"White", "a", "Black", "b"}) rows::put_bytes(value, text);
        rows::put_bytes(value, pgn);
        REQUIRE(raw->Put(rocksdb::WriteOptions(), rows::serial_key(rows::kGame, 1), value).ok());
        delete raw;
    }
    CHECK_THROWS_AS(Database::open_read_only(dir.string()), DbError); // its rows are not this format's
    {
        auto db = Database::open_games_read_only(dir.string());
        CHECK(db->format() == 2);
        CHECK(db->max_ply() == 30);
        std::vector<StoredGame> games;
        for_each_game(*db, [&](const StoredGame& g) {
            games.push_back(g);
            return true;
        });
        REQUIRE(games.size() == 1);
        CHECK(games[0].serial == 1);
        CHECK(games[0].id == "AbCd1234");
        CHECK(games[0].source == "old.pgn");
        CHECK(games[0].source_game == 7);
        CHECK(games[0].variant == Variant::Horde);
        CHECK_FALSE(games[0].variant_forced);
        CHECK(games[0].outcome == tree::Outcome::Draw);
        CHECK(games[0].date == 20241231);
        CHECK(games[0].speed == Speed::Blitz);
        REQUIRE(games[0].tags.size() == 2);
        CHECK(games[0].tags[1].first == "Black");
        CHECK(games[0].tags[1].second == "b");
        CHECK(games[0].pgn == pgn);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("db: an add reports each stage of its writing from 0 to its total", "[db]") {
    std::ifstream in(std::string(HORDE_TESTDATA) + "/games/chess-valid.pgn", std::ios::binary);
    const std::string pgn((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(pgn.size() > 100000);
    struct Case {
        unsigned threads;
        std::size_t memory;
    };
    // One run; then a game a run or so: more runs than a merge takes at once, merged in a pass first.
    const std::vector<Case> cases = {{1, std::size_t(64) << 20}, {2, std::size_t(64) << 20}, {1, 4096}, {2, 4096}};
    for (const Case& c : cases) {
        INFO("threads " << c.threads << ", memory " << c.memory);
        const auto dir = std::filesystem::temp_directory_path() / ("horde-db-unit-progress-" + std::to_string(::getpid()));
        const auto temp = dir.string() + "-temp";
        std::filesystem::remove_all(dir);
        {
            std::mutex calls_lock;
            std::vector<std::string> stages;
            std::map<std::string, std::vector<std::pair<std::uint64_t, std::uint64_t>>> calls;
            std::size_t run_files_left = 0; // when the database's rows begin to be written
            const AddProgress progress = [&](std::string_view stage, std::uint64_t done, std::uint64_t total) {
                std::lock_guard lock(calls_lock);
                if (stages.empty() || stages.back() != stage) {
                    stages.emplace_back(stage);
                    if (stage == "writing the database")
                        for (const auto& f : std::filesystem::recursive_directory_iterator(temp))
                            run_files_left += f.path().filename().string().rfind("run-", 0) == 0;
                }
                calls[std::string(stage)].emplace_back(done, total);
            };
            auto db = Database::open_for_writing(dir.string(), 50);
            AddBuilder builder(*db, AddOptions{c.memory, temp, c.threads, progress});
            auto reader = pgn::PgnReader::from_memory(pgn);
            run::DbAddSettings settings;
            settings.threads = c.threads;
            run::run_db_add(reader, game::CheckOptions{}, "chess-valid.pgn", settings, builder,
                            [](std::string&, const run::DbAddTotals&) {});
            REQUIRE(builder.added() == 300);
            builder.commit();
            std::string named;
            for (const std::string& stage : stages) named += "[" + stage + "] ";
            INFO("stages " << named << ", runs " << builder.runs());
            // each run written past the budget (the last one by the commit), the merge passes, then
            // the database
            const bool many_runs = builder.runs() > 64;
            CHECK(many_runs == (c.memory == 4096));
            const std::size_t runs = c.memory == 4096 ? builder.runs() : 0;
            REQUIRE(stages.size() == runs + (many_runs ? 1 : 0) + 1);
            for (std::size_t i = 0; i < runs; ++i) CHECK(stages[i] == "writing run " + std::to_string(i + 1));
            if (many_runs) CHECK(stages[runs].rfind("merging " + std::to_string(runs) + " runs (pass 1)", 0) == 0);
            CHECK(stages.back() == "writing the database");
            // a pass deletes the run files it has merged (an add of many runs would hold them twice)
            if (many_runs) CHECK(run_files_left == 0);
            for (const auto& [stage, reports] : calls) {
                INFO(stage);
                REQUIRE(reports.size() >= 2);
                CHECK(reports.front().first == 0);
                std::uint64_t most = 0;
                for (std::size_t i = 0; i < reports.size(); ++i) {
                    const auto [done, total] = reports[i];
                    CHECK(total == reports.front().second);
                    CHECK(done <= total);
                    // one thread reports in order; two may report their sums out of order
                    if (c.threads == 1 && i > 0) CHECK(done >= reports[i - 1].first);
                    most = std::max(most, done);
                }
                CHECK(reports.front().second > 0);
                CHECK(most == reports.front().second);
            }
        }
        CHECK(Database::open_read_only(dir.string())->next_serial() == 301);
        std::filesystem::remove_all(dir);
        std::filesystem::remove_all(temp);
    }
}
