#include "horde/perft/split.hpp"

#include <charconv>
#include <fmt/format.h>
#include <unordered_map>

namespace horde::perft {

namespace {

void collect(const position::Board& board, int depth, std::uint64_t paths, std::vector<SplitPosition>& out,
             std::unordered_map<std::string, std::size_t>& index) {
    if (depth == 0) {
        auto [it, inserted] = index.try_emplace(board.fen(false), out.size());
        if (inserted) out.push_back({board, paths});
        else out[it->second].paths += paths;
        return;
    }
    for (Move m : board.legal_moves()) {
        position::Board child = board;
        child.play(m);
        collect(child, depth - 1, paths, out, index);
    }
}

} // namespace

std::vector<SplitPosition> perft_split(const position::Board& start, int depth) {
    std::vector<SplitPosition> out;
    std::unordered_map<std::string, std::size_t> index;
    collect(start, depth, 1, out, index);
    return out;
}

std::string split_line(const SplitPosition& p) { return fmt::format("{}\t{}", p.board.fen(), p.paths); }

WeightedFen parse_weighted_fen(std::string_view line) {
    WeightedFen w;
    w.fen = line;
    const auto tab = line.rfind('\t');
    if (tab == std::string_view::npos) return w;
    w.fen = line.substr(0, tab);
    std::string_view text = line.substr(tab + 1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.remove_suffix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), w.weight);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty() || w.weight == 0)
        w.error = fmt::format("the weight after the tab is not a positive whole number: '{}'", text);
    return w;
}

} // namespace horde::perft
