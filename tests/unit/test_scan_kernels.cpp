// The PGN reader's scan kernels (lib/src/pgn/scan_kernels.hpp): each SSE2 version returns what
// its scalar reference returns, on random and adversarial bytes (CR, CRLF, NUL, bytes >= 0x80,
// every 16-byte alignment, every length from 0 to past 64). The scalar references are the
// reader's code where SSE2 is not there; here they are compiled and held equal to the SIMD
// code the reader runs on x86-64.
#include "pgn/scan_kernels.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

namespace k = horde::pgn::pgn_kernels;

// Bytes that the kernels tell apart, each often: PGN's own, the kernels' stop bytes, and the
// bytes a signed comparison could misread (NUL, 0x7F, 0x80, 0xFF, 0xC0-0xDF folded by | 0x20).
const std::string kAlphabet = std::string("aZ09hN=+#-._ \t\n\r\r\n{}[]()\"\\;$!?*/%@`{|~") + std::string(1, '\0') +
                              "\x7f\x80\xff\xc1\xe1\xfa\xb0\xba\x40\x5b\x60\x7b\x2f\x3a";

std::string random_bytes(std::mt19937& rng, std::size_t n) {
    std::string s(n, ' ');
    for (char& c : s) {
        const unsigned r = rng() % 8;
        if (r == 0) c = char(rng() % 256);                         // any byte
        else if (r < 4) c = "abcdefghNBRQKO12345678x"[rng() % 23]; // SAN-ish letters and digits
        else c = kAlphabet[rng() % kAlphabet.size()];
    }
    return s;
}

#if defined(__SSE2__)
// Every kernel on the bytes s, placed at each of the 16 alignments of a buffer (with bytes
// after it that a 16-byte load may read, as the reader's buffer has), from every start: the
// first disagreement, or "" (one REQUIRE per string: millions of calls stay fast).
std::string first_mismatch(const std::string& s) {
    for (std::size_t align = 0; align < 16; ++align) {
        std::vector<char> buffer(align + s.size() + 32, 'x');
        char* b = buffer.data() + align;
        std::copy(s.begin(), s.end(), b);
        const std::size_t n = s.size();
        auto where = [&](const char* kernel, std::size_t i) {
            return std::string(kernel) + " at align " + std::to_string(align) + " start " + std::to_string(i) + " length " +
                   std::to_string(n);
        };
        for (std::size_t i = 0; i <= n; ++i) {
            if (k::sse2::comment_run(b, i, n) != k::scalar::comment_run(b, i, n)) return where("comment_run", i);
            if (k::sse2::name_run(b, i, n) != k::scalar::name_run(b, i, n)) return where("name_run", i);
            if (k::sse2::tag_value_run(b, i, n) != k::scalar::tag_value_run(b, i, n)) return where("tag_value_run", i);
            if (i < n && k::sse2::plain_move(b + i, n - i) != k::scalar::plain_move(b + i, n - i)) return where("plain_move", i);
            if (i + 16 <= n && !(k::sse2::block_masks(b + i) == k::scalar::block_masks(b + i))) return where("block_masks", i);
            if (k::sse2::count_line_ends(b, i, n) != k::scalar::count_line_ends(b, i, n)) return where("count_line_ends", i);
            if (k::sse2::count_line_ends(b + i, 0, n - i) != k::scalar::count_line_ends(b + i, 0, n - i))
                return where("count_line_ends from 0", i);
#if defined(__AVX2__)
            if (k::avx2::count_line_ends(b, i, n) != k::scalar::count_line_ends(b, i, n)) return where("avx2 count_line_ends", i);
            if (k::avx2::count_line_ends(b + i, 0, n - i) != k::scalar::count_line_ends(b + i, 0, n - i))
                return where("avx2 count_line_ends from 0", i);
#endif
        }
    }
    return "";
}
#endif

} // namespace

#if defined(__SSE2__)
TEST_CASE("SSE2 scan kernels equal their scalar references on random bytes", "[pgn][kernels]") {
    std::mt19937 rng(20261204);
    for (std::size_t n = 0; n <= 80; ++n)
        for (int round = 0; round < 40; ++round) REQUIRE(first_mismatch(random_bytes(rng, n)) == "");
}

TEST_CASE("SSE2 scan kernels equal their scalar references on adversarial bytes", "[pgn][kernels]") {
    // Each byte value at each place of a plain move, a move number, a tag name and a comment
    // run, and runs of one kind up to and past 16 bytes.
    const std::vector<std::string> shapes = {"Nf3 e5 12. exd8=Q+ Kxh1# ",
                                             "Rook_Name_1 \"value\"]",
                                             "abcdefghijklmnopqrstuvwx ",
                                             "0123456789012345678. ",
                                             "{ a comment run\r\n}",
                                             "e4\r\ne5\n\rNf3\r",
                                             "1... Qh4#0-1 *"};
    for (const std::string& shape : shapes)
        for (std::size_t at = 0; at < shape.size(); ++at)
            for (int byte = 0; byte < 256; ++byte) {
                std::string s = shape;
                s[at] = char(byte);
                REQUIRE(first_mismatch(s) == "");
            }
    for (const char fill : {'a', 'Z', '7', '_', '=', '.', ' ', '\n', '\r', '\0', char(0x80), char(0xFF)})
        for (std::size_t n = 0; n <= 70; ++n) {
            REQUIRE(first_mismatch(std::string(n, fill)) == "");
            REQUIRE(first_mismatch(std::string(n, fill) + " ") == "");
            REQUIRE(first_mismatch(std::string("N").append(n, fill).append("\r\n")) == "");
            REQUIRE(first_mismatch(std::string(n, fill) + "\r\n\r\n" + std::string(n, fill)) == "");
        }
}
#else
TEST_CASE("scan kernels without SSE2", "[pgn][kernels]") {
    // The reader runs the scalar references themselves: nothing to compare.
    SUCCEED("no SSE2");
}
#endif

TEST_CASE("scan kernel references read what their contracts say", "[pgn][kernels]") {
    const char* move = "exd8=Q+ rest of the buffer";
    CHECK(k::scalar::plain_move(move, 26) == 7);
    CHECK(k::scalar::plain_move("e4\r\n", 4) == 2);
    CHECK(k::scalar::plain_move("e4", 2) == 0);                 // no byte after it in view
    CHECK(k::scalar::plain_move("Nf3)", 4) == 0);               // not up to a blank
    CHECK(k::scalar::plain_move("abcdefghijklmnop ", 17) == 0); // 16 bytes: on_word's
    CHECK(k::scalar::plain_move("abcdefghijklmno ", 16) == 15);
    CHECK(k::scalar::comment_run("ab}cd", 0, 5) == 2);
    CHECK(k::scalar::comment_run("ab\rcd", 3, 5) == 5);
    CHECK(k::scalar::name_run("White_Elo \"", 0, 11) == 9);
    CHECK(k::scalar::tag_value_run(std::string("ab\0c", 4).c_str(), 0, 4) == 2);
    const k::BlockMasks m = k::scalar::block_masks("1. e4 e5\r\n2. Nf3{");
    CHECK(m.digits == 0b1000'0100'1001'0001u);
    CHECK(m.nl == 0b11u << 8);
    CHECK(m.dots == 0b1000'0000'0010u);
    CHECK(m.other == 0u);
    CHECK(k::scalar::block_masks("abcdefghijklmno{").other == 1u << 15);
    CHECK(k::scalar::count_line_ends("a\r\nb\n\rc\r\r\n\n", 0, 11) == 6); // CRLF, LF, CR, CR, CRLF, LF
    CHECK(k::scalar::count_line_ends("\n", 0, 1) == 1);
    CHECK(k::scalar::count_line_ends("", 0, 0) == 0);
    CHECK(k::scalar::count_line_ends("\r\n\n", 1, 3) == 1); // from 1: the LF of the CRLF is not one
}
