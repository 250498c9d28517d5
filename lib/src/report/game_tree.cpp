// Game trees for the replay page (game_tree.hpp): a consumer of the game walk's events
// (game/events.hpp), keeping every resolved move with its position.
#include "horde/report/game_tree.hpp"

#include "horde/notation/san.hpp"
#include "horde/report/pgn_writer.hpp"

#include <fmt/format.h>

namespace horde::report {

namespace {

GameNode start_node(const position::Board& start) {
    GameNode n;
    n.board = start;
    n.number = start.position().fullmove;
    n.white = start.side_to_move() == WHITE;
    return n;
}

// Appends the node of `move` played from node `parent` in a line at `depth`, reaching `after`
// (the walk's position: nothing is played again here); links it as the parent's continuation
// unless the parent already has one (a variation's first move).
int add_node(GameTree& tree, int parent, Move move, int depth, const position::Board& after) {
    const position::Board& before = tree.nodes[std::size_t(parent)].board;
    GameNode n;
    n.parent = parent;
    n.move = move;
    n.san = notation::to_san(before, move, after);
    n.depth = depth;
    n.board = after;
    n.number = before.position().fullmove;
    n.white = before.side_to_move() == WHITE;
    const int id = int(tree.nodes.size());
    tree.nodes.push_back(std::move(n));
    if (tree.nodes[std::size_t(parent)].next < 0) tree.nodes[std::size_t(parent)].next = id;
    return id;
}

// The consumer of the game walk's events that keeps every resolved move with its position; at
// the game's end the tree is its product (none when the game is invalid).
class TreeBuilder : public game::ProductObserver<std::optional<GameTree>> {
public:
    void begin_game(const game::GameRecord& record) override {
        tree_ = GameTree{};
        tree_.number = int(record.game);
        lines_.clear();
        started_ = false;
        finished_ = false;
    }
    void tags_read(const game::GameRecord&, const position::Board* start) override {
        if (!start) return;
        tree_.nodes.push_back(start_node(*start));
        lines_.push_back({0, -1});
        started_ = true;
    }
    void move(const game::MoveEvent& e) override {
        if (e.kind == game::MoveEvent::Kind::EnPassantMark || !started_) return;
        Line& line = lines_.back();
        const bool followed = e.before != nullptr && e.after != nullptr && line.current >= 0;
        if (!followed || e.kind != game::MoveEvent::Kind::Move) {
            // A null move, or a line the walk no longer follows: shown as written, not steppable.
            tree_.movetext.push_back({MovetextItem::Kind::Move, -1, std::string(e.token)});
            line.current = -1;
            return;
        }
        const int id = add_node(tree_, line.current, e.move, int(lines_.size()) - 1, *e.after);
        line.last = id;
        line.current = id;
        tree_.movetext.push_back({MovetextItem::Kind::Move, id, {}});
    }
    void nag(int code, int) override {
        if (started_) tree_.movetext.push_back({MovetextItem::Kind::Nag, 0, fmt::format("${}", code)});
    }
    void comment(const game::CommentEvent& e) override {
        std::string c = pgn_comment_text(e.text);
        if (!c.empty() && started_) tree_.movetext.push_back({MovetextItem::Kind::Comment, 0, std::move(c)});
    }
    void begin_variation(int) override {
        if (!started_) return;
        // A variation replaces the enclosing line's last move: it starts where that move started.
        const Line& outer = lines_.back();
        const int from = outer.last >= 0 ? tree_.nodes[std::size_t(outer.last)].parent : -1;
        lines_.push_back({from, -1});
        tree_.movetext.push_back({MovetextItem::Kind::Open, 0, {}});
    }
    void end_variation(int) override {
        if (!started_ || lines_.size() < 2) return;
        lines_.pop_back();
        if (tree_.movetext.back().kind == MovetextItem::Kind::Open) tree_.movetext.pop_back(); // empty variation
        else tree_.movetext.push_back({MovetextItem::Kind::Close, 0, {}});
    }
    void end_game(game::GameRecord& record) override {
        if (!record.valid() || !started_) return;
        tree_.title = game::game_players(record);
        tree_.tags = record.tags;
        tree_.result = !record.movetext_result.empty()       ? record.movetext_result
                       : game::parse_result(record.declared) ? record.declared
                                                             : std::string("*");
        tree_.outcome = std::string(game::record_status_name(record));
        // The main line: from the start, each node's continuation.
        for (int n = 0; n >= 0; n = tree_.nodes[std::size_t(n)].next) tree_.main_line.push_back(n);
        finished_ = true;
    }
    void take(std::optional<GameTree>& out) override {
        if (finished_) out = std::move(tree_);
        else out.reset();
    }

private:
    struct Line {
        int current; // the node the line's next move is played from (-1: not followed)
        int last;    // the node of the line's last move (-1: none yet)
    };
    GameTree tree_;
    std::vector<Line> lines_;
    bool started_ = false;  // the start position is valid and the movetext has begun
    bool finished_ = false; // the game is valid: tree_ is its tree
};

} // namespace

std::unique_ptr<game::ProductObserver<std::optional<GameTree>>> make_game_tree_builder() {
    return std::make_unique<TreeBuilder>();
}

} // namespace horde::report
