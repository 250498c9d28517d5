#include "horde/tree/polyglot.hpp"

#include "polyglot_random.hpp"

#include "horde/core/bitboard.hpp"
#include "horde/position/position.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <unistd.h>

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

std::uint64_t polyglot_key_after(std::uint64_t key, const position::Position& before, const position::Position& after,
                                 Move move) {
    auto piece_key = [](Piece p, Square s) { return detail::kPolyglotRandom[64 * polyglot_kind(p) + s]; };
    const Square from = move.from(), to = move.to();
    if (!move.is_castling() && !move.is_en_passant()) { // the mover leaves `from`; `to` changes hands
        key ^= piece_key(before.board[from], from) ^ piece_key(after.board[to], to);
        if (before.board[to] != NO_PIECE) key ^= piece_key(before.board[to], to);
    } else {
        Bitboard changed = square_bb(from) | square_bb(to);
        if (move.is_castling()) changed |= rank_bb(rank_of(from)); // king and rook, Chess960's too
        else changed |= square_bb(make_square(file_of(to), rank_of(from)));
        while (changed) {
            const Square s = pop_lsb(changed);
            if (before.board[s] != NO_PIECE) key ^= piece_key(before.board[s], s);
            if (after.board[s] != NO_PIECE) key ^= piece_key(after.board[s], s);
        }
    }
    // Castling rights are bits 1, 2, 4, 8 in Polyglot's order (white O-O, O-O-O, black O-O, O-O-O).
    static_assert(WHITE_OO == 1 && WHITE_OOO == 2 && BLACK_OO == 4 && BLACK_OOO == 8);
    for (unsigned lost = unsigned(before.castling ^ after.castling) & 15; lost; lost &= lost - 1)
        key ^= detail::kPolyglotRandom[kCastlingOffset + __builtin_ctz(lost)];
    if (polyglot_ep(before)) key ^= detail::kPolyglotRandom[kEnPassantOffset + (before.ep & 7)];
    if (polyglot_ep(after)) key ^= detail::kPolyglotRandom[kEnPassantOffset + (after.ep & 7)];
    return key ^ detail::kPolyglotRandom[kTurnOffset];
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

PolyglotBookBuilder::PolyglotBookBuilder(std::size_t memory_bytes, const std::string& temp_dir)
    // At least two chunks a bucket: below that a spill would write a sliver of each bucket.
    : memory_bytes_(std::max(memory_bytes, 2 * Store::kBuckets * detail::ChunkArena::kMaxChunkBytes)),
      moves_(detail::temp_dir_or_default(temp_dir), detail::ChunkArena::kMaxChunkBytes, Store::huge_pages_for(memory_bytes_)) {}

PolyglotBookBuilder::~PolyglotBookBuilder() = default;

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFF;

// An entry of the book as counted from one bucket's moves.
struct CountedEntry {
    std::uint64_t key;
    std::uint16_t move;
    bool white;                         // of its first appearance
    std::uint32_t games = 0, score = 0; // score: 2 per win, 1 per draw, of the side that moved
    std::uint32_t next_of_key = kNone;  // the next entry of the same position (the halving's list)
};

// make-book's counting over a bucket's moves in input order, in tables that fit the cache (open
// addressing; the keys are Zobrist keys, as good as a hash): entries in order of first
// appearance, and a position's entries linked for the halving.
class BucketCounter {
public:
    // `min_games`: entries of fewer games are not wanted. Most entries of a big book are played
    // once; a first pass over 2-bit counters (in L1) finds the moves played at least min_games
    // times (or 3: the counters stop there), and only those are counted exactly. A move left out
    // never reaches 16384 games, and the halving of its position would only have made it smaller:
    // the entries kept and their order are those of counting every move.
    template <class Record> void count(const std::vector<Record>& records, int min_games) {
        const unsigned wanted = unsigned(std::clamp(min_games, 1, 3));
        candidates_.clear();
        if (wanted > 1) {
            std::size_t counters = 256; // 2 bits each, four to a byte: four a record
            while (counters < 4 * records.size()) counters *= 2;
            seen_.assign(counters / 4, 0);
            auto counter = [&](const Record& r) {
                const std::uint64_t key = std::uint64_t(r.key_low) | std::uint64_t(r.key_high) << 32;
                const std::size_t i =
                    std::size_t((key ^ (std::uint64_t(std::uint16_t(r.code)) * 0x9E3779B97F4A7C15ULL)) >> 7) & (counters - 1);
                return std::pair{i / 4, unsigned(2 * (i % 4))};
            };
            for (const Record& r : records) {
                const auto [byte, shift] = counter(r);
                if (((seen_[byte] >> shift) & 3) < 3) seen_[byte] = std::uint8_t(seen_[byte] + (1u << shift));
            }
            for (std::uint32_t n = 0; n < records.size(); ++n) {
                const auto [byte, shift] = counter(records[n]);
                if (((seen_[byte] >> shift) & 3) >= wanted) candidates_.push_back(n);
            }
        } else {
            candidates_.resize(records.size());
            for (std::uint32_t n = 0; n < records.size(); ++n) candidates_[n] = n;
        }
        entries_.clear();
        std::size_t size = 64;
        while (size < 2 * candidates_.size()) size *= 2;
        entry_index_.assign(size, kNone);
        key_index_.assign(size, kNone);
        for (const std::uint32_t n : candidates_) {
            const Record& r = records[n];
            const std::uint64_t key = std::uint64_t(r.key_low) | std::uint64_t(r.key_high) << 32;
            const auto move = std::uint16_t(r.code);
            std::uint32_t& slot = entry_slot(key, move);
            if (slot == kNone) {
                slot = std::uint32_t(entries_.size());
                entries_.push_back(CountedEntry{key, move, ((r.code >> 18) & 1) != 0});
                std::uint32_t& first = first_of_key_slot(key);
                if (first == kNone) {
                    first = slot;
                } else { // second in the position's list (the order does not matter to the halving)
                    entries_[slot].next_of_key = entries_[first].next_of_key;
                    entries_[first].next_of_key = slot;
                }
            }
            CountedEntry& e = entries_[slot];
            ++e.games;
            e.score += (r.code >> 16) & 3;
            if (e.games >= 16384) halve(first_of_key_slot(key));
        }
    }
    const std::vector<CountedEntry>& entries() const { return entries_; }

private:
    std::uint32_t& entry_slot(std::uint64_t key, std::uint16_t move) {
        const std::size_t mask = entry_index_.size() - 1;
        for (std::size_t i = std::size_t(key ^ (std::uint64_t(move) * 0x9E3779B97F4A7C15ULL)) & mask;; i = (i + 1) & mask) {
            std::uint32_t& slot = entry_index_[i];
            if (slot == kNone || (entries_[slot].key == key && entries_[slot].move == move)) return slot;
        }
    }
    // The low bits of the key pick the slot: the bucket was chosen by its high bits.
    std::uint32_t& first_of_key_slot(std::uint64_t key) {
        const std::size_t mask = key_index_.size() - 1;
        for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
            std::uint32_t& slot = key_index_[i];
            if (slot == kNone || entries_[slot].key == key) return slot;
        }
    }
    void halve(std::uint32_t first) {
        for (std::uint32_t i = first; i != kNone; i = entries_[i].next_of_key) {
            entries_[i].games = (entries_[i].games + 1) / 2;
            entries_[i].score = (entries_[i].score + 1) / 2;
        }
    }

    std::vector<CountedEntry> entries_;
    std::vector<std::uint32_t> entry_index_, key_index_;
    std::vector<std::uint8_t> seen_;        // the first pass's counters
    std::vector<std::uint32_t> candidates_; // the records counted exactly, in input order
};

} // namespace

// Buckets hold ranges of keys in key order, so the book is their entries one bucket after another.
std::vector<PolyglotEntry> PolyglotBookBuilder::entries(const PolyglotBookOptions& options) const {
    std::vector<PolyglotEntry> out;
    std::vector<Record> records;
    BucketCounter counter;
    std::vector<std::uint32_t> kept;
    for (std::size_t b = 0; b < Store::kBuckets; ++b) {
        records.clear();
        moves_.read_bucket(b, records);
        if (records.empty()) continue;
        counter.count(records, options.min_games);
        const std::vector<CountedEntry>& counted = counter.entries();
        auto weight = [&](const CountedEntry& e) { return options.uniform ? 1u : e.score; };
        kept.clear();
        for (std::uint32_t i = 0; i < counted.size(); ++i) {
            const CountedEntry& e = counted[i];
            if (int(e.games) < options.min_games || e.score == 0) continue;
            const double score = double(e.score) / double(e.games) / 2.0;
            if (score < options.min_score / 100.0) continue;
            if ((options.only_white && !e.white) || (options.only_black && e.white)) continue;
            if (weight(e) == 0) continue;
            kept.push_back(i);
        }
        // make-book's sort keeps the order of first appearance among equal keys and weights.
        std::stable_sort(kept.begin(), kept.end(), [&](std::uint32_t i, std::uint32_t j) {
            const CountedEntry& x = counted[i];
            const CountedEntry& y = counted[j];
            if (x.key != y.key) return x.key < y.key;
            return weight(x) > weight(y);
        });
        for (const std::uint32_t i : kept)
            out.push_back({counted[i].key, counted[i].move, std::uint16_t(std::min(weight(counted[i]), 0xFFFFu))});
    }
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
