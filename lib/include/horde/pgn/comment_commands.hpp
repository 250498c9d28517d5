// The commands inside PGN comments: "[%clk 0:03:12]", "[%eval 0.17,20]", "[%emt 0:00:05]" (the
// lichess and ChessBase extension of the comment syntax). Parsed in one place, here: the game
// walk hands them with every comment (game/events.hpp), and the outputs that read or drop
// them (tables, PGN export) use these spans.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace horde::pgn {

struct CommentCommand {
    std::string_view name;  // "clk", "eval", ... (the text after "[%" up to a blank)
    std::string_view value; // the rest up to ']', its outer blanks and line ends trimmed
    std::size_t begin = 0;  // offset of its '[' in the comment
    std::size_t end = 0;    // offset just past its ']'
};

// Appends the comment's commands to `out` (cleared first), in order. A "[%" without a ']'
// after it is no command, and ends the search.
void parse_comment_commands(std::string_view comment, std::vector<CommentCommand>& out);

// A command's time value in seconds: "0:02:58" (178), "1:02:03.5" (3723.5), "58"; nullopt when
// the text is not a time. The clocks of [%clk] and [%emt] (and cutechess's "1.5s" without its s).
std::optional<double> clock_seconds(std::string_view text);
// Whether the text is a plain decimal number with an optional sign ("0.17", "-1.5", "+3").
bool is_number_text(std::string_view text);

// What the comments after a move say of it, as text (absent: empty): its clock and time spent
// in seconds ([%clk], [%emt]), its evaluation from White's side in pawns or as "#N" / "#-N"
// ([%eval 0.17], [%eval #-3], or cutechess's "{+0.42/19 1.5s}" from the mover's side, with its
// time), and the rest of the text with the commands taken out and blanks squeezed. `comments`:
// the comments after the move, joined by newlines; `white_moved`: the move was White's.
struct MoveData {
    std::string clk, emt, eval, comment; // seconds, seconds, "0.17" / "#-3", text
};
MoveData read_move_data(std::string_view comments, bool white_moved);

// read_move_data's clock, time spent and evaluation as numbers, without its texts (the tree
// and the database read them on every move with a comment, where building the squeezed text
// of a long engine comment cost more than the rest of the move): clk and emt are what
// clock_seconds reads of its clk and emt, eval what std::from_chars reads of its eval when that
// is not a mate ("#3"). Absent where read_move_data's text is empty or does not read.
struct MoveFigures {
    std::optional<double> clk, emt; // seconds
    std::optional<double> eval;     // pawns, White's view
};
MoveFigures read_move_figures(std::string_view comments, bool white_moved);

} // namespace horde::pgn
