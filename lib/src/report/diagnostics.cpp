#include "horde/report/diagnostics.hpp"

#include <fmt/format.h>

namespace horde {

std::string format_diagnostic(std::string_view file, const GameRecord& r, const Diagnostic& d,
                              std::string_view severity) {
    std::string where = fmt::format("game {} ({})", r.game, game_players(r));
    if (d.ply > 0) where += fmt::format(", ply {} \"{}\"", d.ply, d.token);
    return fmt::format("{}:{}:{}: {}: {}: {} [{}]", file, d.line, d.column, severity, where, d.message, d.code);
}

void print_diagnostic(std::FILE* out, std::string_view file, const GameRecord& r, const Diagnostic& d,
                      std::string_view severity) {
    std::string line = format_diagnostic(file, r, d, severity);
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), out);
}

void append_record_diagnostics(std::string& out, std::string_view file, const GameRecord& r, bool warnings) {
    for (const auto& d : r.errors) {
        out += format_diagnostic(file, r, d, "error");
        out += '\n';
    }
    if (warnings)
        for (const auto& d : r.warnings) {
            out += format_diagnostic(file, r, d, "warning");
            out += '\n';
        }
}

void print_record_diagnostics(std::FILE* out, std::string_view file, const GameRecord& r, bool warnings) {
    std::string text;
    append_record_diagnostics(text, file, r, warnings);
    std::fwrite(text.data(), 1, text.size(), out);
}

} // namespace horde
