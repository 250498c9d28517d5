// Opening the tools' inputs (io::Input: plain or compressed files, "-" for stdin) and
// reporting their errors, one line each: "TOOL: NAME: reason". Header-only.
#pragma once

#include "horde/io/input.hpp"
#include "horde/io/line_input.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace horde::tools {

// The opened input, or nullptr after printing why it cannot be read (the caller exits 2 for
// it, after the other inputs).
inline std::unique_ptr<io::Input> open_input(std::string_view tool, const std::string& path) {
    auto opened = io::Input::open(path);
    if (auto* error = std::get_if<std::string>(&opened)) {
        fmt::print(stderr, "{}: {}: {}\n", tool, io::input_display_name(path), *error);
        return nullptr;
    }
    return std::move(std::get<std::unique_ptr<io::Input>>(opened));
}

// After reading an input: prints its read or decompression error, if any; true if there was one.
inline bool report_input_error(std::string_view tool, const io::Input& input) {
    if (!input.failed()) return false;
    fmt::print(stderr, "{}: {}: {}\n", tool, input.display_name(), input.error());
    return true;
}

// After reading an input in which no game was found: a file with text in it (a web page saved
// in its place, a fragment of PGN) is said to hold none, a warning, or under --strict an error
// (the tool exits 1); an empty or blank file says nothing (None). `print`: false under --quiet.
enum class NoGame : std::uint8_t { None, Warning, Error };
inline NoGame report_no_game(std::string_view tool, const io::Input& input, bool strict, bool print) {
    if (input.failed() || input.first_text().empty()) return NoGame::None;
    if (print)
        fmt::print(stderr, "{}: {}: {}: no game in the file, only text: '{}'{} [no-game]\n", tool, input.display_name(),
                   strict ? "error" : "warning", input.first_text(), strict ? " (strict mode)" : "");
    return strict ? NoGame::Error : NoGame::Warning;
}

} // namespace horde::tools
