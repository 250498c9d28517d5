#include "horde/position_list.hpp"

#include "horde/san.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

namespace horde {

std::optional<ListFormat> parse_list_format(std::string_view text) {
    if (text == "fen") return ListFormat::Fen;
    if (text == "epd") return ListFormat::Epd;
    if (text == "tsv") return ListFormat::Tsv;
    if (text == "json") return ListFormat::Json;
    return std::nullopt;
}

namespace {

void append_number(std::string& out, std::uint64_t n) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
    out.append(digits, std::size_t(end - digits));
}

void append_square(std::string& out, Square s) {
    out += char('a' + file_of(s));
    out += char('1' + rank_of(s));
}

// A key per position for --unique: the repetition key, told apart per variant.
std::uint64_t unique_key(const Board& b) {
    return b.repetition_key() ^ (std::uint64_t(b.variant()) * 0x9E3779B97F4A7C15ULL);
}

} // namespace

void append_fen(std::string& out, const Board& board, bool with_counters) {
    const Position& pos = board.position();
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece p = pos.board[make_square(file, rank)];
            if (p == NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) out += char('0' + empty);
            empty = 0;
            out += piece_char(p);
        }
        if (empty) out += char('0' + empty);
        if (rank) out += '/';
    }
    out += pos.side == WHITE ? " w " : " b ";
    if (!pos.castling) out += '-';
    if (pos.castling & WHITE_OO) out += 'K';
    if (pos.castling & WHITE_OOO) out += 'Q';
    if (pos.castling & BLACK_OO) out += 'k';
    if (pos.castling & BLACK_OOO) out += 'q';
    out += ' ';
    if (pos.ep != SQ_NONE && board.ep_capture_is_legal()) append_square(out, pos.ep);
    else out += '-';
    if (with_counters) {
        out += ' ';
        append_number(out, pos.halfmove);
        out += ' ';
        append_number(out, pos.fullmove);
    }
}

void append_uci(std::string& out, Move m) {
    append_square(out, m.from());
    append_square(out, m.to());
    if (m.is_promotion()) out += char(piece_type_letter(m.promoted()) - 'A' + 'a');
}

PositionLister::PositionLister(ListOptions options, Sink sink, std::size_t chunk)
    : options_(options), sink_(std::move(sink)), chunk_(chunk) {
    any_selector_ = options_.start || options_.final || options_.ply >= 0 || options_.every > 0;
    out_.reserve(chunk_ + 4096);
    if (options_.format == ListFormat::Tsv) out_ += "game\tply\tsan\tuci\tfen\n";
}

PositionLister::~PositionLister() { flush(); }

void PositionLister::flush() {
    if (out_.empty()) return;
    sink_(out_);
    out_.clear();
}

bool PositionLister::selected(int ply, int last) const {
    if (!any_selector_) return true;
    return (options_.start && ply == 0) || (options_.final && ply == last) || ply == options_.ply ||
           (options_.every > 0 && ply % options_.every == 0);
}

void PositionLister::emit(const Board& b, int ply, Move played, std::string_view played_san, Move next) {
    if (options_.unique && !seen_.insert(unique_key(b)).second) return;
    ++lines_;
    switch (options_.format) {
    case ListFormat::Fen:
        append_fen(out_, b, true);
        break;
    case ListFormat::Epd:
        append_fen(out_, b, false);
        out_ += " id \"";
        append_number(out_, games_);
        out_ += ':';
        append_number(out_, std::uint64_t(ply));
        out_ += "\";";
        if (!next.is_none()) {
            out_ += " sm \"";
            out_ += to_san(b, next);
            out_ += "\";";
        }
        break;
    case ListFormat::Tsv:
        append_number(out_, games_);
        out_ += '\t';
        append_number(out_, std::uint64_t(ply));
        out_ += '\t';
        if (played.is_none()) {
            out_ += "-\t-\t";
        } else {
            out_ += played_san;
            out_ += '\t';
            append_uci(out_, played);
            out_ += '\t';
        }
        append_fen(out_, b, true);
        break;
    case ListFormat::Json:
        out_ += "{\"game\":";
        append_number(out_, games_);
        out_ += ",\"ply\":";
        append_number(out_, std::uint64_t(ply));
        if (played.is_none()) {
            out_ += ",\"san\":null,\"uci\":null";
        } else {
            // SAN and UCI never need JSON escapes.
            out_ += ",\"san\":\"";
            out_ += played_san;
            out_ += "\",\"uci\":\"";
            append_uci(out_, played);
            out_ += '"';
        }
        out_ += ",\"fen\":\"";
        append_fen(out_, b, true);
        out_ += "\",\"variant\":\"";
        out_ += variant_name(b.variant());
        out_ += "\"}";
        break;
    }
    out_ += '\n';
    if (out_.size() >= chunk_) flush();
}

std::uint64_t PositionLister::list_game(const GameRecord& r) {
    ++games_;
    if (!r.start || (!r.valid() && !options_.keep_partial)) return 0;
    const std::uint64_t before = lines_;
    const int last = int(r.moves.size());
    // SAN of the move that reached a position: TSV and JSON only (EPD writes the next move's).
    const bool reach_san = options_.format == ListFormat::Tsv || options_.format == ListFormat::Json;
    Board b = *r.start;
    std::string san;
    Move played = Move::none();
    for (int ply = 0;; ++ply) {
        if (selected(ply, last)) emit(b, ply, played, san, ply < last ? r.moves[std::size_t(ply)] : Move::none());
        if (ply == last) break;
        played = r.moves[std::size_t(ply)];
        if (reach_san && selected(ply + 1, last)) san = to_san(b, played);
        b.play(played);
    }
    return lines_ - before;
}

std::string legal_moves_line(const Board& board, bool uci) {
    std::vector<std::string> names;
    for (Move m : board.legal_moves()) {
        if (uci) {
            std::string s;
            append_uci(s, m);
            names.push_back(std::move(s));
        } else {
            names.push_back(to_san(board, m));
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

} // namespace horde
