// What the tools share on the command line: exit codes, parsing, the --variant option and its
// error, the summary line's counting words. Header-only: each tool includes what it uses.
#pragma once

#include "horde/core/types.hpp"
#include "horde/position/board.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace horde::tools {

// Exit codes of every tool.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1; // invalid input found (a game, a FEN, a perft mismatch)
inline constexpr int kExitUsage = 2;   // usage or I/O error

// The project's version, from CMake's project(VERSION) (tools/CMakeLists.txt defines it).
inline constexpr std::string_view kVersion = HORDE_VERSION;

// What --version prints: "TOOL VERSION".
inline std::string version_line(std::string_view tool) { return fmt::format("{} {}", tool, kVersion); }

// Parses the command line. Returns the exit code when the tool must stop now: 0 after --help
// or --version, kExitUsage (CLI11 has printed the error) for a bad command line.
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? kExitOk : kExitUsage;
    }
    return std::nullopt;
}

inline constexpr std::string_view kVariantChoices = "chess, chess960, horde or orda";

// --variant NAME, with the tool's own help text.
inline CLI::Option* add_variant_option(CLI::App& app, std::string& name, const std::string& help) {
    return app.add_option("--variant", name, help);
}

// The variant a --variant value names; nullopt after printing "TOOL: unknown variant ..." on
// stderr (the caller exits with kExitUsage).
inline std::optional<Variant> parse_variant_option(std::string_view tool, std::string_view name) {
    const auto v = parse_variant(name);
    if (!v) fmt::print(stderr, "{}: unknown variant '{}' (expected {})\n", tool, name, kVariantChoices);
    return v;
}

// --start N: a Chess960 start position by number, wherever --fen gives a start position.
inline CLI::Option* add_start_option(CLI::App& app, std::optional<int>& number) {
    return app.add_option("--start", number,
                          "Chess960 start position N instead of --fen (0-959, Scharnagl numbering; 518: the "
                          "standard array); the variant is chess960 unless --variant says otherwise");
}

// Turns --start N into the start FEN and its variant (`variant_given`: --variant was on the
// command line). False after printing "TOOL: ..." on stderr (the caller exits with kExitUsage).
inline bool apply_start_option(std::string_view tool, const std::optional<int>& number, bool variant_given,
                               Variant& variant, std::optional<std::string>& fen) {
    if (!number) return true;
    if (fen) {
        fmt::print(stderr, "{}: --start is a start position: give either --start or --fen\n", tool);
        return false;
    }
    auto start = numbered_start(*number, variant_given ? std::optional<Variant>(variant) : std::nullopt);
    if (auto* error = std::get_if<std::string>(&start)) {
        fmt::print(stderr, "{}: {}\n", tool, *error);
        return false;
    }
    variant = std::get<NumberedStart>(start).variant;
    fen = std::get<NumberedStart>(start).fen;
    return true;
}

// "1 game", "2 games": the number first, where scripts look for it.
inline std::string counted(std::uint64_t n, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
}

} // namespace horde::tools
