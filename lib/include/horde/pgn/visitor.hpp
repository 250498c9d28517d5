// The events of the streaming PGN reader (pgn/reader.hpp) and the no-op visitor to derive
// from. What each event means, in which order they come and how the reader recovers from bad
// input: docs/pgn-reader.md.
#pragma once

#include "horde/core/diagnostic_codes.hpp"

#include <cstdint>
#include <string_view>

namespace horde::pgn {

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

// DiagnosticCode::UnterminatedComment, ...; the name "unterminated-comment", ...
DiagnosticCode diagnostic_code(PgnErrorKind kind);
std::string_view pgn_error_name(PgnErrorKind kind);

// Unusual input read with certainty (the game checker makes them warnings).
enum class PgnNotice : std::uint8_t {
    UnicodeEllipsis,     // "1…" for "1..."
    TextBetweenGames,    // text before the first game or between games (not made into a game)
    BlankLineInMovetext, // a blank line inside movetext that goes on
    ResultGlued,         // "Qh4#0-1": a result glued to a move's check or mate mark
    UnescapedQuote,      // [White ""Socrates""]: read as one tag, see MalformedTag
};
// DiagnosticCode::UnicodeEllipsis, ...; the name "unicode-ellipsis", "text-between-games",
// "blank-line-in-movetext", "result-glued", "unescaped-quote"
DiagnosticCode diagnostic_code(PgnNotice kind);
std::string_view pgn_notice_name(PgnNotice kind);

enum class Control : std::uint8_t { Continue, SkipVariation, SkipGame };

struct GameInfo {
    std::uint64_t number = 0;      // 1-based
    SourcePos start;               // the game's first token (line: the line it starts on)
    SourcePos end;                 // position of raw_end (start of the next game or EOF)
    std::uint64_t raw_begin = 0;   // byte range of the game in the input, see docs/pgn-reader.md, "Raw bytes"
    std::uint64_t raw_end = 0;
    std::uint64_t error_count = 0; // errors of this game, including undelivered ones
    bool skipped = false;          // the visitor asked to skip (part of) the game
    // At end_game: the input stopped inside this game (a read or decompression error, or
    // PgnReader::mark_cut_short), so the game is incomplete.
    bool cut_short = false;
};

// No-op visitor to derive from: redeclare the events you need, with the same parameters.
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

} // namespace horde::pgn
