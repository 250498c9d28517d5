#include "horde/perft/perft.hpp"

#include "divide_parallel.hpp"
#include "frontier.hpp"

#include <algorithm>
#include <bit>

namespace horde::perft {

PerftHash::PerftHash(std::size_t megabytes) {
    std::size_t entries = std::bit_floor(std::max<std::size_t>(megabytes, 1) * 1024 * 1024 / sizeof(Entry));
    table_ = std::make_unique<Entry[]>(entries);
    mask_ = entries - 1;
}

bool PerftHash::probe(std::uint64_t key, std::uint64_t verification, int depth, std::uint64_t& count) const {
    const Entry& e = table_[key & mask_];
    const std::uint64_t data = __atomic_load_n(&e.data, __ATOMIC_RELAXED);
    const std::uint64_t check = __atomic_load_n(&e.check, __ATOMIC_RELAXED);
    const std::uint64_t second = __atomic_load_n(&e.verification, __ATOMIC_RELAXED);
    if ((check ^ data) != key || (second ^ data) != verification || (data & 0xFF) != std::uint64_t(depth)) return false;
    count = data >> 8;
    return true;
}

void PerftHash::store(std::uint64_t key, std::uint64_t verification, int depth, std::uint64_t count) {
    Entry& e = table_[key & mask_];
    const std::uint64_t data = count << 8 | std::uint64_t(depth);
    __atomic_store_n(&e.data, data, __ATOMIC_RELAXED);
    __atomic_store_n(&e.check, key ^ data, __ATOMIC_RELAXED);
    __atomic_store_n(&e.verification, verification ^ data, __ATOMIC_RELAXED);
}

namespace {
// A 64-bit multiply-xorshift mix (the finaliser of splitmix64/murmur3).
constexpr std::uint64_t mix(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
}
} // namespace

std::uint64_t verification_key(const position::Position& pos) {
    // Colour and type bitboards together with the mailbox-free state determine the position.
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    auto add = [&h](std::uint64_t word) { h = mix(h ^ word) + 0x632BE59BD9B4E019ULL; };
    add(pos.by_color[WHITE]);
    add(pos.by_color[BLACK]);
    for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) add(pos.by_type[pt]);
    add(std::uint64_t(pos.side) | std::uint64_t(pos.castling) << 8 | std::uint64_t(pos.ep) << 16);
    return mix(h);
}

namespace {

template <Variant V, Color Us, bool Hashed> std::uint64_t perft_node(const position::Position& pos, int depth, PerftHash* hash) {
    if (depth == 1) return detail::count_leaves<V, Us>(pos);
    std::uint64_t nodes = 0;
    std::uint64_t verification = 0;
    if constexpr (Hashed) {
        verification = verification_key(pos);
        if (hash->probe(pos.key, verification, depth, nodes)) return nodes;
    }
    if (depth == 2) {
        nodes = detail::count_frontier<V, Us>(pos);
        if constexpr (Hashed) hash->store(pos.key, verification, depth, nodes);
        return nodes;
    }
    position::MoveList moves;
    position::MoveListSink<V> sink{moves};
    position::generate_legal<V, Us>(pos, sink);
    for (Move m : moves) {
        position::Position child = pos;
        child.template play<V>(m);
        nodes += perft_node<V, ~Us, Hashed>(child, depth - 1, hash);
    }
    if constexpr (Hashed) hash->store(pos.key, verification, depth, nodes);
    return nodes;
}

template <Variant V> std::uint64_t perft_dispatch(const position::Position& pos, int depth, PerftHash* hash) {
    if (depth <= 0) return 1;
    if (hash) {
        return pos.side == WHITE ? perft_node<V, WHITE, true>(pos, depth, hash) : perft_node<V, BLACK, true>(pos, depth, hash);
    }
    return pos.side == WHITE ? perft_node<V, WHITE, false>(pos, depth, nullptr)
                             : perft_node<V, BLACK, false>(pos, depth, nullptr);
}

} // namespace

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Variant v, const position::Position& pos, int depth,
                                                         const PerftOptions& options) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    if (depth <= 0) return result;
    const position::MoveList moves = position::legal_moves(v, pos);
    for (Move m : moves) result.emplace_back(m, 0);
    position::with_variant(v, [&]<Variant V>() {
        if (options.threads <= 1) {
            std::size_t done = 0;
            for (auto& [move, count] : result) {
                position::Position child = pos;
                child.template play<V>(move);
                count = perft_dispatch<V>(child, depth - 1, options.hash);
                if (options.on_root_move) options.on_root_move(++done, result.size());
            }
        } else {
            detail::divide_parallel<V>(pos, depth, options, result,
                                       [&](const position::Position& p, int d) { return perft_dispatch<V>(p, d, options.hash); });
        }
    });
    return result;
}

std::uint64_t perft(Variant v, const position::Position& pos, int depth, const PerftOptions& options) {
    if (depth <= 0) return 1;
    if ((options.threads <= 1 && !options.on_root_move) || depth == 1)
        return position::with_variant(v, [&]<Variant V>() { return perft_dispatch<V>(pos, depth, options.hash); });
    std::uint64_t total = 0;
    for (const auto& [move, count] : perft_divide(v, pos, depth, options)) total += count;
    return total;
}

} // namespace horde::perft
