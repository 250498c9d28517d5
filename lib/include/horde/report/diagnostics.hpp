// The diagnostic lines of the PGN tools (horde-check, horde-list): one line per error or
// warning of a game record, compiler style, on stderr:
//   FILE:LINE:COL: error: game N (White - Black), ply P "TOKEN": MESSAGE [CODE]
// (the ", ply ..." part only when the diagnostic concerns a move).
#pragma once

#include "horde/game/checker.hpp"

#include <cstdio>
#include <string>
#include <string_view>

namespace horde::report {

// One diagnostic line, without the newline. `severity` is "error" or "warning".
std::string format_diagnostic(std::string_view file, const game::GameRecord& record, const game::Diagnostic& diagnostic,
                              std::string_view severity);
// Writes the line and a newline to `out`.
void print_diagnostic(std::FILE* out, std::string_view file, const game::GameRecord& record, const game::Diagnostic& diagnostic,
                      std::string_view severity);
// Every error of the record and (with `warnings`) every warning, in source order (line, column;
// at one place errors first), each line with its newline.
void append_record_diagnostics(std::string& out, std::string_view file, const game::GameRecord& record, bool warnings);
void print_record_diagnostics(std::FILE* out, std::string_view file, const game::GameRecord& record, bool warnings);

} // namespace horde::report
