// The opening explorer's answer for one position: what lichess's explorer API returns (white,
// draws, black, the moves with their counts and mean rating, top and recent games), computed
// from a database's rows for the position, filtered by speed, rating band and month. The one
// function both `horde-db query` and `horde-db serve` call; report/json writes the answer as
// lichess's JSON (report::append_explorer_json), so both print the same bytes.
#pragma once

#include "horde/db/classes.hpp"
#include "horde/db/database.hpp"
#include "horde/position/board.hpp"
#include "horde/tree/opening_tree.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace horde::db {

// A query that names no position of its variant (a bad FEN, an illegal move): the message says
// what is wrong ("--fen: ...", "move 3 \"Nf9\": ..."). An HTTP server answers 400 with it.
class QueryError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

struct ExplorerQuery {
    std::optional<Variant> variant;    // none: the database's only variant, else chess
    std::string fen;                   // "": the variant's start position
    std::string moves;                 // SAN or UCI moves played from `fen`, separated by spaces or commas
    std::vector<Speed> speeds;         // only these (empty: every game, unknown speed included)
    std::vector<std::uint8_t> ratings; // only these bands (indexes into kRatingBands; empty: every game)
    std::optional<Month> since, until; // only games of these months (inclusive); unknown month out
    std::size_t moves_limit = 12;      // lichess's default
    std::size_t top_games = 4;         // at most kMaxListedGames
    std::size_t recent_games = 4;      // at most kMaxListedGames
    bool history = false;              // the answer's history (ExplorerAnswer::history)
};
inline constexpr std::size_t kMaxListedGames = 4; // kept per position and class, as lichess's

struct ExplorerGame {
    std::string id;
    std::string uci; // the move it played from the position ("" : none)
    tree::Outcome outcome = tree::Outcome::Unfinished;
    Speed speed = Speed::Unknown;
    std::string white_name, black_name;
    int white_rating = 0, black_rating = 0; // 0: unknown
    std::uint32_t date = 0;                 // YYYYMMDD (0: unknown)
};

struct ExplorerMove {
    Move move = Move::none();
    std::string uci, san;
    tree::MoveSums sums;              // games, white/draws/black and horde-tree's sums
    int average_rating = 0;           // mean of the games' mean Elos (rated games; 0: none)
    std::optional<ExplorerGame> game; // the game, when exactly one played the move
};

// The games of one month that reached the position (lichess's history segment).
struct MonthResults {
    Month month = kUnknownMonth;
    tree::ResultCounts results;
};

struct ExplorerAnswer {
    Variant variant = Variant::Chess;
    std::string fen;                        // the position's (4 fields)
    std::uint64_t key = 0;                  // tree::position_key
    tree::ResultCounts results;             // games that reached it (unfinished ones in games only)
    int ply = -1;                           // the lowest ply a game reached it at (-1: no game)
    std::vector<ExplorerMove> moves;        // most games first, then by move code; moves_limit of them
    std::size_t moves_played = 0;           // the moves played from it, moves_limit or not
    std::vector<ExplorerGame> top_games;    // highest mean rating first (then added first)
    std::vector<ExplorerGame> recent_games; // latest date first (then added last)
    std::optional<std::string> opening;     // not known to the database: null
    // With ExplorerQuery::history: the games that reached the position (the query's filters
    // taken) month by month, as lichess's history: every month from `since` (not before the
    // database's first month; else from the first month with such a game) to the last month with
    // one, a month without games as zeros; games of unknown month are in no month. Empty when no
    // game of known month reached it.
    std::optional<std::vector<MonthResults>> history;
};

// The position a query names (its variant, board and tree key). Throws QueryError.
struct QueryPosition {
    Variant variant = Variant::Chess;
    position::Board board;
    std::uint64_t key = 0;
};
QueryPosition resolve_position(const Database& db, const ExplorerQuery& query);

// Throws QueryError (the position) and DbError (a damaged store).
ExplorerAnswer explore(const Database& db, const ExplorerQuery& query);

// The answer as horde-tree's position (for report::tree_position_table: the same table).
tree::PositionStats answer_position_stats(const ExplorerAnswer& answer);

} // namespace horde::db
