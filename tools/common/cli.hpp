// What the tools share on the command line (their args.cpp): parsing, the --variant option and
// its error, --start, the version, the summary line's counting words. Errors are thrown as
// Exit (exit.hpp). Header-only: each tool includes what it uses.
#pragma once

#include "exit.hpp"
#include "progress.hpp"

#include "horde/core/types.hpp"
#include "horde/position/board.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace horde::tools {

// The project's version, from CMake's project(VERSION) (tools/CMakeLists.txt defines it).
inline constexpr std::string_view kVersion = HORDE_VERSION;

// What --version prints: "TOOL VERSION".
inline std::string version_line(std::string_view tool) { return fmt::format("{} {}", tool, kVersion); }

// Parses the command line. Throws Exit when the tool must stop now: status 0 after --help or
// --version, kExitUsage for a bad command line (CLI11 has printed both).
inline void parse_command_line(CLI::App& app, int argc, char** argv) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        throw Exit{app.exit(e) == 0 ? kExitOk : kExitUsage, {}};
    }
}

// CLI11's PositiveNumber and NonNegativeNumber with a message a user reads ("--threads: 0 is not a
// whole number from 1 up"), not the range of a double that theirs prints. `whole`: digits only.
template <class Wanted> CLI::Validator number_check(Wanted wanted, bool whole, const std::string& words) {
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            double value = 0;
            const bool ok = CLI::detail::lexical_cast(text, value) && wanted(value) &&
                            (!whole || text.find_first_not_of("0123456789") == std::string::npos);
            return ok ? std::string() : fmt::format("{} is not {}", text.empty() ? "''" : text, words);
        },
        whole ? "COUNT" : "NUMBER");
}
inline const CLI::Validator kCountFromZero = number_check([](double v) { return v >= 0; }, true, "a whole number from 0 up");
inline const CLI::Validator kCountFromOne = number_check([](double v) { return v >= 1; }, true, "a whole number from 1 up");
inline const CLI::Validator kAboveZero = number_check([](double v) { return v > 0; }, false, "a number above 0"); // seconds

inline constexpr std::string_view kVariantChoices = "chess, chess960, horde or orda";

// --variant NAME, with the tool's own help text.
inline CLI::Option* add_variant_option(CLI::App& app, std::string& name, const std::string& help) {
    return app.add_option("--variant", name, help);
}

// The variant a --variant value names; a usage error ("unknown variant ...") otherwise.
inline Variant variant_option(std::string_view name) {
    const auto v = parse_variant(name);
    if (!v) fail_usage(fmt::format("unknown variant '{}' (expected {})", name, kVariantChoices));
    return *v;
}

// --progress and --no-progress; `what` names what the line shows.
inline void add_progress_options(CLI::App& app, ProgressFlags& flags, const std::string& what) {
    app.add_flag("--progress", flags.on, "Show the progress line (" + what + ") on stderr even when it is not a terminal");
    app.add_flag("--no-progress", flags.off, "Never show the progress line (default: shown on a terminal)")
        ->excludes("--progress");
}

// --start N: a Chess960 start position by number, wherever --fen gives a start position.
inline CLI::Option* add_start_option(CLI::App& app, std::optional<int>& number) {
    return app.add_option("--start", number,
                          "Chess960 start position N instead of --fen (0-959, Scharnagl numbering; 518: the "
                          "standard array); the variant is chess960 unless --variant says otherwise");
}

// Turns --start N into the start FEN and its variant (`variant_given`: --variant was on the
// command line); a usage error when it cannot.
inline void apply_start_option(const std::optional<int>& number, bool variant_given, Variant& variant,
                               std::optional<std::string>& fen) {
    if (!number) return;
    if (fen) fail_usage("--start is a start position: give either --start or --fen");
    auto start = position::numbered_start(*number, variant_given ? std::optional<Variant>(variant) : std::nullopt);
    if (auto* error = std::get_if<std::string>(&start)) fail_usage(*error);
    variant = std::get<position::NumberedStart>(start).variant;
    fen = std::get<position::NumberedStart>(start).fen;
}

// "1 game", "2 games": the number first, where scripts look for it.
// "512M", "2G", "100000K", "1048576": bytes (--memory); nullopt when not a size.
inline std::optional<std::size_t> parse_size(std::string_view text) {
    std::size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end == text.data()) return std::nullopt;
    std::string_view unit(end, std::size_t(text.data() + text.size() - end));
    if (!unit.empty() && (unit.back() == 'B' || unit.back() == 'b')) unit.remove_suffix(1);
    int shift = 0;
    if (unit == "K" || unit == "k") shift = 10;
    else if (unit == "M" || unit == "m") shift = 20;
    else if (unit == "G" || unit == "g") shift = 30;
    else if (!unit.empty()) return std::nullopt;
    if (value > (std::size_t(-1) >> shift)) return std::nullopt;
    return value << shift;
}

inline std::string counted(std::uint64_t n, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
}

} // namespace horde::tools
