#include "horde/position/writers.hpp"

#include <array>
#include <charconv>
#include <cstdint>

#if defined(__SSSE3__)
#include <immintrin.h>
#endif

namespace horde::position {

namespace {

// The text of one rank of a FEN placement from its occupancy (bit f = file f): up to 8
// symbols, each a digit ('1'..'8', a run of empty squares) or the piece on a file. `shuffle`
// holds the file index of each piece symbol (0x80 for a digit) and `digits` the digit (0 for a
// piece), so that a rank is written without data-dependent branches: with SSSE3, one byte
// shuffle of the rank's piece letters or'ed with the digits.
struct alignas(8) RankPattern {
    std::uint8_t shuffle[8];
    char digits[8];
    std::uint8_t length;
};

constexpr std::array<RankPattern, 256> RANK_PATTERNS = [] {
    std::array<RankPattern, 256> table{};
    for (int mask = 0; mask < 256; ++mask) {
        RankPattern r{};
        int empty = 0;
        auto put = [&](std::uint8_t shuffle, char digit) {
            r.shuffle[r.length] = shuffle;
            r.digits[r.length] = digit;
            ++r.length;
        };
        for (int file = 0; file < 8; ++file) {
            if (mask & (1 << file)) {
                if (empty) put(0x80, char('0' + empty));
                empty = 0;
                put(std::uint8_t(file), 0);
            } else {
                ++empty;
            }
        }
        if (empty) put(0x80, char('0' + empty));
        for (int i = r.length; i < 8; ++i) r.shuffle[i] = 0x80; // written as 0, then overwritten
        table[std::size_t(mask)] = r;
    }
    return table;
}();

// FEN letter of each piece type (index: the low nibble of a Piece); Black adds 0x20.
constexpr char TYPE_LETTERS[16] = {' ', 'P', 'N', 'B', 'R', 'Q', 'K', 'L', 'A', 'H', 'Y', ' ', ' ', ' ', ' ', ' '};
static_assert(TYPE_LETTERS[KHESHIG] == piece_type_letter(KHESHIG) && TYPE_LETTERS[YURT] == piece_type_letter(YURT));
static_assert(TYPE_LETTERS[PAWN] == piece_type_letter(PAWN) && TYPE_LETTERS[KING] == piece_type_letter(KING));

} // namespace

char* write_fen(char* p, const Board& board, bool with_counters) {
    const Position& pos = board.position();
    const Bitboard occupied = pos.pieces();
#if defined(__SSSE3__)
    const __m128i letters = _mm_loadu_si128(reinterpret_cast<const __m128i*>(TYPE_LETTERS));
    const __m128i low_nibble = _mm_set1_epi8(0x0F), colour_bit = _mm_set1_epi8(0x10);
#endif
    for (int rank = 7; rank >= 0; --rank) {
        const Piece* row = pos.board + rank * 8;
        const RankPattern& pattern = RANK_PATTERNS[(occupied >> (rank * 8)) & 0xFF];
#if defined(__SSSE3__)
        const __m128i pieces = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(row));
        const __m128i chars = _mm_or_si128(_mm_shuffle_epi8(letters, _mm_and_si128(pieces, low_nibble)),
                                           _mm_slli_epi16(_mm_and_si128(pieces, colour_bit), 1));
        const __m128i text =
            _mm_or_si128(_mm_shuffle_epi8(chars, _mm_loadl_epi64(reinterpret_cast<const __m128i*>(pattern.shuffle))),
                         _mm_loadl_epi64(reinterpret_cast<const __m128i*>(pattern.digits)));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(p), text);
#else
        for (int i = 0; i < 8; ++i) {
            const std::uint8_t piece = row[pattern.shuffle[i] & 7];
            const char letter = char(TYPE_LETTERS[piece & 15] | ((piece & 0x10) << 1));
            p[i] = pattern.shuffle[i] & 0x80 ? pattern.digits[i] : letter;
        }
#endif
        p += pattern.length;
        *p++ = rank ? '/' : ' ';
    }
    *p++ = pos.side == WHITE ? 'w' : 'b';
    *p++ = ' ';
    if (board.variant() == Variant::Chess960) {
        for (char c : board.castling_field()) *p++ = c; // X-FEN file letters need the rooks
    } else {
        if (!pos.castling) *p++ = '-';
        if (pos.castling & WHITE_OO) *p++ = 'K';
        if (pos.castling & WHITE_OOO) *p++ = 'Q';
        if (pos.castling & BLACK_OO) *p++ = 'k';
        if (pos.castling & BLACK_OOO) *p++ = 'q';
    }
    *p++ = ' ';
    if (pos.ep != SQ_NONE && board.ep_capture_is_legal()) {
        p = write_square(p, pos.ep);
    } else {
        *p++ = '-';
    }
    if (with_counters) {
        *p++ = ' ';
        p = std::to_chars(p, p + 8, pos.halfmove).ptr;
        *p++ = ' ';
        p = std::to_chars(p, p + 8, pos.fullmove).ptr;
    }
    return p;
}

void append_fen(std::string& out, const Board& board, bool with_counters) {
    char buffer[kMaxFenLength];
    out.append(buffer, std::size_t(write_fen(buffer, board, with_counters) - buffer));
}

void append_uci(std::string& out, Move m) {
    char buffer[kMaxUciLength];
    out.append(buffer, std::size_t(write_uci(buffer, m) - buffer));
}

} // namespace horde::position
