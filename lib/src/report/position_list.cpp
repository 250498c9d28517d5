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

// Writes into a buffer known to have room for one line (kMaxLine bytes).
struct Writer {
    char* p;
    void put(char c) { *p++ = c; }
    void put(std::string_view s) {
        std::memcpy(p, s.data(), s.size());
        p += s.size();
    }
    void number(std::uint64_t n) { p = std::to_chars(p, p + 24, n).ptr; }
};

constexpr std::size_t kMaxLine = 1024; // longer than any line we write
constexpr std::size_t kDirectWrite = 32 << 10;

} // namespace

void ListedLines::clear() {
    text.clear();
    keys.clear();
    ends.clear();
    lines = 0;
}

PositionLister::PositionLister(ListOptions options, Sink sink, std::size_t chunk)
    : options_(options), sink_(std::move(sink)), chunk_(std::max<std::size_t>(chunk, 1)) {
    buffer_.reserve(chunk_ + kMaxLine);
    if (options_.format == ListFormat::Tsv) buffer_ += "game\tply\tsan\tuci\tfen\n";
}

PositionLister::~PositionLister() {
    try {
        flush();
    } catch (...) { // the sink's exception, when an earlier one unwinds the caller
    }
}

game::MainLineOptions PositionLister::main_line_options() const {
    game::MainLineOptions o;
    o.pick = {options_.start, options_.final, options_.ply, options_.every};
    o.keep_partial = options_.keep_partial;
    o.fen_counters = options_.format != ListFormat::Epd;
    // SAN of the move that reached a position: TSV and JSON; EPD writes the next move's.
    o.reached_san = options_.format == ListFormat::Tsv || options_.format == ListFormat::Json;
    o.next_san = options_.format == ListFormat::Epd;
    o.keys = options_.unique;
    return o;
}

void PositionLister::format_game(ListedLines& out, std::uint64_t game, const game::MainLinePositions& positions) const {
    if (!positions.listed) return;
    if (options_.format == ListFormat::Fen && !options_.unique) {
        // The common case: the FEN lines as the walk wrote them.
        out.text += positions.fens;
        out.lines += positions.positions.size();
        return;
    }
    char line[kMaxLine];
    for (const game::MainLinePosition& p : positions.positions) {
        Writer w{line};
        char uci_text[position::kMaxUciLength + 1];
        std::string_view uci;
        if (p.null_move) uci = "0000";
        else if (!p.reached_by.is_none()) uci = std::string_view(uci_text, std::size_t(position::write_uci(uci_text, p.reached_by) - uci_text));
        switch (options_.format) {
        case ListFormat::Fen:
            w.put(positions.fen(p));
            break;
        case ListFormat::Epd:
            w.put(positions.fen(p));
            w.put(" id \"");
            w.number(game);
            w.put(':');
            w.number(std::uint64_t(p.ply));
            w.put("\";");
            if (const std::string_view next = positions.next_san(p); !next.empty()) {
                w.put(" sm \"");
                w.put(next);
                w.put("\";");
            }
            break;
        case ListFormat::Tsv:
            w.number(game);
            w.put('\t');
            w.number(std::uint64_t(p.ply));
            w.put('\t');
            if (uci.empty()) {
                w.put("-\t-\t");
            } else {
                w.put(positions.reached_san(p));
                w.put('\t');
                w.put(uci);
                w.put('\t');
            }
            w.put(positions.fen(p));
            break;
        case ListFormat::Json:
            w.p = write_list_row_json(w.p, game, std::uint64_t(p.ply), positions.reached_san(p), uci, positions.fen(p),
                                      positions.variant);
            break;
        }
        w.put('\n');
        out.text.append(line, std::size_t(w.p - line));
        ++out.lines;
        if (options_.unique) {
            out.keys.push_back(p.key);
            out.ends.push_back(std::uint32_t(out.text.size()));
        }
    }
}

void PositionLister::write(const ListedLines& lines, std::uint64_t games) {
    games_ += games;
    if (!options_.unique) {
        lines_ += lines.lines;
        // A large run of lines goes to the sink as it is, not through the buffer (one copy less).
        if (buffer_.empty() && lines.text.size() >= kDirectWrite) sink_(lines.text);
        else append(lines.text);
        return;
    }
    std::size_t begin = 0;
    for (std::size_t i = 0; i < lines.keys.size(); ++i) {
        const std::size_t end = lines.ends[i];
        if (seen_.insert(lines.keys[i]).second) {
            ++lines_;
            append(std::string_view(lines.text).substr(begin, end - begin));
        }
        begin = end;
    }
}

void PositionLister::append(std::string_view text) {
    buffer_ += text;
    if (buffer_.size() >= chunk_) flush();
}

void PositionLister::flush() {
    if (buffer_.empty()) return;
    // Emptied however the sink returns: one that throws (a failed write) is not handed the
    // same bytes again.
    struct Emptied {
        std::string& buffer;
        ~Emptied() { buffer.clear(); }
    } emptied{buffer_};
    sink_(buffer_);
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
