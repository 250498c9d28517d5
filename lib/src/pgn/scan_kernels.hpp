// The reader's byte-scanning kernels (private to lib/src/pgn): each a named function with a
// scalar reference beside its SSE2 version. The scalar one is the fallback where SSE2 is not
// there, and tests/unit/test_scan_kernels.cpp holds the two equal on every input, so it is
// compiled and tested on x86-64 too. The unqualified name (pgn_kernels::comment_run, ...)
// is the one the reader calls: the SSE2 version where the compiler targets SSE2. count_line_ends
// has an AVX2 version too (avx2::, at the end), which the splitting thread's pgn::count_line_ends
// calls where the compiler targets AVX2.
#pragma once

#include "horde/pgn/reader.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace horde::pgn::pgn_kernels {

using pgn_detail::C_ALPHA;
using pgn_detail::C_DIGIT;
using pgn_detail::C_NAME;
using pgn_detail::C_PLAIN;
using pgn_detail::cls;

// What ends a plain move or move number here: a blank or a line end (any other delimiter, and
// '\t', leave the word to on_word).
inline bool ends_plain_word(char c) { return c == ' ' || c == '\n' || c == '\r'; }

// The length of a plain move number at b ("12." "12...": at most 12 digits, then dots, then
// ends_plain_word; on_word reads the same value), or 0; avail: the bytes from b on.
inline std::size_t plain_move_number(const char* b, std::size_t avail, long long& num) {
    std::size_t i = 0;
    num = 0;
    while (i < 12 && i < avail && (cls(b[i]) & C_DIGIT)) num = num * 10 + (b[i++] - '0');
    if (i == 0 || i >= avail || b[i] != '.') return 0;
    while (i < avail && b[i] == '.') ++i;
    return i < avail && ends_plain_word(b[i]) ? i : 0;
}

// Bit masks of 16 bytes for skip_movetext's block step (bit i: byte i): blanks and line ends
// (sep), line ends (nl), digits, letters, dots, and bytes of none of these kinds nor '=', '+',
// '#' (other).
struct BlockMasks {
    unsigned sep, nl, digits, letters, dots, other;
    bool operator==(const BlockMasks&) const = default;
};

namespace scalar {

// plain_move: the length of a plain move at b (a letter, then letters, digits, '=', '+', '#'
// up to ends_plain_word: what on_word delivers as it is, no glued result, no "e8(Q)") when it
// is shorter than 16 bytes, or 0 (a longer word is on_word's, which reads it the same way);
// avail: the bytes from b on, at least 1.
inline std::size_t plain_move(const char* b, std::size_t avail) {
    if (!(cls(b[0]) & C_ALPHA)) return 0;
    const std::size_t lim = avail < 16 ? avail : 16;
    std::size_t n = 1;
    while (n < lim && (cls(b[n]) & C_PLAIN)) ++n;
    return n < lim && ends_plain_word(b[n]) ? n : 0;
}

// The index of the first '}', '{', LF or CR in b[i, n), or n.
inline std::size_t comment_run(const char* b, std::size_t i, std::size_t n) {
    for (; i < n; ++i) {
        const char c = b[i];
        if (c == '}' || c == '{' || c == '\n' || c == '\r') break;
    }
    return i;
}

// The index of the first byte in b[i, n) that is not a tag-name byte (letter, digit, '_'), or n.
inline std::size_t name_run(const char* b, std::size_t i, std::size_t n) {
    while (i < n && (cls(b[i]) & C_NAME)) ++i;
    return i;
}

// The index of the first byte in b[i, n) that ends a plain run of a tag value ('"', '\\', an
// end of line or NUL), or n.
inline std::size_t tag_value_run(const char* b, std::size_t i, std::size_t n) {
    for (; i < n; ++i) {
        const char c = b[i];
        if (c == '"' || c == '\\' || c == '\n' || c == '\r' || c == 0) break;
    }
    return i;
}

// BlockMasks of the 16 bytes at b.
inline BlockMasks block_masks(const char* b) {
    BlockMasks m{};
    for (unsigned i = 0; i < 16; ++i) {
        const char c = b[i];
        const unsigned bit = 1u << i;
        const bool nl = c == '\n' || c == '\r', sep = nl || c == ' ' || c == '\t';
        const bool digit = c >= '0' && c <= '9', letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (nl) m.nl |= bit;
        if (sep) m.sep |= bit;
        if (digit) m.digits |= bit;
        if (letter) m.letters |= bit;
        if (c == '.') m.dots |= bit;
        if (!(sep || digit || letter || c == '.' || c == '=' || c == '+' || c == '#')) m.other |= bit;
    }
    return m;
}

// The number of line ends in b[i, n) by LineTracker's rule: every LF and every CR, less the LF
// of each CRLF (b[i - 1] is looked at when i > 0; from 0, a CRLF cut between two calls counts
// twice, so callers cut only after a line's end).
inline std::uint64_t count_line_ends(const char* b, std::size_t i, std::size_t n) {
    std::uint64_t lines = 0;
    for (; i < n; ++i) {
        if (b[i] == '\r') ++lines;
        else if (b[i] == '\n' && !(i > 0 && b[i - 1] == '\r')) ++lines;
    }
    return lines;
}

} // namespace scalar

#if defined(__SSE2__)
namespace sse2 {

// The bytes of v that are ASCII letters or digits, as a byte mask (0xFF each), or'd with
// `also` (the caller's extra bytes: a word's marks, a name's '_').
[[gnu::always_inline]] inline __m128i alnum_or(__m128i v, __m128i also) {
    const __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20)); // 'A'-'Z' to 'a'-'z', nothing else into it
    const __m128i letter =
        _mm_and_si128(_mm_cmpgt_epi8(folded, _mm_set1_epi8('a' - 1)), _mm_cmplt_epi8(folded, _mm_set1_epi8('z' + 1)));
    const __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
    return _mm_or_si128(_mm_or_si128(letter, digit), also);
}

// scalar::plain_move. With 16 bytes in view, the word's length from one classification of
// them (letters, digits, '=', '+', '#'), not a loop: its exit, at a length from 2 to 7, was a
// branch the predictor missed on most moves.
[[gnu::always_inline]] inline std::size_t plain_move(const char* b, std::size_t avail) {
    if (!(cls(b[0]) & C_ALPHA)) return 0;
    if (avail < 16) [[unlikely]]
        return scalar::plain_move(b, avail);
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
    const __m128i mark = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('=')), _mm_cmpeq_epi8(v, _mm_set1_epi8('+'))),
                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('#')));
    const unsigned plain = unsigned(_mm_movemask_epi8(alnum_or(v, mark)));
    const unsigned n = unsigned(std::countr_zero(~plain)); // 16 when all 16 are plain
    return n < 16 && ends_plain_word(b[n]) ? n : 0;
}

// scalar::comment_run, 16 bytes a step.
inline std::size_t comment_run(const char* b, std::size_t i, std::size_t n) {
    const __m128i close = _mm_set1_epi8('}'), open = _mm_set1_epi8('{');
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, close), _mm_cmpeq_epi8(v, open)),
                                         _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        if (const unsigned m = unsigned(_mm_movemask_epi8(hit))) return i + std::size_t(std::countr_zero(m));
    }
    return scalar::comment_run(b, i, n);
}

// scalar::name_run: one classification of 16 bytes where they are there (names are 3 to 12
// bytes; the exit of a byte loop was a branch the predictor missed on most tags).
inline std::size_t name_run(const char* b, std::size_t i, std::size_t n) {
    if (i + 16 <= n) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        const __m128i name = alnum_or(v, _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));
        const unsigned m = ~unsigned(_mm_movemask_epi8(name)) & 0xFFFFu;
        if (m) return i + std::size_t(std::countr_zero(m));
        i += 16;
    }
    return scalar::name_run(b, i, n);
}

// scalar::tag_value_run, 16 bytes a step (a value is 10-30 bytes).
inline std::size_t tag_value_run(const char* b, std::size_t i, std::size_t n) {
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r'), zero = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        const __m128i hit =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                         _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)), _mm_cmpeq_epi8(v, zero)));
        if (const unsigned m = unsigned(_mm_movemask_epi8(hit))) return i + std::size_t(std::countr_zero(m));
    }
    return scalar::tag_value_run(b, i, n);
}

// scalar::block_masks.
[[gnu::always_inline]] inline BlockMasks block_masks(const char* b) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b));
    auto eq = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
    // x in [lo, lo + width) exactly when x + 0x80 - lo, as a signed byte, is below -128 + width
    auto in_range = [](__m128i x, char lo, int width) {
        return _mm_cmplt_epi8(_mm_add_epi8(x, _mm_set1_epi8(char(0x80 - lo))), _mm_set1_epi8(char(-128 + width)));
    };
    const __m128i letters = in_range(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 26);
    const __m128i digits = in_range(v, '0', 10);
    const __m128i nl = _mm_or_si128(eq('\n'), eq('\r'));
    const __m128i sep = _mm_or_si128(_mm_or_si128(eq(' '), eq('\t')), nl);
    const __m128i dots = eq('.');
    const __m128i known = _mm_or_si128(_mm_or_si128(_mm_or_si128(letters, digits), _mm_or_si128(sep, dots)),
                                       _mm_or_si128(_mm_or_si128(eq('='), eq('+')), eq('#')));
    return {unsigned(_mm_movemask_epi8(sep)),    unsigned(_mm_movemask_epi8(nl)),
            unsigned(_mm_movemask_epi8(digits)), unsigned(_mm_movemask_epi8(letters)),
            unsigned(_mm_movemask_epi8(dots)),   ~unsigned(_mm_movemask_epi8(known)) & 0xFFFFu};
}

// scalar::count_line_ends, 16 bytes a step: the LFs and CRs of a block counted from their
// masks, less the LFs that follow a CR (the CR before a block's first byte carried over).
inline std::uint64_t count_line_ends(const char* b, std::size_t i, std::size_t n) {
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    std::uint64_t lines = 0;
    unsigned cr_before = i > 0 && b[i - 1] == '\r'; // 1 when the byte before the block is a CR
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        const unsigned lfs = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, lf)));
        const unsigned crs = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, cr)));
        const unsigned lf_after_cr = lfs & ((crs << 1) | cr_before);
        lines += unsigned(std::popcount(lfs | crs)) - unsigned(std::popcount(lf_after_cr));
        cr_before = crs >> 15;
    }
    return lines + scalar::count_line_ends(b, i, n);
}

} // namespace sse2
using namespace sse2;
#else
using namespace scalar;
#endif

#if defined(__AVX2__)
namespace avx2 {

// scalar::count_line_ends, 64 bytes a step: the pipeline's splitting thread runs it over every
// byte of the input (on real files of long engine comments, where the workers' checking is
// quick per byte, the SSE2 version was a fifth of that thread's time).
inline std::uint64_t count_line_ends(const char* b, std::size_t i, std::size_t n) {
    const __m256i lf = _mm256_set1_epi8('\n'), cr = _mm256_set1_epi8('\r');
    const auto mask64 = [](__m256i low, __m256i high, __m256i byte) {
        return std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, byte)))) |
               std::uint64_t(std::uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, byte)))) << 32;
    };
    std::uint64_t lines = 0;
    std::uint64_t cr_before = i > 0 && b[i - 1] == '\r';
    for (; i + 64 <= n; i += 64) {
        const __m256i low = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
        const __m256i high = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i + 32));
        const std::uint64_t lfs = mask64(low, high, lf), crs = mask64(low, high, cr);
        lines += std::uint64_t(std::popcount(lfs | crs)) - std::uint64_t(std::popcount(lfs & ((crs << 1) | cr_before)));
        cr_before = crs >> 63;
    }
    return lines + sse2::count_line_ends(b, i, n);
}

} // namespace avx2
#endif

} // namespace horde::pgn::pgn_kernels
