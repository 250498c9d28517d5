// Game tables (horde-list --games): one row per game of the fields chosen by name (tags,
// select/fields.hpp's computed fields, and `file`), as TSV with a header, CSV (RFC 4180
// quoting, a header, LF line ends) or NDJSON; and the "tags" object of --json-tags.
//
//   tsv   values as they are, a tab or line break inside a value becomes a space; an absent
//         field is empty
//   csv   a value with a comma, a quote, a line break or a space at either end is quoted,
//         quotes doubled; an absent field is empty
//   json  {"FIELD":value,...} in the order asked; plies, errors, warnings, game, ply, clk,
//         emt and a pawn eval are numbers, valid is a boolean, an absent field is null,
//         everything else a string (a mate eval too: "#-3")
//
// Position rows (horde-list --fields without --games, or --format csv): one row per selected
// position of each game's main line, with the game's fields above and the position's:
//   ply      0 for the start, p after the p-th half-move
//   san uci  the move that reached the position (absent at ply 0)
//   fen      the position's FEN
//   clk emt eval nags comment   the data of the move that reached the position (ply p: move
//         p's; ply 0: the comment before the first move), read from the comments after it:
//         clk    [%clk 0:03:00] (lichess, ChessBase), in seconds
//         emt    [%emt 0:00:05] (ChessBase), or the "1.5s" of cutechess's {+0.42/19 1.5s}, seconds
//         eval   [%eval 0.17] / [%eval #-3] (lichess: pawns, White's point of view, #N mate in N),
//                or cutechess's +0.42 / +M5 (the mover's point of view, turned round for
//                Black's moves: #5 / #-5 for mates)
//         nags   the NAGs after the move, "$1 $14"
//         comment  the comments' text without their [%...] commands, whitespace collapsed
#pragma once

#include "horde/game/checker.hpp"
#include "horde/game/main_line.hpp"
#include "horde/pgn/comment_commands.hpp"
#include "horde/select/fields.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace horde::report {

enum class TableFormat : std::uint8_t { Tsv, Csv, Json };
std::optional<TableFormat> parse_table_format(std::string_view text);

// The columns when --fields is not given.
inline constexpr std::string_view kDefaultGameFields = "game,White,Black,Result,variant,plies,valid,status";

// Which positions position rows list (see ListOptions): none set = all.
struct TablePositionPick {
    bool start = false, final = false;
    int ply = -1, every = 0;
    bool keep_partial = false; // invalid games: their positions up to the first error
};

class GameTable {
public:
    using PositionPick = TablePositionPick;
    // `fields`: comma-separated names ("White,WhiteElo,plies,file"). With `positions`, one row
    // per position (`pick`), else one per game.
    GameTable(std::string_view fields, TableFormat format, bool positions = false, PositionPick pick = {});
    // A name `fields` gave that is no field of position rows (position fields in a game table
    // are refused), or empty.
    std::string unknown_field() const;
    // The header line (with its newline) for tsv and csv; empty for json.
    std::string header() const;
    // What the game walk must keep of each game for position rows (nothing for a game table).
    game::MainLineOptions main_line_options() const;
    // Appends the game's row (or the rows of its positions, kept by the walk), each with its
    // newline; `file` is the input's name.
    void append_row(std::string& out, const game::GameRecord& record, const game::MainLinePositions& positions,
                    std::string_view file) const;

private:
    enum class Extra : std::uint8_t { None, File, Ply, San, Uci, Fen, Clk, Emt, Eval, Nags, Comment };
    struct Column {
        std::string name;
        select::GameField field;
        Extra extra;
    };
    struct Cell;
    void append_cells(std::string& out, const std::vector<Cell>& cells) const;
    void append_positions(std::string& out, const game::GameRecord& record, const game::MainLinePositions& positions,
                          std::string_view file) const;
    std::vector<Column> columns_;
    TableFormat format_;
    bool positions_;
    PositionPick pick_;
};

// Default columns of position rows.
inline constexpr std::string_view kDefaultPositionFields = "game,ply,san,uci,fen";

// Per-move data read from the comments after a move: pgn::read_move_data (pgn/comment_commands.hpp).
using pgn::MoveData;
using pgn::read_move_data;

// Appends a CSV field (RFC 4180 quoting when needed).
void append_csv_field(std::string& out, std::string_view value);

// --json-tags: every tag (the first of each name, in input order), or the listed ones (null when absent).
struct TagSelection {
    bool all = false;
    std::vector<std::string> names;
    bool empty() const { return !all && names.empty(); }
    // "all" or a comma-separated list.
    static TagSelection parse(std::string_view text);
};
// The "tags" field it selects is written by append_json_tags (report/json.hpp).

} // namespace horde::report
