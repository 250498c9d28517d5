// Line-oriented input shared by the tools' FEN, EPD and move-list modes.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace horde {

// Calls on_line(line_number, text) for every line of `path` ("-" is stdin) that is not blank,
// without its line ending (LF or CRLF); line numbers are 1-based and count blank lines too.
// Returns nullopt, or what went wrong ("cannot open: No such file or directory", "read error").
std::optional<std::string> for_each_line(const std::string& path,
                                         const std::function<void(std::size_t, std::string_view)>& on_line);

// How diagnostics name an input: "<stdin>" for "-", else the path.
inline std::string input_display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

} // namespace horde
