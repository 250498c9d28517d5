#include "horde/report/position_list.hpp"

#include "horde/notation/san.hpp"
#include "horde/position/writers.hpp"
#include "horde/report/json.hpp"

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
// Where a JSON row's game number is: right after its first key ({"game":N,...: report/json.hpp).
constexpr std::size_t kJsonNumberAt = sizeof("{\"game\":") - 1;

} // namespace

void ListedLines::clear() {
    text.clear();
    walked.clear();
    lines.clear();
    count = 0;
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

void PositionLister::format_game(ListedLines& out, std::uint32_t game_in_batch, const game::MainLinePositions& positions) const {
    if (!positions.listed) return;
    if (fen_lines_as_walked()) {
        // The common case: the FEN lines as the walk wrote them (already in `out.walked` when
        // the walk wrote them there; then `fens` is empty).
        out.walked.append(positions.fens);
        out.count += positions.positions.size() + positions.lines_written;
        return;
    }
    const std::uint64_t game = 0; // the placeholder of the number (one byte), written by `write`
    char* number_at = nullptr;
    char line[kMaxLine];
    for (const game::MainLinePosition& p : positions.positions) {
        Writer w{line};
        char uci_text[position::kMaxUciLength + 1];
        std::string_view uci;
        if (p.null_move) uci = "0000";
        else if (!p.reached_by.is_none())
            uci = std::string_view(uci_text, std::size_t(position::write_uci(uci_text, p.reached_by) - uci_text));
        switch (options_.format) {
        case ListFormat::Fen: w.put(positions.fen(p)); break;
        case ListFormat::Epd:
            w.put(positions.fen(p));
            w.put(" id \"");
            number_at = w.p;
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
            number_at = w.p;
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
            number_at = line + kJsonNumberAt;
            break;
        }
        w.put('\n');
        const std::size_t begin = out.text.size();
        out.text.append(line, std::size_t(w.p - line));
        ++out.count;
        out.lines.push_back({std::uint32_t(out.text.size()),
                             number_at ? std::uint32_t(begin + std::size_t(number_at - line)) : ListedLines::kNoNumber,
                             game_in_batch, p.key});
    }
}

void PositionLister::write(const ListedLines& lines, std::uint64_t games) {
    const std::uint64_t first = games_ + 1; // the batch's first game number
    games_ += games;
    if (lines.lines.empty()) { // FEN lines, all of them
        lines_ += lines.count;
        // A large run of lines goes to the sink as it is, not through the buffer (one copy less).
        write_run(lines.text);
        lines.walked.for_each_piece([this](std::string_view piece) { write_run(piece); });
        return;
    }
    const std::string_view text = lines.text;
    std::size_t begin = 0;
    for (const ListedLines::Line& line : lines.lines) {
        const std::size_t end = line.end;
        if (!options_.unique || seen_.insert(line.key).second) {
            ++lines_;
            if (line.number_at == ListedLines::kNoNumber) {
                append(text.substr(begin, end - begin));
            } else {
                char number[24];
                const char* number_end = std::to_chars(number, number + sizeof number, first + line.game_in_batch).ptr;
                buffer_.append(text.substr(begin, line.number_at - begin));
                buffer_.append(number, std::size_t(number_end - number));
                append(text.substr(line.number_at + 1, end - line.number_at - 1)); // past the placeholder
            }
        }
        begin = end;
    }
}

void PositionLister::write_run(std::string_view text) {
    if (text.size() < kDirectWrite) {
        append(text);
        return;
    }
    flush();
    sink_(text);
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
