// The query of lichess's opening explorer (`GET /lichess?...`, the public specification
// lichess-org/api doc/specs/tags/openingexplorer/lichess.yaml) read and judged: every parameter
// with its default, its type and its limit, the position after `fen` and `play` found legal, or
// one message naming what was wrong (the server answers it as HTTP 400 {"error": ...}).
#pragma once

#include "horde/core/types.hpp"
#include "horde/db/explorer.hpp"
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

inline constexpr std::size_t kMaxMoves = 256; // more than any position's legal moves
inline constexpr std::size_t kMaxPlay = 1024; // moves in `play`
inline constexpr std::size_t kMaxParams = 64; // parameters in a query (lichess's have 11)

// What a query asks: the database's query (db::explore's: variant, fen, moves, filters and
// limits, as `horde-db query` would take them) and the position it names, judged here so that a
// bad one is answered with the parameter's name.
struct ExplorerRequest {
    Variant variant = Variant::Chess;      // lichess's default, standard: not the database's own
    std::string fen;                       // the root as given ('_' between fields read as ' '); empty: the start
    std::vector<std::string> play;         // legal UCI moves from the root
    position::Board board{Variant::Chess}; // after `play`
    db::ExplorerQuery query;               // since/until unset when not given: games of unknown month count
};

struct RequestError {
    std::string message; // "fen: castling field: 'K' but White has no king in Horde"
};

// The explorer's variant keys: standard, chess960, horde, and ours, orda.
std::string_view variant_key(Variant v);

// `/lichess`'s query. Unknown parameters are ignored, as lichess does; one given twice is an error.
std::variant<ExplorerRequest, RequestError> parse_explorer_request(const QueryParams& params);

// The query as a text that two requests share exactly when they ask the same (the variant, the
// root and the moves as given, the filters, the limits): the answer cache's key.
std::string cache_key(const ExplorerRequest& request);

// `/games`'s query: variant, fen and play only.
std::variant<ExplorerRequest, RequestError> parse_position_request(const QueryParams& params);

} // namespace horde::serve
