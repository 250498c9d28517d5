#include "horde/io/line_input.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace horde {

std::optional<std::string> for_each_line(const std::string& path,
                                         const std::function<void(std::size_t, std::string_view)>& on_line) {
    const bool is_stdin = path == "-";
    std::FILE* f = is_stdin ? stdin : std::fopen(path.c_str(), "rb");
    if (!f) return std::string("cannot open: ") + std::strerror(errno);
    char* buffer = nullptr;
    std::size_t capacity = 0;
    std::size_t line_number = 0;
    for (ssize_t n; (n = ::getline(&buffer, &capacity, f)) >= 0;) {
        ++line_number;
        std::string_view line(buffer, std::size_t(n));
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
        on_line(line_number, line);
    }
    std::free(buffer);
    const bool read_error = std::ferror(f);
    if (!is_stdin) std::fclose(f);
    if (read_error) return std::string("read error");
    return std::nullopt;
}

} // namespace horde
