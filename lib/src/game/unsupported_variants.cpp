#include "horde/game/unsupported_variants.hpp"

#include <array>
#include <cctype>
#include <string>

namespace horde::game {

namespace {

// lichess (Variant tag of its exports), pychess and Fairy-Stockfish (variants.ini names).
constexpr std::array<std::string_view, 40> kNames = {
    "Antichess",   "Atomic",        "Crazyhouse", "King of the Hill", "Racing Kings",
    "Three-check", "Giveaway",      "Suicide",    "Losers",           "Loop",
    "Chessgi",     "Bughouse",      "Seirawan",   "Seirawan960",      "ShouseChess",
    "Placement",   "Makruk",        "Makpong",    "Cambodian",        "Sittuyin",
    "ASEAN",       "Shatranj",      "Xiangqi",    "Janggi",           "Shogi",
    "Minishogi",   "Kyoto Shogi",   "Capablanca", "Gothic",           "Grand",
    "Shako",       "Empire",        "Spartan",    "Synochess",        "Shinobi",
    "Duck",        "Hoppel-Poppel", "Five-check", "Extinction",       "Knightmate"};

std::string folded(std::string_view s) {
    std::string out;
    for (char c : s)
        if (c != ' ' && c != '-' && c != '_') out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

std::span<const std::string_view> unsupported_variants() { return kNames; }

std::string_view unsupported_variant(std::string_view tag) {
    const std::string key = folded(tag);
    if (key.empty()) return {};
    for (std::string_view name : kNames)
        if (folded(name) == key) return name;
    // lichess's other spellings of the same games
    if (key == "3check" || key == "threecheck") return "Three-check";
    if (key == "koth") return "King of the Hill";
    if (key == "zh") return "Crazyhouse";
    return {};
}

} // namespace horde::game
