// Streaming PGN reader: bytes -> events (pgn/visitor.hpp), in constant memory. No chess
// knowledge beyond token shapes. The specification (events, game boundaries, raw bytes,
// errors and recovery, dialect tokens) is docs/pgn-reader.md; the template bodies are in
// reader-inl.hpp, included at the end of this header.
#pragma once

#include "horde/pgn/visitor.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

namespace horde::io {
class Input;
}

namespace horde::pgn {

// Where a reader of part of the input starts (PgnReader::from_segment, resume): the global
// byte offset, line and line-start offset of its first byte, so that positions, lines and
// columns are those of the whole input. `input_start`: the segment is the input's beginning
// (a BOM is skipped there, and the first game's raw bytes start at 0).
struct PgnSegment {
    std::uint64_t offset = 0;
    std::uint64_t line = 1;
    std::uint64_t line_start = 0;
    bool input_start = true;
};

// Lines and columns as the reader counts them (LF, CRLF and CR each end one line), from the
// end-of-line bytes given in order with their offsets: the one place that counts them, for the
// reader's loop, its comment scan and skip_movetext (which keeps a copy in registers).
struct LineTracker {
    std::uint64_t line = 1;
    std::uint64_t line_start = 0;       // offset of the current line's first byte
    std::uint64_t last_cr = UINT64_MAX; // offset of the last CR seen (none yet: UINT64_MAX)

    // Whether the end-of-line byte c at offset abs ends a line: every one but the LF of a CRLF.
    bool ends_line(std::uint64_t abs, char c) const { return c == '\r' || !(abs == last_cr + 1 && last_cr != UINT64_MAX); }
    // Takes the end-of-line byte c at offset abs (the next line starts after it); returns
    // ends_line.
    bool take_line_end(std::uint64_t abs, char c) {
        const bool ends = ends_line(abs, c);
        line_start = abs + 1;
        if (c == '\r') last_cr = abs;
        line += ends;
        return ends;
    }
    SourcePos pos(std::uint64_t abs) const { return {abs, line, abs - line_start + 1}; }
};

class PgnReader {
public:
    static constexpr std::size_t kBufferSize = 256 * 1024; // the one I/O buffer
    static constexpr std::size_t kMaxToken = 255;          // longer tokens: TokenTooLong
    static constexpr std::size_t kMaxText = 64 * 1024;     // cap of comment / tag value text
    static constexpr std::size_t kLookahead = 1024;        // for the unterminated-comment heuristic
    static constexpr std::uint64_t kMaxErrorsPerGame = 100;
    // Bytes visible ahead of every token (a token of kMaxToken bytes, its delimiter, "(Q)"), so
    // that what the reader decides never depends on where its buffer happens to end: a reader
    // of part of the input (from_segment) must read it exactly as a reader of the whole input.
    static constexpr std::size_t kPeek = kMaxToken + 8;

    // Sources. The stream/FILE*/memory must outlive the reader. For std::cin prefer the fd
    // constructor (PgnReader(0)) or call std::ios::sync_with_stdio(false) first.
    explicit PgnReader(std::istream& in);
    explicit PgnReader(std::FILE* file);
    explicit PgnReader(int fd);
    // Through io::Input (compressed files, stdin); io_error() is then in.failed().
    explicit PgnReader(io::Input& in);
    static PgnReader from_memory(std::string_view data) { return PgnReader(data, 0); }
    // A reader of data[0, stop), a part of a larger input that starts at game boundary `at` and
    // ends at another (see find_game_cut): it reads that part exactly as a reader of the whole
    // input would, except that game numbers start at 1 (add_game_number_offset). The bytes
    // after `stop` (the next PgnReader::kLookahead + 1 of the input, or all to its end) are
    // there for the look-ahead of the last game's tokens: a tag value is followed by ']' or not,
    // a word by a delimiter or not. The reader never starts a token at or after `stop`.
    static PgnReader from_segment(std::string_view data, const PgnSegment& at, std::size_t stop = SIZE_MAX) {
        return PgnReader(data, at, stop);
    }
    // A reader of `prefix` followed by the rest of `source`'s input (after what read_raw
    // returned), `prefix` starting at game boundary `at`. An I/O error sets io_error() on both.
    static PgnReader resume(PgnReader& source, std::string_view prefix, const PgnSegment& at) {
        return PgnReader(source, prefix, at);
    }

    PgnReader(PgnReader&&) = delete; // from_memory relies on guaranteed copy elision
    PgnReader& operator=(PgnReader&&) = delete;
    PgnReader(const PgnReader&) = delete;
    PgnReader& operator=(const PgnReader&) = delete;
    ~PgnReader();

    // Reads one game, calling v's events from begin_game to end_game. Returns false (and calls
    // nothing) at the end of the input.
    template <class V> bool read_game(V& v);
    // Reads all games; returns how many.
    template <class V> std::uint64_t read_all(V& v) {
        std::uint64_t n = 0;
        while (read_game(v)) ++n;
        return n;
    }

    // Skip the rest of the current game (valid from inside an event).
    void skip_game() {
        if (in_game_) {
            skip_ = game_.skipped = true;
            update_quiet();
        }
    }
    // Opt-in raw capture of each game's bytes (nullptr to stop). Call between games.
    void set_capture(std::string* out) {
        capture_ = out;
        cap_from_ = p_;
    }

    // Raw input bytes for a caller that splits the input itself (run/pipeline): up to n bytes
    // from where reading stands (only before the first read_game). Returns 0 at the end or on
    // an I/O error (io_error()). They count in bytes_consumed().
    std::size_t read_raw(char* dst, std::size_t n);
    // Between games (e.g. from end_game): the games after this one are numbered n higher.
    void add_game_number_offset(std::uint64_t n) { games_ += n; }

    // The input was cut short: an I/O or decompression error ended it (io_error()), or, for a
    // reader of a part of the input (from_segment), the caller says that part is the last one
    // of an input that was (mark_cut_short). The game that ends at the end of reading without
    // its result token (game_cut_short() in its end_game) is then incomplete; one that has its
    // result is whole (only whitespace or comments after it can have been lost).
    bool cut_short() const { return io_error_ || cut_short_; }
    void mark_cut_short() { cut_short_ = true; }
    bool game_cut_short() const { return cut_short() && p_ >= end_ && !pending_end_; }

    std::uint64_t games_read() const { return games_; }
    std::uint64_t bytes_consumed() const { return base_ + p_; }
    bool io_error() const { return io_error_; }
    // Bytes held by the reader (buffer and text scratch), for tests: constant in the input size.
    std::size_t memory_footprint() const { return (borrowed_ ? 0 : kBufferSize) + text_.capacity() + sizeof(*this); }

private:
    using ReadFn = std::size_t (*)(void* ctx, char* dst, std::size_t n, bool& error);
    struct Chain { // resume(): the prefix, then the source's reads
        const char* data = nullptr;
        std::size_t size = 0, pos = 0;
        PgnReader* source = nullptr;
    };
    PgnReader(std::string_view data, int);
    PgnReader(std::string_view data, const PgnSegment& at, std::size_t stop);
    PgnReader(PgnReader& source, std::string_view prefix, const PgnSegment& at);
    PgnReader(ReadFn fn, void* ctx);
    void seed(const PgnSegment& at);

    enum class State : std::uint8_t { Tags, Movetext };
    enum class TextEnd : std::uint8_t { Closed, Eof, BrokenAtTag };
    struct TextScan {
        TextEnd end = TextEnd::Closed;
        bool truncated = false;
        SourcePos open;
        std::string_view text;
    };
    struct TagScan {
        bool deliver = false, truncated = false, has_error = false;
        bool quotes_repaired = false; // read as one tag despite unescaped quotes (see MalformedTag)
        DiagnosticCode kind = DiagnosticCode::MalformedTag;
        SourcePos pos;
        const char* message = "";
        std::string_view name;
    };

    // --- buffer (pgn_reader.cpp) ---
    // Makes at least `need` bytes available from p_ unless the input ends; shifts the
    // unconsumed tail to the front first (flushing the capture). Returns p_ < len_.
    bool fill(std::size_t need);
    bool ensure(std::size_t need) { return len_ - p_ >= need || fill(need); }
    // Past the spaces and tabs from p_ that the buffer holds.
    // On locals: through buf_ (a char*) every store may alias p_, which the loop then reloads
    // and stores each byte.
    void skip_blanks() {
        const char* const b = buf_;
        const std::size_t n = len_;
        std::size_t p = p_;
        while (p < n && (b[p] == ' ' || b[p] == '\t')) ++p;
        p_ = p;
    }
    void start();
    SourcePos pos_at(std::size_t i) const { return lines_.pos(base_ + i); }
    void append_text(const char* a, std::size_t n, bool& truncated);
    TextScan scan_brace_comment(bool keep);
    // scan_brace_comment's state and steps.
    struct CommentScan {
        TextScan r;
        std::size_t start = 0; // where the text not yet in text_ starts
        bool keep = false, spanning = false, blank_seen = false, line_content = true, at_line_start = false;
    };
    void flush_comment(CommentScan& c, std::size_t upto);
    void end_comment_at(CommentScan& c, std::size_t upto);
    bool comment_breaks_at_tag(CommentScan& c);
    void scan_comment_span(CommentScan& c, const char* lim, const char* e);
    TextScan scan_line_comment(bool keep); // ';' comments and '%' lines (p_ at the ';' or '%')
    TagScan scan_tag();
    // scan_tag's steps. TagOpen: where the pair's '[' and its value's '"' are, and base_ then
    // (a refill since: the value ran past the window).
    struct TagOpen {
        std::size_t open, value_quote;
        std::uint64_t window_base;
    };
    static void fail_tag(TagScan& t, DiagnosticCode k, const char* msg);
    TagScan cut_tag(TagScan t, std::size_t q, std::size_t end, const char* malformed);
    bool read_tag_as_one(TagScan& t, const TagOpen& at);
    bool scan_tag_value(TagScan& t, const TagOpen& at, bool& nul);
    void scan_tag_close(TagScan& t, const TagOpen& at, bool nul);
    // A tag pair at p_ ('[') in its plainest form, '[' letter name-bytes ' ' '"' value '"' ']'
    // with no '\\', '"', NUL or line end in the value, within the kLookahead window: its name,
    // its value (in the buffer) and the index after its ']'; end 0 when the pair is not so plain
    // (scan_tag then reads it, with its errors and repairs).
    struct PlainTag {
        std::string_view name, value;
        std::size_t end = 0;
    };
    PlainTag plain_tag() const;
    void recover_tag();
    bool looks_like_tag_line(std::size_t i) const;
    std::string_view peek_tag_name() const; // p_ at '['
    std::size_t skip_long_token();
    std::string_view format_message(const char* what, std::string_view token);

    // --- events (templates below) ---
    template <class V, class F> void emit(V& v, F&& f);
    // skip_ || (skip_var_depth_ != 0 && depth_ >= skip_var_depth_), as one comparison: it is
    // asked for every token. update_quiet() after every change of skip_ or skip_var_depth_.
    bool quiet() const { return depth_ >= quiet_from_; }
    void update_quiet() { quiet_from_ = skip_ ? 0 : skip_var_depth_ != 0 ? skip_var_depth_ : UINT64_MAX; }
    template <class V> void report(V& v, DiagnosticCode k, const SourcePos& pos, std::string_view msg);
    template <class V> void start_game(V& v, const SourcePos& pos, std::size_t idx, State s);
    template <class V> void finish_game(V& v, std::size_t idx);
    template <class V> void begin_movetext(V& v, std::size_t idx);
    // Before a movetext token at p_: opens a game or its movetext if needed. Returns false if
    // the token belongs to the next game (the pending game was finished).
    template <class V> bool enter_movetext(V& v);
    // Before a movetext token at p_: Go (read it), NextGame (it belongs to the next game: the
    // current one was finished) or Consumed (text between games, skipped).
    enum class Gate : std::uint8_t { Go, NextGame, Consumed };
    template <class V> [[gnu::always_inline]] Gate gate(V& v) {
        if (in_game_ && !pending_end_ && state_ == State::Movetext) [[likely]] {
            if (lines_.line != last_token_line_) [[unlikely]] {
                if (lines_.line > last_token_line_ + 1 && last_number_ >= 0 && on_movetext_gap(v)) return Gate::NextGame;
                last_token_line_ = lines_.line;
            }
            return Gate::Go;
        }
        if ((!in_game_ || pending_end_) && !starts_game_outside()) {
            on_outside_text(v);
            return Gate::Consumed;
        }
        return enter_movetext(v) ? Gate::Go : Gate::NextGame;
    }
    template <class V> void deliver_san(V& v, const char* b, std::size_t n, std::size_t idx) {
        if (quiet()) return;
        const SourcePos pos = pos_at(idx);
        emit(v, [&] { return v.san(std::string_view(b, n), pos); });
    }
    // The piece letter of a chess figurine at b (UTF-8 E2 99 94..9F: ♔♕♖♗♘♙, ♚♛♜♝♞♟), followed
    // by more of a move; 0 when none.
    static char figurine_letter(const char* b, std::size_t n) {
        if (n < 5 || static_cast<unsigned char>(b[0]) != 0xE2 || static_cast<unsigned char>(b[1]) != 0x99) return 0;
        const unsigned c = static_cast<unsigned char>(b[2]);
        return c >= 0x94 && c <= 0x9F ? "KQRBNP"[(c - 0x94) % 6] : 0;
    }
    static bool is_ellipsis(const char* b, std::size_t n) {
        return n >= 3 && static_cast<unsigned char>(b[0]) == 0xE2 && static_cast<unsigned char>(b[1]) == 0x80 &&
               static_cast<unsigned char>(b[2]) == 0xA6;
    }
    const char* unterminated_message() const {
        return comment_nested_open_ ? "comment '{' is never closed (it seems to contain a nested '{ ... }': PGN "
                                      "comments do not nest)"
                                    : "comment '{' is never closed";
    }
    template <class V> void on_comment(V& v, bool brace);
    template <class V> void on_bracket(V& v, bool& game_done);
    template <class V> void on_quotes_repaired(V& v, const TagScan& t);
    // One token at p_ (below quick_end_): the loop's dispatch on its first byte.
    enum class Step : std::uint8_t { Next, GameDone };
    static Step step_after(Gate g) { return g == Gate::NextGame ? Step::GameDone : Step::Next; }
    template <class V> [[gnu::always_inline]] Step read_token(V& v);
    // A word: a plain move or move number read at once, else on_word.
    template <class V> [[gnu::always_inline]] void read_word(V& v);
    template <class V> [[gnu::always_inline]] void on_open_variation(V& v);  // p_ at '('
    template <class V> [[gnu::always_inline]] void on_close_variation(V& v); // p_ at ')'
    template <class V> void on_stray_close(V& v, char c);                    // p_ at ']' or '}'
    // Inlined into the loop: a call per token costs more than it saves in code size. It reads
    // the word at p_ by its first byte: a digit, '*', '$' '!' '?', '.', or another.
    template <class V> [[gnu::always_inline]] void on_word(V& v);
    template <class V>
    [[gnu::always_inline]] void on_digit_word(V& v, const char* b, std::size_t n, std::size_t s, std::size_t san_run);
    // A move number of i digits (value num) at b, then its dots or '…', then maybe a move glued.
    template <class V> [[gnu::always_inline]] void on_move_number_word(V& v, const char* b, std::size_t n, std::size_t s,
                                                                       std::size_t i, std::uint64_t num);
    template <class V> void on_nag_word(V& v, const char* b, std::size_t n, std::size_t s);
    template <class V> void on_dots_word(V& v, const char* b, std::size_t n, std::size_t s);
    template <class V> [[gnu::always_inline]] void on_letter_word(V& v, const char* b, std::size_t n, std::size_t s,
                                                                  std::size_t avail, std::size_t san_run);
    // A game whose events are all suppressed (skip_: Control::SkipGame, e.g. a game --where
    // rejected on its tags): a tight loop over its movetext that does only what decides where
    // the game ends (lines, move numbers, variation depth). It reads plain moves, move numbers,
    // blanks and parentheses itself and stops at any other token, for the general loop to read,
    // so the game ends exactly where the general loop alone would end it. Returns whether it
    // moved p_.
    bool skip_movetext();
    struct SkipState; // skip_movetext's state, in registers (reader.cpp)
    static std::size_t skip_block(SkipState& st, const char* b, std::uint64_t abs);
    std::size_t skip_token(SkipState& st, std::size_t p, bool var_skip);
    // san_run: the length of the leading run of SAN bytes when the caller knows it, else 0.
    template <class V>
    void on_san(V& v, const char* b, std::size_t n, std::size_t idx, std::size_t whole, std::size_t san_run = 0);
    template <class V> void on_garbage(V& v, const char* b, std::size_t n, std::size_t idx);
    template <class V> void deliver_result(V& v, const char* b, std::size_t n, std::size_t idx);
    // The san event for b[0, n) and, if nag, the nag event at the byte after it.
    template <class V> void deliver_move(V& v, const char* b, std::size_t n, std::size_t idx, int nag);
    // A word of SAN bytes (san_run of them) with a result glued to its end ("Nf3*", "Qh4#0-1"):
    // the move, then the result (true), or not such a word (false, nothing delivered).
    template <class V> bool on_glued_result(V& v, const char* b, std::size_t n, std::size_t idx, std::size_t san_run);
    // Slow path of a word that is no token of PGN's: a dialect token delivered as san (true), or not.
    template <class V> bool on_dialect_word(V& v, const char* b, std::size_t n, std::size_t idx);
    template <class V> void on_notice(V& v, DiagnosticCode k, const SourcePos& pos, std::string_view msg);
    // Outside a game, at a token that is not a line's move number or result: consumes the line
    // as text between games.
    template <class V> void on_outside_text(V& v);
    // At a token of unfinished movetext after a blank line: true if it starts a new game.
    template <class V> bool on_movetext_gap(V& v);
    // The move number at p_ ("12." "12…"), or -1 when the word there is not one.
    long long peek_move_number() const;
    // A word at p_ that starts a game outside one: a move number, a result, a SAN-shaped word.
    bool starts_game_outside() const;
    // Records the name in the tag section's set; true if it was there. The key is the length and
    // the first 7 bytes: names that share both are rare, and a clash could only split a game at
    // a repeated name after a blank line, never merge two.
    bool seen_tag(std::string_view name) {
        if (name.empty()) return false;
        std::uint64_t key = std::min<std::size_t>(name.size(), 255);
        if (std::endian::native == std::endian::little && name.data() >= buf_ && name.data() + 8 <= buf_ + len_) [[likely]] {
            // the first 7 bytes by one load (little-endian, as the loop below places them)
            std::uint64_t word;
            std::memcpy(&word, name.data(), 8);
            const std::size_t k = std::min<std::size_t>(name.size(), 7);
            key |= (word & ((std::uint64_t{1} << (8 * k)) - 1)) << 8;
        } else {
            for (std::size_t i = 0; i < name.size() && i < 7; ++i) key |= std::uint64_t(std::uint8_t(name[i])) << (8 * i + 8);
        }
        // A 64-bit filter of the keys held spares the search for a name surely new, as most are.
        const std::uint64_t bit = std::uint64_t{1} << ((key * 0x9E3779B97F4A7C15ULL) >> 58);
        if (tag_filter_ & bit)
            for (std::size_t i = 0; i < tag_count_; ++i)
                if (tag_hashes_[i] == key) return true;
        if (tag_count_ < kTrackedTags) {
            tag_hashes_[tag_count_++] = key;
            tag_filter_ |= bit;
        }
        return false;
    }

    // input
    ReadFn read_ = nullptr;
    void* ctx_ = nullptr;
    Chain chain_;
    bool input_start_ = true;
    std::unique_ptr<char[]> storage_; // the buffer of a streaming reader
    char* buf_ = nullptr;             // storage_, or the data of a memory reader (never written then)
    bool borrowed_ = false;           // a memory reader: buf_ is the whole input, nothing to fill
    std::size_t end_ = 0;             // where reading ends: len_, or from_segment's stop
    std::size_t len_ = 0, p_ = 0;
    // Below it, kPeek bytes are visible ahead of p_ (or the input ends after them) and reading
    // has not reached end_: the loop needs neither a refill nor its end test (update_quick_end
    // after every change of len_, end_ or eof_).
    std::size_t quick_end_ = 0;
    void update_quick_end() { quick_end_ = eof_ ? end_ : std::min(end_, len_ >= kPeek ? len_ - kPeek + 1 : 0); }
    std::uint64_t base_ = 0; // absolute offset of buf_[0]
    bool eof_ = false, io_error_ = false, started_ = false, cut_short_ = false;
    LineTracker lines_;
    // game state
    GameInfo game_;
    std::uint64_t games_ = 0;
    State state_ = State::Tags;
    bool in_game_ = false, pending_end_ = false, skip_ = false;
    std::uint64_t depth_ = 0, skip_var_depth_ = 0, quiet_from_ = UINT64_MAX;
    SourcePos var_open_;
    // dialects and boundaries
    static constexpr std::size_t kTrackedTags = 48;
    std::uint64_t tag_hashes_[kTrackedTags] = {};
    std::size_t tag_count_ = 0;
    std::uint64_t tag_filter_ = 0; // a bit per key in tag_hashes_ (see seen_tag)
    std::uint64_t last_tag_line_ = 0;
    std::uint64_t last_token_line_ = 0; // line of the last movetext token (for blank lines)
    long long last_number_ = -1;        // the game's last move number (-1: none yet; blank
                                        // lines before the first are not looked at)
    bool text_reported_ = false;        // a TextBetweenGames notice was given in this gap
    bool comment_nested_open_ = false;  // the last comment contained a '{'
    SourcePos preamble_pos_;            // text before the first game, reported after begin_game
    bool preamble_ = false;
    std::string preamble_text_;
    // scratch
    std::string text_;
    char name_[kMaxToken + 1] = {};
    char msg_[160] = {};
    std::string* capture_ = nullptr;
    std::size_t cap_from_ = 0;
};

// For splitting an input between readers (run/pipeline). find_game_cut returns the offset of
// the first line start in [from, size - PgnReader::kLookahead - 1) (to size at the input's
// end) where a reader of the whole input certainly ends the game it is in and starts a new one
// with a fresh state, or SIZE_MAX if it finds none. `data` must start at a game boundary that
// is not the input's beginning (a reader is then in a game at every later line). The line
// qualifies when it is a tag line (pgn_detail::looks_like_tag_line), the line before it is
// blank (spaces and tabs only: so an unterminated comment would also end there), and the last
// line with content before the blank lines has no '[' and does not start with ';' or '%' (so
// the reader is past the tag section: in movetext, after a result, or in a comment).
std::size_t find_game_cut(const char* data, std::size_t size, std::size_t from, bool at_end);
// The line ends in data[0, n) as the reader counts them (LF, CRLF and CR each end one line):
// the line of data[n] is that many lines below the line of data[0] when data[0] is not the LF
// of a CRLF and data[n - 1] is not the CR of one.
std::uint64_t count_line_ends(const char* data, std::size_t n);

} // namespace horde::pgn

#include "horde/pgn/reader-inl.hpp"
