#include "horde/report/game_table.hpp"

#include "horde/position/writers.hpp"

#include "horde/notation/dialect.hpp"
#include "horde/notation/san.hpp"
#include "horde/pgn/comment_commands.hpp"
#include "horde/report/json.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace horde::report {

namespace {

std::vector<std::string> split_commas(std::string_view text) {
    std::vector<std::string> out;
    while (!text.empty()) {
        const auto comma = text.find(',');
        std::string_view part = text.substr(0, comma);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
        if (!part.empty()) out.emplace_back(part);
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

void append_json_value(std::string& out, std::string_view value) { append_json_string(out, value); }

} // namespace

std::optional<TableFormat> parse_table_format(std::string_view text) {
    if (text == "tsv") return TableFormat::Tsv;
    if (text == "csv") return TableFormat::Csv;
    if (text == "json") return TableFormat::Json;
    return std::nullopt;
}

void append_csv_field(std::string& out, std::string_view value) {
    const bool quote = value.find_first_of(",\"\r\n") != std::string_view::npos ||
                       (!value.empty() && (value.front() == ' ' || value.back() == ' '));
    if (!quote) {
        out += value;
        return;
    }
    out += '"';
    for (char c : value) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

GameTable::GameTable(std::string_view fields, TableFormat format, bool positions, PositionPick pick)
    : format_(format), positions_(positions), pick_(pick) {
    static constexpr std::pair<std::string_view, Extra> kExtras[] = {
        {"file", Extra::File}, {"ply", Extra::Ply}, {"san", Extra::San},   {"uci", Extra::Uci},   {"fen", Extra::Fen},
        {"clk", Extra::Clk},   {"emt", Extra::Emt}, {"eval", Extra::Eval}, {"nags", Extra::Nags}, {"comment", Extra::Comment},
    };
    for (auto& name : split_commas(fields)) {
        const select::GameField field = select::parse_game_field(name);
        Extra extra = Extra::None;
        if (field == select::GameField::Tag)
            for (const auto& [n, e] : kExtras)
                if (n == name) extra = e;
        columns_.push_back({std::move(name), field, extra});
    }
}

std::string GameTable::unknown_field() const {
    if (positions_) return {};
    for (const auto& c : columns_)
        if (c.extra != Extra::None && c.extra != Extra::File) return c.name;
    return {};
}

std::string GameTable::header() const {
    if (format_ == TableFormat::Json) return {};
    std::string out;
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        if (i) out += format_ == TableFormat::Csv ? ',' : '\t';
        if (format_ == TableFormat::Csv) append_csv_field(out, columns_[i].name);
        else out += columns_[i].name;
    }
    out += '\n';
    return out;
}

struct GameTable::Cell {
    bool present = false;
    bool raw_json = false; // a number or boolean in JSON
    std::string_view value;
};

void GameTable::append_cells(std::string& out, const std::vector<Cell>& cells) const {
    if (format_ == TableFormat::Json) out += '{';
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const Cell& c = cells[i];
        switch (format_) {
        case TableFormat::Tsv:
            if (i) out += '\t';
            if (c.present)
                for (char ch : c.value) out += ch == '\t' || ch == '\n' || ch == '\r' ? ' ' : ch;
            break;
        case TableFormat::Csv:
            if (i) out += ',';
            if (c.present) append_csv_field(out, c.value);
            break;
        case TableFormat::Json:
            if (i) out += ',';
            append_json_value(out, columns_[i].name);
            out += ':';
            if (!c.present) out += "null";
            else if (c.raw_json) out += c.value;
            else append_json_value(out, c.value);
            break;
        }
    }
    out += format_ == TableFormat::Json ? "}\n" : "\n";
}

game::MainLineOptions GameTable::main_line_options() const {
    game::MainLineOptions o;
    o.enabled = positions_;
    o.pick = {pick_.start, pick_.final, pick_.ply, pick_.every};
    o.keep_partial = pick_.keep_partial;
    o.reached_san = true;
    return o;
}

void GameTable::append_row(std::string& out, const game::GameRecord& r, const game::MainLinePositions& positions,
                           std::string_view file) const {
    if (positions_) {
        append_positions(out, r, positions, file);
        return;
    }
    std::vector<std::string> buffers(columns_.size());
    std::vector<Cell> cells(columns_.size());
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        const Column& c = columns_[i];
        Cell& cell = cells[i];
        if (c.extra == Extra::File) cell = {true, false, file};
        else cell.present = select::game_field_text(r, c.field, c.name, buffers[i], cell.value);
        cell.raw_json = c.field == select::GameField::Plies || c.field == select::GameField::Errors ||
                        c.field == select::GameField::Warnings || c.field == select::GameField::Game ||
                        c.field == select::GameField::Valid;
    }
    append_cells(out, cells);
}

void GameTable::append_positions(std::string& out, const game::GameRecord& r, const game::MainLinePositions& positions,
                                 std::string_view file) const {
    if (!positions.listed) return;
    std::vector<std::string> game_buffers(columns_.size()), buffers(columns_.size());
    std::vector<Cell> cells(columns_.size());
    // The game's fields once.
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        const Column& c = columns_[i];
        if (c.extra == Extra::None) {
            cells[i].present = select::game_field_text(r, c.field, c.name, game_buffers[i], cells[i].value);
            cells[i].raw_json = c.field == select::GameField::Plies || c.field == select::GameField::Errors ||
                                c.field == select::GameField::Warnings || c.field == select::GameField::Game ||
                                c.field == select::GameField::Valid;
        } else if (c.extra == Extra::File) {
            cells[i] = {true, false, file};
        }
    }
    for (const game::MainLinePosition& pos : positions.positions) {
        const int ply = pos.ply;
        const bool white_moved = pos.white_moved;
        const std::string san(positions.reached_san(pos));
        std::string uci;
        if (pos.null_move) uci = "0000";
        else if (!pos.reached_by.is_none()) position::append_uci(uci, pos.reached_by);
        const game::GameRecord::MoveNotes* notes = std::size_t(ply) < r.notes.size() ? &r.notes[std::size_t(ply)] : nullptr;
        MoveData data;
        if (notes && !notes->comment.empty()) data = read_move_data(notes->comment, white_moved);
        for (std::size_t i = 0; i < columns_.size(); ++i) {
            const Column& c = columns_[i];
            Cell& cell = cells[i];
            std::string& b = buffers[i];
            auto text = [&](std::string value, bool raw = false) {
                b = std::move(value);
                cell = {!b.empty(), raw, b};
            };
            switch (c.extra) {
            case Extra::None:
            case Extra::File: break;
            case Extra::Ply: text(fmt::format("{}", ply), true); break;
            case Extra::San: text(ply ? san : std::string()); break;
            case Extra::Uci: text(ply ? uci : std::string()); break;
            case Extra::Fen: text(std::string(positions.fen(pos))); break;
            case Extra::Clk: text(data.clk, true); break;
            case Extra::Emt: text(data.emt, true); break;
            case Extra::Eval: text(data.eval, !data.eval.empty() && data.eval[0] != '#'); break;
            case Extra::Comment: text(data.comment); break;
            case Extra::Nags: {
                std::string nags;
                if (notes)
                    for (int n : notes->nags) nags += fmt::format("{}${}", nags.empty() ? "" : " ", n);
                text(std::move(nags));
                break;
            }
            }
        }
        append_cells(out, cells);
    }
}

TagSelection TagSelection::parse(std::string_view text) {
    TagSelection s;
    if (text == "all") s.all = true;
    else s.names = split_commas(text);
    return s;
}

} // namespace horde::report
