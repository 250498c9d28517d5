#include "rows.hpp"

#include "horde/db/database.hpp"
#include "horde/db/explorer.hpp"

#include <algorithm>

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

std::string position_row_key(std::uint64_t position, const RowClass& c) {
    std::string k = position_prefix(kPosition, position);
    put_be(k, c.month, 2);
    k += char(c.speed);
    k += char(c.band);
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

std::string encode(const PositionRow& row) {
    std::string out;
    put_results(out, row.results);
    put_varint(out, row.min_ply);
    put_listed(out, row.top);
    put_listed(out, row.recent);
    return out;
}

std::string encode(const MoveRow& row) {
    std::string out;
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
    return out;
}

PositionRow decode_position_row(std::string_view value) {
    Reader r(value);
    PositionRow row;
    row.results = get_results(r);
    row.min_ply = std::uint16_t(r.varint());
    row.top = get_listed(r);
    row.recent = get_listed(r);
    return row;
}

MoveRow decode_move_row(std::string_view value) {
    Reader r(value);
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

std::string merge_values(std::string_view key, std::string_view existing, std::string_view value) {
    if (!key.empty() && key[0] == kPosition) {
        PositionRow row = decode_position_row(existing);
        row.add(decode_position_row(value));
        return encode(row);
    }
    if (!key.empty() && key[0] == kMove) {
        MoveRow row = decode_move_row(existing);
        row.add(decode_move_row(value));
        return encode(row);
    }
    return std::string(value);
}

} // namespace horde::db::rows
