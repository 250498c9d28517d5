#include "horde/db/games.hpp"

#include "horde/pgn/reader.hpp"
#include "rows.hpp"
#include "store_options.hpp"

#include <rocksdb/db.h>

#include <algorithm>
#include <charconv>
#include <memory>

namespace horde::db {

std::string_view StoredGame::tag(std::string_view name) const {
    for (const auto& [n, v] : tags)
        if (n == name) return v;
    return {};
}

namespace {

// Collects the tags of the first game and stops reading at its movetext.
struct TagCollector : pgn::PgnVisitor {
    std::vector<std::pair<std::string, std::string>>* tags = nullptr;
    void tag(std::string_view name, std::string_view value, const pgn::SourcePos&, bool) { tags->emplace_back(name, value); }
    pgn::Control begin_movetext(const pgn::SourcePos&) { return pgn::Control::SkipGame; }
};

} // namespace

std::vector<std::pair<std::string, std::string>> tags_of_pgn(std::string_view pgn) {
    std::vector<std::pair<std::string, std::string>> tags;
    TagCollector collector;
    collector.tags = &tags;
    auto reader = pgn::PgnReader::from_memory(pgn);
    reader.read_game(collector);
    return tags;
}

namespace {

// Whether the line at pgn[i] is `[name "value"]` exactly, ended by LF or CRLF (a tag pair in
// the form the reader reads at once: a letter first, name bytes, a value without '"', '\\',
// control bytes); i goes past it.
bool plain_tag_line(std::string_view pgn, std::size_t& i, std::string_view name, std::string_view value) {
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    for (char c : value)
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 32) return false;
    const std::size_t need = 1 + name.size() + 2 + value.size() + 2;
    if (pgn.size() - i < need + 1) return false;
    const char* p = pgn.data() + i;
    if (p[0] != '[' || pgn.compare(i + 1, name.size(), name) != 0 || p[1 + name.size()] != ' ' || p[2 + name.size()] != '"' ||
        pgn.compare(i + 3 + name.size(), value.size(), value) != 0 || p[need - 2] != '"' || p[need - 1] != ']')
        return false;
    i += need;
    if (pgn[i] == '\n') {
        ++i;
        return true;
    }
    if (pgn[i] == '\r' && i + 1 < pgn.size() && pgn[i + 1] == '\n') {
        i += 2;
        return true;
    }
    return false;
}

} // namespace

bool pgn_reads_as_tags(std::string_view pgn, const std::vector<std::pair<std::string, std::string>>& tags) {
    // The plainest form: the reader reads each line as that pair, and the tag section ends at the
    // first byte after them that is no blank or line end (the reader reads past those) and starts
    // no pair ('['), ';' comment or '%' line (which the tag section reads past too). The reader
    // says in the other cases: something before the pairs, a second Event (on the next line, the
    // one repeated name that starts a game), a name or a value past the reader's limits.
    std::size_t i = 0, events = 0;
    bool plain = !tags.empty();
    for (const auto& [name, value] : tags) {
        events += name == "Event";
        plain = events <= 1 && name.size() <= pgn::PgnReader::kMaxToken && value.size() < pgn::PgnReader::kMaxText &&
                plain_tag_line(pgn, i, name, value);
        if (!plain) break;
    }
    while (plain && i < pgn.size() &&
           (pgn[i] == ' ' || pgn[i] == '\t' || pgn[i] == '\n' || pgn[i] == '\r' || pgn[i] == '\f' || pgn[i] == '\v'))
        ++i;
    if (plain && i < pgn.size() && pgn[i] != '[' && pgn[i] != ';' && pgn[i] != '%') return true;
    return tags_of_pgn(pgn) == tags;
}

namespace rows {

std::string encode_game(const StoredGame& g) {
    std::string out;
    append_game(out, g);
    return out;
}

void append_game(std::string& out, const StoredGame& g) {
    put_bytes(out, g.id);
    put_bytes(out, g.source);
    put_varint(out, g.source_game);
    put_varint(out, std::uint64_t(g.variant) | (g.variant_forced ? 4 : 0));
    put_varint(out, std::uint64_t(g.outcome));
    put_varint(out, std::uint64_t(g.white_elo));
    put_varint(out, std::uint64_t(g.black_elo));
    put_varint(out, g.date);
    put_varint(out, std::uint64_t(g.speed));
    // 0: the tags are the PGN's (read again when decoded); else their count + 1, then each.
    put_varint(out, g.tags_in_pgn ? 0 : g.tags.size() + 1);
    if (!g.tags_in_pgn)
        for (const auto& [name, value] : g.tags) {
            put_bytes(out, name);
            put_bytes(out, value);
        }
    put_bytes(out, g.pgn);
}

StoredGame decode_game(std::uint64_t serial, std::string_view value, std::uint32_t format, bool with_tags) {
    Reader r(value);
    StoredGame g;
    g.serial = serial;
    g.id = r.bytes();
    g.source = r.bytes();
    g.source_game = r.varint();
    const std::uint64_t variant = r.varint();
    g.variant = Variant(std::uint8_t(variant & 3));
    g.variant_forced = variant & 4;
    g.outcome = tree::Outcome(std::uint8_t(std::min<std::uint64_t>(r.varint(), 3)));
    g.white_elo = int(r.varint());
    g.black_elo = int(r.varint());
    g.date = std::uint32_t(r.varint());
    g.speed = Speed(std::uint8_t(std::min<std::uint64_t>(r.varint(), std::uint64_t(Speed::Unknown))));
    // Format 3: 0 (the PGN's tags) or the count + 1; formats 1 and 2: the count.
    const std::uint64_t tags = r.varint();
    const bool tags_in_pgn = format >= 3 && tags == 0;
    const std::uint64_t count = format >= 3 ? (tags ? tags - 1 : 0) : tags;
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::string_view name = r.bytes(), text = r.bytes();
        if (with_tags) g.tags.emplace_back(std::string(name), std::string(text));
    }
    g.pgn = r.bytes();
    g.tags_in_pgn = tags_in_pgn;
    if (tags_in_pgn && with_tags) {
        g.tags = tags_of_pgn(g.pgn);
    }
    return g;
}

} // namespace rows

namespace {

std::string_view view(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

} // namespace

std::optional<StoredGame> game_by_serial(const Database& db, std::uint64_t serial) {
    std::string value;
    const rocksdb::Status s = db.rocks().Get(rocksdb::ReadOptions(), rows::serial_key(rows::kGame, serial), &value);
    if (s.IsNotFound()) return std::nullopt;
    if (!s.ok()) throw_store_error(db, s);
    return rows::decode_game(serial, value, db.format());
}

std::optional<StoredGame> find_game(const Database& db, std::string_view id) {
    if (id.size() > 1 && id[0] == '#') {
        std::uint64_t serial = 0;
        const auto [end, error] = std::from_chars(id.data() + 1, id.data() + id.size(), serial);
        if (error != std::errc() || end != id.data() + id.size()) return std::nullopt;
        return game_by_serial(db, serial);
    }
    std::string key(1, rows::kGameId);
    key.append(id);
    std::string value;
    const rocksdb::Status s = db.rocks().Get(rocksdb::ReadOptions(), key, &value);
    if (s.IsNotFound()) return std::nullopt;
    if (!s.ok()) throw_store_error(db, s);
    rows::Reader r(value);
    return game_by_serial(db, r.varint());
}

void for_each_solo_at(const Database& db, std::uint64_t position_key,
                      const std::function<void(std::uint64_t serial, int ply)>& visit) {
    // The k rows of a run are its solo positions in position order: the one row of a run that
    // may hold the position is its last row starting at or before it (SeekForPrev), a seek a run.
    std::unique_ptr<rocksdb::Iterator> it(db.rocks().NewIterator(rocksdb::ReadOptions()));
    it->Seek(std::string(1, rows::kSolo));
    for (std::optional<std::uint64_t> at; it->Valid() && (at = rows::run_of_solo_key(view(it->key())));) {
        const std::uint64_t run = *at;
        it->SeekForPrev(rows::solo_key(run, position_key));
        if (it->Valid() && rows::run_of_solo_key(view(it->key())) == run)
            rows::for_each_solo_entry(view(it->key()), view(it->value()), [&](const rows::SoloEntry& e) {
                if (e.position == position_key) visit(e.serial, e.ply);
                return e.position <= position_key;
            });
        if (run == ~std::uint64_t(0)) break;
        it->Seek(rows::solo_key(run + 1, 0));
    }
    if (!it->status().ok()) throw_store_error(db, it->status());
}

void for_each_serial_at(const Database& db, std::uint64_t position_key,
                        const std::function<bool(std::uint64_t serial, int ply)>& visit) {
    // The solo entries (a few: one a run at most) merged by serial into the l rows' games.
    std::vector<std::pair<std::uint64_t, int>> solos;
    for_each_solo_at(db, position_key, [&](std::uint64_t serial, int ply) { solos.emplace_back(serial, ply); });
    std::sort(solos.begin(), solos.end());
    std::size_t next_solo = 0;
    const std::string prefix = rows::position_prefix(rows::kList, position_key);
    std::unique_ptr<rocksdb::Iterator> it(db.rocks().NewIterator(rocksdb::ReadOptions()));
    for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
        std::uint64_t serial = rows::get_be(view(it->key()), 9, 8);
        rows::Reader r(view(it->value()));
        while (!r.done()) {
            serial += r.varint();
            const int ply = int(r.varint());
            for (; next_solo < solos.size() && solos[next_solo].first < serial; ++next_solo)
                if (!visit(solos[next_solo].first, solos[next_solo].second)) return;
            if (!visit(serial, ply)) return;
        }
    }
    if (!it->status().ok()) throw_store_error(db, it->status());
    for (; next_solo < solos.size(); ++next_solo)
        if (!visit(solos[next_solo].first, solos[next_solo].second)) return;
}

void for_each_game_at(const Database& db, std::uint64_t position_key,
                      const std::function<bool(const StoredGame& game, int ply)>& visit) {
    for_each_serial_at(db, position_key, [&](std::uint64_t serial, int ply) {
        const auto game = game_by_serial(db, serial);
        if (!game) throw_store_error(db, rocksdb::Status::Corruption("a position lists a game that is not in the database"));
        return visit(*game, ply);
    });
}

void for_each_game(const Database& db, const std::function<bool(const StoredGame& game)>& visit, std::uint64_t from,
                   bool with_tags) {
    const std::string prefix(1, rows::kGame);
    rocksdb::ReadOptions options;
    options.fill_cache = false; // one pass over every game
    std::unique_ptr<rocksdb::Iterator> it(db.rocks().NewIterator(options));
    for (it->Seek(rows::serial_key(rows::kGame, from)); it->Valid() && it->key().starts_with(prefix); it->Next()) {
        const StoredGame game = rows::decode_game(rows::get_be(view(it->key()), 1, 8), view(it->value()), db.format(), with_tags);
        if (!visit(game)) return;
    }
    if (!it->status().ok()) throw_store_error(db, it->status());
}

} // namespace horde::db
