// Slider attacks: the table lookup (PEXT-indexed when the CPU has a fast PEXT) and the compact
// rook lines (kindergarten tables) agree with the ray walk on every square for many
// occupancies, including full and empty boards.
#include "horde/core/bitboard.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>

using namespace horde;

TEST_CASE("slider attack tables equal the ray-walk attacks", "[bitboard]") {
    std::mt19937_64 rng(20261130);
    int checked = 0;
    for (int round = 0; round < 400; ++round) {
        // Sparse, medium and dense occupancies.
        Bitboard occupied = rng();
        if (round % 3 == 0) occupied &= rng() & rng();
        if (round % 3 == 1) occupied |= rng();
        if (round == 0) occupied = 0;
        if (round == 1) occupied = ~Bitboard{0};
        for (int s = 0; s < 64; ++s) {
            const Square sq = Square(s);
            const Bitboard occ = occupied | square_bb(sq);
            const Bitboard rook = detail::rook_attacks_portable(sq, occ);
            const Bitboard bishop = detail::bishop_attacks_portable(sq, occ);
            REQUIRE(rook_attacks(sq, occ) == rook);
            REQUIRE(rook_attacks_compact(sq, occ) == rook);
            REQUIRE(rook_attacks_compact(sq, occ & ~square_bb(sq)) == rook);
            REQUIRE(bishop_attacks(sq, occ) == bishop);
            // The slider's own square need not be in the occupancy.
            REQUIRE(rook_attacks(sq, occ & ~square_bb(sq)) == rook);
            REQUIRE(bishop_attacks(sq, occ & ~square_bb(sq)) == bishop);
            ++checked;
        }
    }
    REQUIRE(checked == 400 * 64);
}

TEST_CASE("between and line tables equal the ray-walk definition", "[bitboard]") {
    // The definition: b lies on a slider ray from a; between is what both rays see of each
    // other, line is the common ray plus both ends.
    int aligned = 0;
    for (int a = 0; a < 64; ++a)
        for (int b = 0; b < 64; ++b) {
            const Bitboard ab = Bitboard{1} << a, bb = Bitboard{1} << b;
            Bitboard between = 0, line = 0;
            if (a != b)
                for (const auto* dirs : {detail::ROOK_DIRS, detail::BISHOP_DIRS})
                    if (detail::ray_attacks(a, 0, dirs) & bb) {
                        between = detail::ray_attacks(a, bb, dirs) & detail::ray_attacks(b, ab, dirs);
                        line = (detail::ray_attacks(a, 0, dirs) & detail::ray_attacks(b, 0, dirs)) | ab | bb;
                        ++aligned;
                    }
            REQUIRE(between_bb(Square(a), Square(b)) == between);
            REQUIRE(line_bb(Square(a), Square(b)) == line);
        }
    REQUIRE(aligned == 64 * 14 + 560); // 14 rook-line squares from each square, 560 diagonal pairs
}

TEST_CASE("sliders reaching a square equal the candidates the ray walk reaches", "[bitboard]") {
    // sliders_reaching and origin_sliders_reaching (each CPU's choice of tables) against the
    // definition: a diagonal candidate counts when the bishop walk from s reaches it, a
    // straight one when the rook walk does.
    std::mt19937_64 rng(20261204);
    for (int round = 0; round < 300; ++round) {
        const Bitboard occupied = round % 2 ? rng() : rng() & rng();
        const Bitboard diagonal = occupied & rng(), straight = occupied & rng();
        for (int s = 0; s < 64; ++s) {
            const Square sq = Square(s);
            const Bitboard expected = (detail::bishop_attacks_portable(sq, occupied) & diagonal) |
                                      (detail::rook_attacks_portable(sq, occupied) & straight);
            REQUIRE(sliders_reaching(sq, diagonal, straight, occupied) == expected);
            REQUIRE(origin_sliders_reaching(sq, diagonal, straight, occupied) == expected);
        }
    }
}
