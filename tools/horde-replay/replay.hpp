// horde-replay's outputs: a Replay (a start position and its legal main line) becomes a
// Timeline (every position, SAN and adjudication), written as text boards, one line of UCI or
// SAN, PGN, SVG files, or stepped through on a terminal (terminal.hpp).
#pragma once

#include "horde/game/checker.hpp"
#include "horde/game/game.hpp"
#include "horde/report/render.hpp"
#include "horde/report/svg.hpp"

#include <filesystem>
#include <memory>

#include <optional>
#include <string>
#include <vector>

namespace horde::replay {

// The positions of a replay (start and after every ply), the SAN of every move, and the
// adjudication of every position (repetitions counted from the start), as the game walk played
// them.
struct Timeline {
    std::vector<position::Board> boards;      // plies + 1
    std::vector<std::string> san;             // plies
    std::vector<game::Adjudication> outcomes; // plies + 1
};

// One game to show: where it starts, its legal main line and its timeline.
struct Replay {
    position::Board start;
    std::vector<Move> moves;
    std::string title; // "Game 3: White - Black" for PGN input, empty for a move list
    int number = 1;    // 1-based game index in the input
    // A game or move list that could not be replayed (its diagnostic is on stderr): --to uci|san
    // writes an empty line for it, so that line N is game N; no other output.
    bool invalid = false;
    Timeline timeline{}; // of a valid replay
};

// The observer of a walk whose product is each game's main-line timeline.
std::unique_ptr<game::ProductObserver<Timeline>> make_timeline_builder();
// A move list's replay with its timeline, through the walk's events (game::walk_moves).
Replay move_list_replay(const position::Board& start, std::vector<Move> moves, std::string title, int number);
// "12. Nf3" or "12... Nf6" for ply p (1-based), "Start" for ply 0.
std::string ply_heading(const Timeline& t, int p);
std::string outcome_line(const game::Adjudication& a);

struct Output {
    report::RenderOptions render;
    std::optional<std::string> to; // "uci", "san" or "pgn"
    std::optional<std::string> svg;
    report::BoardTheme theme = report::BoardTheme::Brown; // --svg
    std::optional<int> ply;
    bool interactive = false;
    bool several_games = false; // the input may hold more than one game (file names per game)
};

// Writes `text` to the file at `path`; on failure a message on stderr and false.
bool write_file(const std::filesystem::path& path, const std::string& text);

// A replay's output as text (text boards, --to uci|san|pgn), made without I/O so that it can be
// made on any thread: what goes to stdout, what goes to stderr (--ply beyond the game), and the
// exit status (kExitUsage: no output for this game and none for the games after it).
struct FormattedGame {
    std::string out;
    std::string err;
    int status = 0;
};
FormattedGame format_text(const Replay& r, const Output& out);

// Writes one replay in the chosen output mode. Returns an exit status.
int emit(const Replay& r, const Output& out);

} // namespace horde::replay
