#include "horde/report/game_table.hpp"

#include <algorithm>

namespace horde {

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

void append_json_value(std::string& out, std::string_view value) {
    out += '"';
    out += json_escape(value);
    out += '"';
}

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

GameTable::GameTable(std::string_view fields, TableFormat format) : format_(format) {
    for (auto& name : split_commas(fields)) {
        const GameField field = parse_game_field(name);
        const bool file = field == GameField::Tag && name == "file";
        columns_.push_back({std::move(name), field, file});
    }
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

void GameTable::append_row(std::string& out, const GameRecord& r, std::string_view file) const {
    std::string buffer;
    if (format_ == TableFormat::Json) out += '{';
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        const Column& c = columns_[i];
        std::string_view value;
        const bool present = c.file ? (value = file, true) : game_field_text(r, c.field, c.name, buffer, value);
        switch (format_) {
        case TableFormat::Tsv:
            if (i) out += '\t';
            if (present)
                for (char ch : value) out += ch == '\t' || ch == '\n' || ch == '\r' ? ' ' : ch;
            break;
        case TableFormat::Csv:
            if (i) out += ',';
            if (present) append_csv_field(out, value);
            break;
        case TableFormat::Json: {
            if (i) out += ',';
            append_json_value(out, c.name);
            out += ':';
            const bool number = c.field == GameField::Plies || c.field == GameField::Errors ||
                                c.field == GameField::Warnings || c.field == GameField::Game;
            if (!present) out += "null";
            else if (number || c.field == GameField::Valid) out += value;
            else append_json_value(out, value);
            break;
        }
        }
    }
    out += format_ == TableFormat::Json ? "}\n" : "\n";
}

TagSelection TagSelection::parse(std::string_view text) {
    TagSelection s;
    if (text == "all") s.all = true;
    else s.names = split_commas(text);
    return s;
}

void append_json_tags(std::string& out, const GameRecord& r, const TagSelection& tags) {
    out += "\"tags\":{";
    bool first = true;
    auto put = [&](std::string_view name, const std::string_view* value) {
        if (!first) out += ',';
        first = false;
        append_json_value(out, name);
        out += ':';
        if (value) append_json_value(out, *value);
        else out += "null";
    };
    if (tags.all) {
        std::vector<std::string_view> seen;
        for (const auto& [name, value] : r.tags) {
            if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
            seen.push_back(name);
            const std::string_view v = value;
            put(name, &v);
        }
    } else {
        for (const auto& name : tags.names) {
            const auto it = std::find_if(r.tags.begin(), r.tags.end(), [&](const auto& t) { return t.first == name; });
            const std::string_view v = it == r.tags.end() ? std::string_view() : std::string_view(it->second);
            put(name, it == r.tags.end() ? nullptr : &v);
        }
    }
    out += '}';
}

} // namespace horde
