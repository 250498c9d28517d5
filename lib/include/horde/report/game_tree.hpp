// A game with its variations, as the replay page shows it: every position reached in the
// main line or in a variation (each a node with the position after its move), and the
// movetext in input order (moves, comments, NAGs, variations) for the move list.
//
// Made by the game walk's observer `make_game_tree_builder`, from PGN (run/replay.hpp's
// read_game_trees drives it over a reader) or from a move list (game::walk_moves). The
// positions are the walk's, so a page built on this needs no chess rules.
#pragma once

#include "horde/game/checker.hpp"
#include "horde/game/events.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace horde::report {

struct GameNode {
    int parent = -1;          // the node this move is played from (-1: node 0, the start)
    int next = -1;            // the next move of the same line (-1: the line ends here)
    Move move = Move::none(); // the move leading here (none for the start)
    std::string san;          // its SAN ("" for the start)
    int number = 0;           // its full move number
    bool white = true;        // White's move
    int depth = 0;            // 0: main line; n: inside n variations
    position::Board board;    // the position after the move
};

struct MovetextItem {
    enum class Kind : std::uint8_t { Move, Comment, Nag, Open, Close };
    Kind kind;
    int node = 0;     // Move: the node
    std::string text; // Comment: the text (whitespace collapsed); Nag: "$n"
};

struct GameTree {
    int number = 1;                                        // 1-based game index in the input
    std::string title;                                     // "White - Black", or "Line 3"
    std::vector<std::pair<std::string, std::string>> tags; // in input order
    std::string result;                                    // "1-0" "0-1" "1/2-1/2" "*"
    std::string outcome;                                   // the final position's status ("checkmate", ...)
    std::vector<GameNode> nodes;                           // nodes[0]: the start position
    std::vector<int> main_line;                            // the node after each ply (main_line[0] = 0)
    std::vector<MovetextItem> movetext;

    Variant variant() const { return nodes.front().board.variant(); }
};

// The tree builder as a consumer of the game walk (game/events.hpp), for a walk on any thread:
// its product of each game is the game's tree (none when the game is invalid).
std::unique_ptr<game::ProductObserver<std::optional<GameTree>>> make_game_tree_builder();

} // namespace horde::report
