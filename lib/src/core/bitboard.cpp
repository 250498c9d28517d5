#include "horde/core/bitboard.hpp"

namespace horde::core::detail {

constexpr LeaperTables LEAPERS = make_leaper_tables();

namespace {
// Ray masks per direction for the portable slider fallback.
struct Rays {
    Bitboard ray[8][64]{};
};
constexpr Rays make_rays() {
    constexpr int dirs[8][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}};
    Rays r{};
    for (int d = 0; d < 8; ++d)
        for (int s = 0; s < 64; ++s) {
            int f = s % 8, k = s / 8;
            for (;;) {
                f += dirs[d][0];
                k += dirs[d][1];
                if (f < 0 || f > 7 || k < 0 || k > 7) break;
                r.ray[d][s] |= Bitboard{1} << (k * 8 + f);
            }
        }
    return r;
}
constexpr Rays RAYS = make_rays();

// Directions 0-3 point to higher squares (nearest blocker = lsb), 4-7 to lower (msb).
constexpr Bitboard ray_with_blocker(int d, Square s, Bitboard occupied) {
    const Bitboard ray = RAYS.ray[d][s];
    const Bitboard blockers = ray & occupied;
    if (!blockers) return ray;
    const Square b = d < 4 ? lsb(blockers) : msb(blockers);
    return ray ^ RAYS.ray[d][b];
}

// The rays' attacks of a rook (first) or a bishop (second) on square s.
constexpr int ROOK_RAYS[4] = {0, 1, 4, 5};
constexpr int BISHOP_RAYS[4] = {2, 3, 6, 7};
constexpr Bitboard rays_attacks(const int (&rays)[4], Square s, Bitboard occupied) {
    return ray_with_blocker(rays[0], s, occupied) | ray_with_blocker(rays[1], s, occupied) |
           ray_with_blocker(rays[2], s, occupied) | ray_with_blocker(rays[3], s, occupied);
}

#if HORDE_FAST_PEXT // (the tables exist only there: without it these would be unused)
// Relevant occupancy: the empty-board rays without their last square.
constexpr Bitboard edge_free_mask(const int (&rays)[4], Square s) {
    Bitboard mask = 0;
    for (int d : rays) {
        const Bitboard ray = RAYS.ray[d][s];
        if (ray) mask |= ray & ~square_bb(d < 4 ? msb(ray) : lsb(ray));
    }
    return mask;
}

// Each square's attack sets in PEXT order: the carry-rippler walk (sub - mask) & mask visits
// the subsets of the mask in the order of their PEXT index.
constexpr SliderTables make_slider_tables() {
    SliderTables t{};
    std::uint32_t next = 0;
    for (int pass = 0; pass < 2; ++pass) {
        const int(&rays)[4] = pass == 0 ? ROOK_RAYS : BISHOP_RAYS;
        SliderTables::Entry* entries = pass == 0 ? t.rook : t.bishop;
        for (int s = 0; s < 64; ++s) {
            const Bitboard mask = edge_free_mask(rays, Square(s));
            entries[s] = {mask, next};
            Bitboard sub = 0;
            do {
                t.storage[next++] = rays_attacks(rays, Square(s), sub);
                sub = (sub - mask) & mask;
            } while (sub);
        }
    }
    return t;
}
#endif

} // namespace

Bitboard rook_attacks_portable(Square s, Bitboard occupied) { return rays_attacks(ROOK_RAYS, s, occupied); }
Bitboard bishop_attacks_portable(Square s, Bitboard occupied) { return rays_attacks(BISHOP_RAYS, s, occupied); }

#if HORDE_FAST_PEXT
// About 10 M constexpr operations: lib/CMakeLists.txt raises the compilers' limits for this file.
constexpr SliderTables SLIDERS = make_slider_tables();
static_assert(sizeof(SLIDERS.storage) / sizeof(Bitboard) == 102400 + 5248);
#endif

} // namespace horde::core::detail
