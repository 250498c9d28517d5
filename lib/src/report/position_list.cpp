#include "horde/report/position_list.hpp"

#include "horde/notation/san.hpp"
#include "horde/report/json.hpp"
#include "horde/position/writers.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <utility>
#include <vector>

namespace horde::report {

std::optional<ListFormat> parse_list_format(std::string_view text) {
    if (text == "fen") return ListFormat::Fen;
    if (text == "epd") return ListFormat::Epd;
    if (text == "tsv") return ListFormat::Tsv;
    if (text == "json") return ListFormat::Json;
    return std::nullopt;
}

namespace {

// A key per position for --unique: the repetition key, told apart per variant.
std::uint64_t unique_key(const position::Board& b) {
    return b.repetition_key() ^ (std::uint64_t(b.variant()) * 0x9E3779B97F4A7C15ULL);
}

// Writes into a buffer known to have room for one line (PositionLister::kMaxLine bytes).
struct Writer {
    char* p;
    void put(char c) { *p++ = c; }
    void put(std::string_view s) {
        std::memcpy(p, s.data(), s.size());
        p += s.size();
    }
    void number(std::uint64_t n) { p = std::to_chars(p, p + 24, n).ptr; }
    void uci(Move m) { p = position::write_uci(p, m); }
    void fen(const position::Board& b, bool with_counters) { p = position::write_fen(p, b, with_counters); }
};

} // namespace

PositionLister::PositionLister(ListOptions options, Sink sink, std::size_t chunk)
    : options_(options), sink_(std::move(sink)), chunk_(std::max<std::size_t>(chunk, 1)),
      buffer_(new char[chunk_ + kMaxLine]) {
    any_selector_ = options_.start || options_.final || options_.ply >= 0 || options_.every > 0;
    if (options_.format == ListFormat::Tsv) {
        Writer w{buffer_.get()};
        w.put("game\tply\tsan\tuci\tfen\n");
        used_ = std::size_t(w.p - buffer_.get());
    }
}

PositionLister::~PositionLister() {
    try {
        flush();
    } catch (...) { // the sink's exception, when an earlier one unwinds the caller
    }
}

void PositionLister::flush() {
    if (!used_) return;
    // Emptied first: a sink that throws (a failed write) is not handed the same bytes again.
    const std::size_t used = std::exchange(used_, 0);
    sink_(std::string_view(buffer_.get(), used));
}

bool PositionLister::selected(int ply, int last) const {
    if (!any_selector_) return true;
    return (options_.start && ply == 0) || (options_.final && ply == last) || ply == options_.ply ||
           (options_.every > 0 && ply % options_.every == 0);
}

void PositionLister::emit(const position::Board& b, int ply, Move played, std::string_view played_san, Move next) {
    if (options_.unique && !seen_.insert(unique_key(b)).second) return;
    ++lines_;
    // used_ < chunk_ here, so a line of up to kMaxLine bytes fits.
    Writer w{buffer_.get() + used_};
    switch (options_.format) {
    case ListFormat::Fen:
        w.fen(b, true);
        break;
    case ListFormat::Epd:
        w.fen(b, false);
        w.put(" id \"");
        w.number(games_);
        w.put(':');
        w.number(std::uint64_t(ply));
        w.put("\";");
        if (!next.is_none()) {
            w.put(" sm \"");
            w.put(notation::to_san(b, next));
            w.put("\";");
        }
        break;
    case ListFormat::Tsv:
        w.number(games_);
        w.put('\t');
        w.number(std::uint64_t(ply));
        w.put('\t');
        if (played.is_none()) {
            w.put("-\t-\t");
        } else {
            w.put(played_san);
            w.put('\t');
            w.uci(played);
            w.put('\t');
        }
        w.fen(b, true);
        break;
    case ListFormat::Json:
        w.p = write_list_row_json(w.p, games_, std::uint64_t(ply), played, played_san, b);
        break;
    }
    w.put('\n');
    used_ = std::size_t(w.p - buffer_.get());
    if (used_ >= chunk_) flush();
}

std::uint64_t PositionLister::list_game(const game::GameRecord& r) {
    // A game --where did not select counts (its GAME number) but lists nothing.
    return list_game(r.start && r.selected ? &*r.start : nullptr, r.valid(), r.moves);
}

std::uint64_t PositionLister::list_game(const position::Board* start, bool valid, std::span<const Move> moves) {
    ++games_;
    if (!start || (!valid && !options_.keep_partial)) return 0;
    const std::uint64_t before = lines_;
    const int last = int(moves.size());
    // SAN of the move that reached a position: TSV and JSON only (EPD writes the next move's).
    const bool reach_san = options_.format == ListFormat::Tsv || options_.format == ListFormat::Json;
    position::Board b = *start;
    std::string san;
    Move played = Move::none();
    for (int ply = 0;; ++ply) {
        if (selected(ply, last)) emit(b, ply, played, san, ply < last ? moves[std::size_t(ply)] : Move::none());
        if (ply == last) break;
        played = moves[std::size_t(ply)];
        if (reach_san && selected(ply + 1, last)) san = notation::to_san(b, played);
        b.play(played);
    }
    return lines_ - before;
}

void ListBatch::add(const game::GameRecord& r) {
    const bool listed = r.start && r.selected; // see PositionLister::list_game
    state.push_back(!listed ? 0 : r.valid() ? 1 : 2);
    starts.push_back(listed ? *r.start : position::Board());
    if (listed) moves.insert(moves.end(), r.moves.begin(), r.moves.end());
    ends.push_back(moves.size());
}

void ListBatch::clear() {
    starts.clear();
    state.clear();
    moves.clear();
    ends.clear();
}

ThreadedPositionLister::ThreadedPositionLister(ListOptions options, PositionLister::Sink sink, std::size_t chunk)
    : lister_(options, std::move(sink), chunk) {
    worker_ = std::thread([this] { run(); });
}

ThreadedPositionLister::~ThreadedPositionLister() {
    try {
        finish();
    } catch (...) { // the sink's exception, when an earlier one unwinds the caller
    }
}

void ThreadedPositionLister::list_game(const game::GameRecord& r) {
    filling_.add(r);
    if (filling_.games() >= kBatchGames || filling_.moves.size() >= kBatchGames * 256) hand_over();
}

void ThreadedPositionLister::list_batch(ListBatch& batch) {
    if (filling_.games()) hand_over();
    std::swap(filling_, batch);
    if (filling_.games()) hand_over();
}

void ThreadedPositionLister::hand_over() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return !has_pending_; });
    if (failure_) {
        lock.unlock();
        filling_.clear();
        rethrow_failure();
    }
    std::swap(filling_, pending_);
    has_pending_ = true;
    lock.unlock();
    cv_.notify_all();
    filling_.clear();
}

void ThreadedPositionLister::rethrow_failure() {
    std::exception_ptr failure;
    {
        std::lock_guard lock(mutex_);
        failure = std::exchange(failure_, nullptr);
        // Later calls see no failure and hand over nothing: the worker drops what it gets.
    }
    if (failure) std::rethrow_exception(failure);
}

void ThreadedPositionLister::run() {
    bool stopped = false; // the sink has thrown
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [this] { return has_pending_ || done_; });
            if (!has_pending_) return; // done, and nothing left
            std::swap(pending_, working_);
            has_pending_ = false;
        }
        cv_.notify_all();
        if (!stopped) {
            try {
                std::size_t begin = 0;
                for (std::size_t g = 0; g < working_.games(); ++g) {
                    const std::size_t end = working_.ends[g];
                    lister_.list_game(working_.state[g] ? &working_.starts[g] : nullptr, working_.state[g] == 1,
                                      std::span<const Move>(working_.moves.data() + begin, end - begin));
                    begin = end;
                }
            } catch (...) {
                stopped = true;
                std::lock_guard lock(mutex_);
                failure_ = std::current_exception();
            }
        }
        working_.clear();
    }
}

void ThreadedPositionLister::finish() {
    if (finished_) return;
    finished_ = true;
    std::exception_ptr failure;
    try {
        if (filling_.games()) hand_over();
    } catch (...) {
        failure = std::current_exception(); // rethrown once the worker has stopped
    }
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    cv_.notify_all();
    worker_.join();
    if (failure) std::rethrow_exception(failure);
    rethrow_failure();
    lister_.flush();
}

std::string legal_moves_line(const position::Board& board, bool uci) {
    std::vector<std::string> names;
    for (Move m : board.legal_moves()) {
        if (uci) {
            std::string s;
            position::append_uci(s, m);
            names.push_back(std::move(s));
        } else {
            names.push_back(notation::to_san(board, m));
        }
    }
    std::sort(names.begin(), names.end());
    std::string line;
    for (const auto& n : names) {
        if (!line.empty()) line += ' ';
        line += n;
    }
    return line;
}

} // namespace horde::report
