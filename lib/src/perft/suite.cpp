#include "horde/perft/suite.hpp"

#include "horde/perft/breakdown.hpp"

#include <algorithm>
#include <charconv>

namespace horde::perft {

namespace {
std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
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
        std::vector<std::pair<std::string, std::uint64_t>> breakdown;
        if (const std::size_t end = n.find_first_of(" \t"); end != std::string_view::npos) {
            std::string_view rest = trim(n.substr(end));
            n = n.substr(0, end);
            while (!rest.empty()) {
                const std::size_t stop = std::min(rest.find_first_of(" \t"), rest.size());
                const std::string_view item = rest.substr(0, stop);
                rest = trim(rest.substr(stop));
                const std::size_t eq = item.find('=');
                std::uint64_t value = 0;
                const std::string_view name = item.substr(0, eq);
                if (eq == std::string_view::npos || !find_breakdown_column(name)) {
                    entry.error = "expected 'column=count' with a breakdown column (captures, ep, castles, promotions, "
                                  "checks, discovered_checks, double_checks, checkmates, extinctions, campmates), got '" +
                                  std::string(item) + "'";
                    return entry;
                }
                const std::string_view number = item.substr(eq + 1);
                const auto r = std::from_chars(number.data(), number.data() + number.size(), value);
                if (r.ec != std::errc() || r.ptr != number.data() + number.size() || number.empty()) {
                    entry.error = "expected a count after '" + std::string(name) + "=', got '" + std::string(number) + "'";
                    return entry;
                }
                breakdown.emplace_back(std::string(name), value);
            }
        }
        auto r1 = std::from_chars(d.data(), d.data() + d.size(), depth);
        auto r2 = std::from_chars(n.data(), n.data() + n.size(), count);
        if (r1.ec != std::errc() || r1.ptr != d.data() + d.size() || r2.ec != std::errc() || r2.ptr != n.data() + n.size() ||
            depth < 0) {
            entry.error = "expected ';D<depth> <count>', got ';" + std::string(part) + "'";
            return entry;
        }
        entry.expected.emplace_back(depth, count);
        entry.expected_breakdowns.push_back(std::move(breakdown));
    }
    return entry;
}

} // namespace horde::perft
