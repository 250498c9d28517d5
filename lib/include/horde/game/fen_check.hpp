// Verdicts on single positions: horde-check --fen.
#pragma once

#include "horde/core/diagnostic_codes.hpp"
#include "horde/game/game.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace horde::game {

struct FenVerdict {
    std::string fen; // as given
    std::optional<Variant> variant;
    bool valid = false;
    DiagnosticCode code =
        DiagnosticCode::BadFen; // when invalid: BadFen, UnknownVariant, BadJson (FenFullmoveZero in strict mode)
    std::string message;
    bool strict = false; // the error is a warning --strict made one (game::Diagnostic::strict)
    // What was read with certainty but unusually (fen_warning): its code when `warning` is not empty.
    DiagnosticCode warning_code = DiagnosticCode::FenFullmoveZero;
    std::string warning;
    std::optional<position::Board> board; // when valid
    Adjudication adjudication;            // of the position alone (no history)
};

// A line is a FEN, or an NDJSON object with a "fen" field (and optionally "variant"), as
// horde-list --format json and horde-perft --json write them.
// strict: a warning makes the line invalid (its code and message become the error's).
FenVerdict check_fen_line(std::string_view line, Variant default_variant, bool strict = false);
// As NDJSON: fen_verdict_to_json in report/json.hpp.

// The string value of a top-level "key" in a one-line JSON object (escapes decoded, by
// simdjson); nullopt when absent, not a string, or the text is no JSON object.
std::optional<std::string> json_string_field(std::string_view json, std::string_view key);

} // namespace horde::game
