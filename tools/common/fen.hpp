// The FENs the tools take (an option's, a line's): read by position::read_fen (syntax, then the
// variant's rules), and its one warning (fullmove number 0, read as 1) printed the same way by
// every tool: "WHERE: warning: [SUBJECT: ]MESSAGE [fen-fullmove-zero]". Header-only.
#pragma once

#include "exit.hpp"

#include "horde/core/diagnostic_codes.hpp"
#include "horde/position/board.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <variant>

namespace horde::tools {

// The board of `fen`, or why it is no position of the variant; a warning goes to stderr, after
// `where` ("horde-perft", "suite.epd:12") and before the message `subject` ("--fen: ", or none).
inline std::variant<position::Board, position::FenError> read_tool_fen(Variant variant, std::string_view fen,
                                                                       std::string_view where, std::string_view subject = {}) {
    auto parsed = position::read_fen(variant, fen);
    if (auto* error = std::get_if<position::FenError>(&parsed)) return *error;
    position::FenBoard& read = std::get<position::FenBoard>(parsed);
    if (!read.warning.empty())
        fmt::print(stderr, "{}: warning: {}{} [{}]\n", where, subject, read.warning,
                   diagnostic_name(DiagnosticCode::FenFullmoveZero));
    return std::move(read.board);
}

// The board of an option's FEN (`tool`'s `option`: "horde-perft", "--fen"); a usage error
// "WHAT: MESSAGE" when it is none.
inline position::Board read_fen_option(Variant variant, std::string_view fen, std::string_view tool, std::string_view option,
                                       std::string_view what) {
    auto read = read_tool_fen(variant, fen, tool, fmt::format("{}: ", option));
    if (auto* error = std::get_if<position::FenError>(&read)) fail_usage(fmt::format("{}: {}", what, error->message));
    return std::move(std::get<position::Board>(read));
}

} // namespace horde::tools
