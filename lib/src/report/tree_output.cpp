#include "horde/report/tree_output.hpp"

#include "horde/position/board.hpp"
#include "horde/position/writers.hpp"
#include "horde/report/game_table.hpp"

#include <fmt/format.h>

namespace horde::report {

std::optional<TreeFormat> parse_tree_format(std::string_view text) {
    if (text == "ndjson") return TreeFormat::Ndjson;
    if (text == "csv") return TreeFormat::Csv;
    if (text == "tsv") return TreeFormat::Tsv;
    if (text == "epd") return TreeFormat::Epd;
    if (text == "polyglot") return TreeFormat::Polyglot;
    if (text == "html") return TreeFormat::Html;
    return std::nullopt;
}

namespace {

std::string date_field(std::uint32_t date) { return date ? tree::date_text(date) : std::string(); }

void append_field(std::string& out, std::string_view value, char separator, bool first = false) {
    if (!first) out += separator;
    if (separator == ',') {
        append_csv_field(out, value);
        return;
    }
    for (char c : value) out += (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
}

} // namespace

std::string tree_table_header(char separator) {
    std::string out;
    bool first = true;
    for (std::string_view name : {"fen",   "variant", "key",        "ply",       "position_games", "uci",    "san",
                                  "games", "white",   "draws",      "black",     "rated",          "rating", "performance",
                                  "eval",  "seconds", "first_date", "last_date", "examples",       "child"}) {
        append_field(out, name, separator, first);
        first = false;
    }
    out += '\n';
    return out;
}

void append_tree_rows(std::string& out, const tree::PositionStats& p, char separator) {
    for (std::size_t i = 0; i < p.moves.size(); ++i) {
        const tree::MoveStats& m = p.moves[i];
        const tree::MoveFigures f = tree::move_figures(m);
        std::string uci, examples;
        position::append_uci(uci, m.move);
        for (const tree::ExampleGame& e : m.examples) {
            if (!examples.empty()) examples += ' ';
            examples += e.name;
        }
        append_field(out, p.fen, separator, true);
        for (const std::string& v :
             {std::string(variant_name(p.variant)), fmt::format("{:016x}", p.key), fmt::format("{}", p.ply),
              fmt::format("{}", p.results.games), uci, std::string(m.san.view()), fmt::format("{}", m.results.games),
              fmt::format("{}", m.results.white), fmt::format("{}", m.results.draws), fmt::format("{}", m.results.black),
              fmt::format("{}", m.rated), f.rating >= 0 ? fmt::format("{:.1f}", f.rating) : std::string(),
              f.rating >= 0 ? fmt::format("{:.1f}", f.performance) : std::string(),
              f.has_eval ? fmt::format("{:.2f}", f.eval) : std::string(),
              f.has_time ? fmt::format("{:.2f}", f.seconds) : std::string(), date_field(m.first_date), date_field(m.last_date),
              examples, fmt::format("{:016x}", m.child_key)})
            append_field(out, v, separator);
        out += '\n';
    }
}

void append_tree_epd(std::string& out, const tree::PositionStats& p) {
    fmt::format_to(std::back_inserter(out), "{} variant {}; ply {}; games {}; wdl {} {} {};\n", p.fen, variant_name(p.variant),
                   p.ply, p.results.games, p.results.white, p.results.draws, p.results.black);
}

std::string tree_position_table(const tree::PositionStats& p, std::size_t moves_not_shown) {
    std::string out =
        fmt::format("{} ({}, {} {})\n", p.fen, variant_name(p.variant), p.results.games, p.results.games == 1 ? "game" : "games");
    if (p.moves.empty()) {
        if (moves_not_shown)
            fmt::format_to(std::back_inserter(out), "{} {} played from this position, none shown\n", moves_not_shown,
                           moves_not_shown == 1 ? "move was" : "moves were");
        else out += "no move was played from this position in the games\n";
        return out;
    }
    fmt::format_to(std::back_inserter(out), "{:<8} {:>8} {:>6} {:>6} {:>6} {:>7} {:>7} {:>7} {:>8}\n", "move", "games", "white",
                   "draw", "black", "rating", "perf", "eval", "seconds");
    auto percent = [](std::uint32_t n, std::uint32_t of) {
        return of ? fmt::format("{:.0f}%", 100.0 * n / of) : std::string("-");
    };
    for (std::size_t i = 0; i < p.moves.size(); ++i) {
        const tree::MoveStats& m = p.moves[i];
        const tree::MoveFigures f = tree::move_figures(m);
        fmt::format_to(std::back_inserter(out), "{:<8} {:>8} {:>6} {:>6} {:>6} {:>7} {:>7} {:>7} {:>8}\n", m.san.view(),
                       m.results.games, percent(m.results.white, m.results.games), percent(m.results.draws, m.results.games),
                       percent(m.results.black, m.results.games), f.rating >= 0 ? fmt::format("{:.0f}", f.rating) : "-",
                       f.rating >= 0 ? fmt::format("{:.0f}", f.performance) : "-",
                       f.has_eval ? fmt::format("{:+.2f}", f.eval) : "-", f.has_time ? fmt::format("{:.1f}", f.seconds) : "-");
    }
    if (moves_not_shown)
        fmt::format_to(std::back_inserter(out), "and {} more {}\n", moves_not_shown, moves_not_shown == 1 ? "move" : "moves");
    return out;
}

std::string month_history_table(const std::vector<db::MonthResults>& history) {
    std::string out = "\n";
    if (history.empty()) return out + "no game of a known month reached this position\n";
    fmt::format_to(std::back_inserter(out), "{:<8} {:>8} {:>6} {:>6} {:>6}\n", "month", "games", "white", "draws", "black");
    for (const db::MonthResults& m : history)
        fmt::format_to(std::back_inserter(out), "{:04}-{:02}  {:>8} {:>6} {:>6} {:>6}\n", db::month_year(m.month),
                       db::month_of_year(m.month), m.results.games, m.results.white, m.results.draws, m.results.black);
    return out;
}

} // namespace horde::report
