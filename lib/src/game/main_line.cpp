// The main line's positions as the walk plays them (main_line.hpp).
#include "horde/game/main_line.hpp"

#include "horde/game/checker.hpp"
#include "horde/notation/san.hpp"
#include "horde/position/board.hpp"
#include "horde/position/writers.hpp"

#include <optional>

namespace horde::game {

std::uint64_t position_identity_key(const position::Board& board) {
    return board.repetition_key() ^ (std::uint64_t(board.variant()) * 0x9E3779B97F4A7C15ULL);
}

namespace {

// The last position of a line, kept until the next move (the final one when none comes).
struct Pending {
    position::Board board;
    std::optional<position::Board> before;
    int ply = 0;
    Move reached_by = Move::none();
    bool null_move = false;
};

class MainLineRecorder final : public MainLineObserver {
public:
    explicit MainLineRecorder(const MainLineOptions& options) : options_(options) {
        if (!options_.reached_san && !options_.next_san) ignore_position_before();
    }

    void write_fen_lines_to(io::BlockText* lines) override { lines_ = lines; }

    void begin_game(const GameRecord&) override {
        product_.listed = false;
        product_.clear();
        lines_begin_ = lines_ ? lines_->size() : 0;
        following_ = false;
        ply_ = 0;
        last_added_ply_ = -1;
        last_.reset();
        if (!options_.enabled) stop_listening();
    }

    void tags_read(const GameRecord& record, const position::Board* start) override {
        if (!options_.enabled || !start || !record.selected) {
            stop_listening();
            return;
        }
        following_ = true;
        product_.variant = start->variant();
        reached(*start, nullptr, Move::none(), false);
    }

    void move(const MoveEvent& e) override {
        if (!following_ || e.depth != 0 || e.kind == MoveEvent::Kind::EnPassantMark) return;
        const bool null_move = e.kind == MoveEvent::Kind::NullMove;
        if (!e.after || !(null_move || (e.kind == MoveEvent::Kind::Move && !e.move.is_none()))) {
            following_ = false; // the main line ends here (an error): its last position is the final one
            stop_listening();
            return;
        }
        ++ply_;
        if (options_.next_san && !null_move && !product_.positions.empty() && last_added_ply_ == ply_ - 1) {
            MainLinePosition& from = product_.positions.back();
            from.next_begin = san_size();
            product_.sans += notation::to_san(*e.before, e.move, *e.after);
            from.next_end = san_size();
        }
        reached(*e.after, e.before, null_move ? Move::none() : e.move, null_move);
        // Past the last pick (and the move played from it, for its SAN): the rest is not needed.
        if (!options_.pick.final && options_.pick.done_after(options_.next_san ? ply_ - 1 : ply_)) {
            following_ = false;
            stop_listening();
        }
    }

    void end_game(GameRecord& record) override {
        if (!options_.enabled || (last_added_ply_ < 0 && !last_)) return;
        product_.listed = record.selected && record.start && (record.valid() || options_.keep_partial);
        if (!product_.listed) {
            if (lines_) lines_->truncate(lines_begin_); // the lines written as the walk went
            return;
        }
        // The final position, when no other pick took it.
        if (options_.pick.final && last_ && last_added_ply_ != last_->ply)
            add(last_->board, last_->before ? &*last_->before : nullptr, last_->ply, last_->reached_by, last_->null_move);
    }

    void take(MainLinePositions& out) override {
        if (!product_.listed) product_.clear();
        std::swap(out, product_);
    }

private:
    // The line's position at ply_, reached from `before` by `move` (nullptr at the start).
    void reached(const position::Board& board, const position::Board* before, Move move, bool null_move) {
        if (options_.pick.picks_before_end(ply_)) {
            add(board, before, ply_, move, null_move);
            last_.reset();
        } else if (options_.pick.final) {
            // Kept until the next move: the final position when none comes.
            if (!last_) last_.emplace();
            last_->board = board;
            if (before && options_.reached_san) last_->before = *before;
            else last_->before.reset();
            last_->ply = ply_;
            last_->reached_by = move;
            last_->null_move = null_move;
        }
    }

    void add(const position::Board& board, const position::Board* before, int ply, Move move, bool null_move) {
        last_added_ply_ = ply;
        if (lines_) { // the FEN line and nothing else: the lines are all that is listed
            char* const line = lines_->room(position::kMaxFenLength + 1);
            char* end = position::write_fen(line, board, options_.fen_counters);
            *end++ = '\n';
            lines_->commit(std::size_t(end - line));
            // A block last written a few batches ago may be out of the cache: ask for the
            // lines ahead for writing, so that the next FENs do not wait for them.
            __builtin_prefetch(end + 1024, 1, 0);
            ++product_.lines_written;
            return;
        }
        MainLinePosition p;
        p.ply = ply;
        p.reached_by = move;
        p.null_move = null_move;
        p.white_moved = ply > 0 && board.side_to_move() == BLACK; // a null move passes the turn too
        if (options_.keys) p.key = position_identity_key(board);
        p.fen_begin = std::uint32_t(product_.fens.size());
        write_fen_line(board, product_.fens);
        p.fen_end = std::uint32_t(product_.fens.size() - 1);
        p.san_begin = san_size();
        if (options_.reached_san && before) {
            if (null_move) product_.sans += "--";
            else product_.sans += notation::to_san(*before, move, board);
        }
        p.san_end = p.next_begin = p.next_end = san_size();
        product_.positions.push_back(p);
    }

    // The board's FEN and a line end, appended to `out`.
    void write_fen_line(const position::Board& board, std::string& out) const {
        char fen[position::kMaxFenLength + 1];
        char* end = position::write_fen(fen, board, options_.fen_counters);
        *end++ = '\n';
        out.append(fen, std::size_t(end - fen));
    }

    std::uint32_t san_size() const { return std::uint32_t(product_.sans.size()); }

    MainLineOptions options_;
    MainLinePositions product_;
    io::BlockText* lines_ = nullptr; // write_fen_lines_to
    std::size_t lines_begin_ = 0;    // its size when the game began
    bool following_ = false;
    int ply_ = 0;
    int last_added_ply_ = -1;     // the ply of the last position added, -1: none yet
    std::optional<Pending> last_; // the last position, not picked (yet): see reached
};

} // namespace

std::unique_ptr<MainLineObserver> make_main_line_observer(const MainLineOptions& options) {
    return std::make_unique<MainLineRecorder>(options);
}

} // namespace horde::game
