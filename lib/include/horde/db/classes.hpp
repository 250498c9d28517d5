// The classes a position database splits its counts by, as lichess's opening explorer does: the
// speed of a game (from its TimeControl tag), the rating band of the mean of both Elos, and the
// month it was played. A game without one of them falls in that class's "unknown", which only
// a query that does not filter on the class counts.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace horde::db {

enum class Speed : std::uint8_t { UltraBullet, Bullet, Blitz, Rapid, Classical, Correspondence, Unknown };
inline constexpr int kSpeeds = 6; // the known ones

// lichess's rule: the estimated duration base + 40 x increment (seconds); under 30 ultraBullet,
// under 180 bullet, under 480 blitz, under 1500 rapid, else classical; "-" correspondence.
// Anything else (empty, "?", "40/7200"): Unknown.
Speed speed_of_time_control(std::string_view time_control);
std::string_view speed_name(Speed speed); // "ultraBullet", "bullet", ..., "unknown"
std::optional<Speed> parse_speed(std::string_view name);

// The lower bounds of the rating bands (lichess's explorer's).
inline constexpr std::array<int, 9> kRatingBands = {0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500};
inline constexpr std::uint8_t kUnknownBand = 0xFF;
// The band (index into kRatingBands) of the mean of both ratings, floor((white + black) / 2);
// kUnknownBand when either is unknown (0).
std::uint8_t rating_band(int white_elo, int black_elo);
// The index of a band's lower bound ("1600" -> 4); nullopt when it is not one.
std::optional<std::uint8_t> parse_rating_band(std::string_view lower_bound);

// A month as a number: year * 12 + (month - 1) + 1, so that 0 is "unknown" and months sort.
using Month = std::uint16_t;
inline constexpr Month kUnknownMonth = 0;
inline constexpr int kLastYear = 5000;            // a game's date of a later year is of unknown month
inline constexpr Month kAfterEveryMonth = 0xFFFF; // later than any game's month (a filter's bound)
// From a date YYYYMMDD (tree::GameFacts::date): kUnknownMonth without a year and a month.
Month month_of_date(std::uint32_t yyyymmdd);
// "2024-01" (lichess's since/until) -> its Month (a year past kLastYear: kAfterEveryMonth, so
// that "until 9999-12" bounds nothing); nullopt when malformed.
std::optional<Month> parse_month(std::string_view text);
int month_year(Month m);
int month_of_year(Month m); // 1..12

} // namespace horde::db
