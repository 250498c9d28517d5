// Game tables (horde-list --games): one row per game of the fields chosen by name (tags,
// select/fields.hpp's computed fields, and `file`), as TSV with a header, CSV (RFC 4180
// quoting, a header, LF line ends) or NDJSON; and the "tags" object of --json-tags.
//
//   tsv   values as they are, a tab or line break inside a value becomes a space; an absent
//         field is empty
//   csv   a value with a comma, a quote, a line break or a space at either end is quoted,
//         quotes doubled; an absent field is empty
//   json  {"FIELD":value,...} in the order asked; plies, errors, warnings and game are
//         numbers, valid is a boolean, an absent field is null, everything else a string
#pragma once

#include "horde/game/checker.hpp"
#include "horde/select/fields.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace horde {

enum class TableFormat : std::uint8_t { Tsv, Csv, Json };
std::optional<TableFormat> parse_table_format(std::string_view text);

// The columns when --fields is not given.
inline constexpr std::string_view kDefaultGameFields = "game,White,Black,Result,variant,plies,valid,status";

class GameTable {
public:
    // `fields`: comma-separated names ("White,WhiteElo,plies,file").
    GameTable(std::string_view fields, TableFormat format);
    // The header line (with its newline) for tsv and csv; empty for json.
    std::string header() const;
    // Appends one row (with its newline); `file` is the input's name.
    void append_row(std::string& out, const GameRecord& record, std::string_view file) const;

private:
    struct Column {
        std::string name;
        GameField field;
        bool file;
    };
    std::vector<Column> columns_;
    TableFormat format_;
};

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
// Appends `"tags":{...}` (no leading comma).
void append_json_tags(std::string& out, const GameRecord& record, const TagSelection& tags);

} // namespace horde
