// Helpers shared by the libFuzzer targets (tests/fuzz/fuzz_*.cpp). Each target defines
// LLVMFuzzerTestOneInput; built with clang -fsanitize=fuzzer it is a fuzzer, linked with
// replay_main.cpp (any compiler) it replays saved inputs in ctest.
#pragma once

#include "horde/position/board.hpp"

#include <simdjson.h>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace horde::fuzz {

// A failed self-check: the message on stderr, then abort() so that libFuzzer saves the input
// and the replay test fails.
[[noreturn]] inline void fail(const char* file, int line, const char* condition, const std::string& detail) {
    std::fprintf(stderr, "%s:%d: self-check failed: %s\n  %s\n", file, line, condition, detail.c_str());
    std::fflush(stderr);
    std::abort();
}

#define FUZZ_CHECK(condition, detail)                                                    \
    do {                                                                                 \
        if (!(condition)) ::horde::fuzz::fail(__FILE__, __LINE__, #condition, (detail)); \
    } while (0)

// A self-check that two texts are equal: on failure, what differs, the byte where the texts
// part, and 200 bytes either side of it in both.
inline void check_same(std::string_view want, std::string_view got, std::string_view what, const char* file, int line) {
    if (want == got) return;
    std::size_t i = 0;
    while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
    const std::size_t from = i > 200 ? i - 200 : 0;
    fail(file, line, "want == got",
         std::string(what) + ": first difference at byte " + std::to_string(i) +
             "\nwant: " + std::string(want.substr(from, 400)) + "\ngot:  " + std::string(got.substr(from, 400)));
}
#define FUZZ_CHECK_SAME(want, got, what) ::horde::fuzz::check_same((want), (got), (what), __FILE__, __LINE__)

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Splits off the first line (without its LF or CRLF); `rest` gets what follows the LF.
inline std::string_view first_line(std::string_view text, std::string_view& rest) {
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

inline constexpr Variant ALL_VARIANTS[] = {Variant::Chess, Variant::Horde, Variant::Orda, Variant::Chess960};

// Whether two boards hold the same position as FEN sees it: every square, side, castling,
// capturable en passant square and both clocks.
inline bool same_position(const position::Board& a, const position::Board& b) {
    const position::Position &p = a.position(), &q = b.position();
    for (int s = 0; s < SQ_NB; ++s)
        if (p.board[s] != q.board[s]) return false;
    for (int t = 0; t < PIECE_TYPE_NB; ++t)
        if (p.by_type[t] != q.by_type[t]) return false;
    return p.by_color[WHITE] == q.by_color[WHITE] && p.by_color[BLACK] == q.by_color[BLACK] && p.side == q.side &&
           p.castling == q.castling && a.ep_capture_is_legal() == b.ep_capture_is_legal() &&
           (!a.ep_capture_is_legal() || p.ep == q.ep) && p.halfmove == q.halfmove && p.fullmove == q.fullmove &&
           a.repetition_key() == b.repetition_key();
}

// A strict JSON syntax check (RFC 8259, UTF-8 text) of one value filling the whole text, by
// simdjson's DOM parser: the NDJSON records the tools print must parse for any input.
struct JsonValidator {
    static bool valid(std::string_view text) {
        simdjson::dom::parser parser;
        const simdjson::padded_string padded(text);
        return parser.parse(padded).error() == simdjson::SUCCESS;
    }
};

} // namespace horde::fuzz
