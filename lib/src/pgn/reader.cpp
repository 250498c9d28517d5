// Streaming PGN reader: buffer management, sources, comment and tag scanning. The event
// dispatch is in the header (templates over the visitor).
#include "horde/pgn/reader.hpp"

#include "horde/io/input.hpp"
#include "scan_kernels.hpp"

#include <algorithm>
#include <cerrno>
#include <istream>

#include <unistd.h>

namespace horde::pgn {

using namespace pgn_detail;
using pgn_kernels::comment_run;
using pgn_kernels::name_run;
using pgn_kernels::tag_value_run;

PlainWord pgn_detail::plain_word(const char* b, std::size_t avail) {
    if (const std::size_t n = pgn_kernels::plain_move(b, avail)) return {n, -1};
    long long number = -1;
    if (!(cls(b[0]) & C_DIGIT)) return {0, number};
    const std::size_t n = pgn_kernels::plain_move_number(b, avail, number);
    return {n, number};
}

bool is_pgn_error(DiagnosticCode code) {
    switch (code) {
    case DiagnosticCode::UnterminatedComment:
    case DiagnosticCode::UnterminatedVariation:
    case DiagnosticCode::UnmatchedParen:
    case DiagnosticCode::MalformedTag:
    case DiagnosticCode::TruncatedTag:
    case DiagnosticCode::GarbageToken:
    case DiagnosticCode::TokenTooLong:
    case DiagnosticCode::NulByte:
    case DiagnosticCode::InvalidByte: return true;
    default: return false;
    }
}

bool is_pgn_notice(DiagnosticCode code) {
    switch (code) {
    case DiagnosticCode::UnicodeEllipsis:
    case DiagnosticCode::UnicodeSymbol:
    case DiagnosticCode::TextBetweenGames:
    case DiagnosticCode::BlankLineInMovetext:
    case DiagnosticCode::ResultGlued:
    case DiagnosticCode::UnescapedQuote: return true;
    default: return false;
    }
}

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
    lines_.line = at.line;
    lines_.line_start = at.line_start;
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
    if (input_start_ && base_ == 0 && len_ >= 3 && static_cast<unsigned char>(buf_[0]) == 0xEF &&
        static_cast<unsigned char>(buf_[1]) == 0xBB && static_cast<unsigned char>(buf_[2]) == 0xBF) {
        p_ = 3;
        lines_.line_start = 3;
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

// skip_movetext's state, held in locals (registers) while it runs and written back at its end.
struct PgnReader::SkipState {
    LineTracker lines;
    std::uint64_t last_token_line;
    long long last_number;
    std::uint64_t depth;
};

namespace {
constexpr unsigned below(unsigned i) { return (1u << i) - 1u; }
constexpr unsigned lowest(unsigned m) { return unsigned(std::countr_zero(m)); }
constexpr unsigned highest(unsigned m) { return 31u - unsigned(std::countl_zero(m)); }

// A move number's digits from bit i of `digits`: at most 12, as plain_move_number reads them.
constexpr unsigned leading_digits(unsigned digits, unsigned i) { return i + std::min(lowest(~(digits >> i)), 12u); }

// The bytes [0, cut) of a 16-byte block that skip_block may read by its masks alone, whole
// tokens up to the last blank or line end before any byte of another kind, when they are plain
// moves and move numbers; starts: the bytes there that start a token. gap: the block's first
// token follows a line without one (gate()'s blank-line rule: the byte loop decides).
struct BlockTokens {
    unsigned cut, starts;
};
[[gnu::always_inline]] inline BlockTokens block_tokens(const pgn_kernels::BlockMasks& m, bool gap) {
    const unsigned seps = m.other ? m.sep & below(lowest(m.other)) : m.sep;
    if (!seps) return {0, 0};
    unsigned cut = highest(seps) + 1;
    const unsigned starts = ~m.sep & ((m.sep << 1) | 1u) & below(cut); // b[0] starts a token or is a blank
    if (starts && gap) cut = lowest(starts);
    // A token that starts with '=', '+', '#' or '.': the general loop reads it.
    if (const unsigned odd = starts & ~m.letters & ~m.digits & below(cut)) cut = lowest(odd);
    // Move numbers ("12." "12..."): at most 12 digits, then dots, then a blank or line end.
    unsigned covered = 0;
    for (unsigned numbers = starts & m.digits & below(cut); numbers; numbers &= numbers - 1) {
        const unsigned i = lowest(numbers);
        const unsigned j = leading_digits(m.digits, i);
        const unsigned end = lowest(m.sep >> i) + i; // a blank ends every token below cut
        const unsigned run = below(end) & ~below(j);
        if (j == end || (m.dots & run) != run) {
            cut = i;
            break;
        }
        covered |= run;
    }
    // A '.' outside a move number ("e.p."): the general loop reads that token.
    if (const unsigned loose = m.dots & ~covered & below(cut)) cut = std::min(cut, highest(starts & below(lowest(loose) + 1u)));
    return {cut, starts};
}
} // namespace

// skip_movetext's step over the 16 bytes at b (offset abs): the tokens block_tokens allows,
// their line ends taken in order with gate()'s blank-line rule (a line without a token ends
// the step at its line end: the byte loop and the general loop take it from there), and the
// last move number read. Returns how many bytes it read (0: none, the byte loop takes the
// next step).
[[gnu::always_inline]] inline std::size_t PgnReader::skip_block(SkipState& st, const char* b, std::uint64_t abs) {
    const pgn_kernels::BlockMasks m = pgn_kernels::block_masks(b);
    auto [cut, starts] = block_tokens(m, st.lines.line > st.last_token_line + 1);
    if (!cut) return 0;
    unsigned line_from = 0; // where the line of the next line end starts in the block
    for (unsigned ends = m.nl & below(cut); ends; ends &= ends - 1) {
        const unsigned j = lowest(ends);
        if (st.lines.ends_line(abs + j, b[j])) {
            if (starts & below(j) & ~below(line_from)) st.last_token_line = st.lines.line;
            else if (st.last_token_line != st.lines.line) {
                cut = j;
                break;
            }
        }
        st.lines.take_line_end(abs + j, b[j]);
        line_from = j + 1;
    }
    if (starts & below(cut) & ~below(line_from)) st.last_token_line = st.lines.line;
    if (const unsigned numbers = starts & m.digits & below(cut)) { // the last move number read
        const unsigned i = highest(numbers), j = leading_digits(m.digits, i);
        long long n = 0;
        for (unsigned k = i; k < j; ++k) n = n * 10 + (b[k] - '0');
        st.last_number = n;
    }
    return cut;
}

// The byte loop's step at p (below quick_end_): a blank, a line end, a plain move or move
// number, a parenthesis, each with what decides where the game ends; 0 at any other token.
// Returns how many bytes it read.
[[gnu::always_inline]] inline std::size_t PgnReader::skip_token(SkipState& st, std::size_t p, bool var_skip) {
    const char c = buf_[p];
    const std::uint8_t k = cls(c);
    if (!(k & (C_ALPHA | C_DIGIT))) {
        if (c == ' ' || c == '\t') return 1;
        if (c == '\n' || c == '\r') {
            st.lines.take_line_end(base_ + p, c);
            return 1;
        }
        if (c != '(' && c != ')') return 0; // comments, tags, rarer tokens: the general loop
    }
    // gate()'s rule for a token on a new line (a blank line before it: the general loop decides)
    if (st.lines.line != st.last_token_line) {
        if (st.lines.line > st.last_token_line + 1 && st.last_number >= 0) return 0;
        st.last_token_line = st.lines.line;
    }
    if (k & C_ALPHA) { // on_word's plain move: no event, nothing to track
        const std::size_t n = pgn_kernels::plain_move(buf_ + p, len_ - p);
        return n ? n + (buf_[p + n] == ' ') : 0;
    }
    if (k & C_DIGIT) {
        long long num;
        const std::size_t i = pgn_kernels::plain_move_number(buf_ + p, len_ - p, num);
        if (i) st.last_number = num;
        return i ? i + (buf_[p + i] == ' ') : 0;
    }
    if (c == '(') {
        if (st.depth == 0) var_open_ = st.lines.pos(base_ + p);
        ++st.depth;
        return 1;
    }
    if (st.depth != 0 && !var_skip) { // ')'
        --st.depth;
        return 1;
    }
    return 0; // results, castling, dialect and glued tokens, garbage, over-long words: the general loop
}

bool PgnReader::skip_movetext() {
    // Tokens start only below quick_end_ (kPeek bytes visible ahead, as in the general loop),
    // which leaves the refill to the general loop.
    const std::size_t stop = quick_end_, from = p_;
    std::size_t p = p_;
    SkipState st{lines_, last_token_line_, last_number_, depth_};
    const bool var_skip = skip_var_depth_ != 0;
    while (p < stop) {
        // 16 bytes at a time while they hold only plain moves, move numbers, blanks and line ends
        if (p + 16 <= stop)
            if (const std::size_t done = skip_block(st, buf_ + p, base_ + p)) {
                p += done;
                continue;
            }
        const std::size_t done = skip_token(st, p, var_skip);
        if (!done) break;
        p += done;
    }
    p_ = p;
    lines_ = st.lines;
    last_token_line_ = st.last_token_line;
    last_number_ = st.last_number;
    depth_ = st.depth;
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
            // The line before `end` is [begin, stop), its line end after it. Whether it is blank,
            // from its end backward: its last byte that is not a blank says at once that it is
            // not, which is the whole answer when no blank line follows it (a tag line right
            // after the movetext, as exports without blank lines between games have it: their
            // movetext, one long line, is then not read).
            std::size_t stop = end - 1;
            if (d[stop] == '\n' && stop > 0 && d[stop - 1] == '\r') --stop;
            std::size_t k = stop;
            while (k > 0 && d[k - 1] != '\n' && d[k - 1] != '\r' && is_blank_byte(d[k - 1])) --k;
            if (k == 0) break;                          // the segment's first line: the game's own start
            if (d[k - 1] == '\n' || d[k - 1] == '\r') { // blank: every byte a blank
                ++blanks;
                end = k;
                continue;
            }
            if (blanks == 0) break;
            std::size_t begin = k; // on back to the line's start
            while (begin > 0 && d[begin - 1] != '\n' && d[begin - 1] != '\r') --begin;
            if (begin == 0) break;
            bool content = false;
            char first = 0;
            for (std::size_t b = begin; b < stop; ++b) {
                const char c = d[b];
                if (!is_reader_space(c) && !first) first = c;
                if (!is_reader_space(c)) content = true;
            }
            ok = content && first != ';' && first != '%' && !std::memchr(d + begin, '[', stop - begin);
            break;
        }
        if (ok) return x;
    }
    return SIZE_MAX;
}

std::uint64_t count_line_ends(const char* d, std::size_t n) {
#if defined(__AVX2__)
    return pgn_kernels::avx2::count_line_ends(d, 0, n);
#else
    return pgn_kernels::count_line_ends(d, 0, n);
#endif
}

PgnReader::TextScan PgnReader::scan_brace_comment(bool keep) {
    CommentScan c;
    c.r.open = pos_at(p_);
    ++p_;
    text_.clear();
    c.start = p_;
    c.keep = keep;
    // Most comments close on their line with no '{' inside ({[%clk 0:01:02]}, {+0.31/18 0.6s}):
    // one scan, and the text is a view of the buffer. Any other comment takes the loop below.
    if (const std::size_t close = comment_run(buf_, p_, len_); close < len_ && buf_[close] == '}') {
        end_comment_at(c, close);
        p_ = close + 1;
        return c.r;
    }
    for (;;) {
        if (p_ == len_) {
            flush_comment(c, p_);
            if (!fill(c.at_line_start ? kLookahead + 1 : 1)) {
                c.r.end = TextEnd::Eof;
                c.r.text = text_;
                return c.r;
            }
            c.start = p_;
        }
        if (c.at_line_start) {
            c.at_line_start = false;
            if (c.blank_seen && buf_[p_] == '[' && comment_breaks_at_tag(c)) return c.r;
        }
        const char* b = buf_ + p_;
        const char* e = buf_ + len_;
        const char* close = static_cast<const char*>(std::memchr(b, '}', std::size_t(e - b)));
        const char* lim = close ? close : e;
        scan_comment_span(c, lim, e);
        // only the bytes read as comment (not past a tag line that may end it): the same answer
        // whatever the buffer boundaries
        if (std::memchr(b, '{', std::size_t(buf_ + p_ - b))) comment_nested_open_ = true;
        if (c.at_line_start && buf_ + p_ < lim) continue; // check the '[' candidate
        if (close) {
            end_comment_at(c, std::size_t(close - buf_));
            p_ = std::size_t(close - buf_) + 1;
            return c.r;
        }
    }
}

void PgnReader::flush_comment(CommentScan& c, std::size_t upto) {
    if (c.keep) append_text(buf_ + c.start, upto - c.start, c.r.truncated);
    c.spanning = true;
}

// The comment's text up to buffer index `upto` (where it ends): text_ if it spanned refills
// or lines taken in parts, else a view of the buffer.
void PgnReader::end_comment_at(CommentScan& c, std::size_t upto) {
    if (c.spanning) {
        flush_comment(c, upto);
        c.r.text = text_;
    } else {
        c.r.text = std::string_view(buf_ + c.start, std::min(upto - c.start, kMaxText));
        c.r.truncated = upto - c.start > kMaxText;
    }
}

// At a '[' that starts a line after a blank line inside a comment: true (the comment ends
// there, unterminated) if the line is a tag pair, judged within kLookahead bytes.
bool PgnReader::comment_breaks_at_tag(CommentScan& c) {
    if (len_ - p_ < kLookahead + 1 && !eof_) {
        flush_comment(c, p_);
        fill(kLookahead + 1);
        c.start = p_;
    }
    if (!looks_like_tag_line(p_)) return false;
    c.r.end = TextEnd::BrokenAtTag;
    end_comment_at(c, p_);
    return true;
}

// The comment's bytes from p_ to lim (its '}' or the buffer's end e): the line ends taken,
// with whether a line was blank; stops after a line end followed by '[' once a blank line was
// seen (a tag line may end the comment there), and sets at_line_start at a line start.
void PgnReader::scan_comment_span(CommentScan& c, const char* lim, const char* e) {
    const char* b = buf_ + p_;
    const std::size_t n = std::size_t(lim - b);
    if (!std::memchr(b, '\n', n) && !std::memchr(b, '\r', n)) {
        if (!c.line_content)
            for (const char* q = b; q < lim; ++q)
                if (*q != ' ' && *q != '\t') {
                    c.line_content = true;
                    break;
                }
        p_ = std::size_t(lim - buf_);
        return;
    }
    const char* q = b;
    for (; q < lim; ++q) {
        const char ch = *q;
        if (ch == '\n' || ch == '\r') {
            if (lines_.take_line_end(base_ + std::size_t(q - buf_), ch)) {
                if (!c.line_content) c.blank_seen = true;
                c.line_content = false;
            }
            if (c.blank_seen && q + 1 < lim && q[1] == '[') {
                ++q;
                c.at_line_start = true;
                break;
            }
            if (q + 1 == e) c.at_line_start = true;
        } else if (ch != ' ' && ch != '\t') {
            c.line_content = true;
        }
    }
    p_ = std::size_t(q - buf_);
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

void PgnReader::fail_tag(TagScan& t, DiagnosticCode k, const char* msg) {
    t.has_error = true;
    t.kind = k;
    t.message = msg;
}

// A tag pair that ends before its value at q (window end `end`): why, then past the line's ']'.
PgnReader::TagScan PgnReader::cut_tag(TagScan t, std::size_t q, std::size_t end, const char* malformed) {
    if (q >= len_) fail_tag(t, DiagnosticCode::TruncatedTag, "input ends inside a tag pair");
    else if (q >= end) fail_tag(t, DiagnosticCode::MalformedTag, "tag pair too long before its value");
    else if (is_eol(buf_[q])) fail_tag(t, DiagnosticCode::MalformedTag, "tag pair cut off at the end of its line");
    else fail_tag(t, DiagnosticCode::MalformedTag, malformed);
    p_ = q;
    recover_tag();
    return t;
}

PgnReader::TagScan PgnReader::scan_tag() {
    TagScan t;
    ensure(kLookahead + 1);
    // '[', the name and the blanks up to the value's '"' are judged within kLookahead bytes, so
    // that the reading does not depend on where the buffer ends.
    const std::size_t end = std::min(len_, p_ + kLookahead);
    t.pos = pos_at(p_);
    const TagOpen at{p_, 0, base_};
    std::size_t q = p_ + 1;
    while (q < end && (buf_[q] == ' ' || buf_[q] == '\t')) ++q;
    const std::size_t ns = q;
    while (q < end && is_name_char(buf_[q]) && q - ns <= kMaxToken) ++q;
    const std::size_t nlen = q - ns;
    if (nlen == 0) return cut_tag(t, q, end, "expected a tag name after '['");
    if (nlen > kMaxToken) {
        fail_tag(t, DiagnosticCode::TokenTooLong, "tag name too long");
        p_ = q;
        skip_long_token();
        recover_tag();
        return t;
    }
    std::memcpy(name_, buf_ + ns, nlen);
    name_[nlen] = 0;
    t.name = std::string_view(name_, nlen);
    while (q < end && (buf_[q] == ' ' || buf_[q] == '\t')) ++q;
    if (q >= end || buf_[q] != '"') return cut_tag(t, q, end, "expected '\"' after the tag name");
    const TagOpen value_at{at.open, q, at.window_base};
    p_ = q + 1;
    bool nul = false;
    if (scan_tag_value(t, value_at, nul)) scan_tag_close(t, value_at, nul);
    return t;
}

// A line that does not parse as tag pairs but is '[' name '"' ... '"]', alone on its line:
// one tag whose value is everything between the first and the last quote
// ([White ""Socrates Expert""], unescaped quotes). False (nothing changed) if not such a line.
bool PgnReader::read_tag_as_one(TagScan& t, const TagOpen& at) {
    if (base_ != at.window_base || lines_.line_start < base_) return false; // the value ran past the window
    for (std::size_t i = std::size_t(lines_.line_start - base_); i < at.open; ++i)
        if (buf_[i] != ' ' && buf_[i] != '\t') return false; // '[' is not first on its line
    const std::size_t lim = std::min(len_, at.open + kLookahead);
    std::size_t e = at.value_quote;
    while (e < lim && !is_eol(buf_[e])) ++e;
    if (e == lim && !(e == len_ && eof_)) return false;
    std::size_t z = e;
    while (z > at.value_quote && (buf_[z - 1] == ' ' || buf_[z - 1] == '\t')) --z;
    if (z < at.value_quote + 3 || buf_[z - 1] != ']' || buf_[z - 2] != '"') return false;
    const std::size_t last_quote = z - 2;
    if (std::memchr(buf_ + at.value_quote, 0, last_quote - at.value_quote)) return false;
    text_.clear();
    t.truncated = false;
    append_text(buf_ + at.value_quote + 1, last_quote - at.value_quote - 1, t.truncated);
    p_ = z;
    t.deliver = t.quotes_repaired = true;
    return true;
}

// The value from p_ (after its '"') into text_, with its escapes, to its closing '"'. False
// when the tag ends there (t says how: cut short, or read as one tag by read_tag_as_one).
bool PgnReader::scan_tag_value(TagScan& t, const TagOpen& at, bool& nul) {
    text_.clear();
    for (;;) {
        if (p_ == len_ && !fill(1)) {
            fail_tag(t, DiagnosticCode::TruncatedTag, "input ends inside a tag pair");
            return false;
        }
        const std::size_t i = tag_value_run(buf_, p_, len_);
        append_text(buf_ + p_, i - p_, t.truncated);
        p_ = i;
        if (i == len_) continue;
        const char c = buf_[i];
        if (c == '"') {
            ++p_;
            return true;
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
        if (!read_tag_as_one(t, at)) fail_tag(t, DiagnosticCode::MalformedTag, "tag value not closed on its line");
        return false;
    }
}

// After the value's closing '"': the blanks, then ']'.
void PgnReader::scan_tag_close(TagScan& t, const TagOpen& at, bool nul) {
    for (;;) { // blanks before ']', however many, across buffer refills
        skip_blanks();
        if (p_ < len_ || !fill(1)) break;
    }
    const std::size_t q = p_;
    t.deliver = true;
    if (q < len_ && buf_[q] == ']') {
        p_ = q + 1;
    } else {
        p_ = q;
        if (q >= len_) {
            fail_tag(t, DiagnosticCode::TruncatedTag, "input ends inside a tag pair");
        } else if (!read_tag_as_one(t, at)) {
            fail_tag(t, DiagnosticCode::MalformedTag, "expected ']' after the tag value");
            recover_tag(); // the rest of a malformed tag line is no movetext
        }
    }
    if (nul && !t.has_error) fail_tag(t, DiagnosticCode::NulByte, "NUL byte in tag value");
}

} // namespace horde::pgn
