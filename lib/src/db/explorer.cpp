#include "horde/db/explorer.hpp"

#include "horde/db/add.hpp"
#include "horde/db/games.hpp"
#include "horde/game/checker.hpp"
#include "horde/notation/move_list.hpp"
#include "horde/notation/san.hpp"
#include "horde/pgn/reader.hpp"
#include "rows.hpp"
#include "store_options.hpp"

#include <rocksdb/db.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>

namespace horde::db {

QueryPosition resolve_position(const Database& db, const ExplorerQuery& query) {
    const Variant variant = query.variant.value_or(db.default_variant());
    position::Board board(variant);
    if (!query.fen.empty()) {
        auto read = position::read_fen(variant, query.fen);
        if (const auto* e = std::get_if<position::FenError>(&read))
            throw QueryError(fmt::format("not {} {} position: {}", variant_article(variant), variant_name(variant), e->message));
        board = std::get<position::FenBoard>(read).board;
    }
    if (!query.moves.empty()) {
        std::string text = query.moves;
        std::replace(text.begin(), text.end(), ',', ' ');
        auto played = notation::play_move_list(board, text);
        if (const auto* e = std::get_if<notation::MoveListError>(&played))
            throw QueryError(fmt::format("move {} \"{}\": {}", e->ply, e->token, e->message));
        board = std::get<notation::PlayedMoveList>(played).end;
    }
    return QueryPosition{variant, board, tree::position_key(variant, board.repetition_key())};
}

namespace {

std::string_view view(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

bool class_wanted(const ExplorerQuery& q, const rows::RowClass& c) {
    if (!q.speeds.empty() && std::find(q.speeds.begin(), q.speeds.end(), c.speed) == q.speeds.end()) return false;
    if (!q.ratings.empty() && std::find(q.ratings.begin(), q.ratings.end(), c.band) == q.ratings.end()) return false;
    if (q.since || q.until) {
        if (c.month == kUnknownMonth) return false;
        if (q.since && c.month < *q.since) return false;
        if (q.until && c.month > *q.until) return false;
    }
    return true;
}

// Every row of `kind` for the position that the query's filters take, in key order.
void for_each_row(const Database& db, char kind, std::uint64_t key, const ExplorerQuery& q,
                  const std::function<void(std::string_view key, std::string_view value)>& visit) {
    const std::string prefix = rows::position_prefix(kind, key);
    std::unique_ptr<rocksdb::Iterator> it(db.rocks().NewIterator(rocksdb::ReadOptions()));
    for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next())
        if (class_wanted(q, rows::row_class_of_key(view(it->key())))) visit(view(it->key()), view(it->value()));
    if (!it->status().ok()) throw_store_error(db, it->status());
}

ExplorerGame explorer_game(const Database& db, std::uint64_t serial, const position::Board& board, std::uint16_t move) {
    const auto stored = game_by_serial(db, serial);
    if (!stored) throw_store_error(db, rocksdb::Status::Corruption(fmt::format("game {} is missing", serial)));
    ExplorerGame g;
    g.id = stored->id;
    if (move) g.uci = board.uci(Move(move));
    g.outcome = stored->outcome;
    g.speed = stored->speed;
    g.white_name = stored->tag("White");
    g.black_name = stored->tag("Black");
    g.white_rating = stored->white_elo;
    g.black_rating = stored->black_elo;
    g.date = stored->date;
    return g;
}

// The visits an add counted of a stored game: its PGN walked again (its variant as it was
// read) with the add's tree observer, made into visits by the add's own function.
std::vector<GameVisit> stored_game_visits(const Database& db, const StoredGame& g) {
    game::CheckOptions options;
    options.forced_variant = g.variant;
    auto observer = tree::make_tree_observer(tree::TreeObserverOptions{db.max_ply(), false, true});
    auto reader = pgn::PgnReader::from_memory(g.pgn);
    std::vector<GameVisit> visits;
    bool read = false;
    game::walk_pgn(reader, options, false, observer.get(), [&](game::GameRecord& record, std::string_view) {
        if (read) return;
        read = true;
        tree::GameFacts facts;
        observer->take(facts);
        if (record.valid()) collect_game_visits(facts.plies, visits);
    });
    return visits;
}

// The first month of the database's games (kAfterEveryMonth: none of a known month).
Month first_known_month(const Database& db) {
    std::string first(1, rows::kMonth);
    rows::put_be(first, kUnknownMonth + 1, 2);
    std::unique_ptr<rocksdb::Iterator> it(db.rocks().NewIterator(rocksdb::ReadOptions()));
    it->Seek(first);
    if (!it->status().ok()) throw_store_error(db, it->status());
    if (!it->Valid() || it->key().size() != 3 || it->key()[0] != rows::kMonth) return kAfterEveryMonth;
    return Month(rows::get_be(view(it->key()), 1, 2));
}

// ExplorerAnswer::history from the games of each month that has some: from `since`, but not
// before the database's first month (a month before every game says nothing, and a since of
// year 1 would ask for 24,000 of them).
std::vector<MonthResults> month_history(const Database& db, const std::map<Month, tree::ResultCounts>& months,
                                        std::optional<Month> since) {
    std::vector<MonthResults> history;
    if (months.empty()) return history;
    const Month first = since ? std::max(*since, first_known_month(db)) : months.begin()->first; // (since <= every month)
    for (Month m = first; m <= months.rbegin()->first; ++m) {
        const auto it = months.find(m);
        history.push_back({m, it == months.end() ? tree::ResultCounts{} : it->second});
    }
    return history;
}

int average_rating(const tree::MoveSums& s) {
    if (!s.rated) return 0;
    const std::int64_t sum = s.mover_elo_sum + s.opponent_elo_sum, twice = 2 * std::int64_t(s.rated);
    return int((sum + std::int64_t(s.rated)) / twice); // rounded half up
}

} // namespace

ExplorerAnswer explore(const Database& db, const ExplorerQuery& query) {
    const QueryPosition at = resolve_position(db, query);
    ExplorerAnswer a;
    a.variant = at.variant;
    a.fen = at.board.fen(false);
    a.key = at.key;
    // One prefix scan: the position's figures are its rows' added up, its moves' are theirs.
    rows::PositionRow total;
    std::map<std::uint16_t, rows::MoveRow> moves;
    std::map<Month, tree::ResultCounts> months; // the history's (known months only)
    auto take = [&](const rows::ClassMoveRow& row, std::uint16_t move, Month month) {
        total.add(row.position);
        if (row.move.sums.results.games) moves[move].add(row.move);
        if (query.history && month != kUnknownMonth && row.position.results.games) months[month].add(row.position.results);
    };
    for_each_row(db, rows::kMove, at.key, query, [&](std::string_view key, std::string_view value) {
        take(rows::decode_row(key, value), rows::move_of_key(key), rows::row_class_of_key(key).month);
    });
    // The solo positions' games: their rows made again, as the add would have written them.
    for_each_solo_at(db, at.key, [&](std::uint64_t serial, int ply) {
        const auto stored = game_by_serial(db, serial);
        if (!stored) throw_store_error(db, rocksdb::Status::Corruption(fmt::format("game {} is missing", serial)));
        const rows::RowClass c{month_of_date(stored->date), stored->speed, rating_band(stored->white_elo, stored->black_elo)};
        if (!class_wanted(query, c)) return;
        rows::SingleGame single;
        single.serial = serial;
        single.outcome = stored->outcome;
        single.white_elo = stored->white_elo;
        single.black_elo = stored->black_elo;
        single.date = stored->date;
        bool found = false;
        for (const GameVisit& v : stored_game_visits(db, *stored)) {
            if (v.position != at.key) continue;
            found = found || (v.first && v.ply == ply);
            single.ply = v.ply;
            single.first = v.first;
            single.played = v.played;
            single.white_moved = v.white_moved;
            single.eval_cp = v.eval_cp;
            single.spent_ms = v.spent_ms;
            take(rows::row_of(single, v.move), v.move, c.month);
        }
        if (!found)
            throw_store_error(db, rocksdb::Status::Corruption(
                                      fmt::format("game {} does not reach the position it is listed at (ply {})", serial, ply)));
    });
    if (query.history) a.history = month_history(db, months, query.since);
    a.results = total.results;
    a.ply = total.results.games ? int(total.min_ply) : -1;
    const position::MoveList legal = at.board.legal_moves();
    for (const auto& [code, row] : moves) {
        const Move move(code);
        if (!legal.contains(move)) continue; // (a key shared by another position: never shown as this one's)
        ExplorerMove& m = a.moves.emplace_back();
        m.move = move;
        m.uci = at.board.uci(move);
        m.san = notation::to_san(at.board, move);
        m.sums = row.sums;
        m.average_rating = average_rating(row.sums);
        if (row.sums.results.games == 1 && row.first_serial) m.game = explorer_game(db, row.first_serial, at.board, 0);
    }
    std::sort(a.moves.begin(), a.moves.end(), [](const ExplorerMove& x, const ExplorerMove& y) {
        if (x.sums.results.games != y.sums.results.games) return x.sums.results.games > y.sums.results.games;
        return x.move.raw() < y.move.raw();
    });
    a.moves_played = a.moves.size();
    if (a.moves.size() > query.moves_limit) a.moves.resize(query.moves_limit);
    for (std::size_t i = 0; i < std::min(query.top_games, total.top.size()); ++i)
        a.top_games.push_back(explorer_game(db, total.top[i].serial, at.board, total.top[i].move));
    for (std::size_t i = 0; i < std::min(query.recent_games, total.recent.size()); ++i)
        a.recent_games.push_back(explorer_game(db, total.recent[i].serial, at.board, total.recent[i].move));
    return a;
}

tree::PositionStats answer_position_stats(const ExplorerAnswer& answer) {
    tree::PositionStats p;
    p.key = answer.key;
    p.variant = answer.variant;
    p.fen = answer.fen;
    p.ply = std::uint16_t(std::max(answer.ply, 0));
    p.results = answer.results;
    for (const ExplorerMove& m : answer.moves) {
        tree::MoveStats& s = p.moves.emplace_back();
        static_cast<tree::MoveSums&>(s) = m.sums;
        s.move = m.move;
        s.san.assign(m.san);
    }
    return p;
}

} // namespace horde::db
