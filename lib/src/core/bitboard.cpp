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
inline Bitboard ray_with_blocker(int d, Square s, Bitboard occupied) {
    Bitboard ray = RAYS.ray[d][s];
    Bitboard blockers = ray & occupied;
    if (!blockers) return ray;
    Square b = d < 4 ? lsb(blockers) : msb(blockers);
    return ray ^ RAYS.ray[d][b];
}

Bitboard edge_free_mask(int s, const int (*dirs)[2]) {
    // Relevant occupancy: the empty-board rays without their last square.
    Bitboard mask = 0;
    for (int d = 0; d < 4; ++d) {
        int f = s % 8, r = s / 8;
        for (;;) {
            int nf = f + dirs[d][0], nr = r + dirs[d][1];
            if (nf < 0 || nf > 7 || nr < 0 || nr > 7) break;
            int nnf = nf + dirs[d][0], nnr = nr + dirs[d][1];
            if (nnf < 0 || nnf > 7 || nnr < 0 || nnr > 7) break;
            mask |= Bitboard{1} << (nr * 8 + nf);
            f = nf;
            r = nr;
        }
    }
    return mask;
}

Bitboard pdep(Bitboard index, Bitboard mask) {
#if defined(__BMI2__)
    return _pdep_u64(index, mask);
#endif
    Bitboard result = 0;
    for (Bitboard bit = 1; mask; bit <<= 1) {
        Bitboard low = mask & -mask;
        if (index & bit) result |= low;
        mask &= mask - 1;
    }
    return result;
}

} // namespace

Bitboard rook_attacks_portable(Square s, Bitboard occupied) {
    return ray_with_blocker(0, s, occupied) | ray_with_blocker(1, s, occupied) |
           ray_with_blocker(4, s, occupied) | ray_with_blocker(5, s, occupied);
}
Bitboard bishop_attacks_portable(Square s, Bitboard occupied) {
    return ray_with_blocker(2, s, occupied) | ray_with_blocker(3, s, occupied) |
           ray_with_blocker(6, s, occupied) | ray_with_blocker(7, s, occupied);
}

SliderTables::SliderTables() {
    Bitboard* next = storage;
    for (int pass = 0; pass < 2; ++pass) {
        const int(*dirs)[2] = pass == 0 ? ROOK_DIRS : BISHOP_DIRS;
        Entry* entries = pass == 0 ? rook : bishop;
        for (int s = 0; s < 64; ++s) {
            Bitboard mask = edge_free_mask(s, dirs);
            entries[s].mask = mask;
            entries[s].attacks = next;
            Bitboard count = Bitboard{1} << popcount(mask);
            // The nearest-blocker walk is several times faster than the step-by-step
            // reference walk, and start-up time counts for short runs of the tools.
            for (Bitboard i = 0; i < count; ++i)
                next[i] = pass == 0 ? rook_attacks_portable(Square(s), pdep(i, mask))
                                    : bishop_attacks_portable(Square(s), pdep(i, mask));
            next += count;
        }
    }
}

#if defined(__BMI2__)
namespace {
const SliderTables slider_tables_instance;
}
const SliderTables& SLIDERS = slider_tables_instance;
#endif

} // namespace horde::core::detail
