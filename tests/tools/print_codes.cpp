// Prints the library's table of diagnostic codes (core/diagnostic_codes.hpp) as the Markdown
// table of docs/codes.md: tests/docs/codes_documented.sh compares the two.
#include "horde/core/diagnostic_codes.hpp"

#include <fmt/format.h>

#include <string_view>

namespace {

std::string_view severity_text(horde::DiagnosticSeverity s) {
    switch (s) {
    case horde::DiagnosticSeverity::Error: return "error";
    case horde::DiagnosticSeverity::Warning: return "warning";
    case horde::DiagnosticSeverity::ErrorOrWarning: return "error / warning";
    }
    return "?";
}

// What --strict makes of the code given as a warning ("—": it is never a warning).
std::string_view strict_text(const horde::DiagnosticInfo& info) {
    if (info.severity == horde::DiagnosticSeverity::Error) return "—";
    return info.strict == horde::StrictBehaviour::BecomesError ? "error" : "warning";
}

std::string_view repeat_text(const horde::DiagnosticInfo& info) {
    return info.repeat == horde::DiagnosticRepeat::OncePerGame ? "once per game" : "each time";
}

} // namespace

int main() {
    fmt::print("| code | kind | with `--strict` | given | meaning |\n");
    fmt::print("| --- | --- | --- | --- | --- |\n");
    for (const horde::DiagnosticInfo& info : horde::kDiagnosticCodes)
        fmt::print("| `{}` | {} | {} | {} | {} |\n", info.name, severity_text(info.severity), strict_text(info),
                   repeat_text(info), info.description);
    return 0;
}
