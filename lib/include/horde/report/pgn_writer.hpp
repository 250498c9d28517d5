// Normalised PGN export: games walked by a GameChecker (the same code as horde-check), written
// back in one canonical form by an observer of the walk (make_pgn_exporter; the readers that
// drive it over PGN input are run/replay.hpp's export_pgn and export_pgn_text).
//
// The form (PGN standard "export format", with the choices below):
//   * Tags: the seven-tag roster first, in its order (Event, Site, Date, Round, White, Black,
//     Result), each from its first occurrence in the input or, when missing, "?" (Date:
//     "????.??.??"; Result: the movetext's result token). Then every other tag in input order
//     (including repeated roster tags); a FEN tag with fullmove number 0 is written as read
//     (fullmove 1). Values re-escaped (\" and \\). One tag per line, never
//     wrapped (a long value makes a line longer than the movetext limit). With
//     CheckOptions::forced_variant, the Variant tag says that variant (replaced, or added after
//     the other tags; a chess game without a Variant tag keeps none).
//   * A blank line, the movetext, a blank line.
//   * Movetext: every move written by `to_san` from the position before it (O-O, check and mate
//     suffixes, '#' for Horde extinction and Orda campmate wins, =Q/=H promotions, minimal
//     disambiguation). Move numbers "12." before every White move; "12..." before a Black move
//     that is the first move of the game or of a variation (even after a NAG), or that follows a
//     comment, a variation or a result token (after a NAG elsewhere: no number). The input's
//     move numbers are ignored (numbers come from the position). A move the checker did not
//     resolve (only in variations nested deeper than it tracks, 256) is written as it stood,
//     without a number.
//   * NAGs as "$n" ("!" is "$1", "?" "$2", ...), after the move they follow.
//   * Comments: brace comments and ';' comments become "{text}" with the text's runs of
//     whitespace (newlines included) collapsed to one space and the ends trimmed; a comment whose
//     text is empty is dropped. A comment whose text contains '}' (only possible from a ';'
//     comment) stays a ';' comment ("; text"), which ends its line.
//   * Variations "(...)" at any depth, '(' glued to the next token and ')' to the previous one;
//     a variation without any token (or whose tokens were all dropped) is dropped. A result
//     token inside a variation is dropped (it ends nothing). A null move (only possible in a
//     variation, or in the main line with allow_null_moves) is written "--"; an "e.p." mark is
//     dropped. Every accepted dialect spelling (notation/dialect.hpp) comes out as SAN, so the
//     export passes the checker in strict mode with no warning except for null moves.
//   * The result token last. A game that has ended (checkmate, stalemate, ...) but is declared
//     '*' gets the rules' result, in the Result tag too: the export passes --strict.
//   * Lines of at most `max_line` (80) bytes, broken at spaces (between tokens and between the
//     words of a comment); one word longer than the limit (a long comment word, a ';' comment)
//     gets a line of its own that exceeds it.
//   * '%' escape lines, comments before a game's first tag, move numbers and input line breaks
//     are not kept.
// PgnExportOptions (horde-replay --to pgn's rewriting options) change this form as they say.
// Only valid games are exported (no errors from the GameChecker; with fix_result, games whose
// only errors are wrong-result too); warnings do not prevent
// export (SAN spelling warnings disappear, as the SAN is rewritten). Exporting the export gives
// the same bytes.
#pragma once

#include "horde/game/checker.hpp"
#include "horde/game/events.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace horde::report {

// The rewriting options of horde-replay --to pgn (the defaults give the form above).
struct PgnExportOptions {
    std::size_t max_line = 80;     // movetext line limit in bytes; 0: the movetext on one line
                                   // (a ';' comment still ends its line)
    bool strip_comments = false;   // drop every comment
    bool strip_nags = false;       // drop every NAG
    bool strip_variations = false; // drop every variation (with what is inside)
    bool strip_clocks = false;     // drop the [%clk ...] and [%emt ...] commands from comments
    bool strip_evals = false;      // drop the [%eval ...] commands from comments
    // Which tags: all (the form above), the seven-tag roster, or the listed ones (roster tags
    // among them in roster order, the others in input order). Variant, SetUp and FEN are kept
    // whenever the game needs them.
    enum class Tags : std::uint8_t { All, Roster, List } tags = Tags::All;
    std::vector<std::string> tag_list;
    bool add_plycount = false; // a PlyCount tag (replacing any) with the main line's plies
    // The Result tag and token become the adjudicated result when the game has ended; a game
    // whose only errors are wrong-result is then exported (record.valid() stays false: the
    // callback gets its text all the same).
    bool fix_result = false;
};
// "comments,nags,variations,clocks,evals" (any of them) into the options; false for an unknown word.
bool parse_strip_list(std::string_view text, PgnExportOptions& options, std::string* unknown);
// "all", "roster" or a comma-separated list of tag names.
void parse_tag_choice(std::string_view text, PgnExportOptions& options);

// The exporter as a consumer of the game walk (game/events.hpp), for a walk on any thread:
// its product of each game is the normalised PGN text (empty when the game is not exported).
std::unique_ptr<game::ProductObserver<std::string>> make_pgn_exporter(const game::CheckOptions& options,
                                                                      const PgnExportOptions& export_options = {});

// A tag value escaped for a PGN tag pair (backslash before '"' and '\'), without the quotes.
std::string pgn_escape_tag_value(std::string_view value);

// A comment's text as the export writes it: runs of whitespace (newlines included) become one
// space, the ends are trimmed.
std::string pgn_comment_text(std::string_view text);

// The PGN Variant tag value of a variant: "Standard", "Horde", "Orda".
std::string_view pgn_variant_tag(Variant v);

// horde-db games and serve's /game/ID: a stored game's PGN as it was in its input, ended by
// an empty line (added when its input had none), so that games listed one after another stay
// apart.
void append_stored_pgn(std::string& out, std::string_view pgn);

} // namespace horde::report
