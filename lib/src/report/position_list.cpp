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
