// Streaming PGN reader: bytes -> events. No chess knowledge beyond token shapes.
//
// The reader pulls bytes through one fixed buffer (kBufferSize; a memory reader reads its data
// in place) and calls a visitor for each
// token, game by game, in constant memory whatever the input size: comment and tag-value text
// handed to the visitor is capped at kMaxText bytes (the event carries a `truncated` flag; the
// reader still scans to the real end), variations are a depth counter, tokens are string_views
// into the buffer (valid only during the call). The only memory that may grow with the input is
// the opt-in capture string (set_capture), which holds one game's raw bytes.
//
// Visitor: a template parameter (static dispatch, no virtual calls). Derive from PgnVisitor,
// which has a no-op for every event, and redeclare the events you need, with the same
// parameters. An event may return void or a Control: Control::SkipGame suppresses every
// further event of the game except end_game (the rest of the game is a plain scan);
// Control::SkipVariation suppresses the events of the current variation (from begin_variation:
// of the variation it opens) up to its matching end_variation, which is still delivered.
// skip_game() on the reader has the same effect as returning Control::SkipGame.
//
// Events, in order, per game (positions are those of the token's first byte):
//   begin_game(GameInfo)            number (1-based) and start position filled in
//   tag(name, value, pos, truncated) value unescaped (\" and \\); malformed pairs give errors
//   begin_movetext(pos)             always delivered (for a game without movetext: at its end)
//   move_number(n, pos)             "12." "12..." "12" ("12.e4" gives 12 then san "e4")
//   san(token, pos)                 the SAN token with any +/# but without a !/? suffix;
//                                   shape: a letter or "0-0" first, then [A-Za-z0-9=+#-]; "--" too
//   nag(code, pos)                  "$n", and the !/? suffixes as their NAG codes
//                                   (! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6) at the suffix position
//   comment(text, pos, truncated)   "{...}" (text between the braces) and ";" to end of line
//   begin_variation(pos) / end_variation(pos)
//   result(token, pos)              "1-0" "0-1" "1/2-1/2" "*"; at top level it ends the game,
//                                   inside a variation it is delivered but does not
//   error(kind, pos, message)       see PgnErrorKind; at most kMaxErrorsPerGame per game are
//                                   delivered (GameInfo::error_count counts them all)
//   notice(kind, pos, message)      something unusual but read with certainty, see PgnNotice
//   end_game(GameInfo)              raw byte range and end position filled in
//
// Game boundaries. A game is a tag section plus movetext. It ends at a result token outside
// variations, at a '[' + tag name in movetext (a new tag section), at EOF, or, inside a tag
// section, at a second Event tag, or at a tag whose name the section already has after a line
// without tags (a blank line): so a tags-only game followed by the next game is two games, and
// a repeated tag on the next line (two White tags) stays in its game. Blank lines, '%' lines and ';'
// comments inside a tag section do not end it. In movetext that has no result yet, a blank line
// followed by a move number that restarts the numbering (1, or a number below the last one, as
// a game from a FEN starts again at its first number) starts a new game without tags; followed by anything else, the game goes on (notice
// BlankLineInMovetext). Whitespace, comments and '%' lines before the first game or after a
// game's result belong to no game's events (they are not reported, but they are part of the raw
// bytes, see below). Outside a game, a move number, a result token, or a word of SAN's shape
// that has a digit or is castling ("e4", "Nf3", "O-O"), starts a game (so movetext without tags
// is a game, and so is a lone result); any other text (prose: "This file has 3 games") is read
// to the end of its line as text between games (notice
// TextBetweenGames, delivered to the game whose raw bytes hold it: the game before it, or for a
// preamble the first game, after its begin_game).
//
// Raw bytes. Game n spans [raw_begin, raw_end): raw_begin is the offset of the game's first
// token (0 for the first game, so a BOM or a preamble goes with it) and raw_end is the next
// game's raw_begin (or the input size), so a game includes its trailing newlines and
// concatenating every game's raw bytes reproduces the input exactly (as long as the input has
// at least one game). With set_capture(&s) the reader fills s with those bytes: when end_game
// is called, s holds exactly the game's raw bytes; it is cleared after end_game returns.
//
// Errors and recovery (PgnErrorKind):
//   UnterminatedComment  '{' never closed; reported at the '{'. Resynchronisation heuristic:
//                        while inside a comment, once the comment has run past a blank line
//                        (an empty or whitespace-only line), a line that starts with a tag pair
//                        ('[' name, blank, '"', ..., '"', ']' — or at least '[' name blank '"'
//                        when the line is longer than kLookahead) ends the comment there; that
//                        '[' then starts the next game. Otherwise the comment runs to EOF.
//   UnterminatedVariation '(' not closed when the game ends (new tag section or EOF); reported
//                        at the outermost unclosed '('. No end_variation events follow for it.
//   UnmatchedParen       ')' outside any variation (ignored).
//   MalformedTag         a tag pair with bad syntax or cut off at the end of its line (a tag
//                        pair never spans lines); the reader resumes after the next ']' on the
//                        line or at the line end (the rest of the line is never movetext). The
//                        tag is delivered only if name and value were complete. Except: a line
//                        that starts with '[' and a tag name and ends with '"]' but does not
//                        parse as tag pairs ([White ""Socrates Expert""]) is one tag whose value
//                        is everything between its first and last quote (notice UnescapedQuote).
//   TruncatedTag         the input ends inside a tag pair (reported at its '[').
//   GarbageToken         a movetext token of no known shape (e.g. "@@@", a stray ']', "e4!!!"),
//                        skipped; the game goes on.
//   TokenTooLong         a token (or tag name) longer than kMaxToken; skipped.
//   NulByte / InvalidByte a token containing a NUL byte / a control or non-ASCII byte (inside
//                        comments and tag values such bytes pass through unchecked, except
//                        NUL in a tag value, which is an error).
// A result glued to the end of a move is delivered after the move (san, nag, result): '*',
// a token by itself (standard 7: "Nf3*", "a6!?*", no notice), and after a check or mate mark
// "1-0", "0-1" or "1/2-1/2" ("Qh4#0-1", notice ResultGlued), as nothing else can follow one.
// Dialect tokens: "1…" (Unicode ellipsis, notice UnicodeEllipsis) is a move number like
// "1..."; "0000" and "@@@@" (null moves) and "e.p." / "e.p" (en passant marks) are delivered as
// san tokens, as are "--", "Z0" and "ep", which have SAN's shape; "e8(Q)" (a promotion in
// parentheses, no space before '(') is one san token, not a move and a variation.
// A stray '}' or an unterminated '{' after a comment that contains a '{' says, in its message,
// that the comment seems to contain a nested { ... }.
// A '%' in column 1 makes the line an escape line (ignored). A UTF-8 BOM at offset 0 is
// skipped. Lines end with LF, CRLF or CR; columns count bytes (a tab is one column), 1-based.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cstring>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

namespace horde::io {
class Input;
}

namespace horde {

// A place in the input: byte offset (0-based) and 1-based line and column (in bytes).
struct SourcePos {
    std::uint64_t offset = 0;
    std::uint64_t line = 1;
    std::uint64_t column = 1;
};

enum class PgnErrorKind : std::uint8_t {
    UnterminatedComment,
    UnterminatedVariation,
    UnmatchedParen,
    MalformedTag,
    TruncatedTag,
    GarbageToken,
    TokenTooLong,
    NulByte,
    InvalidByte,
};

// "unterminated-comment", "unterminated-variation", ...
std::string_view pgn_error_name(PgnErrorKind kind);

// Unusual input read with certainty (the game checker makes them warnings).
enum class PgnNotice : std::uint8_t {
    UnicodeEllipsis,     // "1…" for "1..."
    TextBetweenGames,    // text before the first game or between games (not made into a game)
    BlankLineInMovetext, // a blank line inside movetext that goes on
    ResultGlued,         // "Qh4#0-1": a result glued to a move's check or mate mark
    UnescapedQuote,      // [White ""Socrates""]: read as one tag, see MalformedTag
};
// "unicode-ellipsis", "text-between-games", "blank-line-in-movetext", "result-glued",
// "unescaped-quote"
std::string_view pgn_notice_name(PgnNotice kind);

enum class Control : std::uint8_t { Continue, SkipVariation, SkipGame };

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

struct GameInfo {
    std::uint64_t number = 0;      // 1-based
    SourcePos start;               // the game's first token (line: the line it starts on)
    SourcePos end;                 // position of raw_end (start of the next game or EOF)
    std::uint64_t raw_begin = 0;   // byte range of the game in the input, see "Raw bytes"
    std::uint64_t raw_end = 0;
    std::uint64_t error_count = 0; // errors of this game, including undelivered ones
    bool skipped = false;          // the visitor asked to skip (part of) the game
};

// No-op visitor to derive from; see the header comment.
struct PgnVisitor {
    void begin_game(const GameInfo&) {}
    void tag(std::string_view /*name*/, std::string_view /*value*/, const SourcePos&, bool /*truncated*/) {}
    void begin_movetext(const SourcePos&) {}
    void move_number(std::uint64_t, const SourcePos&) {}
    void san(std::string_view, const SourcePos&) {}
    void nag(int, const SourcePos&) {}
    void comment(std::string_view, const SourcePos&, bool /*truncated*/) {}
    void begin_variation(const SourcePos&) {}
    void end_variation(const SourcePos&) {}
    void result(std::string_view, const SourcePos&) {}
    void error(PgnErrorKind, const SourcePos&, std::string_view /*message*/) {}
    void notice(PgnNotice, const SourcePos&, std::string_view /*message*/) {}
    void end_game(const GameInfo&) {}
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

    // Raw input bytes for a caller that splits the input itself (game/pipeline): up to n bytes
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
        PgnErrorKind kind = PgnErrorKind::MalformedTag;
        SourcePos pos;
        const char* message = "";
        std::string_view name;
    };

    // --- buffer (pgn_reader.cpp) ---
    // Makes at least `need` bytes available from p_ unless the input ends; shifts the
    // unconsumed tail to the front first (flushing the capture). Returns p_ < len_.
    bool fill(std::size_t need);
    bool ensure(std::size_t need) { return len_ - p_ >= need || fill(need); }
    void start();
    // Line bookkeeping for an end-of-line byte at buffer index i. Returns true if it starts a
    // new line (false for the LF of a CRLF).
    bool newline_at(std::size_t i) {
        const std::uint64_t abs = base_ + i;
        line_start_ = abs + 1;
        if (buf_[i] == '\r') {
            last_cr_ = abs;
        } else if (abs == last_cr_ + 1 && last_cr_ != UINT64_MAX) {
            return false;
        }
        ++line_;
        return true;
    }
    SourcePos pos_at(std::size_t i) const {
        const std::uint64_t abs = base_ + i;
        return {abs, line_, abs - line_start_ + 1};
    }
    void append_text(const char* a, std::size_t n, bool& truncated);
    TextScan scan_brace_comment(bool keep);
    TextScan scan_line_comment(bool keep); // ';' comments and '%' lines (p_ at the ';' or '%')
    TagScan scan_tag();
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
    template <class V> void report(V& v, PgnErrorKind k, const SourcePos& pos, std::string_view msg);
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
            if (line_ != last_token_line_) [[unlikely]] {
                if (line_ > last_token_line_ + 1 && last_number_ >= 0 && on_movetext_gap(v)) return Gate::NextGame;
                last_token_line_ = line_;
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
    template <class V> void on_word(V& v);
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
    template <class V> void on_notice(V& v, PgnNotice k, const SourcePos& pos, std::string_view msg);
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
        for (std::size_t i = 0; i < name.size() && i < 7; ++i) key |= std::uint64_t(std::uint8_t(name[i])) << (8 * i + 8);
        for (std::size_t i = 0; i < tag_count_; ++i)
            if (tag_hashes_[i] == key) return true;
        if (tag_count_ < kTrackedTags) tag_hashes_[tag_count_++] = key;
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
    std::uint64_t base_ = 0; // absolute offset of buf_[0]
    bool eof_ = false, io_error_ = false, started_ = false, cut_short_ = false;
    // lines
    std::uint64_t line_ = 1, line_start_ = 0, last_cr_ = UINT64_MAX;
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
    std::uint64_t last_tag_line_ = 0;
    std::uint64_t last_token_line_ = 0;   // line of the last movetext token (for blank lines)
    long long last_number_ = -1;          // the game's last move number (-1: none yet; blank
                                          // lines before the first are not looked at)
    bool text_reported_ = false;          // a TextBetweenGames notice was given in this gap
    bool comment_nested_open_ = false;    // the last comment contained a '{'
    SourcePos preamble_pos_;              // text before the first game, reported after begin_game
    bool preamble_ = false;
    std::string preamble_text_;
    // scratch
    std::string text_;
    char name_[kMaxToken + 1] = {};
    char msg_[160] = {};
    std::string* capture_ = nullptr;
    std::size_t cap_from_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Implementation of the templates.

namespace pgn_detail {
enum : std::uint8_t {
    C_DELIM = 1, // ends a word: whitespace { } ( ) [ ] ; $
    C_SAN = 2,   // [A-Za-z0-9=+#-]
    C_ALPHA = 4,
    C_DIGIT = 8,
    C_BAD = 16,  // control (not whitespace) or >= 0x80
};
struct CharTable {
    std::uint8_t c[256];
    constexpr CharTable() : c{} {
        for (int i = 0; i < 256; ++i) {
            std::uint8_t f = 0;
            if (i == ' ' || i == '\t' || i == '\n' || i == '\r' || i == '\f' || i == '\v' || i == '{' ||
                i == '}' || i == '(' || i == ')' || i == '[' || i == ']' || i == ';' || i == '$')
                f |= C_DELIM;
            const bool alpha = (i >= 'a' && i <= 'z') || (i >= 'A' && i <= 'Z');
            const bool digit = i >= '0' && i <= '9';
            if (alpha) f |= C_ALPHA;
            if (digit) f |= C_DIGIT;
            if (alpha || digit || i == '=' || i == '+' || i == '#' || i == '-') f |= C_SAN;
            if ((i < 32 && !(f & C_DELIM)) || i >= 127) f |= C_BAD;
            c[i] = f;
        }
    }
};
inline constexpr CharTable kChars{};
inline std::uint8_t cls(char ch) { return kChars.c[static_cast<unsigned char>(ch)]; }

// Index of the first word delimiter in b[1, lim), or lim; san_run: the index of the first byte
// in b[1, lim) that cannot be part of a SAN token (a delimiter or not), so that a move needs one
// pass. A plain table loop: movetext words are 2 to 7 bytes long, too short for a 16-byte SIMD
// scan to pay (measured: the SSE2 version took 4% more instructions and 3-5% more time on the
// check benchmark).
inline std::size_t word_end(const char* b, std::size_t lim, std::size_t& san_run) {
    std::size_t n = 1;
    while (n < lim && (cls(b[n]) & C_SAN)) ++n; // SAN bytes are never delimiters
    san_run = n;
    while (n < lim && !(cls(b[n]) & C_DELIM)) ++n;
    return n;
}

// NAG code of an annotation suffix ("!", "?!", ...), 0 if not one.
inline int annotation_nag(const char* s, std::size_t n) {
    if (n == 1) return s[0] == '!' ? 1 : s[0] == '?' ? 2 : 0;
    if (n != 2) return 0;
    if (s[0] == '!') return s[1] == '!' ? 3 : s[1] == '?' ? 5 : 0;
    if (s[0] == '?') return s[1] == '?' ? 4 : s[1] == '!' ? 6 : 0;
    return 0;
}

// '[' name blank+ '"' ... '"' blank* ']' on one line at b, judged within the first
// PgnReader::kLookahead bytes; `avail` is the number of bytes from b to the end of the input
// (or any number above kLookahead): a line that runs past the window is judged by its start.
bool looks_like_tag_line(const char* b, std::size_t avail);
} // namespace pgn_detail

// For splitting an input between readers (game/pipeline). find_game_cut returns the offset of
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

template <class V, class F> inline void PgnReader::emit(V&, F&& f) {
    if constexpr (std::is_same_v<std::invoke_result_t<F>, Control>) {
        const Control c = f();
        if (c == Control::SkipGame) {
            skip_ = game_.skipped = true;
            update_quiet();
        } else if (c == Control::SkipVariation && depth_ > 0 && skip_var_depth_ == 0) {
            skip_var_depth_ = depth_;
            update_quiet();
            game_.skipped = true;
        }
    } else {
        f();
    }
}

template <class V>
inline void PgnReader::report(V& v, PgnErrorKind k, const SourcePos& pos, std::string_view msg) {
    ++game_.error_count;
    if (!skip_ && game_.error_count <= kMaxErrorsPerGame) emit(v, [&] { return v.error(k, pos, msg); });
}

template <class V> void PgnReader::start_game(V& v, const SourcePos& pos, std::size_t idx, State s) {
    ++games_;
    game_ = GameInfo{};
    game_.number = games_;
    game_.start = pos;
    game_.raw_begin = games_ == 1 && input_start_ ? 0 : base_ + idx;
    in_game_ = true;
    pending_end_ = skip_ = false;
    depth_ = skip_var_depth_ = 0;
    update_quiet();
    state_ = s;
    tag_count_ = 0;
    last_tag_line_ = pos.line;
    last_number_ = -1;
    text_reported_ = comment_nested_open_ = false;
    last_token_line_ = pos.line;
    emit(v, [&] { return v.begin_game(game_); });
    if (preamble_) [[unlikely]] {
        preamble_ = false;
        const std::string msg = "text before the first game: '" + preamble_text_ + "'";
        on_notice(v, PgnNotice::TextBetweenGames, preamble_pos_, msg);
    }
}

template <class V> void PgnReader::on_notice(V& v, PgnNotice k, const SourcePos& pos, std::string_view msg) {
    if (!quiet()) emit(v, [&] { return v.notice(k, pos, msg); });
}

template <class V> bool PgnReader::on_dialect_word(V& v, const char* b, std::size_t n, std::size_t idx) {
    const std::string_view w(b, n);
    if (w == "@@@@" || w == "e.p." || w == "e.p" || w == "ep.") {
        deliver_san(v, b, n, idx);
        return true;
    }
    std::size_t i = 0;
    while (is_ellipsis(b + i, n - i)) i += 3;
    if (i == n && n > 0) { // "…" standing alone, as "..." may
        on_notice(v, PgnNotice::UnicodeEllipsis, pos_at(idx), "'…' read as '...'");
        return true;
    }
    return false;
}

template <class V> bool PgnReader::on_movetext_gap(V& v) {
    const long long n = peek_move_number();
    if (n >= 0 && (n == 1 || n < last_number_)) {
        finish_game(v, p_); // the numbering restarts: a new game without tags
        return true;
    }
    on_notice(v, PgnNotice::BlankLineInMovetext, pos_at(p_), "blank line inside the movetext: the game goes on");
    last_token_line_ = line_;
    return false;
}

template <class V> void PgnReader::on_outside_text(V& v) {
    const SourcePos pos = pos_at(p_);
    const bool report = !text_reported_;
    text_reported_ = true;
    const char first = buf_[p_];
    const TextScan t = scan_line_comment(report); // from the byte after `first` to the line end
    if (!report) return;
    std::string clip(1, first);
    clip += t.text.substr(0, 39);
    while (!clip.empty() && (clip.back() == ' ' || clip.back() == '\t')) clip.pop_back();
    for (char& c : clip)
        if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) >= 127) c = '?';
    if (!in_game_) { // a preamble: reported once the first game has begun
        preamble_ = true;
        preamble_pos_ = pos;
        preamble_text_ = std::move(clip);
        return;
    }
    on_notice(v, PgnNotice::TextBetweenGames, pos, "text between games: '" + clip + "'");
}


template <class V> void PgnReader::begin_movetext(V& v, std::size_t idx) {
    state_ = State::Movetext;
    last_token_line_ = line_;
    if (!quiet()) {
        const SourcePos pos = pos_at(idx);
        emit(v, [&] { return v.begin_movetext(pos); });
    }
}

template <class V> void PgnReader::finish_game(V& v, std::size_t idx) {
    if (state_ == State::Tags) begin_movetext(v, idx);
    if (depth_ > 0) {
        skip_var_depth_ = 0;
        update_quiet();
        report(v, PgnErrorKind::UnterminatedVariation, var_open_,
               depth_ == 1 ? "variation '(' is never closed" : "variations '(' are never closed");
    }
    game_.raw_end = base_ + idx;
    game_.end = pos_at(idx);
    if (capture_) capture_->append(buf_ + cap_from_, idx - cap_from_);
    v.end_game(game_);
    if (capture_) capture_->clear();
    cap_from_ = idx;
    in_game_ = pending_end_ = skip_ = false;
    depth_ = skip_var_depth_ = 0;
    update_quiet();
}

template <class V> bool PgnReader::enter_movetext(V& v) {
    if (!in_game_) {
        start_game(v, pos_at(p_), p_, State::Movetext);
        begin_movetext(v, p_);
        return true;
    }
    if (pending_end_) {
        finish_game(v, p_);
        return false;
    }
    if (state_ == State::Tags) begin_movetext(v, p_);
    return true;
}

template <class V> void PgnReader::on_comment(V& v, bool brace) {
    if (!in_game_ || pending_end_) {
        // Between games: not reported. An unterminated '{' is an error of the pending game, or
        // starts a game of its own before the first game.
        const TextScan t = brace ? scan_brace_comment(false) : scan_line_comment(false);
        if (t.end == TextEnd::Closed) return;
        if (!in_game_) {
            start_game(v, t.open, 0, State::Movetext);
            if (!quiet()) emit(v, [&] { return v.begin_movetext(t.open); });
        }
        report(v, PgnErrorKind::UnterminatedComment, t.open, unterminated_message());
        return;
    }
    if (state_ == State::Tags) {
        if (!brace) { // a ';' line inside the tag section does not end it
            scan_line_comment(false);
            return;
        }
        begin_movetext(v, p_);
    } else if (line_ > last_token_line_ + 1 && last_number_ >= 0) [[unlikely]] {
        on_movetext_gap(v);
    }
    comment_nested_open_ = false;
    const bool keep = !quiet();
    const TextScan t = brace ? scan_brace_comment(keep) : scan_line_comment(keep);
    if (t.end != TextEnd::Closed) report(v, PgnErrorKind::UnterminatedComment, t.open, unterminated_message());
    if (keep && !quiet()) emit(v, [&] { return v.comment(t.text, t.open, t.truncated); });
    last_token_line_ = line_;
}

template <class V> void PgnReader::on_bracket(V& v, bool& game_done) {
    ensure(kLookahead + 1); // peek_tag_name and scan_tag judge the pair within this window
    if (!in_game_) {
        start_game(v, pos_at(p_), p_, State::Tags);
        seen_tag(peek_tag_name());
    } else if (pending_end_) {
        finish_game(v, p_);
        game_done = true;
        return;
    } else if (state_ == State::Movetext) {
        if (peek_tag_name().empty()) {
            on_garbage(v, buf_ + p_, 1, p_);
            ++p_;
            return;
        }
        finish_game(v, p_);
        game_done = true;
        return;
    } else if (const std::string_view name = peek_tag_name();
               seen_tag(name) && (line_ > last_tag_line_ + 1 || name == "Event")) {
        finish_game(v, p_); // a repeated tag name: the next game's tag section
        game_done = true;
        return;
    }
    const TagScan t = scan_tag();
    last_tag_line_ = line_;
    if (t.deliver) {
        if (!quiet()) {
            const std::string_view value(text_.data(), text_.size());
            emit(v, [&] { return v.tag(t.name, value, t.pos, t.truncated); });
        }
    }
    if (t.has_error) report(v, t.kind, t.pos, t.message);
    if (t.quotes_repaired) [[unlikely]] on_quotes_repaired(v, t);
}

template <class V> void PgnReader::on_quotes_repaired(V& v, const TagScan& t) {
    std::string value(text_.data(), std::min<std::size_t>(text_.size(), 60));
    for (char& c : value)
        if (static_cast<unsigned char>(c) < 32) c = '?';
    on_notice(v, PgnNotice::UnescapedQuote, t.pos,
              "tag value with unescaped '\"' inside: read as one tag, " + std::string(t.name) + " = '" + value +
                  (text_.size() > 60 ? "...'" : "'"));
}

template <class V> void PgnReader::on_garbage(V& v, const char* b, std::size_t n, std::size_t idx) {
    using namespace pgn_detail;
    PgnErrorKind kind = PgnErrorKind::GarbageToken;
    const char* what = "unexpected token";
    if (std::memchr(b, 0, n)) {
        kind = PgnErrorKind::NulByte;
        what = "NUL byte in token";
    } else {
        for (std::size_t i = 0; i < n; ++i)
            if (cls(b[i]) & C_BAD) {
                kind = PgnErrorKind::InvalidByte;
                what = "invalid byte in token";
                break;
            }
    }
    if (game_.error_count >= kMaxErrorsPerGame || skip_) {
        ++game_.error_count;
        return;
    }
    report(v, kind, pos_at(idx), format_message(what, std::string_view(b, n)));
}

template <class V>
void PgnReader::on_san(V& v, const char* b, std::size_t n, std::size_t idx, std::size_t whole, std::size_t san_run) {
    using namespace pgn_detail;
    const bool ok_start = (cls(b[0]) & C_ALPHA) || (n >= 3 && b[0] == '0' && b[1] == '-' && b[2] == '0') ||
                          (n == 2 && b[0] == '-' && b[1] == '-');
    std::size_t j = san_run;
    if (j == 0)
        for (j = 1; j < n && (cls(b[j]) & C_SAN);) ++j;
    int nag = 0;
    if (ok_start && j < n) nag = annotation_nag(b + j, n - j);
    if (!ok_start || (j < n && nag == 0)) {
        if (ok_start && on_glued_result(v, b, n, idx, j)) [[unlikely]] return;
        // report the whole word (for "12.@@" the word starts before b)
        if (whole == n && on_dialect_word(v, b, n, idx)) return;
        on_garbage(v, b + n - whole, whole, idx + n - whole);
        return;
    }
    // "Qh4#0-1": a result after a check or mate mark (every byte of it is a SAN byte)
    if (j == n && n >= 5 && b[n - 2] == '-' && (b[n - 4] == '+' || b[n - 4] == '#')) [[unlikely]]
        if (on_glued_result(v, b, n, idx, j)) return;
    deliver_move(v, b, j, idx, nag);
}

template <class V>
[[gnu::always_inline]] inline void PgnReader::deliver_move(V& v, const char* b, std::size_t n, std::size_t idx, int nag) {
    if (quiet()) return;
    const SourcePos pos = pos_at(idx);
    emit(v, [&] { return v.san(std::string_view(b, n), pos); });
    if (nag && !quiet()) {
        const SourcePos npos = pos_at(idx + n);
        emit(v, [&] { return v.nag(nag, npos); });
    }
}

template <class V> void PgnReader::on_word(V& v) {
    using namespace pgn_detail;
    const std::size_t s = p_;
    const char* b = buf_ + s;
    const std::size_t avail = len_ - s;
    const std::size_t lim = avail < kMaxToken ? avail : kMaxToken;
    std::size_t san_run;
    const std::size_t n = word_end(b, lim, san_run);
    if (n == lim && (lim < avail ? !(cls(b[n]) & C_DELIM) : !eof_)) {
        report(v, PgnErrorKind::TokenTooLong, pos_at(s), format_message("token too long", std::string_view(b, 16)));
        p_ = s + n;
        skip_long_token();
        return;
    }
    p_ = s + n;
    const char c0 = b[0];
    const std::uint8_t k0 = cls(c0);
    if (k0 & C_DIGIT) {
        std::size_t i = 0;
        std::uint64_t num = 0;
        while (i < n && (cls(b[i]) & C_DIGIT)) {
            if (num < 1000000000000ULL) num = num * 10 + std::uint64_t(b[i] - '0');
            ++i;
        }
        if (i == n || b[i] == '.' || is_ellipsis(b + i, n - i)) {
            if (i == n && n == 4 && num == 0) [[unlikely]] { // "0000": a null move
                deliver_san(v, b, n, s);
                return;
            }
            last_number_ = static_cast<long long>(num);
            if (!quiet()) {
                const SourcePos pos = pos_at(s);
                emit(v, [&] { return v.move_number(num, pos); });
            }
            while (i < n) {
                if (b[i] == '.') {
                    ++i;
                } else if (is_ellipsis(b + i, n - i)) {
                    on_notice(v, PgnNotice::UnicodeEllipsis, pos_at(s + i), "move number written with '…': read as '...'");
                    i += 3;
                } else {
                    break;
                }
            }
            if (i < n) on_san(v, b + i, n - i, s + i, n);
            return;
        }
        if ((n == 3 && (std::memcmp(b, "1-0", 3) == 0 || std::memcmp(b, "0-1", 3) == 0)) ||
            (n == 7 && std::memcmp(b, "1/2-1/2", 7) == 0)) {
            // result below
        } else {
            on_san(v, b, n, s, n, san_run); // "0-0", "0-0-0" or garbage
            return;
        }
    } else if (c0 == '*') {
        if (n != 1) {
            on_garbage(v, b, n, s);
            return;
        }
    } else if (c0 == '$') {
        int nag = 0;
        bool ok = n >= 2 && n <= 10;
        for (std::size_t i = 1; ok && i < n; ++i) {
            if (!(cls(b[i]) & C_DIGIT)) ok = false;
            else nag = nag * 10 + (b[i] - '0');
        }
        if (!ok) {
            on_garbage(v, b, n, s);
        } else if (!quiet()) {
            const SourcePos pos = pos_at(s);
            emit(v, [&] { return v.nag(nag, pos); });
        }
        return;
    } else if (c0 == '!' || c0 == '?') {
        const int nag = annotation_nag(b, n);
        if (!nag) {
            on_garbage(v, b, n, s);
        } else if (!quiet()) {
            const SourcePos pos = pos_at(s);
            emit(v, [&] { return v.nag(nag, pos); });
        }
        return;
    } else if (c0 == '.') {
        std::size_t i = 0;
        while (i < n && b[i] == '.') ++i;
        if (i < n) on_garbage(v, b, n, s);
        return;
    } else {
        if (n < avail && b[n] == '(' && n + 2 < avail && (cls(b[n + 1]) & C_ALPHA) && b[n + 2] == ')') [[unlikely]] {
            // "e8(Q)": one token, so that the checker can name it (it is no move and no variation)
            p_ = s + n + 3;
            deliver_san(v, b, n + 3, s);
            return;
        }
        on_san(v, b, n, s, n, san_run); // letters, "--", or garbage
        return;
    }
    deliver_result(v, b, n, s);
}

template <class V> void PgnReader::deliver_result(V& v, const char* b, std::size_t n, std::size_t idx) {
    if (!quiet()) {
        const SourcePos pos = pos_at(idx);
        emit(v, [&] { return v.result(std::string_view(b, n), pos); });
    }
    if (depth_ == 0) pending_end_ = true;
}

template <class V>
bool PgnReader::on_glued_result(V& v, const char* b, std::size_t n, std::size_t idx, std::size_t san_run) {
    using namespace pgn_detail;
    auto is_result = [](std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2"; };
    if (b[n - 1] == '*') { // '*' ends a token by itself (standard 7): "Nf3*", "a6!?*"
        const int nag = san_run < n - 1 ? annotation_nag(b + san_run, n - 1 - san_run) : 0;
        if (san_run < n - 1 && nag == 0) return false;
        deliver_move(v, b, san_run, idx, nag);
        deliver_result(v, b + n - 1, 1, idx + n - 1);
        return true;
    }
    // "Qh4#0-1", "Kf1+1/2-1/2": what follows a check or mate mark can only be the result
    std::size_t k = san_run;
    while (k > 0 && b[k - 1] != '+' && b[k - 1] != '#') --k;
    if (k < 2 || !is_result(std::string_view(b + k, n - k))) return false;
    deliver_move(v, b, k, idx, 0);
    if (!quiet())
        on_notice(v, PgnNotice::ResultGlued, pos_at(idx + k),
                  "result glued to the move in '" + std::string(b, n) + "': read as " + std::string(b, k) + " " +
                      std::string(b + k, n - k));
    deliver_result(v, b + k, n - k, idx + k);
    return true;
}

template <class V> bool PgnReader::read_game(V& v) {
    if (!started_) start();
    for (;;) {
        if (len_ - p_ < kPeek && !eof_) fill(kPeek);
        if (p_ >= end_) [[unlikely]] {
            if (!in_game_) return false;
            finish_game(v, p_);
            return true;
        }
        const char c = buf_[p_];
        switch (c) {
        case ' ':
        case '\t':
        case '\f':
        case '\v': {
            ++p_;
            while (p_ < len_ && (buf_[p_] == ' ' || buf_[p_] == '\t')) ++p_;
            continue;
        }
        case '\n':
        case '\r':
            newline_at(p_);
            ++p_;
            continue;
        case '{':
            on_comment(v, true);
            continue;
        case ';':
            on_comment(v, false);
            continue;
        case '%':
            if (base_ + p_ == line_start_) {
                scan_line_comment(false);
                last_token_line_ = line_; // an escape line is no blank line
                continue;
            }
            break;
        case '[': {
            bool done = false;
            on_bracket(v, done);
            if (done) return true;
            continue;
        }
        case '(': {
            if (const Gate g = gate(v); g != Gate::Go) {
                if (g == Gate::NextGame) return true;
                continue;
            }
            const bool q = quiet();
            if (depth_ == 0) var_open_ = pos_at(p_);
            ++depth_;
            if (!q) {
                const SourcePos pos = pos_at(p_);
                emit(v, [&] { return v.begin_variation(pos); });
            }
            ++p_;
            continue;
        }
        case ')': {
            if (const Gate g = gate(v); g != Gate::Go) {
                if (g == Gate::NextGame) return true;
                continue;
            }
            if (depth_ == 0) {
                report(v, PgnErrorKind::UnmatchedParen, pos_at(p_), "')' without a matching '('");
            } else {
                const bool q = skip_ || (skip_var_depth_ != 0 && depth_ > skip_var_depth_);
                if (skip_var_depth_ != 0 && depth_ == skip_var_depth_) {
                    skip_var_depth_ = 0;
                    update_quiet();
                }
                --depth_;
                if (!q) {
                    const SourcePos pos = pos_at(p_);
                    emit(v, [&] { return v.end_variation(pos); });
                }
            }
            ++p_;
            continue;
        }
        case ']':
        case '}':
            if (const Gate g = gate(v); g != Gate::Go) {
                if (g == Gate::NextGame) return true;
                continue;
            }
            if (c == '}' && comment_nested_open_) {
                report(v, PgnErrorKind::GarbageToken, pos_at(p_),
                       "unexpected '}': the comment before it seems to contain a nested '{ ... }' (PGN comments do "
                       "not nest)");
            } else {
                on_garbage(v, buf_ + p_, 1, p_);
            }
            ++p_;
            continue;
        default:
            break;
        }
        if (const Gate g = gate(v); g != Gate::Go) {
            if (g == Gate::NextGame) return true;
            continue;
        }
        on_word(v);
    }
}

} // namespace horde
