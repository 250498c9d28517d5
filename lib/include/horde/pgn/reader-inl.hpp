// The template bodies of PgnReader: included at the end of pgn/reader.hpp (include that, not
// this). Kept in a header of their own, as fmt keeps its -inl.h, so that the class reads
// short; they stay templates in headers so that each visitor's events inline into the loop.
#pragma once

#include "horde/pgn/reader.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>

namespace horde::pgn {

namespace pgn_detail {
enum : std::uint8_t {
    C_DELIM = 1, // ends a word: whitespace { } ( ) [ ] ; $
    C_SAN = 2,   // [A-Za-z0-9=+#-]
    C_ALPHA = 4,
    C_DIGIT = 8,
    C_BAD = 16,   // control (not whitespace) or >= 0x80
    C_NAME = 32,  // [A-Za-z0-9_]: a tag name's bytes
    C_PLAIN = 64, // [A-Za-z0-9=+#]: the bytes of a plain move (SAN bytes but '-')
};
struct CharTable {
    std::uint8_t c[256];
    constexpr CharTable() : c{} {
        for (int i = 0; i < 256; ++i) {
            std::uint8_t f = 0;
            if (i == ' ' || i == '\t' || i == '\n' || i == '\r' || i == '\f' || i == '\v' || i == '{' || i == '}' || i == '(' ||
                i == ')' || i == '[' || i == ']' || i == ';' || i == '$')
                f |= C_DELIM;
            const bool alpha = (i >= 'a' && i <= 'z') || (i >= 'A' && i <= 'Z');
            const bool digit = i >= '0' && i <= '9';
            if (alpha) f |= C_ALPHA;
            if (digit) f |= C_DIGIT;
            if (alpha || digit || i == '=' || i == '+' || i == '#' || i == '-') f |= C_SAN;
            if ((i < 32 && !(f & C_DELIM)) || i >= 127) f |= C_BAD;
            if (alpha || digit || i == '_') f |= C_NAME;
            if (alpha || digit || i == '=' || i == '+' || i == '#') f |= C_PLAIN;
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

// The plain word at b that the reader's loop reads without on_word: a plain move ("Nf3",
// "exd8=Q+", up to a blank or line end; number < 0) or a plain move number ("12." "12...";
// number: its value), of `length` bytes; length 0: neither. avail: the bytes from b on, at
// least 1. Out of line in reader.cpp, with the SIMD kernels it runs (lib/src/pgn/scan_kernels.hpp).
struct PlainWord {
    std::size_t length;
    long long number;
};
PlainWord plain_word(const char* b, std::size_t avail);

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

template <class V> inline void PgnReader::report(V& v, DiagnosticCode k, const SourcePos& pos, std::string_view msg) {
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
    tag_filter_ = 0;
    last_tag_line_ = pos.line;
    last_number_ = -1;
    text_reported_ = comment_nested_open_ = false;
    last_token_line_ = pos.line;
    emit(v, [&] { return v.begin_game(game_); });
    if (preamble_) [[unlikely]] {
        preamble_ = false;
        const std::string msg = "text before the first game: '" + preamble_text_ + "'";
        on_notice(v, DiagnosticCode::TextBetweenGames, preamble_pos_, msg);
    }
}

template <class V> void PgnReader::on_notice(V& v, DiagnosticCode k, const SourcePos& pos, std::string_view msg) {
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
        on_notice(v, DiagnosticCode::UnicodeEllipsis, pos_at(idx), "'…' read as '...'");
        return true;
    }
    // A figurine (U+2654..U+265F, white's and black's alike) for the piece letter: the move in
    // letters, as delivered, in the reader's scratch (name_).
    if (const char letter = figurine_letter(b, n); letter && n - 3 < kMaxToken) {
        using namespace pgn_detail;
        name_[0] = letter;
        std::memcpy(name_ + 1, b + 3, n - 3);
        const std::size_t len = n - 2;
        std::size_t j = 1;
        while (j < len && (cls(name_[j]) & C_SAN)) ++j;
        const int nag = j < len ? annotation_nag(name_ + j, len - j) : 0;
        if (j < 3 || (j < len && nag == 0)) return false; // no move after it: garbage
        on_notice(v, DiagnosticCode::UnicodeSymbol, pos_at(idx),
                  "figurine '" + std::string(b, 3) + "' read as '" + std::string(1, letter) + "': " + std::string(name_, j));
        deliver_move(v, name_, j, idx, nag);
        return true;
    }
    if (w == "\xC2\xBD-\xC2\xBD") { // "½-½"
        on_notice(v, DiagnosticCode::UnicodeSymbol, pos_at(idx), "'½-½' read as '1/2-1/2'");
        deliver_result(v, "1/2-1/2", 7, idx);
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
    on_notice(v, DiagnosticCode::BlankLineInMovetext, pos_at(p_), "blank line inside the movetext: the game goes on");
    last_token_line_ = lines_.line;
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
    on_notice(v, DiagnosticCode::TextBetweenGames, pos, "text between games: '" + clip + "'");
}

template <class V> void PgnReader::begin_movetext(V& v, std::size_t idx) {
    state_ = State::Movetext;
    last_token_line_ = lines_.line;
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
        report(v, DiagnosticCode::UnterminatedVariation, var_open_,
               depth_ == 1 ? "variation '(' is never closed" : "variations '(' are never closed");
    }
    game_.raw_end = base_ + idx;
    game_.end = pos_at(idx);
    game_.cut_short = game_cut_short();
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
        report(v, DiagnosticCode::UnterminatedComment, t.open, unterminated_message());
        return;
    }
    if (state_ == State::Tags) {
        if (!brace) { // a ';' line inside the tag section does not end it
            scan_line_comment(false);
            return;
        }
        begin_movetext(v, p_);
    } else if (lines_.line > last_token_line_ + 1 && last_number_ >= 0) [[unlikely]] {
        on_movetext_gap(v);
    }
    comment_nested_open_ = false;
    const bool keep = !quiet();
    const TextScan t = brace ? scan_brace_comment(keep) : scan_line_comment(keep);
    if (t.end != TextEnd::Closed) report(v, DiagnosticCode::UnterminatedComment, t.open, unterminated_message());
    if (keep && !quiet()) emit(v, [&] { return v.comment(t.text, t.open, t.truncated); });
    last_token_line_ = lines_.line;
}

template <class V> void PgnReader::on_bracket(V& v, bool& game_done) {
    ensure(kLookahead + 1); // peek_tag_name and scan_tag judge the pair within this window
    // Most tag lines are [Name "plain value"]: read once, for the name and the pair together.
    const PlainTag plain = plain_tag();
    const std::string_view peeked = plain.end ? plain.name : peek_tag_name();
    if (!in_game_) {
        start_game(v, pos_at(p_), p_, State::Tags);
        seen_tag(peeked);
    } else if (pending_end_) {
        finish_game(v, p_);
        game_done = true;
        return;
    } else if (state_ == State::Movetext) {
        if (peeked.empty()) {
            on_garbage(v, buf_ + p_, 1, p_);
            ++p_;
            return;
        }
        finish_game(v, p_);
        game_done = true;
        return;
    } else if (seen_tag(peeked) && (lines_.line > last_tag_line_ + 1 || peeked == "Event")) {
        finish_game(v, p_); // a repeated tag name: the next game's tag section
        game_done = true;
        return;
    }
    if (plain.end) { // what scan_tag would read, without copying the value
        const SourcePos pos = pos_at(p_);
        p_ = plain.end;
        last_tag_line_ = lines_.line;
        if (!quiet()) emit(v, [&] { return v.tag(plain.name, plain.value, pos, false); });
        return;
    }
    const TagScan t = scan_tag();
    last_tag_line_ = lines_.line;
    if (t.deliver) {
        if (!quiet()) {
            const std::string_view value(text_.data(), text_.size());
            emit(v, [&] { return v.tag(t.name, value, t.pos, t.truncated); });
        }
    }
    if (t.has_error) report(v, t.kind, t.pos, t.message);
    if (t.quotes_repaired) [[unlikely]]
        on_quotes_repaired(v, t);
}

template <class V> void PgnReader::on_quotes_repaired(V& v, const TagScan& t) {
    std::string value(text_.data(), std::min<std::size_t>(text_.size(), 60));
    for (char& c : value)
        if (static_cast<unsigned char>(c) < 32) c = '?';
    on_notice(v, DiagnosticCode::UnescapedQuote, t.pos,
              "tag value with unescaped '\"' inside: read as one tag, " + std::string(t.name) + " = '" + value +
                  (text_.size() > 60 ? "...'" : "'"));
}

template <class V> void PgnReader::on_garbage(V& v, const char* b, std::size_t n, std::size_t idx) {
    using namespace pgn_detail;
    DiagnosticCode kind = DiagnosticCode::GarbageToken;
    const char* what = "unexpected token";
    if (std::memchr(b, 0, n)) {
        kind = DiagnosticCode::NulByte;
        what = "NUL byte in token";
    } else {
        for (std::size_t i = 0; i < n; ++i)
            if (cls(b[i]) & C_BAD) {
                kind = DiagnosticCode::InvalidByte;
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
    const bool ok_start =
        (cls(b[0]) & C_ALPHA) || (n >= 3 && b[0] == '0' && b[1] == '-' && b[2] == '0') || (n == 2 && b[0] == '-' && b[1] == '-');
    std::size_t j = san_run;
    if (j == 0)
        for (j = 1; j < n && (cls(b[j]) & C_SAN);) ++j;
    int nag = 0;
    if (ok_start && j < n) nag = annotation_nag(b + j, n - j);
    if (!ok_start || (j < n && nag == 0)) {
        if (ok_start && on_glued_result(v, b, n, idx, j)) [[unlikely]]
            return;
        // report the whole word (for "12.@@" the word starts before b)
        // (a figurine after a move number too: "2.♘f3")
        if ((whole == n || figurine_letter(b, n)) && on_dialect_word(v, b, n, idx)) return;
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

template <class V> [[gnu::always_inline]] inline void PgnReader::on_word(V& v) {
    using namespace pgn_detail;
    const std::size_t s = p_;
    const char* b = buf_ + s;
    const std::size_t avail = len_ - s;
    const std::size_t lim = avail < kMaxToken ? avail : kMaxToken;
    std::size_t san_run;
    const std::size_t n = word_end(b, lim, san_run);
    if (n == lim && (lim < avail ? !(cls(b[n]) & C_DELIM) : !eof_)) {
        report(v, DiagnosticCode::TokenTooLong, pos_at(s), format_message("token too long", std::string_view(b, 16)));
        p_ = s + n;
        skip_long_token();
        return;
    }
    p_ = s + n;
    const char c0 = b[0];
    if (cls(c0) & C_DIGIT) on_digit_word(v, b, n, s, san_run);
    else if (c0 == '*') n == 1 ? deliver_result(v, b, n, s) : on_garbage(v, b, n, s);
    else if (c0 == '$' || c0 == '!' || c0 == '?') on_nag_word(v, b, n, s);
    else if (c0 == '.') on_dots_word(v, b, n, s);
    else on_letter_word(v, b, n, s, avail, san_run);
}

template <class V> [[gnu::always_inline]] inline void PgnReader::on_digit_word(V& v, const char* b, std::size_t n, std::size_t s,
                                                                               std::size_t san_run) {
    using namespace pgn_detail;
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
        on_move_number_word(v, b, n, s, i, num);
        return;
    }
    if ((n == 3 && (std::memcmp(b, "1-0", 3) == 0 || std::memcmp(b, "0-1", 3) == 0)) ||
        (n == 7 && std::memcmp(b, "1/2-1/2", 7) == 0)) {
        deliver_result(v, b, n, s);
        return;
    }
    on_san(v, b, n, s, n, san_run); // "0-0", "0-0-0" or garbage
}

template <class V> [[gnu::always_inline]] inline void PgnReader::on_move_number_word(V& v, const char* b, std::size_t n,
                                                                                     std::size_t s, std::size_t i,
                                                                                     std::uint64_t num) {
    last_number_ = static_cast<long long>(num);
    if (!quiet()) {
        const SourcePos pos = pos_at(s);
        emit(v, [&] { return v.move_number(num, pos); });
    }
    while (i < n) {
        if (b[i] == '.') {
            ++i;
        } else if (is_ellipsis(b + i, n - i)) {
            on_notice(v, DiagnosticCode::UnicodeEllipsis, pos_at(s + i), "move number written with '…': read as '...'");
            i += 3;
        } else {
            break;
        }
    }
    if (i < n) on_san(v, b + i, n - i, s + i, n);
}

template <class V> void PgnReader::on_nag_word(V& v, const char* b, std::size_t n, std::size_t s) {
    using namespace pgn_detail;
    // "$n", or a !/? annotation as its NAG code; anything else of these shapes is garbage.
    int nag = 0;
    bool ok;
    if (b[0] == '$') {
        ok = n >= 2 && n <= 10;
        for (std::size_t i = 1; ok && i < n; ++i) {
            if (!(cls(b[i]) & C_DIGIT)) ok = false;
            else nag = nag * 10 + (b[i] - '0');
        }
    } else {
        nag = annotation_nag(b, n);
        ok = nag != 0;
    }
    if (!ok) {
        on_garbage(v, b, n, s);
    } else if (!quiet()) {
        const SourcePos pos = pos_at(s);
        emit(v, [&] { return v.nag(nag, pos); });
    }
}

template <class V> void PgnReader::on_dots_word(V& v, const char* b, std::size_t n, std::size_t s) {
    std::size_t i = 0;
    while (i < n && b[i] == '.') ++i;
    if (i < n) on_garbage(v, b, n, s);
}

template <class V> [[gnu::always_inline]] inline void PgnReader::on_letter_word(V& v, const char* b, std::size_t n, std::size_t s,
                                                                                std::size_t avail, std::size_t san_run) {
    using namespace pgn_detail;
    if (n < avail && b[n] == '(' && n + 2 < avail && (cls(b[n + 1]) & C_ALPHA) && b[n + 2] == ')') [[unlikely]] {
        // "e8(Q)": one token, so that the checker can name it (it is no move and no variation)
        p_ = s + n + 3;
        deliver_san(v, b, n + 3, s);
        return;
    }
    // A plain move ("Nf3", "exd8=Q+"): what on_san would deliver, without its call (the
    // shape of a result glued after a check mark, "Qh4#0-1", takes on_san).
    if ((cls(b[0]) & C_ALPHA) && san_run == n && !(n >= 5 && b[n - 2] == '-')) [[likely]] {
        deliver_move(v, b, n, s, 0);
        return;
    }
    on_san(v, b, n, s, n, san_run); // letters, "--", or garbage
}

template <class V> void PgnReader::deliver_result(V& v, const char* b, std::size_t n, std::size_t idx) {
    if (!quiet()) {
        const SourcePos pos = pos_at(idx);
        emit(v, [&] { return v.result(std::string_view(b, n), pos); });
    }
    if (depth_ == 0) pending_end_ = true;
}

template <class V> bool PgnReader::on_glued_result(V& v, const char* b, std::size_t n, std::size_t idx, std::size_t san_run) {
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
        on_notice(v, DiagnosticCode::ResultGlued, pos_at(idx + k),
                  "result glued to the move in '" + std::string(b, n) + "': read as " + std::string(b, k) + " " +
                      std::string(b + k, n - k));
    deliver_result(v, b + k, n - k, idx + k);
    return true;
}

template <class V> bool PgnReader::read_game(V& v) {
    if (!started_) start();
    for (;;) {
        if (p_ >= quick_end_) [[unlikely]] {
            if (len_ - p_ < kPeek && !eof_) fill(kPeek);
            if (p_ >= end_) {
                if (!in_game_) return false;
                finish_game(v, p_);
                return true;
            }
        }
        if (skip_ && in_game_ && !pending_end_ && state_ == State::Movetext && skip_movetext()) continue;
        if (read_token(v) == Step::GameDone) return true;
    }
}

template <class V> [[gnu::always_inline]] inline PgnReader::Step PgnReader::read_token(V& v) {
    using namespace pgn_detail;
    const char c = buf_[p_];
    if (cls(c) & (C_ALPHA | C_DIGIT)) [[likely]] { // a word (the default case below, first)
        if (const Gate g = gate(v); g != Gate::Go) return step_after(g);
        read_word(v);
        return Step::Next;
    }
    switch (c) {
    case ' ':
    case '\t':
    case '\f':
    case '\v':
        ++p_;
        skip_blanks();
        return Step::Next;
    case '\n':
    case '\r':
        lines_.take_line_end(base_ + p_, c);
        ++p_;
        return Step::Next;
    case '{': on_comment(v, true); return Step::Next;
    case ';': on_comment(v, false); return Step::Next;
    case '%':
        if (base_ + p_ != lines_.line_start) break; // a '%' inside a line: a word
        scan_line_comment(false);
        last_token_line_ = lines_.line; // an escape line is no blank line
        return Step::Next;
    case '[': {
        bool done = false;
        on_bracket(v, done);
        return done ? Step::GameDone : Step::Next;
    }
    case '(':
    case ')':
    case ']':
    case '}':
        if (const Gate g = gate(v); g != Gate::Go) return step_after(g);
        if (c == '(') on_open_variation(v);
        else if (c == ')') on_close_variation(v);
        else on_stray_close(v, c);
        ++p_;
        return Step::Next;
    default: break;
    }
    if (const Gate g = gate(v); g != Gate::Go) return step_after(g);
    on_word(v);
    return Step::Next;
}

template <class V> [[gnu::always_inline]] inline void PgnReader::read_word(V& v) {
    // Most words are a plain move up to a blank or line end: what on_word would deliver,
    // without its look at every other kind of word.
    const std::size_t s = p_;
    const char* b = buf_ + s;
    if (const pgn_detail::PlainWord w = pgn_detail::plain_word(b, len_ - s); w.length && w.number < 0) [[likely]] {
        p_ = s + w.length;
        deliver_move(v, b, w.length, s, 0);
    } else if (w.length) {
        p_ = s + w.length;
        last_number_ = w.number;
        if (!quiet()) {
            const SourcePos pos = pos_at(s);
            emit(v, [&] { return v.move_number(std::uint64_t(w.number), pos); });
        }
    } else {
        on_word(v);
    }
    skip_blanks(); // the blanks after it, without a turn of the loop
}

template <class V> [[gnu::always_inline]] inline void PgnReader::on_open_variation(V& v) {
    const bool q = quiet();
    if (depth_ == 0) var_open_ = pos_at(p_);
    ++depth_;
    if (!q) {
        const SourcePos pos = pos_at(p_);
        emit(v, [&] { return v.begin_variation(pos); });
    }
}

template <class V> [[gnu::always_inline]] inline void PgnReader::on_close_variation(V& v) {
    if (depth_ == 0) {
        report(v, DiagnosticCode::UnmatchedParen, pos_at(p_), "')' without a matching '('");
        return;
    }
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

template <class V> void PgnReader::on_stray_close(V& v, char c) {
    if (c == '}' && comment_nested_open_) {
        report(v, DiagnosticCode::GarbageToken, pos_at(p_),
               "unexpected '}': the comment before it seems to contain a nested '{ ... }' (PGN comments do "
               "not nest)");
    } else {
        on_garbage(v, buf_ + p_, 1, p_);
    }
}

} // namespace horde::pgn
