// The loops the tools share over their inputs: a PGN file through a reader (horde-check,
// horde-list), and FEN lines (or NDJSON lines with a "fen" field) through check_fen_line
// (horde-check --fen, horde-list --moves). Header-only.
#pragma once

#include "exit.hpp"
#include "input.hpp"

#include "horde/game/fen_check.hpp"
#include "horde/io/line_input.hpp"
#include "horde/out/progress.hpp"
#include "horde/pgn/reader.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <string_view>

namespace horde::tools {

// Opens a PGN input (a path or "-"), starts the progress meter on its size (compressed bytes
// for compressed input) and calls run(reader, input); then reports the input's read error.
// Returns 0, or kExitUsage when the input cannot be opened or reading it failed (both said on
// stderr as "TOOL: NAME: reason").
template <class Run> int for_pgn_file(std::string_view tool, const std::string& path, out::ProgressMeter& progress, Run&& run) {
    const auto input = open_input(tool, path);
    if (!input) return kExitUsage;
    progress.start_input(input->raw_size().value_or(0));
    pgn::PgnReader reader(*input);
    run(reader, *input);
    progress.clear();
    return report_input_error(tool, *input) ? kExitUsage : kExitOk;
}

// How for_each_fen_line checks and what it prints: `strict` makes a warning an error; `quiet`
// prints nothing; `warnings` prints the warning of a line ("FILE:LINE:1: warning: ...").
struct FenLineOptions {
    Variant default_variant = Variant::Horde;
    bool strict = false;
    bool quiet = false;
    bool warnings = false;
};

// Calls on_verdict(line_number, verdict) for each line of a FEN-line input, after printing the
// diagnostic of an invalid line ("FILE:LINE:1: error: MESSAGE [CODE]") unless `quiet`. Returns
// 0, or kExitUsage after "TOOL: NAME: reason" when the input cannot be read.
template <class OnVerdict>
int for_each_fen_line(std::string_view tool, const std::string& path, const FenLineOptions& options, OnVerdict&& on_verdict) {
    const std::string display = io::input_display_name(path);
    const auto failure = io::for_each_line(path, [&](std::size_t line_number, std::string_view line) {
        const game::FenVerdict verdict = game::check_fen_line(line, options.default_variant, options.strict);
        if (!verdict.valid && !options.quiet)
            fmt::print(stderr, "{}:{}:1: error: {} [{}]\n", display, line_number,
                       game::printed_message(verdict.message, verdict.strict), diagnostic_name(verdict.code));
        if (!verdict.warning.empty() && options.warnings && !options.quiet)
            fmt::print(stderr, "{}:{}:1: warning: {} [{}]\n", display, line_number, verdict.warning,
                       diagnostic_name(verdict.warning_code));
        on_verdict(line_number, verdict);
    });
    if (!failure) return kExitOk;
    fmt::print(stderr, "{}: {}: {}\n", tool, display, *failure);
    return kExitUsage;
}

} // namespace horde::tools
