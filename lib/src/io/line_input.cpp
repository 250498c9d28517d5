#include "horde/io/line_input.hpp"

#include <algorithm>
#include <cstring>

namespace horde::io {

bool LineReader::next(std::string_view& line) {
    if (!error_.empty()) return false;
    std::size_t scanned = begin_; // bytes before this were searched for '\n' already
    for (;;) {
        const char* start = buf_.data() + begin_;
        const void* nl = end_ > scanned ? std::memchr(buf_.data() + scanned, '\n', end_ - scanned) : nullptr;
        if (nl || (eof_ && begin_ < end_)) {
            const std::size_t stop = nl ? std::size_t(static_cast<const char*>(nl) - buf_.data()) : end_;
            if (stop - begin_ > kMaxLine) break;
            line = std::string_view(start, stop - begin_);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            begin_ = nl ? stop + 1 : stop;
            ++line_number_;
            return true;
        }
        if (eof_) return false;
        if (end_ - begin_ > kMaxLine) break;
        // Keep the partial line at the front, make room (the buffer grows to at most
        // kMaxLine + a read), and read more.
        if (begin_ > 0) {
            std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
            end_ -= begin_;
            begin_ = 0;
        }
        scanned = end_;
        constexpr std::size_t kRead = 64 * 1024;
        if (buf_.size() < end_ + kRead) buf_.resize(std::min(std::max(buf_.size() * 2, end_ + kRead), kMaxLine + 1 + kRead));
        const std::size_t got = in_.read(buf_.data() + end_, buf_.size() - end_);
        if (got == 0) {
            eof_ = true;
            if (in_.failed()) {
                error_ = in_.error();
                return false;
            }
        }
        end_ += got;
    }
    error_ = "line " + std::to_string(line_number_ + 1) + " is longer than " + std::to_string(kMaxLine >> 20) +
             " MiB (no line break): not a file of lines";
    return false;
}

std::optional<std::string> for_each_line(io::Input& in, const LineFn& on_line) {
    io::LineReader lines(in);
    for (std::string_view line; lines.next(line);) {
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
        on_line(std::size_t(lines.line_number()), line);
    }
    if (!lines.error().empty()) return lines.error();
    return std::nullopt;
}

std::optional<std::string> read_lines(io::Input& in, std::vector<std::string>& lines) {
    io::LineReader reader(in);
    for (std::string_view line; reader.next(line);) lines.emplace_back(line);
    if (!reader.error().empty()) return reader.error();
    return std::nullopt;
}

std::optional<std::string> for_each_line(const std::string& path, const LineFn& on_line) {
    auto opened = io::Input::open(path);
    if (auto* error = std::get_if<std::string>(&opened)) return *error;
    return for_each_line(*std::get<std::unique_ptr<io::Input>>(opened), on_line);
}

} // namespace horde::io
