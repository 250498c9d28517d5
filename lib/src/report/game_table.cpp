#include "horde/report/game_table.hpp"

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

namespace {

// A [%clk]/[%emt] time as text in seconds ("178", "3723.5"); empty when not a time.
std::string clock_seconds(std::string_view t) {
    const auto seconds = pgn::clock_seconds(t);
    return seconds ? fmt::format("{}", *seconds) : std::string();
}

using pgn::is_number_text;

// The value with its sign turned round ("0.42" -> "-0.42", "-1.5" -> "1.5"; zero keeps none).
std::string negated(std::string_view v) {
    if (!v.empty() && v[0] == '+') v.remove_prefix(1);
    if (!v.empty() && v[0] == '-') return std::string(v.substr(1));
    if (v.find_first_not_of("0.") == std::string_view::npos) return std::string(v);
    std::string out(1, '-');
    out.append(v.data(), v.size());
    return out;
}

} // namespace

MoveData read_move_data(std::string_view comments, bool white_moved) {
    MoveData d;
    std::string text; // without [%...] commands
    std::vector<pgn::CommentCommand> commands;
    pgn::parse_comment_commands(comments, commands);
    std::size_t i = 0;
    for (const pgn::CommentCommand& c : commands) {
        text.append(comments.substr(i, c.begin - i));
        text += ' ';
        if (c.name == "clk") d.clk = clock_seconds(c.value);
        else if (c.name == "emt") d.emt = clock_seconds(c.value);
        else if (c.name == "eval") {
            const std::string_view value = c.value.substr(0, c.value.find(',')); // "0.17,20": the depth after a comma
            if (is_number_text(value) || (value.size() > 1 && value[0] == '#' && is_number_text(value.substr(1))))
                d.eval = std::string(value);
        }
        i = c.end;
    }
    text.append(comments.substr(i));
    // Runs of whitespace to one space, ends trimmed.
    for (char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (space) {
            if (!d.comment.empty() && d.comment.back() != ' ') d.comment += ' ';
        } else {
            d.comment += c;
        }
    }
    if (!d.comment.empty() && d.comment.back() == ' ') d.comment.pop_back();
    // cutechess: "+0.42/19 1.5s" (score from the mover's side / depth, then the move's time),
    // the whole comment or its start.
    if (d.eval.empty() || d.emt.empty()) {
        const std::string_view c = d.comment;
        const std::size_t slash = c.find('/');
        const std::size_t space = c.find(' ');
        std::string_view time = space == std::string_view::npos ? std::string_view() : c.substr(space + 1);
        time = time.substr(0, time.find(' '));
        const bool time_ok = time.size() > 1 && time.back() == 's' && is_number_text(time.substr(0, time.size() - 1));
        if (time_ok && slash != std::string_view::npos && slash < space) {
            const std::string_view score = c.substr(0, slash);
            const std::string_view depth = c.substr(slash + 1, space - slash - 1);
            const bool depth_ok = !depth.empty() && depth.find_first_not_of("0123456789") == std::string_view::npos;
            std::string eval;
            if (depth_ok && is_number_text(score)) {
                eval = white_moved ? std::string(score[0] == '+' ? score.substr(1) : score) : negated(score);
            } else if (depth_ok && score.size() > 2 && (score[0] == '+' || score[0] == '-') && score[1] == 'M' &&
                       score.substr(2).find_first_not_of("0123456789") == std::string_view::npos) {
                const bool white_mates = (score[0] == '+') == white_moved;
                eval = fmt::format("#{}{}", white_mates ? "" : "-", score.substr(2));
            }
            if (!eval.empty()) {
                if (d.eval.empty()) d.eval = eval;
                if (d.emt.empty()) d.emt = clock_seconds(time.substr(0, time.size() - 1));
            }
        }
    }
    return d;
}

GameTable::GameTable(std::string_view fields, TableFormat format, bool positions, PositionPick pick)
    : format_(format), positions_(positions), pick_(pick) {
    static constexpr std::pair<std::string_view, Extra> kExtras[] = {
        {"file", Extra::File}, {"ply", Extra::Ply}, {"san", Extra::San},   {"uci", Extra::Uci},
        {"fen", Extra::Fen},   {"clk", Extra::Clk}, {"emt", Extra::Emt},   {"eval", Extra::Eval},
        {"nags", Extra::Nags}, {"comment", Extra::Comment},
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

void GameTable::append_row(std::string& out, const game::GameRecord& r, std::string_view file) const {
    if (positions_) {
        append_positions(out, r, file);
        return;
    }
    std::vector<std::string> buffers(columns_.size());
    std::vector<Cell> cells(columns_.size());
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        const Column& c = columns_[i];
        Cell& cell = cells[i];
        if (c.extra == Extra::File) cell = {true, false, file};
        else cell.present = select::game_field_text(r, c.field, c.name, buffers[i], cell.value);
        cell.raw_json = c.field == select::GameField::Plies || c.field == select::GameField::Errors || c.field == select::GameField::Warnings ||
                        c.field == select::GameField::Game || c.field == select::GameField::Valid;
    }
    append_cells(out, cells);
}

void GameTable::append_positions(std::string& out, const game::GameRecord& r, std::string_view file) const {
    if (!r.start || (!r.valid() && !pick_.keep_partial)) return;
    const bool any_pick = pick_.start || pick_.final || pick_.ply >= 0 || pick_.every > 0;
    const int last = r.plies();
    std::vector<std::string> game_buffers(columns_.size()), buffers(columns_.size());
    std::vector<Cell> cells(columns_.size());
    // The game's fields once.
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        const Column& c = columns_[i];
        if (c.extra == Extra::None) {
            cells[i].present = select::game_field_text(r, c.field, c.name, game_buffers[i], cells[i].value);
            cells[i].raw_json = c.field == select::GameField::Plies || c.field == select::GameField::Errors ||
                                c.field == select::GameField::Warnings || c.field == select::GameField::Game || c.field == select::GameField::Valid;
        } else if (c.extra == Extra::File) {
            cells[i] = {true, false, file};
        }
    }
    position::Board board = *r.start;
    std::string san, uci;
    for (int ply = 0; ply <= last; ++ply) {
        bool white_moved = false;
        if (ply > 0) {
            const Move m = r.moves[std::size_t(ply - 1)];
            white_moved = board.side_to_move() == WHITE;
            if (m.is_none()) {
                san = "--";
                uci = "0000";
                if (auto after = notation::null_move_board(board)) board = *after;
                else return;
            } else {
                san = notation::to_san(board, m);
                uci = board.uci(m);
                board.play(m);
            }
        }
        if (any_pick && !((pick_.start && ply == 0) || (pick_.final && ply == last) || ply == pick_.ply ||
                          (pick_.every > 0 && ply % pick_.every == 0)))
            continue;
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
            case Extra::Fen: text(board.fen()); break;
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
