// The threaded divide shared by plain perft and the breakdown (private to perft/).
#pragma once

#include "horde/perft/perft.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace horde::perft::detail {

// A piece of parallel work: the subtree below one position, credited to a root move.
struct PerftWorkItem {
    std::uint32_t root;
    int depth;
    position::Position pos;
};

// Splits the tree below the root moves level by level until there are many more pieces of
// work than threads, then lets the threads take pieces one at a time. Root moves alone are
// too few and too uneven (Horde's start position has 8) to keep two cores busy to the end.
// `count_subtree(pos, depth)` returns a Count (anything with +=); each item's count is kept
// apart and summed per root move after the threads join.
template <Variant V, class Count, class CountSubtree>
void divide_parallel(const position::Position& pos, int depth, const PerftOptions& options,
                     std::vector<std::pair<Move, Count>>& result, CountSubtree count_subtree) {
    const int threads = options.threads;
    std::vector<PerftWorkItem> items;
    items.reserve(result.size());
    for (std::size_t i = 0; i < result.size(); ++i) {
        position::Position child = pos;
        child.template play<V>(result[i].first);
        items.push_back({std::uint32_t(i), depth - 1, child});
    }
    const std::size_t target = 128 * std::size_t(threads);
    // Every item of a level has the same depth; stop while the leaves keep real work (>= 2).
    while (!items.empty() && items.size() < target && items.front().depth >= 3) {
        std::vector<PerftWorkItem> next;
        next.reserve(items.size() * 32);
        for (const PerftWorkItem& item : items) {
            position::MoveList moves;
            position::MoveListSink<V> sink{moves};
            if (item.pos.side == WHITE) position::generate_legal<V, WHITE>(item.pos, sink);
            else position::generate_legal<V, BLACK>(item.pos, sink);
            for (Move m : moves) {
                position::Position child = item.pos;
                child.template play<V>(m);
                next.push_back({item.root, item.depth - 1, child});
            }
        }
        items.swap(next);
    }
    std::vector<Count> item_counts(items.size());
    std::vector<std::atomic<std::size_t>> items_left(result.size()); // per root move, for progress
    for (const PerftWorkItem& item : items) items_left[item.root].fetch_add(1, std::memory_order_relaxed);
    std::size_t roots_done = 0;
    for (auto& left : items_left) roots_done += left.load() == 0; // no legal reply: done already
    std::mutex progress_mutex;
    std::atomic<std::size_t> next_item{0};
    auto worker = [&] {
        for (std::size_t i; (i = next_item.fetch_add(1, std::memory_order_relaxed)) < items.size();) {
            const PerftWorkItem& item = items[i];
            item_counts[i] = count_subtree(item.pos, item.depth);
            if (items_left[item.root].fetch_sub(1, std::memory_order_acq_rel) == 1 && options.on_root_move) {
                std::lock_guard lock(progress_mutex);
                options.on_root_move(++roots_done, result.size());
            }
        }
    };
    {
        std::vector<std::jthread> pool;
        const int n = int(std::min<std::size_t>(std::size_t(threads), std::max<std::size_t>(items.size(), 1)));
        for (int t = 1; t < n; ++t) pool.emplace_back(worker);
        worker();
    } // joins
    for (auto& [move, count] : result) count = Count{};
    for (std::size_t i = 0; i < items.size(); ++i) result[items[i].root].second += item_counts[i];
}

} // namespace horde::perft::detail
