#include "horde/perft.hpp"

#include <atomic>
#include <bit>
#include <thread>

namespace horde {

PerftHash::PerftHash(std::size_t megabytes) {
    std::size_t entries = std::bit_floor(std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(Entry));
    table_ = std::make_unique<Entry[]>(entries);
    mask_ = entries - 1;
}

bool PerftHash::probe(std::uint64_t key, int depth, std::uint64_t& count) const {
    const Entry& e = table_[key & mask_];
    const std::uint64_t data = __atomic_load_n(&e.data, __ATOMIC_RELAXED);
    const std::uint64_t check = __atomic_load_n(&e.check, __ATOMIC_RELAXED);
    if ((check ^ data) != key || (data & 0xFF) != std::uint64_t(depth)) return false;
    count = data >> 8;
    return true;
}

void PerftHash::store(std::uint64_t key, int depth, std::uint64_t count) {
    Entry& e = table_[key & mask_];
    const std::uint64_t data = count << 8 | std::uint64_t(depth);
    __atomic_store_n(&e.data, data, __ATOMIC_RELAXED);
    __atomic_store_n(&e.check, key ^ data, __ATOMIC_RELAXED);
}

namespace {

template <Variant V, Color Us, bool Hashed>
std::uint64_t perft_node(const Position& pos, int depth, PerftHash* hash) {
    if (depth == 1) {
        MoveCountSink<V> counter;
        generate_legal<V, Us>(pos, counter);
        return counter.count;
    }
    std::uint64_t nodes = 0;
    if constexpr (Hashed)
        if (hash->probe(pos.key, depth, nodes)) return nodes;
    MoveList moves;
    MoveListSink<V> sink{moves};
    generate_legal<V, Us>(pos, sink);
    for (Move m : moves) {
        Position child = pos;
        child.template play<V>(m);
        nodes += perft_node<V, ~Us, Hashed>(child, depth - 1, hash);
    }
    if constexpr (Hashed) hash->store(pos.key, depth, nodes);
    return nodes;
}

template <Variant V> std::uint64_t perft_dispatch(const Position& pos, int depth, PerftHash* hash) {
    if (depth <= 0) return 1;
    if (hash) {
        return pos.side == WHITE ? perft_node<V, WHITE, true>(pos, depth, hash)
                                 : perft_node<V, BLACK, true>(pos, depth, hash);
    }
    return pos.side == WHITE ? perft_node<V, WHITE, false>(pos, depth, nullptr)
                             : perft_node<V, BLACK, false>(pos, depth, nullptr);
}

} // namespace

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Variant v, const Position& pos, int depth,
                                                         const PerftOptions& options) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (depth <= 0) return result;
    const MoveList moves = legal_moves(v, pos);
    for (Move m : moves) result.emplace_back(m, 0);

    // Work items are the positions two plies down (one per root move and reply), so that two
    // threads stay busy even when the root has few moves with uneven subtrees.
    struct Task {
        std::size_t root;
        Position position;
    };
    std::vector<Task> tasks;
    const int split = depth >= 3 ? 2 : 1;
    with_variant(v, [&]<Variant V>() {
        for (std::size_t i = 0; i < result.size(); ++i) {
            Position child = pos;
            child.template play<V>(result[i].first);
            if (split == 1) {
                tasks.push_back({i, child});
                continue;
            }
            for (Move reply : legal_moves(v, child)) {
                Position grandchild = child;
                grandchild.template play<V>(reply);
                tasks.push_back({i, grandchild});
            }
        }
    });
    std::vector<std::uint64_t> counts(tasks.size());
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < tasks.size();) {
            counts[i] = with_variant(v, [&]<Variant V>() {
                return perft_dispatch<V>(tasks[i].position, depth - split, options.hash);
            });
        }
    };
    const int threads = std::max(1, std::min<int>(options.threads, int(tasks.size())));
    {
        std::vector<std::jthread> pool;
        for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
        worker();
    }
    for (std::size_t i = 0; i < tasks.size(); ++i) result[tasks[i].root].second += counts[i];
    return result;
}

std::uint64_t perft(Variant v, const Position& pos, int depth, const PerftOptions& options) {
    if (depth <= 0) return 1;
    if (options.threads <= 1 || depth == 1)
        return with_variant(v, [&]<Variant V>() { return perft_dispatch<V>(pos, depth, options.hash); });
    std::uint64_t total = 0;
    for (const auto& [move, count] : perft_divide(v, pos, depth, options)) total += count;
    return total;
}

} // namespace horde
