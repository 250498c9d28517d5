// Streaming PGN reader: buffer management, sources, comment and tag scanning. The event
// dispatch is in the header (templates over the visitor).
#include "horde/pgn/reader.hpp"

#include "horde/io/input.hpp"

#include <algorithm>
#include <cerrno>
#include <istream>

#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace horde::pgn {

using namespace pgn_detail;

DiagnosticCode diagnostic_code(PgnErrorKind kind) {
    switch (kind) {
    case PgnErrorKind::UnterminatedComment: return DiagnosticCode::UnterminatedComment;
    case PgnErrorKind::UnterminatedVariation: return DiagnosticCode::UnterminatedVariation;
    case PgnErrorKind::UnmatchedParen: return DiagnosticCode::UnmatchedParen;
    case PgnErrorKind::MalformedTag: return DiagnosticCode::MalformedTag;
    case PgnErrorKind::TruncatedTag: return DiagnosticCode::TruncatedTag;
    case PgnErrorKind::GarbageToken: return DiagnosticCode::GarbageToken;
    case PgnErrorKind::TokenTooLong: return DiagnosticCode::TokenTooLong;
    case PgnErrorKind::NulByte: return DiagnosticCode::NulByte;
    case PgnErrorKind::InvalidByte: return DiagnosticCode::InvalidByte;
    }
    return DiagnosticCode::GarbageToken;
}

std::string_view pgn_error_name(PgnErrorKind kind) { return diagnostic_name(diagnostic_code(kind)); }

DiagnosticCode diagnostic_code(PgnNotice kind) {
    switch (kind) {
    case PgnNotice::UnicodeEllipsis: return DiagnosticCode::UnicodeEllipsis;
    case PgnNotice::TextBetweenGames: return DiagnosticCode::TextBetweenGames;
    case PgnNotice::BlankLineInMovetext: return DiagnosticCode::BlankLineInMovetext;
    case PgnNotice::ResultGlued: return DiagnosticCode::ResultGlued;
    case PgnNotice::UnescapedQuote: return DiagnosticCode::UnescapedQuote;
    }
    return DiagnosticCode::TextBetweenGames;
}

std::string_view pgn_notice_name(PgnNotice kind) { return diagnostic_name(diagnostic_code(kind)); }

namespace {
std::size_t read_istream(void* ctx, char* dst, std::size_t n, bool& error) {
    auto& in = *static_cast<std::istream*>(ctx);
    std::streambuf* sb = in.rdbuf();
    if (!sb) return 0;
    try {
        const std::streamsize got = sb->sgetn(dst, static_cast<std::streamsize>(n));
        return got > 0 ? static_cast<std::size_t>(got) : 0;
    } catch (...) {
        error = true;
        return 0;
    }
}

std::size_t read_file(void* ctx, char* dst, std::size_t n, bool& error) {
    auto* f = static_cast<std::FILE*>(ctx);
    const std::size_t got = std::fread(dst, 1, n, f);
    if (got == 0 && std::ferror(f)) error = true;
    return got;
}

std::size_t read_fd(void* ctx, char* dst, std::size_t n, bool& error) {
    const int fd = static_cast<int>(reinterpret_cast<std::intptr_t>(ctx));
    for (;;) {
        const ssize_t got = ::read(fd, dst, n);
        if (got >= 0) return static_cast<std::size_t>(got);
        if (errno == EINTR) continue;
        error = true;
        return 0;
    }
}

std::size_t read_input(void* ctx, char* dst, std::size_t n, bool& error) {
    auto& in = *static_cast<io::Input*>(ctx);
    const std::size_t got = in.read(dst, n);
    if (got == 0 && in.failed()) error = true;
    return got;
}

bool is_name_char(char c) { return cls(c) & C_NAME; }
bool is_eol(char c) { return c == '\n' || c == '\r'; }

// The index of the first '}', '{', LF or CR in b[i, n), or n.
std::size_t comment_run(const char* b, std::size_t i, std::size_t n) {
#if defined(__SSE2__)
    const __m128i close = _mm_set1_epi8('}'), open = _mm_set1_epi8('{');
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, close), _mm_cmpeq_epi8(v, open)),
                                         _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        if (const unsigned m = unsigned(_mm_movemask_epi8(hit))) return i + std::size_t(__builtin_ctz(m));
    }
#endif
    for (; i < n; ++i) {
        const char c = b[i];
        if (c == '}' || c == '{' || c == '\n' || c == '\r') break;
    }
    return i;
}

// The index of the first byte in b[i, n) that is not a tag-name byte (letter, digit, '_'), or
// n: one SSE2 classification of 16 bytes where they are there (names are 3 to 12 bytes; the
// exit of a byte loop was a branch the predictor missed on most tags).
std::size_t name_run(const char* b, std::size_t i, std::size_t n) {
#if defined(__SSE2__)
    if (i + 16 <= n) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        const __m128i name = pgn_detail::alnum_or(v, _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));
        const unsigned m = ~unsigned(_mm_movemask_epi8(name)) & 0xFFFFu;
        if (m) return i + std::size_t(__builtin_ctz(m));
        i += 16;
    }
#endif
    while (i < n && is_name_char(b[i])) ++i;
    return i;
}

// The index of the first byte in b[i, n) that ends a plain run of a tag value ('"', '\\', an
// end of line or NUL), or n: 16 bytes a step where SSE2 is there (a value is 10-30 bytes).
std::size_t tag_value_run(const char* b, std::size_t i, std::size_t n) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r'), zero = _mm_setzero_si128();
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
        const __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                         _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)),
                                                      _mm_cmpeq_epi8(v, zero)));
        if (const unsigned m = unsigned(_mm_movemask_epi8(hit))) return i + std::size_t(__builtin_ctz(m));
    }
#endif
    for (; i < n; ++i) {
        const char c = b[i];
        if (c == '"' || c == '\\' || c == '\n' || c == '\r' || c == 0) break;
    }
    return i;
}
} // namespace

PgnReader::PgnReader(ReadFn fn, void* ctx) : read_(fn), ctx_(ctx), storage_(new char[kBufferSize]) { buf_ = storage_.get(); }
PgnReader::PgnReader(std::istream& in) : PgnReader(&read_istream, &in) {}
PgnReader::PgnReader(std::FILE* file) : PgnReader(&read_file, file) {}
PgnReader::PgnReader(io::Input& in) : PgnReader(&read_input, &in) {}
PgnReader::PgnReader(int fd) : PgnReader(&read_fd, reinterpret_cast<void*>(static_cast<std::intptr_t>(fd))) {}
// A memory reader reads the data where it is: no copy, no buffer to fill.
PgnReader::PgnReader(std::string_view data, int) {
    buf_ = const_cast<char*>(data.data());
    len_ = end_ = data.size();
    eof_ = borrowed_ = true;
    update_quick_end();
}
PgnReader::PgnReader(std::string_view data, const PgnSegment& at, std::size_t stop) : PgnReader(data, 0) {
    seed(at);
    end_ = std::min(stop, data.size());
    update_quick_end();
}
PgnReader::PgnReader(PgnReader& source, std::string_view prefix, const PgnSegment& at) : PgnReader(nullptr, nullptr) {
    chain_.data = prefix.data();
    chain_.size = prefix.size();
    chain_.source = &source;
    ctx_ = &chain_;
    read_ = [](void* ctx, char* dst, std::size_t n, bool& error) -> std::size_t {
        auto& c = *static_cast<Chain*>(ctx);
        if (c.pos < c.size) {
            const std::size_t k = std::min(n, c.size - c.pos);
            std::memcpy(dst, c.data + c.pos, k);
            c.pos += k;
            return k;
        }
        const std::size_t got = c.source->read_raw(dst, n);
        if (c.source->io_error()) error = true;
        return got;
    };
    seed(at);
}
PgnReader::~PgnReader() = default;

void PgnReader::seed(const PgnSegment& at) {
    base_ = at.offset;
    line_ = at.line;
    line_start_ = at.line_start;
    input_start_ = at.input_start;
}

std::size_t PgnReader::read_raw(char* dst, std::size_t n) {
    std::size_t got = 0;
    if (p_ < len_) { // bytes already buffered (none unless read_game ran)
        got = std::min(n, len_ - p_);
        std::memcpy(dst, buf_ + p_, got);
        p_ += got;
        return got;
    }
    if (eof_) return 0;
    got = read_(ctx_, dst, n, io_error_);
    if (got == 0) eof_ = true;
    update_quick_end();
    base_ += got;
    return got;
}

void PgnReader::start() {
    started_ = true;
    ensure(3);
    if (input_start_ && base_ == 0 && len_ >= 3 && static_cast<unsigned char>(buf_[0]) == 0xEF && static_cast<unsigned char>(buf_[1]) == 0xBB &&
        static_cast<unsigned char>(buf_[2]) == 0xBF) {
        p_ = 3;
        line_start_ = 3;
    }
}

bool PgnReader::fill(std::size_t need) {
    if (borrowed_) return p_ < len_;
    if (p_ > 0) {
        if (capture_ && p_ > cap_from_) capture_->append(buf_ + cap_from_, p_ - cap_from_);
        cap_from_ = 0;
        const std::size_t rest = len_ - p_;
        if (rest) std::memmove(buf_, buf_ + p_, rest);
        base_ += p_;
        len_ = rest;
        p_ = 0;
    }
    while (!eof_ && len_ < need && len_ < kBufferSize) {
        const std::size_t got = read_(ctx_, buf_ + len_, kBufferSize - len_, io_error_);
        if (got == 0) eof_ = true;
        len_ += got;
    }
    end_ = len_; // a streaming reader reads to the end of what it holds
    update_quick_end();
    return p_ < len_;
}

void PgnReader::append_text(const char* a, std::size_t n, bool& truncated) {
    const std::size_t room = kMaxText - std::min(kMaxText, text_.size());
    if (n > room) {
        n = room;
        truncated = true;
    }
    text_.append(a, n);
}

std::string_view PgnReader::format_message(const char* what, std::string_view token) {
    // "<what> '<token>'", the token clipped to 40 bytes, unprintable bytes shown as '?'
    const std::size_t max = 40;
    std::size_t n = 0;
    auto put = [&](char c) {
        if (n < sizeof msg_) msg_[n++] = c;
    };
    for (const char* w = what; *w; ++w) put(*w);
    put(' ');
    put('\'');
    for (std::size_t i = 0; i < std::min(token.size(), max); ++i) {
        const auto c = static_cast<unsigned char>(token[i]);
        put(c >= 32 && c < 127 ? char(c) : '?');
    }
    if (token.size() > max)
        for (int i = 0; i < 3; ++i) put('.');
    put('\'');
    return std::string_view(msg_, n);
}

std::size_t PgnReader::skip_long_token() {
    std::size_t n = 0;
    for (;;) {
        while (p_ < len_ && !(cls(buf_[p_]) & C_DELIM)) ++p_, ++n;
        if (p_ < len_ || !fill(1)) return n;
    }
}

long long PgnReader::peek_move_number() const {
    std::size_t q = p_;
    long long n = 0;
    while (q < len_ && (cls(buf_[q]) & C_DIGIT) && q - p_ < 12) n = n * 10 + (buf_[q++] - '0');
    if (q == p_ || q >= len_) return -1;
    if (buf_[q] == '.') return n;
    if (q + 2 < len_ && static_cast<unsigned char>(buf_[q]) == 0xE2 && static_cast<unsigned char>(buf_[q + 1]) == 0x80 &&
        static_cast<unsigned char>(buf_[q + 2]) == 0xA6)
        return n;
    return -1;
}

bool PgnReader::starts_game_outside() const {
    const char c = buf_[p_];
    auto ends_at = [&](std::size_t q) { return q >= len_ || (cls(buf_[q]) & C_DELIM); };
    if (c == '*') return ends_at(p_ + 1);
    if (cls(c) & C_ALPHA) {
        // A word of SAN's shape with a digit (e4, Nf3, Z0) or castling: movetext without numbers.
        // Words of prose ("This", "Games") have no digit.
        bool digit = false;
        std::size_t q = p_;
        for (; q < len_ && (cls(buf_[q]) & C_SAN) && q - p_ < 16; ++q) digit |= (cls(buf_[q]) & C_DIGIT) != 0;
        if (q - p_ == 16) return true; // no word of prose: a game, whose reading names the token
        if (!ends_at(q)) return false;
        const std::string_view w(buf_ + p_, q - p_);
        return digit || w.starts_with("O-O") || w.starts_with("o-o");
    }
    if (c == '-') return len_ - p_ >= 2 && buf_[p_ + 1] == '-' && ends_at(p_ + 2);
    if (!(cls(c) & C_DIGIT)) return false;
    if (peek_move_number() >= 0) return true;
    const std::size_t rest = len_ - p_;
    const char* b = buf_ + p_;
    if (rest >= 3 && (std::memcmp(b, "1-0", 3) == 0 || std::memcmp(b, "0-1", 3) == 0)) return ends_at(p_ + 3);
    if (rest >= 7 && std::memcmp(b, "1/2-1/2", 7) == 0) return ends_at(p_ + 7);
    return false;
}

// Within the window on_bracket ensured (kLookahead bytes from the '['), so that the name does
// not depend on where the buffer ends.
std::string_view PgnReader::peek_tag_name() const {
    const std::size_t end = std::min(len_, p_ + kLookahead);
    std::size_t q = p_ + 1;
    while (q < end && (buf_[q] == ' ' || buf_[q] == '\t')) ++q;
    const std::size_t s = q;
    if (q < end && !(cls(buf_[q]) & C_ALPHA)) return {};
    while (q < end && is_name_char(buf_[q])) ++q;
    return std::string_view(buf_ + s, q - s);
}


#if defined(__SSE2__)
namespace {
// Bit masks of the 16 bytes at b for skip_movetext's block step: blanks and line ends (sep),
// line ends (nl), digits, letters, dots, and bytes of none of these kinds nor '=', '+', '#'.
struct BlockMasks {
    unsigned sep, nl, digits, letters, dots, other;
};
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
    return {unsigned(_mm_movemask_epi8(sep)),     unsigned(_mm_movemask_epi8(nl)),
            unsigned(_mm_movemask_epi8(digits)),  unsigned(_mm_movemask_epi8(letters)),
            unsigned(_mm_movemask_epi8(dots)),    ~unsigned(_mm_movemask_epi8(known)) & 0xFFFFu};
}
} // namespace
#endif

bool PgnReader::skip_movetext() {
    // Tokens start only below quick_end_ (kPeek bytes visible ahead, as in the general loop),
    // which leaves the refill to the general loop. The state it changes is held in locals, so
    // that the loop keeps it in registers, and written back at the end.
    const char* const buf = buf_;
    const std::size_t stop = quick_end_, len = len_, from = p_;
    std::size_t p = p_;
    std::uint64_t line = line_, line_start = line_start_, last_cr = last_cr_, last_token_line = last_token_line_;
    long long last_number = last_number_;
    std::uint64_t depth = depth_;
    const bool var_skip = skip_var_depth_ != 0;
#if defined(__SSE2__)
    // The step over the 16 bytes at `at`: the tokens up to the last blank or line end before any
    // byte of another kind, when they are plain moves and move numbers; it stops before a token
    // of another kind and at the line end of a line without a token. Returns how many bytes it
    // read (0: none, the byte loop takes the next step).
    auto block = [&](std::size_t at) __attribute__((always_inline)) {
        const char* const b = buf + at;
        const BlockMasks m = block_masks(b);
        const unsigned sep = m.sep, nl = m.nl, digits = m.digits, letters = m.letters, dots = m.dots, other = m.other;
        // Whole tokens only: up to the last blank or line end before any byte of another kind.
        const unsigned seps = other ? sep & ((1u << __builtin_ctz(other)) - 1u) : sep;
        if (!seps) return std::size_t{0};
        unsigned cut = 32u - unsigned(__builtin_clz(seps)); // bytes [0, cut) are read here
        auto below = [](unsigned i) { return (1u << i) - 1u; };
        const unsigned starts = ~sep & ((sep << 1) | 1u) & below(cut); // b[0] starts a token or is a blank
        // A first token after a line without one: gate()'s blank-line rule, in the byte loop.
        if (starts && line > last_token_line + 1) cut = unsigned(__builtin_ctz(starts));
        // A token that starts with '=', '+', '#' or '.': the general loop reads it.
        if (const unsigned odd = starts & ~letters & ~digits & below(cut)) cut = unsigned(__builtin_ctz(odd));
        // Move numbers ("12." "12..."): at most 12 digits, then dots, then a blank or line end.
        auto leading_digits = [&](unsigned i) { return i + std::min(unsigned(__builtin_ctz(~(digits >> i))), 12u); };
        unsigned covered = 0;
        for (unsigned numbers = starts & digits & below(cut); numbers; numbers &= numbers - 1) {
            const unsigned i = unsigned(__builtin_ctz(numbers));
            const unsigned j = leading_digits(i);
            const unsigned end = unsigned(__builtin_ctz(sep >> i)) + i; // a blank ends every token below cut
            const unsigned run = below(end) & ~below(j);
            if (j == end || (dots & run) != run) {
                cut = i;
                break;
            }
            covered |= run;
        }
        // A '.' outside a move number ("e.p."): the general loop reads that token.
        if (const unsigned loose = dots & ~covered & below(cut)) {
            const unsigned before = starts & below(unsigned(__builtin_ctz(loose)) + 1u);
            cut = std::min(cut, 31u - unsigned(__builtin_clz(before)));
        }
        // Line ends in order, with gate()'s blank-line rule: a line without a token ends the fast
        // read at its line end (the byte loop and the general loop take it from there).
        unsigned line_from = 0; // where the line of the next line end starts in the block
        for (unsigned ends = nl & below(cut); ends; ends &= ends - 1) {
            const unsigned j = unsigned(__builtin_ctz(ends));
            const std::uint64_t abs = base_ + at + j;
            const bool crlf = b[j] == '\n' && abs == last_cr + 1 && last_cr != UINT64_MAX;
            if (!crlf) {
                if (starts & below(j) & ~below(line_from)) last_token_line = line;
                else if (last_token_line != line) {
                    cut = j;
                    break;
                }
                ++line;
            }
            if (b[j] == '\r') last_cr = abs;
            line_start = abs + 1;
            line_from = j + 1;
        }
        if (starts & below(cut) & ~below(line_from)) last_token_line = line;
        if (const unsigned numbers = starts & digits & below(cut)) { // the last move number read
            const unsigned i = 31u - unsigned(__builtin_clz(numbers)), j = leading_digits(i);
            long long n = 0;
            for (unsigned k = i; k < j; ++k) n = n * 10 + (b[k] - '0');
            last_number = n;
        }
        return std::size_t{cut};
    };
#endif
    while (p < stop) {
#if defined(__SSE2__)
        // 16 bytes at a time while they hold only plain moves, move numbers, blanks and line ends
        if (p + 16 <= stop) {
            const std::size_t done = block(p);
            p += done;
            if (done) continue;
        }
#endif
        const char c = buf[p];
        const std::uint8_t k = cls(c);
        if (!(k & (C_ALPHA | C_DIGIT))) {
            if (c == ' ' || c == '\t') {
                ++p;
                continue;
            }
            if (c == '\n' || c == '\r') { // newline_at's bookkeeping
                const std::uint64_t abs = base_ + p;
                line_start = abs + 1;
                if (c == '\r') {
                    last_cr = abs;
                    ++line;
                } else if (!(abs == last_cr + 1 && last_cr != UINT64_MAX)) {
                    ++line;
                }
                ++p;
                continue;
            }
            if (c != '(' && c != ')') break; // comments, tags, rarer tokens: the general loop
        }
        // gate()'s rule for a token on a new line (a blank line before it: the general loop decides)
        if (line != last_token_line) {
            if (line > last_token_line + 1 && last_number >= 0) break;
            last_token_line = line;
        }
        if (k & C_ALPHA) {
            // on_word's plain move: no event, nothing to track
            if (const std::size_t n = plain_move(buf + p, len - p)) {
                p += n + (buf[p + n] == ' ');
                continue;
            }
        } else if (k & C_DIGIT) {
            long long num;
            if (const std::size_t i = plain_move_number(buf + p, len - p, num)) {
                last_number = num;
                p += i + (buf[p + i] == ' ');
                continue;
            }
        } else if (c == '(') {
            if (depth == 0) var_open_ = {base_ + p, line, base_ + p - line_start + 1}; // pos_at(p)
            ++depth;
            ++p;
            continue;
        } else if (depth != 0 && !var_skip) { // ')'
            --depth;
            ++p;
            continue;
        }
        break; // results, castling, dialect and glued tokens, garbage, over-long words: the general loop
    }
    p_ = p;
    line_ = line;
    line_start_ = line_start;
    last_cr_ = last_cr;
    last_token_line_ = last_token_line;
    last_number_ = last_number;
    depth_ = depth;
    return p != from;
}

PgnReader::PlainTag PgnReader::plain_tag() const {
    PlainTag t;
    const std::size_t end = std::min(len_, p_ + kLookahead);
    std::size_t q = p_ + 1;
    if (q >= end || !(cls(buf_[q]) & C_ALPHA)) return t;
    q = name_run(buf_, q, end);
    const std::size_t name_end = q;
    if (name_end - (p_ + 1) > kMaxToken || q + 1 >= end || buf_[q] != ' ' || buf_[q + 1] != '"') return t;
    const std::size_t value = q + 2;
    q = tag_value_run(buf_, value, end);
    if (q + 1 >= end || buf_[q] != '"' || buf_[q + 1] != ']') return t;
    t.name = std::string_view(buf_ + p_ + 1, name_end - (p_ + 1));
    t.value = std::string_view(buf_ + value, q - value);
    t.end = q + 2;
    return t;
}

bool pgn_detail::looks_like_tag_line(const char* b, std::size_t avail) {
    const std::size_t end = std::min(avail, PgnReader::kLookahead);
    std::size_t q = 1;
    const std::size_t s = q;
    while (q < end && is_name_char(b[q])) ++q;
    if (q == s || !(cls(b[s]) & C_ALPHA)) return false;
    const std::size_t k = q;
    while (q < end && (b[q] == ' ' || b[q] == '\t')) ++q;
    if (q == k || q == end || b[q] != '"') return q == end && q > k && end < avail;
    ++q;
    while (q < end && b[q] != '"' && !is_eol(b[q])) q += b[q] == '\\' ? 2 : 1;
    if (q >= end) return end < avail;
    if (b[q] != '"') return false;
    ++q;
    while (q < end && (b[q] == ' ' || b[q] == '\t')) ++q;
    if (q == end) return end < avail;
    return b[q] == ']';
}

// At buffer index i, with kLookahead + 1 bytes from i in the buffer unless the input ends
// there: the answer is then that for the whole input.
bool PgnReader::looks_like_tag_line(std::size_t i) const { return pgn_detail::looks_like_tag_line(buf_ + i, len_ - i); }

namespace {
bool is_blank_byte(char c) { return c == ' ' || c == '\t'; }
bool is_reader_space(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }

// The line that ends just before `end` (a line start > 0): [begin, stop) without its line end.
struct LineSpan {
    std::size_t begin, stop;
};
LineSpan line_before(const char* d, std::size_t end) {
    std::size_t stop = end - 1; // the line end's last byte
    if (d[stop] == '\n' && stop > 0 && d[stop - 1] == '\r') --stop;
    std::size_t begin = stop;
    while (begin > 0 && d[begin - 1] != '\n' && d[begin - 1] != '\r') --begin;
    return {begin, stop};
}
} // namespace

std::size_t find_game_cut(const char* d, std::size_t size, std::size_t from, bool at_end) {
    const std::size_t window = PgnReader::kLookahead + 1;
    const std::size_t limit = at_end ? size : (size > window ? size - window : 0);
    for (std::size_t i = std::max<std::size_t>(from, 1); i < limit;) {
        const void* hit = std::memchr(d + i, '[', limit - i);
        if (!hit) break;
        const std::size_t x = std::size_t(static_cast<const char*>(hit) - d);
        i = x + 1;
        if (x == 0 || (d[x - 1] != '\n' && d[x - 1] != '\r')) continue;
        if (!pgn_detail::looks_like_tag_line(d + x, size - x)) continue;
        // One blank line or more just before, then a line with content that leaves the tag section.
        std::size_t end = x;
        int blanks = 0;
        bool ok = false;
        while (end > 0) {
            const LineSpan l = line_before(d, end);
            if (l.begin == 0) break; // the segment's first line: the game's own start
            bool blank = true, content = false;
            char first = 0;
            for (std::size_t k = l.begin; k < l.stop; ++k) {
                const char c = d[k];
                if (!is_blank_byte(c)) blank = false;
                if (!is_reader_space(c) && !first) first = c;
                if (!is_reader_space(c)) content = true;
            }
            if (blank) {
                ++blanks;
                end = l.begin;
                continue;
            }
            ok = blanks > 0 && content && first != ';' && first != '%' && !std::memchr(d + l.begin, '[', l.stop - l.begin);
            break;
        }
        if (ok) return x;
    }
    return SIZE_MAX;
}

std::uint64_t count_line_ends(const char* d, std::size_t n) {
    std::uint64_t lines = std::uint64_t(std::count(d, d + n, '\n'));
    if (!std::memchr(d, '\r', n)) return lines;
    for (std::size_t i = 0; i < n; ++i) // each CR ends a line, and the LF after it does not
        if (d[i] == '\r') lines += (i + 1 < n && d[i + 1] == '\n') ? 0 : 1;
    return lines;
}

PgnReader::TextScan PgnReader::scan_brace_comment(bool keep) {
    TextScan r;
    r.open = pos_at(p_);
    ++p_;
    text_.clear();
    std::size_t start = p_;
    // Most comments close on their line with no '{' inside ({[%clk 0:01:02]}, {+0.31/18 0.6s}):
    // one scan, and the text is a view of the buffer. Any other comment takes the loop below.
    if (const std::size_t close = comment_run(buf_, p_, len_); close < len_ && buf_[close] == '}') {
        r.text = std::string_view(buf_ + start, std::min(close - start, kMaxText));
        r.truncated = close - start > kMaxText;
        p_ = close + 1;
        return r;
    }
    bool spanning = false, blank_seen = false, line_content = true, at_line_start = false;
    auto flush = [&](std::size_t upto) {
        if (keep) append_text(buf_ + start, upto - start, r.truncated);
        spanning = true;
    };
    for (;;) {
        if (p_ == len_) {
            flush(p_);
            if (!fill(at_line_start ? kLookahead + 1 : 1)) {
                r.end = TextEnd::Eof;
                r.text = text_;
                return r;
            }
            start = p_;
        }
        if (at_line_start) {
            at_line_start = false;
            if (blank_seen && buf_[p_] == '[') {
                if (len_ - p_ < kLookahead + 1 && !eof_) {
                    flush(p_);
                    fill(kLookahead + 1);
                    start = p_;
                }
                if (looks_like_tag_line(p_)) {
                    r.end = TextEnd::BrokenAtTag;
                    if (spanning) {
                        flush(p_);
                        r.text = text_;
                    } else {
                        r.text = std::string_view(buf_ + start, std::min(p_ - start, kMaxText));
                        r.truncated = p_ - start > kMaxText;
                    }
                    return r;
                }
            }
        }
        const char* b = buf_ + p_;
        const char* e = buf_ + len_;
        const char* close = static_cast<const char*>(std::memchr(b, '}', std::size_t(e - b)));
        const char* lim = close ? close : e;
        const std::size_t n = std::size_t(lim - b);
        if (!std::memchr(b, '\n', n) && !std::memchr(b, '\r', n)) {
            if (!line_content)
                for (const char* q = b; q < lim; ++q)
                    if (*q != ' ' && *q != '\t') {
                        line_content = true;
                        break;
                    }
            p_ = std::size_t(lim - buf_);
        } else {
            const char* q = b;
            for (; q < lim; ++q) {
                const char c = *q;
                if (c == '\n' || c == '\r') {
                    if (newline_at(std::size_t(q - buf_))) {
                        if (!line_content) blank_seen = true;
                        line_content = false;
                    }
                    if (blank_seen && q + 1 < lim && q[1] == '[') {
                        ++q;
                        at_line_start = true;
                        break;
                    }
                    if (q + 1 == e) at_line_start = true;
                } else if (c != ' ' && c != '\t') {
                    line_content = true;
                }
            }
            p_ = std::size_t(q - buf_);
        }
        // only the bytes read as comment (not past a tag line that may end it): the same answer
        // whatever the buffer boundaries
        if (std::memchr(b, '{', std::size_t(buf_ + p_ - b))) comment_nested_open_ = true;
        if (at_line_start && buf_ + p_ < lim) continue; // check the '[' candidate
        if (close) {
            const std::size_t ci = std::size_t(close - buf_);
            if (spanning) {
                flush(ci);
                r.text = text_;
            } else {
                r.text = std::string_view(buf_ + start, std::min(ci - start, kMaxText));
                r.truncated = ci - start > kMaxText;
            }
            p_ = ci + 1;
            return r;
        }
    }
}

PgnReader::TextScan PgnReader::scan_line_comment(bool keep) {
    TextScan r;
    r.open = pos_at(p_);
    ++p_;
    text_.clear();
    std::size_t start = p_;
    bool spanning = false;
    for (;;) {
        const char* b = buf_ + p_;
        const std::size_t n = len_ - p_;
        const char* nl = static_cast<const char*>(std::memchr(b, '\n', n));
        const char* cr = static_cast<const char*>(std::memchr(b, '\r', nl ? std::size_t(nl - b) : n));
        const char* eol = cr ? cr : nl;
        if (eol) {
            const std::size_t ei = std::size_t(eol - buf_);
            if (spanning) {
                if (keep) append_text(buf_ + start, ei - start, r.truncated);
                r.text = text_;
            } else {
                r.text = std::string_view(buf_ + start, std::min(ei - start, kMaxText));
                r.truncated = ei - start > kMaxText;
            }
            p_ = ei;
            return r;
        }
        p_ = len_;
        if (keep) append_text(buf_ + start, p_ - start, r.truncated);
        spanning = true;
        if (!fill(1)) {
            r.text = text_;
            return r; // a ';' comment may end at EOF
        }
        start = p_;
    }
}

// Skips to just after the next ']' on the line, or to the end of the line.
void PgnReader::recover_tag() {
    for (;;) {
        while (p_ < len_) {
            const char c = buf_[p_];
            if (is_eol(c)) return;
            ++p_;
            if (c == ']') return;
        }
        if (!fill(1)) return;
    }
}

PgnReader::TagScan PgnReader::scan_tag() {
    TagScan t;
    ensure(kLookahead + 1);
    const std::size_t open = p_; // the '['
    // '[', the name and the blanks up to the value's '"' are judged within kLookahead bytes, so
    // that the reading does not depend on where the buffer ends.
    const std::size_t end = std::min(len_, p_ + kLookahead);
    t.pos = pos_at(p_);
    auto fail = [&](PgnErrorKind k, const char* msg) {
        t.has_error = true;
        t.kind = k;
        t.message = msg;
    };
    std::size_t q = p_ + 1;
    while (q < end && (buf_[q] == ' ' || buf_[q] == '\t')) ++q;
    const std::size_t ns = q;
    while (q < end && is_name_char(buf_[q]) && q - ns <= kMaxToken) ++q;
    const std::size_t nlen = q - ns;
    auto cut = [&](const char* malformed) {
        if (q >= len_) fail(PgnErrorKind::TruncatedTag, "input ends inside a tag pair");
        else if (q >= end) fail(PgnErrorKind::MalformedTag, "tag pair too long before its value");
        else if (is_eol(buf_[q])) fail(PgnErrorKind::MalformedTag, "tag pair cut off at the end of its line");
        else fail(PgnErrorKind::MalformedTag, malformed);
        p_ = q;
        recover_tag();
        return t;
    };
    if (nlen == 0) return cut("expected a tag name after '['");
    if (nlen > kMaxToken) {
        fail(PgnErrorKind::TokenTooLong, "tag name too long");
        p_ = q;
        skip_long_token();
        recover_tag();
        return t;
    }
    std::memcpy(name_, buf_ + ns, nlen);
    name_[nlen] = 0;
    t.name = std::string_view(name_, nlen);
    while (q < end && (buf_[q] == ' ' || buf_[q] == '\t')) ++q;
    if (q >= end || buf_[q] != '"') return cut("expected '\"' after the tag name");
    const std::size_t value_quote = q;
    const std::uint64_t window_base = base_;
    // A line that does not parse as tag pairs but is '[' name '"' ... '"]', alone on its line:
    // one tag whose value is everything between the first and the last quote
    // ([White ""Socrates Expert""], unescaped quotes). False (nothing changed) if not such a line.
    auto read_as_one_tag = [&]() -> bool {
        if (base_ != window_base || line_start_ < base_) return false; // the value ran past the window
        for (std::size_t i = std::size_t(line_start_ - base_); i < open; ++i)
            if (buf_[i] != ' ' && buf_[i] != '\t') return false; // '[' is not first on its line
        const std::size_t lim = std::min(len_, open + kLookahead);
        std::size_t e = value_quote;
        while (e < lim && !is_eol(buf_[e])) ++e;
        if (e == lim && !(e == len_ && eof_)) return false;
        std::size_t z = e;
        while (z > value_quote && (buf_[z - 1] == ' ' || buf_[z - 1] == '\t')) --z;
        if (z < value_quote + 3 || buf_[z - 1] != ']' || buf_[z - 2] != '"') return false;
        const std::size_t last_quote = z - 2;
        if (std::memchr(buf_ + value_quote, 0, last_quote - value_quote)) return false;
        text_.clear();
        t.truncated = false;
        append_text(buf_ + value_quote + 1, last_quote - value_quote - 1, t.truncated);
        p_ = z;
        t.deliver = t.quotes_repaired = true;
        return true;
    };
    p_ = q + 1;
    text_.clear();
    bool nul = false;
    for (;;) {
        if (p_ == len_ && !fill(1)) {
            fail(PgnErrorKind::TruncatedTag, "input ends inside a tag pair");
            return t;
        }
        const std::size_t i = tag_value_run(buf_, p_, len_);
        append_text(buf_ + p_, i - p_, t.truncated);
        p_ = i;
        if (i == len_) continue;
        const char c = buf_[i];
        if (c == '"') {
            ++p_;
            break;
        }
        if (c == '\\') {
            ensure(2);
            if (p_ + 1 < len_ && (buf_[p_ + 1] == '"' || buf_[p_ + 1] == '\\')) {
                append_text(buf_ + p_ + 1, 1, t.truncated);
                p_ += 2;
            } else {
                append_text("\\", 1, t.truncated);
                ++p_;
            }
            continue;
        }
        if (c == 0) {
            nul = true;
            ++p_;
            continue;
        }
        if (read_as_one_tag()) return t;
        fail(PgnErrorKind::MalformedTag, "tag value not closed on its line");
        return t;
    }
    for (;;) { // blanks before ']', however many, across buffer refills
        skip_blanks();
        if (p_ < len_ || !fill(1)) break;
    }
    q = p_;
    t.deliver = true;
    if (q < len_ && buf_[q] == ']') {
        p_ = q + 1;
    } else {
        p_ = q;
        if (q >= len_) {
            fail(PgnErrorKind::TruncatedTag, "input ends inside a tag pair");
        } else if (!read_as_one_tag()) {
            fail(PgnErrorKind::MalformedTag, "expected ']' after the tag value");
            recover_tag(); // the rest of a malformed tag line is no movetext
        }
    }
    if (nul && !t.has_error) fail(PgnErrorKind::NulByte, "NUL byte in tag value");
    return t;
}

} // namespace horde::pgn
