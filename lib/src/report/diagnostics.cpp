#include "horde/report/diagnostics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace horde::report {

std::string format_diagnostic(std::string_view file, const game::GameRecord& r, const game::Diagnostic& d,
                              std::string_view severity) {
    std::string where = fmt::format("game {} ({})", r.game, game::game_players(r));
    if (d.ply > 0) where += d.token.empty() ? fmt::format(", ply {}", d.ply) : fmt::format(", ply {} \"{}\"", d.ply, d.token);
    return fmt::format("{}:{}:{}: {}: {}: {} [{}]", file, d.line, d.column, severity, where, game::printed_message(d),
                       diagnostic_name(d.code));
}

void print_diagnostic(std::FILE* out, std::string_view file, const game::GameRecord& r, const game::Diagnostic& d,
                      std::string_view severity) {
    std::string line = format_diagnostic(file, r, d, severity);
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), out);
}

void append_record_diagnostics(std::string& out, std::string_view file, const game::GameRecord& r, bool warnings) {
    // In source order (line, column); at one place, errors first. Both lists are nearly sorted
    // and short: merge them.
    auto before = [](const game::Diagnostic& a, const game::Diagnostic& b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    };
    std::vector<std::pair<const game::Diagnostic*, bool>> all; // (diagnostic, is error)
    all.reserve(r.errors.size() + (warnings ? r.warnings.size() : 0));
    for (const auto& d : r.errors) all.emplace_back(&d, true);
    if (warnings)
        for (const auto& d : r.warnings) all.emplace_back(&d, false);
    std::stable_sort(all.begin(), all.end(), [&](const auto& a, const auto& b) { return before(*a.first, *b.first); });
    for (const auto& [d, is_error] : all) {
        out += format_diagnostic(file, r, *d, is_error ? "error" : "warning");
        out += '\n';
    }
}

void print_record_diagnostics(std::FILE* out, std::string_view file, const game::GameRecord& r, bool warnings) {
    std::string text;
    append_record_diagnostics(text, file, r, warnings);
    std::fwrite(text.data(), 1, text.size(), out);
}

} // namespace horde::report
