#include "horde/db/classes.hpp"

#include <charconv>

namespace horde::db {

namespace {

// A whole number of seconds ("300", "0"); nullopt otherwise.
std::optional<long> seconds(std::string_view text) {
    long v = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (error != std::errc() || end != text.data() + text.size() || text.empty() || v < 0) return std::nullopt;
    return v;
}

} // namespace

Speed speed_of_time_control(std::string_view tc) {
    if (tc == "-") return Speed::Correspondence;
    const std::size_t plus = tc.find('+');
    if (plus == std::string_view::npos) return Speed::Unknown;
    const auto base = seconds(tc.substr(0, plus)), increment = seconds(tc.substr(plus + 1));
    if (!base || !increment) return Speed::Unknown;
    const long estimate = *base + 40 * *increment;
    if (estimate < 30) return Speed::UltraBullet;
    if (estimate < 180) return Speed::Bullet;
    if (estimate < 480) return Speed::Blitz;
    if (estimate < 1500) return Speed::Rapid;
    return Speed::Classical;
}

std::string_view speed_name(Speed speed) {
    switch (speed) {
    case Speed::UltraBullet: return "ultraBullet";
    case Speed::Bullet: return "bullet";
    case Speed::Blitz: return "blitz";
    case Speed::Rapid: return "rapid";
    case Speed::Classical: return "classical";
    case Speed::Correspondence: return "correspondence";
    case Speed::Unknown: return "unknown";
    }
    return "unknown";
}

std::optional<Speed> parse_speed(std::string_view name) {
    for (int s = 0; s < kSpeeds; ++s)
        if (speed_name(Speed(s)) == name) return Speed(s);
    return std::nullopt;
}

std::uint8_t rating_band(int white_elo, int black_elo) {
    if (white_elo <= 0 || black_elo <= 0) return kUnknownBand;
    const int mean = (white_elo + black_elo) / 2;
    std::uint8_t band = 0;
    for (std::size_t i = 0; i < kRatingBands.size(); ++i)
        if (mean >= kRatingBands[i]) band = std::uint8_t(i);
    return band;
}

std::optional<std::uint8_t> parse_rating_band(std::string_view lower_bound) {
    int v = 0;
    const auto [end, error] = std::from_chars(lower_bound.data(), lower_bound.data() + lower_bound.size(), v);
    if (error != std::errc() || end != lower_bound.data() + lower_bound.size()) return std::nullopt;
    for (std::size_t i = 0; i < kRatingBands.size(); ++i)
        if (kRatingBands[i] == v) return std::uint8_t(i);
    return std::nullopt;
}

Month month_of_date(std::uint32_t yyyymmdd) {
    const std::uint32_t year = yyyymmdd / 10000, month = yyyymmdd / 100 % 100;
    if (year == 0 || month < 1 || month > 12 || year > std::uint32_t(kLastYear)) return kUnknownMonth;
    return Month(year * 12 + (month - 1) + 1);
}

std::optional<Month> parse_month(std::string_view text) {
    if (text.size() != 7 || text[4] != '-') return std::nullopt;
    const auto year = seconds(text.substr(0, 4)), month = seconds(text.substr(5, 2));
    if (!year || !month || *year < 1 || *month < 1 || *month > 12) return std::nullopt;
    if (*year > kLastYear) return kAfterEveryMonth; // "until 9999-12": no upper bound
    return month_of_date(std::uint32_t(*year * 10000 + *month * 100));
}

int month_year(Month m) { return (int(m) - 1) / 12; }
int month_of_year(Month m) { return (int(m) - 1) % 12 + 1; }

} // namespace horde::db
