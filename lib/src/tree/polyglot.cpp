#include "horde/tree/polyglot.hpp"

#include "polyglot_random.hpp"

#include "horde/core/bitboard.hpp"
#include "horde/position/position.hpp"

#include <algorithm>
#include <numeric>

namespace horde::tree {

namespace {

constexpr int kCastlingOffset = 768;
constexpr int kEnPassantOffset = 772;
constexpr int kTurnOffset = 780;

// Polyglot's piece kinds: black pawn 0, white pawn 1, black knight 2, ... white king 11.
int polyglot_kind(Piece p) { return 2 * (int(type_of(p)) - int(PAWN)) + (color_of(p) == WHITE ? 1 : 0); }

// Polyglot's en passant rule: the square behind the pawn that double-stepped, kept only when a
// pawn of the side to move stands beside that pawn.
bool polyglot_ep(const position::Position& pos) {
    if (pos.ep == SQ_NONE) return false;
    const Color us = pos.side;
    const int pushed = int(pos.ep) + (us == WHITE ? -8 : 8); // the pawn that double-stepped
    const int file = pushed & 7;
    const Piece our_pawn = make_piece(us, PAWN);
    return (file > 0 && pos.board[pushed - 1] == our_pawn) || (file < 7 && pos.board[pushed + 1] == our_pawn);
}

} // namespace

std::uint64_t polyglot_key(const position::Position& pos) {
    std::uint64_t key = 0;
    for (Bitboard occupied = pos.pieces(); occupied;) {
        const Square s = pop_lsb(occupied);
        key ^= detail::kPolyglotRandom[64 * polyglot_kind(pos.board[s]) + s]; // s = 8 * rank + file
    }
    constexpr CastlingRights order[4] = {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO};
    for (int i = 0; i < 4; ++i)
        if (pos.castling & order[i]) key ^= detail::kPolyglotRandom[kCastlingOffset + i];
    if (polyglot_ep(pos)) key ^= detail::kPolyglotRandom[kEnPassantOffset + (pos.ep & 7)];
    if (pos.side == WHITE) key ^= detail::kPolyglotRandom[kTurnOffset];
    return key;
}

std::uint16_t polyglot_move(const position::Position& pos, Move move) {
    Square to = move.to();
    const Square from = move.from();
    // Chess castling is stored as the king's own move (e1g1); Polyglot writes king takes rook.
    if (move.is_castling() && pos.piece_on(to) == NO_PIECE) {
        const Color us = pos.side;
        const bool king_side = file_of(to) > file_of(from);
        const CastlingRights right = us == WHITE ? (king_side ? WHITE_OO : WHITE_OOO) : (king_side ? BLACK_OO : BLACK_OOO);
        to = pos.castling_rook[castling_index(right)];
    }
    int promotion = 0;
    if (move.is_promotion()) {
        switch (move.promoted()) {
        case KNIGHT: promotion = 1; break;
        case BISHOP: promotion = 2; break;
        case ROOK: promotion = 3; break;
        case QUEEN: promotion = 4; break;
        default: break; // no Polyglot code (Orda's kheshig): Orda has no book
        }
    }
    return std::uint16_t((to & 7) | (to >> 3) << 3 | (from & 7) << 6 | (from >> 3) << 9 | promotion << 12);
}

std::uint32_t& PolyglotBookBuilder::entry_slot(std::uint64_t key, std::uint16_t move) {
    const std::size_t mask = entry_index_.size() - 1;
    for (std::size_t i = std::size_t(key ^ (std::uint64_t(move) * 0x9E3779B97F4A7C15ULL)) & mask;; i = (i + 1) & mask) {
        std::uint32_t& slot = entry_index_[i];
        if (slot == kNone || (entries_[slot].key == key && entries_[slot].move == move)) return slot;
    }
}

std::uint32_t& PolyglotBookBuilder::first_of_key_slot(std::uint64_t key) {
    const std::size_t mask = key_index_.size() - 1;
    for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
        std::uint32_t& slot = key_index_[i];
        if (slot == kNone || entries_[slot].key == key) return slot;
    }
}

void PolyglotBookBuilder::grow() {
    const std::size_t size = std::max<std::size_t>(1024, entry_index_.size() * 2);
    entry_index_.assign(size, kNone);
    key_index_.assign(size, kNone);
    for (std::uint32_t i = 0; i < entries_.size(); ++i) {
        entry_slot(entries_[i].key, entries_[i].move) = i;
        std::uint32_t& first = first_of_key_slot(entries_[i].key);
        if (first == kNone) first = i; // entries of a key are linked from the first one
    }
}

void PolyglotBookBuilder::prefetch(std::uint64_t key, std::uint16_t move) const {
    if (entry_index_.empty()) return;
    const std::size_t mask = entry_index_.size() - 1;
    __builtin_prefetch(&entry_index_[std::size_t(key ^ (std::uint64_t(move) * 0x9E3779B97F4A7C15ULL)) & mask]);
    __builtin_prefetch(&key_index_[std::size_t(key) & mask]);
}

void PolyglotBookBuilder::prefetch_entry(std::uint64_t key, std::uint16_t move) {
    if (entry_index_.empty()) return;
    const std::uint32_t slot = entry_slot(key, move);
    if (slot != kNone) __builtin_prefetch(&entries_[slot]);
}

void PolyglotBookBuilder::add_move(std::uint64_t key, std::uint16_t move, bool white_moved) {
    const int result = white_moved ? result_ : -result_;
    if (2 * (entries_.size() + 1) > entry_index_.size()) grow();
    std::uint32_t& slot = entry_slot(key, move);
    if (slot == kNone) {
        slot = std::uint32_t(entries_.size());
        std::uint32_t& first = first_of_key_slot(key);
        if (first == kNone) {
            first = slot;
        } else { // append to the position's list (order does not matter to the halving)
            entries_.push_back(Entry{key, move, white_moved, 0, 0, entries_[first].next_of_key});
            entries_[first].next_of_key = slot;
        }
        if (entries_.size() == slot) entries_.push_back(Entry{key, move, white_moved});
    }
    Entry& e = entries_[slot];
    ++e.games;
    e.score += std::uint32_t(result + 1);
    if (e.games >= 16384) halve(first_of_key_slot(key));
}

void PolyglotBookBuilder::halve(std::uint32_t first) {
    for (std::uint32_t i = first; i != kNone; i = entries_[i].next_of_key) {
        entries_[i].games = (entries_[i].games + 1) / 2;
        entries_[i].score = (entries_[i].score + 1) / 2;
    }
}

std::vector<PolyglotEntry> PolyglotBookBuilder::entries(const PolyglotBookOptions& options) const {
    auto weight = [&](const Entry& e) { return options.uniform ? 1u : e.score; };
    std::vector<std::uint32_t> kept;
    for (std::uint32_t i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        if (int(e.games) < options.min_games || e.score == 0) continue;
        const double score = double(e.score) / double(e.games) / 2.0;
        if (score < options.min_score / 100.0) continue;
        if ((options.only_white && !e.white) || (options.only_black && e.white)) continue;
        if (weight(e) == 0) continue;
        kept.push_back(i);
    }
    // make-book's sort keeps the order of first appearance among equal keys and weights.
    std::stable_sort(kept.begin(), kept.end(), [&](std::uint32_t a, std::uint32_t b) {
        const Entry& x = entries_[a];
        const Entry& y = entries_[b];
        if (x.key != y.key) return x.key < y.key;
        return weight(x) > weight(y);
    });
    std::vector<PolyglotEntry> out;
    out.reserve(kept.size());
    for (const std::uint32_t i : kept)
        out.push_back({entries_[i].key, entries_[i].move, std::uint16_t(std::min(weight(entries_[i]), 0xFFFFu))});
    return out;
}

std::string polyglot_book_bytes(const std::vector<PolyglotEntry>& entries) {
    std::string out;
    out.reserve(entries.size() * 16);
    auto put = [&](std::uint64_t v, int bytes) {
        for (int i = bytes - 1; i >= 0; --i) out += char((v >> (8 * i)) & 0xFF);
    };
    for (const PolyglotEntry& e : entries) {
        put(e.key, 8);
        put(e.move, 2);
        put(e.weight, 2);
        put(0, 4);
    }
    return out;
}

} // namespace horde::tree
