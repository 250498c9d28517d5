// The game events: what the one game walk (GameChecker, checker.hpp) makes of the reader's
// syntax events, for the consumers that need more of a game than its record (the PGN
// exporter, the replay page's move tree, ...). A consumer subscribes with
// GameChecker::set_observer and never derives from the checker: it sees every move resolved
// once, by the walk, with the position before and after it.
//
// Order, per game: begin_game, tags_read (once, when the tag section is over), then the
// movetext's events in input order (move, comment, nag, begin_variation, end_variation), then
// end_game with the finished record. A game the walk skips (an unsupported variant, a game
// `--where` rejected on its tags) has no movetext events.
#pragma once

#include "horde/core/types.hpp"
#include "horde/pgn/comment_commands.hpp"
#include "horde/pgn/visitor.hpp"

#include <span>
#include <string_view>

namespace horde::position {
class Board;
}

namespace horde::game {

struct GameRecord;
class Game;

struct MoveEvent {
    // What the token was: a legal move, a null move ("--", "Z0", ...), an "e.p." mark after an
    // en passant capture (no move of its own), or a token the walk did not resolve (in a line it
    // no longer follows after an error, or nested deeper than it tracks).
    enum class Kind : std::uint8_t { Move, NullMove, EnPassantMark, Unresolved };
    Kind kind = Kind::Unresolved;
    std::string_view token;                  // as written
    Move move = Move::none();                // Kind::Move: the move
    const position::Board* before = nullptr; // the position the line's next move was played from
                                             // (nullptr: the line is not followed, or the
                                             // observer ignores it: ignore_position_before)
    const position::Board* after = nullptr;  // the line's position after the token (nullptr: the
                                             // line is not followed from here on)
    int depth = 0;                           // 0: the main line; n: inside n variations
    pgn::SourcePos at;
    // The main line's game after the token, with its history (repetitions, adjudication); only
    // where `after` is set at depth 0.
    const Game* game = nullptr;
};

struct CommentEvent {
    std::string_view text;                         // raw, as the reader delivered it
    std::span<const pgn::CommentCommand> commands; // its [%name value] commands, parsed once
    int depth = 0;
    pgn::SourcePos at;
};

// The consumer's side of the stream: every event is a no-op unless overridden.
class GameObserver {
public:
    virtual ~GameObserver() = default;
    // Whether the observer still wants the current game's movetext events (on at each
    // begin_game; see stop_listening).
    bool listening() const { return listening_; }
    virtual void begin_game(const GameRecord&) {}
    // The tag section is over; `start` is the start position (nullptr when it is invalid, or the
    // game is not read further: unsupported variant, rejected on its tags).
    virtual void tags_read(const GameRecord&, const position::Board* /*start*/) {}
    virtual void move(const MoveEvent&) {}
    virtual void comment(const CommentEvent&) {}
    virtual void nag(int /*code*/, int /*depth*/) {}
    virtual void begin_variation(int /*depth*/) {} // the depth inside it (1: a first-level variation)
    virtual void end_variation(int /*depth*/) {}   // the depth it closes (1: back to the main line)
    // The finished record (its verdict, status, diagnostics).
    virtual void end_game(GameRecord&) {}

protected:
    // The observer needs no more of this game's movetext events (an opening tree past its ply
    // limit): the walk then goes on at its unobserved speed, and the next event is end_game.
    void stop_listening() { listening_ = false; }
    // The observer reads no MoveEvent::before (always nullptr then): the walk spares the copy of
    // the position it makes before each move for it.
    void ignore_position_before() { wants_before_ = false; }

private:
    friend class GameChecker;
    friend GameRecord walk_moves(const position::Board& start, std::span<const Move> moves, GameObserver& observer);
    bool listening_ = true;
    bool wants_before_ = true;
};

// An observer that makes something of each game, its product (an opening tree's facts, the
// normalised PGN text, the replay page's move tree): after each game's end_game the run takes it
// with `take`, so that it travels with the game's record to the consumer that made the observer
// (run/pipeline.hpp). The type is the consumer's own: a consumer that reads another product
// does not compile.
template <class Product> class ProductObserver : public GameObserver {
public:
    using ProductType = Product;
    // This game's product into `out`, which holds an earlier game's (or a default one): all of
    // it is replaced, its buffers may be reused.
    virtual void take(Product& out) = 0;
};

} // namespace horde::game
