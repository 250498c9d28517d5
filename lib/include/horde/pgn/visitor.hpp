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

// The reader's errors (DiagnosticCode::UnterminatedComment ... InvalidByte, see
// docs/pgn-reader.md) and its notices, unusual input read with certainty that the game checker
// makes warnings (UnicodeEllipsis, TextBetweenGames, BlankLineInMovetext, ResultGlued,
// UnescapedQuote), are reported with their DiagnosticCode: the codes' one table
// (core/diagnostic_codes.hpp) names them, and is_pgn_error / is_pgn_notice tell them apart.
bool is_pgn_error(DiagnosticCode code);
bool is_pgn_notice(DiagnosticCode code);

enum class Control : std::uint8_t { Continue, SkipVariation, SkipGame };

struct GameInfo {
    std::uint64_t number = 0;    // 1-based
    SourcePos start;             // the game's first token (line: the line it starts on)
    SourcePos end;               // position of raw_end (start of the next game or EOF)
    std::uint64_t raw_begin = 0; // byte range of the game in the input, see docs/pgn-reader.md, "Raw bytes"
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
    void error(DiagnosticCode, const SourcePos&, std::string_view /*message*/) {}
    void notice(DiagnosticCode, const SourcePos&, std::string_view /*message*/) {}
    void end_game(const GameInfo&) {}
};

} // namespace horde::pgn
