#include "horde/perft/suite.hpp"

#include <charconv>

namespace horde {

namespace {
std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}
} // namespace

std::optional<PerftSuiteEntry> parse_perft_suite_line(std::string_view line) {
    line = trim(line);
    if (line.empty() || line.front() == '#') return std::nullopt;
    PerftSuiteEntry entry;
    std::size_t semi = line.find(';');
    entry.fen = std::string(trim(line.substr(0, semi)));
    while (semi != std::string_view::npos) {
        std::size_t next = line.find(';', semi + 1);
        std::string_view part = trim(line.substr(semi + 1, next == std::string_view::npos ? next : next - semi - 1));
        semi = next;
        if (part.empty()) continue;
        int depth = 0;
        std::uint64_t count = 0;
        const std::size_t space = part.find_first_of(" \t");
        if (part[0] != 'D' || space == std::string_view::npos) {
            entry.error = "expected ';D<depth> <count>', got ';" + std::string(part) + "'";
            return entry;
        }
        std::string_view d = part.substr(1, space - 1), n = trim(part.substr(space));
        auto r1 = std::from_chars(d.data(), d.data() + d.size(), depth);
        auto r2 = std::from_chars(n.data(), n.data() + n.size(), count);
        if (r1.ec != std::errc() || r1.ptr != d.data() + d.size() || r2.ec != std::errc() ||
            r2.ptr != n.data() + n.size() || depth < 0) {
            entry.error = "expected ';D<depth> <count>', got ';" + std::string(part) + "'";
            return entry;
        }
        entry.expected.emplace_back(depth, count);
    }
    return entry;
}

} // namespace horde
