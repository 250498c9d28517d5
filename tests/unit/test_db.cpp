// horde-db's store: the classes a count row is split by, the merge rule of the count rows, and the
// refusal of a database of a newer format.
#include "db/rows.hpp"
#include "horde/db/classes.hpp"
#include "horde/db/database.hpp"

#include <catch2/catch.hpp>
#include <rocksdb/db.h>

#include <filesystem>
#include <unistd.h>
#include <string>

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
}

TEST_CASE("db: the count rows add up in any order", "[db]") {
    auto listed = [](std::uint64_t serial, std::uint16_t rating, std::uint32_t date) {
        rows::PositionRow row;
        row.results.add(tree::Outcome::WhiteWins);
        row.min_ply = std::uint16_t(serial);
        row.top = row.recent = {rows::ListedGame{serial, rating, date, 0}};
        return rows::encode(row);
    };
    const std::string key = rows::position_row_key(42, rows::RowClass{});
    std::string forward = listed(1, 1500, 20240101), backward = listed(7, 1900, 20230101);
    for (std::uint64_t s = 2; s <= 6; ++s) forward = rows::merge_values(key, forward, listed(s, std::uint16_t(1500 + 100 * s), 20240100 + std::uint32_t(s)));
    forward = rows::merge_values(key, forward, listed(7, 1900, 20230101));
    for (std::uint64_t s = 6; s >= 1; --s)
        backward = rows::merge_values(key, backward, s == 1 ? listed(1, 1500, 20240101) : listed(s, std::uint16_t(1500 + 100 * s), 20240100 + std::uint32_t(s)));
    CHECK(forward == backward);
    const rows::PositionRow row = rows::decode_position_row(forward);
    CHECK(row.results.games == 7);
    CHECK(row.min_ply == 1);
    REQUIRE(row.top.size() == 4);
    CHECK(row.top[0].serial == 6); // 2100
    CHECK(row.top[1].serial == 5); // 2000
    CHECK(row.top[2].serial == 4); // 1900, added before 7 (1900)
    CHECK(row.top[3].serial == 7);
    CHECK(row.recent[0].serial == 6); // 2024-01-06
}

TEST_CASE("db: a database of a newer format is refused, not misread", "[db]") {
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
    std::filesystem::remove_all(dir);
}
