#include "rows.hpp"

#include "horde/db/database.hpp"
#include "horde/db/explorer.hpp"

#include <algorithm>
#include <bit>

namespace horde::db::rows {

void put_varint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out += char(v | 0x80);
        v >>= 7;
    }
    out += char(v);
}

void put_signed(std::string& out, std::int64_t v) { put_varint(out, (std::uint64_t(v) << 1) ^ std::uint64_t(v >> 63)); }

void put_bytes(std::string& out, std::string_view s) {
    put_varint(out, s.size());
    out.append(s);
}

void put_be(std::string& out, std::uint64_t v, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) out += char((v >> (8 * i)) & 0xFF);
}

std::uint64_t Reader::varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (data_.empty()) throw DbError("a damaged value in the database (a number cut short)");
        const auto byte = std::uint8_t(data_.front());
        data_.remove_prefix(1);
        v |= std::uint64_t(byte & 0x7F) << shift;
        if (!(byte & 0x80)) return v;
    }
    throw DbError("a damaged value in the database (a number too long)");
}

std::int64_t Reader::signed_varint() {
    const std::uint64_t z = varint();
    return std::int64_t(z >> 1) ^ -std::int64_t(z & 1);
}

std::string_view Reader::bytes() {
    const std::uint64_t n = varint();
    if (n > data_.size()) throw DbError("a damaged value in the database (a text cut short)");
    const std::string_view s = data_.substr(0, n);
    data_.remove_prefix(n);
    return s;
}

std::uint64_t get_be(std::string_view key, std::size_t at, int bytes) {
    if (key.size() < at + std::size_t(bytes)) throw DbError("a damaged key in the database");
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = v << 8 | std::uint8_t(key[at + std::size_t(i)]);
    return v;
}

std::string position_prefix(char kind, std::uint64_t position) {
    std::string k(1, kind);
    put_be(k, position, 8);
    return k;
}

std::string move_row_key(std::uint64_t position, const RowClass& c, std::uint16_t move) {
    std::string k = position_prefix(kMove, position);
    put_be(k, c.month, 2);
    k += char(c.speed);
    k += char(c.band);
    put_be(k, move, 2);
    return k;
}

RowClass row_class_of_key(std::string_view key) {
    RowClass c;
    c.month = Month(get_be(key, 9, 2));
    c.speed = Speed(std::min<std::uint64_t>(get_be(key, 11, 1), std::uint64_t(Speed::Unknown)));
    c.band = std::uint8_t(get_be(key, 12, 1));
    return c;
}

std::uint16_t move_of_key(std::string_view key) { return std::uint16_t(get_be(key, 13, 2)); }

std::string serial_key(char kind, std::uint64_t serial) {
    std::string k(1, kind);
    put_be(k, serial, 8);
    return k;
}

std::string list_key(std::uint64_t position, std::uint64_t first_serial) {
    std::string k = position_prefix(kList, position);
    put_be(k, first_serial, 8);
    return k;
}

std::string solo_key(std::uint64_t run, std::uint64_t first_position) {
    std::string k = serial_key(kSolo, run);
    put_be(k, first_position, 8);
    return k;
}

namespace {

class BitWriter {
public:
    explicit BitWriter(std::string& out) : out_(out) {}
    void put(std::uint64_t v, unsigned bits) { // the low `bits` bits of v
        while (bits > 32) {
            put(v & 0xFFFFFFFFu, 32);
            v >>= 32;
            bits -= 32;
        }
        if (bits == 0) return;
        acc_ |= (v & ((std::uint64_t(1) << bits) - 1)) << used_;
        used_ += bits;
        while (used_ >= 8) {
            out_ += char(acc_ & 0xFF);
            acc_ >>= 8;
            used_ -= 8;
        }
    }
    void ones_then_zero(std::uint64_t n) {
        for (; n >= 32; n -= 32) put(0xFFFFFFFFu, 32);
        put((std::uint64_t(1) << n) - 1, unsigned(n) + 1); // n ones, then the zero above them
    }
    void flush() {
        if (used_) out_ += char(acc_ & 0xFF);
        acc_ = used_ = 0;
    }

private:
    std::string& out_;
    std::uint64_t acc_ = 0;
    unsigned used_ = 0;
};

class BitReader {
public:
    explicit BitReader(std::string_view data) : data_(data) {}
    std::uint64_t get(unsigned bits) {
        if (bits > 56) {
            const std::uint64_t low = get(32);
            return low | get(bits - 32) << 32;
        }
        if (at_ + bits > data_.size() * 8) cut_short();
        const std::uint64_t v = bits ? (window() & ((std::uint64_t(1) << bits) - 1)) : 0;
        at_ += bits;
        return v;
    }
    std::uint64_t ones() { // the ones before the next zero, which is read too
        std::uint64_t n = 0;
        for (;;) {
            const std::size_t left = data_.size() * 8 - at_;
            if (!left) cut_short();
            const unsigned run =
                std::min<unsigned>(unsigned(std::countr_one(window())), unsigned(std::min<std::size_t>(left, 56)));
            n += run;
            at_ += run;
            if (run < std::min<std::size_t>(left, 56)) {
                ++at_; // the zero
                return n;
            }
        }
    }

private:
    std::uint64_t window() const { // the bits from at_ on, at least 56 of them where there are
        const std::size_t byte = at_ / 8;
        std::uint64_t w = 0;
        const std::size_t n = std::min<std::size_t>(8, data_.size() - byte);
        for (std::size_t i = 0; i < n; ++i)
            w |= std::uint64_t(std::uint8_t(data_[byte + i])) << (8 * i); // the writer's byte order
        return w >> (at_ % 8);
    }
    [[noreturn]] static void cut_short() { throw DbError("a damaged value in the database (a solo row cut short)"); }
    std::string_view data_;
    std::size_t at_ = 0;
};

unsigned bits_for(std::uint64_t v) { return unsigned(std::bit_width(v)); }

} // namespace

std::optional<std::uint64_t> run_of_solo_key(std::string_view key) {
    if (key.size() != kSoloKeySize || key[0] != kSolo) return std::nullopt;
    return get_be(key, 1, 8);
}

void put_solo_entries(std::string& out, std::uint64_t run, const SoloEntry* begin, const SoloEntry* end) {
    const std::size_t n = std::size_t(end - begin);
    put_varint(out, n);
    if (!n) return;
    std::uint64_t max_serial = 0, max_ply = 0;
    for (const SoloEntry* e = begin; e != end; ++e) {
        max_serial = std::max(max_serial, e->serial - run);
        max_ply = std::max<std::uint64_t>(max_ply, e->ply);
    }
    const std::uint64_t mean_delta = n > 1 ? (end[-1].position - begin->position) / (n - 1) : 0;
    const unsigned rice = mean_delta ? bits_for(mean_delta) - 1 : 0, serial_bits = bits_for(max_serial),
                   ply_bits = bits_for(max_ply);
    out += char(rice);
    out += char(serial_bits);
    out += char(ply_bits);
    BitWriter w(out);
    for (const SoloEntry* e = begin; e != end; ++e) {
        if (e != begin) {
            const std::uint64_t delta = e->position - e[-1].position;
            w.ones_then_zero(delta >> rice);
            w.put(delta, rice);
        }
        w.put(e->serial - run, serial_bits);
        w.put(e->ply, ply_bits);
    }
    w.flush();
}

void decode_solo_row(std::string_view key, std::string_view value, std::vector<SoloEntry>& out) {
    out.clear();
    const std::uint64_t run = get_be(key, 1, 8);
    Reader r(value);
    const std::uint64_t n = r.varint();
    if (!n) return;
    const std::string_view rest = r.rest();
    if (rest.size() < 3 || n > rest.size() * 8) throw DbError("a damaged value in the database (a solo row's head)");
    const unsigned rice = std::uint8_t(rest[0]), serial_bits = std::uint8_t(rest[1]), ply_bits = std::uint8_t(rest[2]);
    if (rice > 63 || serial_bits > 64 || ply_bits > 16) throw DbError("a damaged value in the database (a solo row's widths)");
    BitReader bits(rest.substr(3));
    out.reserve(n);
    SoloEntry e;
    e.position = get_be(key, 9, 8);
    for (std::uint64_t i = 0; i < n; ++i) {
        if (i) {
            const std::uint64_t q = bits.ones();
            if (rice + bits_for(q) > 64) throw DbError("a damaged value in the database (a solo row's delta)");
            e.position += q << rice | bits.get(rice);
        }
        e.serial = run + bits.get(serial_bits);
        e.ply = std::uint16_t(bits.get(ply_bits));
        out.push_back(e);
    }
}

bool better_top(const ListedGame& a, const ListedGame& b) {
    if (a.rating != b.rating) return a.rating > b.rating;
    return a.serial < b.serial;
}

bool better_recent(const ListedGame& a, const ListedGame& b) {
    if (a.date != b.date) return a.date > b.date;
    return a.serial > b.serial;
}

namespace {

// The best kMaxListedGames of both lists (each best first, no game in both).
void merge_listed(std::vector<ListedGame>& mine, const std::vector<ListedGame>& other,
                  bool (*better)(const ListedGame&, const ListedGame&)) {
    if (other.empty()) return;
    std::vector<ListedGame> all;
    all.reserve(mine.size() + other.size());
    std::merge(mine.begin(), mine.end(), other.begin(), other.end(), std::back_inserter(all), better);
    if (all.size() > kMaxListedGames) all.resize(kMaxListedGames);
    mine = std::move(all);
}

void put_listed(std::string& out, const std::vector<ListedGame>& games) {
    put_varint(out, games.size());
    for (const ListedGame& g : games) {
        put_varint(out, g.serial);
        put_varint(out, g.rating);
        put_varint(out, g.date);
        put_varint(out, g.move);
    }
}

std::vector<ListedGame> get_listed(Reader& r) {
    std::vector<ListedGame> games(std::min<std::uint64_t>(r.varint(), kMaxListedGames * 2));
    for (ListedGame& g : games) {
        g.serial = r.varint();
        g.rating = std::uint16_t(r.varint());
        g.date = std::uint32_t(r.varint());
        g.move = std::uint16_t(r.varint());
    }
    return games;
}

void put_results(std::string& out, const tree::ResultCounts& c) {
    put_varint(out, c.games);
    put_varint(out, c.white);
    put_varint(out, c.draws);
    put_varint(out, c.black);
}

tree::ResultCounts get_results(Reader& r) {
    tree::ResultCounts c;
    c.games = std::uint32_t(r.varint());
    c.white = std::uint32_t(r.varint());
    c.draws = std::uint32_t(r.varint());
    c.black = std::uint32_t(r.varint());
    return c;
}

} // namespace

void PositionRow::add(const PositionRow& o) {
    results.add(o.results);
    min_ply = std::min(min_ply, o.min_ply);
    merge_listed(top, o.top, better_top);
    merge_listed(recent, o.recent, better_recent);
}

void MoveRow::add(const MoveRow& o) {
    sums.add(o.sums);
    if (o.first_serial && (!first_serial || o.first_serial < first_serial)) first_serial = o.first_serial;
}

namespace {

void put_position_row(std::string& out, const PositionRow& row) {
    put_results(out, row.results);
    put_varint(out, row.min_ply);
    put_listed(out, row.top);
    put_listed(out, row.recent);
}

void put_move_row(std::string& out, const MoveRow& row) {
    const tree::MoveSums& s = row.sums;
    put_results(out, s.results);
    put_varint(out, s.rated);
    put_signed(out, s.mover_elo_sum);
    put_signed(out, s.opponent_elo_sum);
    put_signed(out, s.mover_wins);
    put_signed(out, s.mover_losses);
    put_varint(out, s.evals);
    put_signed(out, s.eval_cp_sum);
    put_varint(out, s.timed);
    put_signed(out, s.spent_ms_sum);
    put_varint(out, s.first_date);
    put_varint(out, s.last_date);
    put_varint(out, row.first_serial);
}

PositionRow get_position_row(Reader& r) {
    PositionRow row;
    row.results = get_results(r);
    row.min_ply = std::uint16_t(r.varint());
    row.top = get_listed(r);
    row.recent = get_listed(r);
    return row;
}

MoveRow get_move_row(Reader& r) {
    MoveRow row;
    tree::MoveSums& s = row.sums;
    s.results = get_results(r);
    s.rated = std::uint32_t(r.varint());
    s.mover_elo_sum = r.signed_varint();
    s.opponent_elo_sum = r.signed_varint();
    s.mover_wins = std::int32_t(r.signed_varint());
    s.mover_losses = std::int32_t(r.signed_varint());
    s.evals = std::uint32_t(r.varint());
    s.eval_cp_sum = r.signed_varint();
    s.timed = std::uint32_t(r.varint());
    s.spent_ms_sum = r.signed_varint();
    s.first_date = std::uint32_t(r.varint());
    s.last_date = std::uint32_t(r.varint());
    row.first_serial = r.varint();
    return row;
}

// A row's value: its shape (which parts, or one game), then the parts or the game.
constexpr std::uint64_t kHasPosition = 1, kHasMove = 2, kSingleGame = 4;

} // namespace

void ClassMoveRow::add(const ClassMoveRow& o) {
    position.add(o.position);
    move.add(o.move);
}

ClassMoveRow row_of(const SingleGame& g, std::uint16_t move) {
    ClassMoveRow row;
    if (g.first) {
        PositionRow& p = row.position;
        p.results.add(g.outcome);
        p.min_ply = g.ply;
        ListedGame listed{g.serial, 0, g.date, move};
        if (g.white_elo > 0 && g.black_elo > 0) listed.rating = std::uint16_t(std::min((g.white_elo + g.black_elo) / 2, 65535));
        p.top = {listed};
        p.recent = {listed};
    }
    if (g.played) {
        tree::MoveSums& m = row.move.sums;
        row.move.first_serial = g.serial;
        m.results.add(g.outcome);
        const int mover = g.white_moved ? g.white_elo : g.black_elo;
        const int opponent = g.white_moved ? g.black_elo : g.white_elo;
        if (mover > 0 && opponent > 0 && g.outcome != tree::Outcome::Unfinished) {
            ++m.rated;
            m.mover_elo_sum += mover;
            m.opponent_elo_sum += opponent;
            const bool white_won = g.outcome == tree::Outcome::WhiteWins, black_won = g.outcome == tree::Outcome::BlackWins;
            if (g.white_moved ? white_won : black_won) ++m.mover_wins;
            if (g.white_moved ? black_won : white_won) ++m.mover_losses;
        }
        if (g.eval_cp != tree::kNoFigure) {
            ++m.evals;
            m.eval_cp_sum += g.eval_cp;
        }
        if (g.spent_ms != tree::kNoFigure) {
            ++m.timed;
            m.spent_ms_sum += g.spent_ms;
        }
        if (g.date) m.first_date = m.last_date = g.date;
    }
    return row;
}

std::string encode(const ClassMoveRow& row) {
    std::string out;
    const bool has_position = row.position.results.games > 0, has_move = row.move.sums.results.games > 0;
    put_varint(out, (has_position ? kHasPosition : 0) | (has_move ? kHasMove : 0));
    if (has_position) put_position_row(out, row.position);
    if (has_move) put_move_row(out, row.move);
    return out;
}

std::string encode(const SingleGame& g) {
    std::string out;
    put_varint(out, kSingleGame | (g.first ? kHasPosition : 0) | (g.played ? kHasMove : 0));
    put_varint(out, g.serial);
    put_varint(out, std::uint64_t(g.outcome));
    put_varint(out, std::uint64_t(std::max(g.white_elo, 0)));
    put_varint(out, std::uint64_t(std::max(g.black_elo, 0)));
    put_varint(out, g.date);
    if (g.first) put_varint(out, g.ply);
    if (g.played) {
        const bool eval = g.eval_cp != tree::kNoFigure, spent = g.spent_ms != tree::kNoFigure;
        put_varint(out, (g.white_moved ? 1 : 0) | (eval ? 2 : 0) | (spent ? 4 : 0));
        if (eval) put_signed(out, g.eval_cp);
        if (spent) put_signed(out, g.spent_ms);
    }
    return out;
}

ClassMoveRow decode_row(std::string_view key, std::string_view value) {
    Reader r(value);
    const std::uint64_t shape = r.varint();
    if (shape & kSingleGame) {
        SingleGame g;
        g.first = shape & kHasPosition;
        g.played = shape & kHasMove;
        g.serial = r.varint();
        g.outcome = tree::Outcome(std::uint8_t(std::min<std::uint64_t>(r.varint(), 3)));
        g.white_elo = int(std::min<std::uint64_t>(r.varint(), 1 << 20));
        g.black_elo = int(std::min<std::uint64_t>(r.varint(), 1 << 20));
        g.date = std::uint32_t(r.varint());
        if (g.first) g.ply = std::uint16_t(r.varint());
        if (g.played) {
            const std::uint64_t flags = r.varint();
            g.white_moved = flags & 1;
            if (flags & 2) g.eval_cp = std::int32_t(r.signed_varint());
            if (flags & 4) g.spent_ms = std::int32_t(r.signed_varint());
        }
        return row_of(g, move_of_key(key));
    }
    ClassMoveRow row;
    if (shape & kHasPosition) row.position = get_position_row(r);
    if (shape & kHasMove) row.move = get_move_row(r);
    return row;
}

std::string merge_values(std::string_view key, std::string_view existing, std::string_view value) {
    if (!key.empty() && key[0] == kMove) {
        ClassMoveRow row = decode_row(key, existing);
        row.add(decode_row(key, value));
        return encode(row);
    }
    return std::string(value);
}

} // namespace horde::db::rows
