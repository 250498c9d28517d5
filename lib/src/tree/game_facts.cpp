#include "horde/tree/game_facts.hpp"

#include "horde/game/checker.hpp"
#include "horde/pgn/comment_commands.hpp"
#include "horde/position/writers.hpp"
#include "horde/tree/polyglot.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>

namespace horde::tree {

std::uint64_t position_key(Variant variant, std::uint64_t repetition_key) {
    // Chess keeps the repetition key as it is; the others are moved apart by a constant each, so
    // that a tree of mixed games never takes a Horde position for a chess one.
    static_assert(VARIANT_NB == 4, "a new variant needs a salt of its own here");
    constexpr std::uint64_t kVariantSalt[VARIANT_NB] = {0, 0x6A09E667F3BCC908ULL, 0xBB67AE8584CAA73BULL, 0x3C6EF372FE94F82BULL};
    return repetition_key ^ kVariantSalt[int(variant)];
}

namespace {

Outcome outcome_of(std::string_view result) {
    if (result == "1-0") return Outcome::WhiteWins;
    if (result == "0-1") return Outcome::BlackWins;
    if (result == "1/2-1/2") return Outcome::Draw;
    return Outcome::Unfinished;
}

int leading_number(std::string_view text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && value > 0 ? value : 0;
}

// "2024.01.31" as 20240131; unknown parts ("2024.??.??") as 0; no year: 0.
std::uint32_t date_number(std::string_view date) {
    if (date.size() < 4) return 0;
    const int year = leading_number(date.substr(0, 4));
    if (year == 0) return 0;
    const int month = date.size() >= 7 ? leading_number(date.substr(5, 2)) : 0;
    const int day = date.size() >= 10 ? leading_number(date.substr(8, 2)) : 0;
    return std::uint32_t(year * 10000 + (month <= 12 ? month : 0) * 100 + (day <= 31 ? day : 0));
}

// TimeControl "300+3": the base and increment in seconds (lichess, and the PGN standard's
// "moves/seconds" or "-" give no clock to count from).
struct Clock {
    double base = -1, increment = 0;
};
Clock time_control(std::string_view tc) {
    Clock c;
    const std::size_t plus = tc.find('+');
    const auto base = pgn::clock_seconds(tc.substr(0, plus));
    if (!base || tc.find('/') != std::string_view::npos) return c;
    c.base = *base;
    if (plus != std::string_view::npos) {
        const auto inc = pgn::clock_seconds(tc.substr(plus + 1));
        if (!inc) return Clock{};
        c.increment = *inc;
    }
    return c;
}

class TreeObserver : public game::ProductObserver<GameFacts> {
public:
    explicit TreeObserver(const TreeObserverOptions& options) : options_(options) {}

    void begin_game(const game::GameRecord&) override {
        facts_.plies.clear(); // the buffers keep their capacity from game to game
        facts_.start_fen.clear();
        facts_.site.clear();
        facts_.date = 0;
        facts_.white_elo = facts_.black_elo = 0;
        following_ = false;
        last_move_ = -1;
        comments_.clear();
    }

    void tags_read(const game::GameRecord& record, const position::Board* start) override {
        facts_.white_elo = leading_number(record.tag("WhiteElo"));
        facts_.black_elo = leading_number(record.tag("BlackElo"));
        facts_.date = date_number(record.tag("Date"));
        if (facts_.date == 0) facts_.date = date_number(record.tag("UTCDate"));
        const std::string_view site = record.tag("Site");
        if (!site.empty() && site != "?") facts_.site = std::string(site);
        clock_ = time_control(record.tag("TimeControl"));
        last_clock_[0] = last_clock_[1] = clock_.base;
        if (!start) {
            stop_listening();
            return;
        }
        facts_.variant = start->variant();
        // A tree replays a position it shows from the game's start: kept only when it is not the
        // variant's (a FEN tag; the move counters do not matter to the positions' FENs and keys).
        if (!is_variant_start(*start)) position::append_fen(facts_.start_fen, *start, true);
        if (options_.polyglot && polyglot_supports(start->variant())) polyglot_key_ = polyglot_key(start->position());
        following_ = true;
        add_position(*start);
    }

    void move(const game::MoveEvent& e) override {
        if (e.depth != 0 || !following_) return;
        read_comments();
        if (e.kind == game::MoveEvent::Kind::EnPassantMark) return;
        if (e.kind != game::MoveEvent::Kind::Move || !e.before || !e.after) {
            following_ = false; // a null move or an unresolved token: the tree stops here
            stop_listening();
            return;
        }
        const int ply = int(facts_.plies.size()) - 1; // the position the move is played from
        if (ply >= options_.max_ply) {
            following_ = false;
            stop_listening(); // the rest of the game is read at the walk's unobserved speed
            return;
        }
        GamePly& p = facts_.plies.back();
        p.move = e.move;
        if (options_.polyglot && polyglot_supports(e.before->variant())) {
            p.polyglot_key = polyglot_key_;
            p.polyglot_move = polyglot_move(e.before->position(), e.move);
            polyglot_key_ = polyglot_key_after(polyglot_key_, e.before->position(), e.after->position(), e.move);
        }
        white_moved_ = e.before->side_to_move() == WHITE;
        last_move_ = ply;
        add_position(*e.after);
    }

    void comment(const game::CommentEvent& e) override {
        if (!options_.tree) return; // a book reads no comment
        if (e.depth != 0 || last_move_ < 0) return;
        if (!comments_.empty()) comments_ += '\n';
        comments_.append(e.text);
    }

    void end_game(game::GameRecord& record) override {
        read_comments();
        facts_.valid = record.valid();
        facts_.outcome = outcome_of(record.declared); // the Result tag is known once the game is read
        if (!facts_.plies.empty()) {
            // The last position kept has no move from it.
            if (!facts_.plies.back().move.is_none()) facts_.plies.back().move = Move::none();
        }
    }
    // A copy of exactly the game's size into the run's product, whose buffers are reused; facts_
    // keeps its own.
    void take(GameFacts& out) override { out = facts_; }

private:
    static std::int32_t milliseconds(double seconds) { return std::int32_t(std::lround(std::min(seconds, 1e6) * 1000)); }

    // The figures of the last move from the comments after it (read as the game tables read
    // them: pgn::read_move_figures gives pgn::read_move_data's values); the clocks go on from
    // each side's last %clk.
    void read_comments() {
        if (last_move_ < 0) return;
        GamePly& p = facts_.plies[std::size_t(last_move_)];
        last_move_ = -1;
        if (comments_.empty()) return;
        const pgn::MoveFigures figures = pgn::read_move_figures(comments_, white_moved_);
        comments_.clear();
        if (figures.eval && std::abs(*figures.eval) < 1e5) p.eval_cp = std::int32_t(std::lround(*figures.eval * 100));
        if (figures.emt) p.spent_ms = milliseconds(*figures.emt);
        const int side = white_moved_ ? 0 : 1;
        if (const auto clk = figures.clk) {
            if (p.spent_ms == kNoFigure && last_clock_[side] >= 0)
                p.spent_ms = milliseconds(std::max(0.0, last_clock_[side] - *clk + clock_.increment));
            last_clock_[side] = *clk;
        }
    }

    void add_position(const position::Board& board) {
        GamePly p;
        if (options_.tree) p.key = position_key(board.variant(), board.repetition_key());
        p.white_to_move = board.side_to_move() == WHITE;
        facts_.plies.push_back(p);
    }

    bool is_variant_start(const position::Board& board) {
        std::optional<position::Board>& start = starts_[std::size_t(board.variant())];
        if (!start) start.emplace(board.variant());
        const position::Position &a = board.position(), &b = start->position();
        return board.repetition_key() == start->repetition_key() &&
               std::equal(std::begin(a.board), std::end(a.board), std::begin(b.board)) &&
               std::equal(std::begin(a.castling_rook), std::end(a.castling_rook), std::begin(b.castling_rook));
    }

    TreeObserverOptions options_;
    GameFacts facts_;
    bool following_ = false;
    int last_move_ = -1;   // the ply whose move the next comment follows (-1: none)
    std::string comments_; // the comments after that move so far
    bool white_moved_ = false;
    std::uint64_t polyglot_key_ = 0; // of the position the next move is played from
    Clock clock_;
    double last_clock_[2] = {-1, -1};                               // each side's last %clk (seconds; -1: unknown)
    std::array<std::optional<position::Board>, VARIANT_NB> starts_; // each variant's start, by Variant
};

} // namespace

std::unique_ptr<game::ProductObserver<GameFacts>> make_tree_observer(const TreeObserverOptions& options) {
    return std::make_unique<TreeObserver>(options);
}

} // namespace horde::tree
