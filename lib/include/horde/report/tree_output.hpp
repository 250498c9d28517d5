// horde-tree's outputs, over the opening tree's positions as the tree hands them (key order):
//   ndjson    one object a position (report/json: append_tree_position_json)
//   csv, tsv  one row a move played from a kept position (a position no game left has none)
//   epd       one line a position: its FEN (4 fields) and the counts as EPD operations
//   polyglot  a Polyglot .bin book (tree/polyglot.hpp builds its entries)
//   html      one self-contained explorer page (report/tree_page.hpp)
// and the move table of one position for the terminal (--position, --moves; horde-db query's
// too, with its month table).
#pragma once

#include "horde/db/explorer.hpp"
#include "horde/tree/opening_tree.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace horde::report {

enum class TreeFormat : std::uint8_t { Ndjson, Csv, Tsv, Epd, Polyglot, Html };
std::optional<TreeFormat> parse_tree_format(std::string_view text);
inline constexpr std::string_view kTreeFormats = "ndjson, csv, tsv, epd, polyglot, html";

// The header line of csv or tsv (`separator` ',' or '\t'), with its newline.
std::string tree_table_header(char separator);
// The rows of a position, one per move, each with its newline.
void append_tree_rows(std::string& out, const tree::PositionStats& p, char separator);
// The EPD line of a position: FEN (4 fields), then "variant NAME; ply N; games G; wdl W D B;".
void append_tree_epd(std::string& out, const tree::PositionStats& p);
// The explorer's view of one position, for the terminal: a title line and a move table;
// moves_not_shown: the moves played from it that p leaves out (horde-db query --moves-limit),
// said after the table.
std::string tree_position_table(const tree::PositionStats& p, std::size_t moves_not_shown = 0);
// horde-db query --history's table, after the move table: a blank line, then a line a month
// (games, White wins, draws, Black wins), or a line saying no game of known month is there.
std::string month_history_table(const std::vector<db::MonthResults>& history);

} // namespace horde::report
