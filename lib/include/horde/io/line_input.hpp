// Line-oriented input shared by the tools' FEN, EPD and move-list modes, read through
// io::Input (so compressed files work) in bounded memory.
#pragma once

#include "horde/io/input.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace horde::io {

// Splits an Input into lines. A line longer than kMaxLine bytes (a binary file or a stream
// with no newline) stops the reading with an error instead of growing without bound.
class LineReader {
public:
    static constexpr std::size_t kMaxLine = 1 << 20;

    explicit LineReader(Input& in) : in_(in) {}
    // The next line without its ending (LF or CRLF), valid until the next call. False at the
    // end of the input, on a read error and on a line that is too long (then error() is set).
    bool next(std::string_view& line);
    std::uint64_t line_number() const { return line_number_; } // of the line next() returned
    const std::string& error() const { return error_; }

private:
    Input& in_;
    std::vector<char> buf_;
    std::size_t begin_ = 0, end_ = 0;
    bool eof_ = false;
    std::uint64_t line_number_ = 0;
    std::string error_;
};

using LineFn = std::function<void(std::size_t, std::string_view)>;

// Calls on_line(line_number, text) for every line of `path` ("-" is stdin, any format Input
// reads) that is not blank, without its line ending (LF or CRLF); line numbers are 1-based and
// count blank lines too. Returns nullopt, or what went wrong ("cannot open: No such file or
// directory", "is a directory", "corrupt gzip data at compressed byte N: ...", a line too long),
// after the lines before the failure were delivered.
std::optional<std::string> for_each_line(const std::string& path, const LineFn& on_line);
std::optional<std::string> for_each_line(io::Input& in, const LineFn& on_line);

// Every line of `in`, blank ones included, into `lines`. Returns nullopt or what went wrong
// (the lines before the failure are kept).
std::optional<std::string> read_lines(io::Input& in, std::vector<std::string>& lines);

// How diagnostics name an input: "<stdin>" for "-", else the path.
inline std::string input_display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

} // namespace horde::io
