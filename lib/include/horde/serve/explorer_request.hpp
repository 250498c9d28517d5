// The query of lichess's opening explorer (`GET /lichess?...`, the public specification
// lichess-org/api doc/specs/tags/openingexplorer/lichess.yaml) read and judged: every parameter
// with its default, its type and its limit, the position after `fen` and `play` found legal, or
// one message naming what was wrong (the server answers it as HTTP 400 {"error": ...}).
#pragma once

#include "horde/core/types.hpp"
#include "horde/position/board.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace horde::serve {

// A query's parameters, decoded, in the order given.
using QueryParams = std::vector<std::pair<std::string, std::string>>;

// A month as year * 12 + (month - 1): since/until compare as numbers.
struct YearMonth {
    int value = 0;
    int year() const { return value / 12; }
    int month() const { return value % 12 + 1; }
    friend auto operator<=>(YearMonth, YearMonth) = default;
};

inline constexpr int kMaxTopGames = 4, kMaxRecentGames = 4; // the specification's maximums
inline constexpr int kMaxMoves = 256;                       // more than any position's legal moves
inline constexpr int kMaxPlay = 1024;                       // moves in `play`

struct ExplorerRequest {
    Variant variant = Variant::Chess;
    std::string fen;                // the root as given ('_' between fields read as ' '); empty: the start
    std::vector<std::string> play;  // legal UCI moves from the root
    position::Board root{Variant::Chess};
    position::Board board{Variant::Chess}; // after `play`
    std::vector<std::string> speeds;       // speed names (lichess's), empty: every speed
    std::vector<int> ratings;              // the rating groups' lower bounds, empty: every group
    YearMonth since{1952 * 12}, until{3000 * 12 + 11};
    int moves = 12, top_games = 4, recent_games = 4;
    bool history = false; // asked for; the answer has no history (documented)
};

struct RequestError {
    std::string message; // "fen: castling field: 'K' but White has no king in Horde"
};

// The explorer's variant keys: standard, chess960, horde, and ours, orda.
std::string_view variant_key(Variant v);

// `/lichess`'s query. Unknown parameters are ignored, as lichess does; one given twice is an error.
std::variant<ExplorerRequest, RequestError> parse_explorer_request(const QueryParams& params);

// `/games`'s query: variant, fen and play only.
std::variant<ExplorerRequest, RequestError> parse_position_request(const QueryParams& params);

} // namespace horde::serve
