// Helpers shared by the libFuzzer targets (tests/fuzz/fuzz_*.cpp). Each target defines
// LLVMFuzzerTestOneInput; built with clang -fsanitize=fuzzer it is a fuzzer, linked with
// replay_main.cpp (any compiler) it replays saved inputs in ctest.
#pragma once

#include "horde/position/board.hpp"

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

#define FUZZ_CHECK(condition, detail)                                                                       \
    do {                                                                                                    \
        if (!(condition)) ::horde::fuzz::fail(__FILE__, __LINE__, #condition, (detail));                   \
    } while (0)

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
inline bool same_position(const Board& a, const Board& b) {
    const Position &p = a.position(), &q = b.position();
    for (int s = 0; s < SQ_NB; ++s)
        if (p.board[s] != q.board[s]) return false;
    for (int t = 0; t < PIECE_TYPE_NB; ++t)
        if (p.by_type[t] != q.by_type[t]) return false;
    return p.by_color[WHITE] == q.by_color[WHITE] && p.by_color[BLACK] == q.by_color[BLACK] && p.side == q.side &&
           p.castling == q.castling && a.ep_capture_is_legal() == b.ep_capture_is_legal() &&
           (!a.ep_capture_is_legal() || p.ep == q.ep) && p.halfmove == q.halfmove && p.fullmove == q.fullmove &&
           a.repetition_key() == b.repetition_key();
}

// A strict JSON syntax check (RFC 8259, UTF-8 text) of one value filling the whole text: the
// NDJSON records the tools print must parse for any input.
class JsonValidator {
public:
    static bool valid(std::string_view text) {
        JsonValidator v(text);
        v.space();
        if (!v.value(0)) return false;
        v.space();
        return v.i_ == text.size();
    }

private:
    explicit JsonValidator(std::string_view t) : t_(t) {}
    bool at_end() const { return i_ >= t_.size(); }
    char peek() const { return at_end() ? '\0' : t_[i_]; }
    void space() {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++i_;
    }
    bool literal(std::string_view word) {
        if (t_.substr(i_, word.size()) != word) return false;
        i_ += word.size();
        return true;
    }
    bool string() {
        if (peek() != '"') return false;
        for (++i_; !at_end(); ++i_) {
            const auto c = static_cast<unsigned char>(t_[i_]);
            if (c == '"') {
                ++i_;
                return true;
            }
            if (c < 0x20) return false;
            if (c >= 0x80 && !utf8_sequence()) return false;
            if (c == '\\') {
                ++i_;
                if (at_end()) return false;
                const char e = t_[i_];
                if (e == 'u') {
                    for (int k = 0; k < 4; ++k) {
                        ++i_;
                        if (at_end() || !std::isxdigit(static_cast<unsigned char>(t_[i_]))) return false;
                    }
                } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
                    return false;
                }
            }
        }
        return false;
    }
    // A well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, at most
    // U+10FFFF) starting at i_; leaves i_ on its last byte.
    bool utf8_sequence() {
        const auto b = [&](std::size_t k) { return static_cast<unsigned char>(t_[i_ + k]); };
        const unsigned char c = b(0);
        std::size_t n = 0;
        unsigned lo = 0x80, hi = 0xBF; // allowed range of the second byte
        if (c >= 0xC2 && c <= 0xDF) n = 1;
        else if (c >= 0xE0 && c <= 0xEF) n = 2, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        else if (c >= 0xF0 && c <= 0xF4) n = 3, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        else return false;
        if (i_ + n >= t_.size()) return false;
        if (b(1) < lo || b(1) > hi) return false;
        for (std::size_t k = 2; k <= n; ++k)
            if (b(k) < 0x80 || b(k) > 0xBF) return false;
        i_ += n;
        return true;
    }
    bool digits() {
        const std::size_t start = i_;
        while (!at_end() && peek() >= '0' && peek() <= '9') ++i_;
        return i_ > start;
    }
    bool number() {
        if (peek() == '-') ++i_;
        if (peek() == '0') ++i_;
        else if (!digits()) return false;
        if (peek() == '.') {
            ++i_;
            if (!digits()) return false;
        }
        if (peek() == 'e' || peek() == 'E') {
            ++i_;
            if (peek() == '+' || peek() == '-') ++i_;
            if (!digits()) return false;
        }
        return true;
    }
    bool value(int depth) {
        if (depth > 64) return false;
        switch (peek()) {
        case '{': return container(depth, '}', true);
        case '[': return container(depth, ']', false);
        case '"': return string();
        case 't': return literal("true");
        case 'f': return literal("false");
        case 'n': return literal("null");
        default: return number();
        }
    }
    bool container(int depth, char close, bool object) {
        ++i_;
        space();
        if (peek() == close) {
            ++i_;
            return true;
        }
        for (;;) {
            space();
            if (object) {
                if (!string()) return false;
                space();
                if (peek() != ':') return false;
                ++i_;
                space();
            }
            if (!value(depth + 1)) return false;
            space();
            if (peek() == close) {
                ++i_;
                return true;
            }
            if (peek() != ',') return false;
            ++i_;
        }
    }
    std::string_view t_;
    std::size_t i_ = 0;
};

} // namespace horde::fuzz
