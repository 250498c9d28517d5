#include "horde/report/json.hpp"

#include "horde/position/writers.hpp"
#include "horde/report/game_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <vector>

namespace horde::report {

namespace {

std::string diagnostics_json(const std::vector<game::Diagnostic>& list) {
    std::string out = "[";
    for (const auto& d : list) {
        if (out.size() > 1) out += ',';
        JsonObject o(out);
        o.number("line", d.line).number("column", d.column);
        if (d.ply > 0) o.number("ply", d.ply);
        else o.null("ply");
        o.string("code", diagnostic_name(d.code)).string("message", game::printed_message(d));
        if (!d.token.empty()) o.string("token", d.token);
        o.end();
    }
    out += ']';
    return out;
}

// Writes at p without bounds checks: the callers' buffers have room for the whole row.
struct RowWriter {
    char* p;
    void put(std::string_view s) {
        std::memcpy(p, s.data(), s.size());
        p += s.size();
    }
    void number(std::uint64_t n) { p = std::to_chars(p, p + 24, n).ptr; }
};

} // namespace

void append_record_json(std::string& out, const game::GameRecord& r, std::optional<std::string_view> file,
                        const TagSelection* tags) {
    JsonObject o(out);
    if (file) o.string("file", *file);
    o.number("game", r.game).number("line", r.line);
    if (r.skipped) o.null("valid").boolean("skipped", true); // --skip-unsupported: neither valid nor invalid
    else o.boolean("valid", r.valid());
    o.string_or_null("variant", r.variant ? std::optional(variant_name(*r.variant)) : std::nullopt);
    o.string("white", r.tag("White")).string("black", r.tag("Black")).number("plies", r.plies());
    if (r.final_board) o.string("final_fen", r.final_board->fen());
    else o.null("final_fen");
    o.string("status", game::record_status_name(r))
        .string("status_kind", game::status_kind_name(r.adjudication.kind))
        .string("result", game::result_text(r.adjudication.result))
        .string("declared", r.declared)
        .raw("errors", diagnostics_json(r.errors))
        .raw("warnings", diagnostics_json(r.warnings));
    if (tags && !tags->empty()) {
        std::string object;
        append_json_tags_object(object, r, *tags);
        o.raw("tags", object);
    }
    o.end();
}

std::string record_to_json(const game::GameRecord& r) {
    std::string out;
    append_record_json(out, r);
    return out;
}

std::string fen_verdict_to_json(const game::FenVerdict& v, std::uint64_t line_number) {
    std::string out;
    JsonObject o(out);
    o.number("line", line_number).string("fen", v.fen);
    o.string_or_null("variant", v.variant ? std::optional(variant_name(*v.variant)) : std::nullopt);
    o.boolean("valid", v.valid);
    if (v.valid) {
        o.string("normalized_fen", v.board->fen())
            .string("status", game::status_name(v.adjudication.status))
            .string("status_kind", game::status_kind_name(v.adjudication.kind))
            .string("result", game::result_text(v.adjudication.result))
            .raw("errors", "[]");
        if (v.warning.empty()) {
            o.raw("warnings", "[]");
        } else {
            const game::Diagnostic warning{
                .line = line_number, .column = 1, .ply = 0, .code = v.warning_code, .message = v.warning, .token = {}};
            o.raw("warnings", diagnostics_json({warning}));
        }
    } else {
        // The error of a FEN line stands at its first column and belongs to no ply.
        const game::Diagnostic error{
            .line = line_number, .column = 1, .ply = 0, .code = v.code, .message = v.message, .token = {}, .strict = v.strict};
        o.null("status").raw("errors", diagnostics_json({error})).raw("warnings", "[]");
    }
    o.end();
    return out;
}

std::string counts_to_json(const std::map<std::string, std::uint64_t, std::less<>>& counts) {
    std::string out = "{";
    for (const auto& [key, n] : counts) {
        if (out.size() > 1) out += ',';
        append_json_string(out, key); // keys of counts come from the input (codes, results)
        out += ':';
        out += std::to_string(n);
    }
    out += "}\n";
    return out;
}

void append_json_tags(std::string& out, const game::GameRecord& r, const TagSelection& tags) {
    out += "\"tags\":";
    append_json_tags_object(out, r, tags);
}

void append_json_tags_object(std::string& out, const game::GameRecord& r, const TagSelection& tags) {
    out += '{';
    bool first = true;
    auto put = [&](std::string_view name, const std::string_view* value) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, name);
        out += ':';
        if (value) append_json_string(out, *value);
        else out += "null";
    };
    if (tags.all) {
        std::vector<std::string_view> seen;
        for (const auto& [name, value] : r.tags) {
            if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
            seen.push_back(name);
            const std::string_view v = value;
            put(name, &v);
        }
    } else {
        for (const auto& name : tags.names) {
            const auto it = std::find_if(r.tags.begin(), r.tags.end(), [&](const auto& t) { return t.first == name; });
            const std::string_view v = it == r.tags.end() ? std::string_view() : std::string_view(it->second);
            put(name, it == r.tags.end() ? nullptr : &v);
        }
    }
    out += '}';
}

char* write_list_row_json(char* p, std::uint64_t game, std::uint64_t ply, std::string_view reached_san,
                          std::string_view reached_uci, std::string_view fen, Variant variant) {
    RowWriter w{p};
    w.put("{\"game\":");
    w.number(game);
    w.put(",\"ply\":");
    w.number(ply);
    if (reached_uci.empty()) {
        w.put(",\"san\":null,\"uci\":null");
    } else {
        // SAN, UCI and FEN never need JSON escapes.
        w.put(",\"san\":\"");
        w.put(reached_san);
        w.put("\",\"uci\":\"");
        w.put(reached_uci);
        w.put("\"");
    }
    w.put(",\"fen\":\"");
    w.put(fen);
    w.put("\",\"variant\":\"");
    w.put(variant_name(variant));
    w.put("\"}");
    return w.p;
}

} // namespace horde::report

namespace horde::report {

namespace {

// A tree writes as much JSON as it reads PGN: a move's object goes into a stack buffer through
// a pointer, then onto the output in one append. A move whose names might not fit (its bound
// counts every byte of a name as a 6-byte escape) is written by the general JsonObject path;
// both write the same bytes.
constexpr std::size_t kMoveBuffer = 4096;
constexpr std::size_t kDoubleRoom = 320;                       // the longest fixed double: 309 digits, sign, point, 2 decimals
constexpr std::size_t kMoveFixedBound = 600 + 4 * kDoubleRoom; // everything but the SAN and the example names

bool plain_json_text(std::string_view s) {
    for (const char c : s)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x80 || c == '"' || c == '\\') return false;
    return true;
}

struct TreeJsonWriter {
    char* p;
    template <std::size_t N> void literal(const char (&text)[N]) {
        std::memcpy(p, text, N - 1);
        p += N - 1;
    }
    void number(std::uint64_t n) { p = std::to_chars(p, p + 24, n).ptr; }
    void fixed_or_null(bool known, double value, int decimals) {
        if (!known) return literal("null");
        p = write_fixed(p, value, decimals);
    }
    void quoted(std::string_view s) { // s needs no escape (plain_json_text)
        *p++ = '"';
        std::memcpy(p, s.data(), s.size());
        p += s.size();
        *p++ = '"';
    }
    void string(std::string_view s) {
        if (plain_json_text(s)) return quoted(s);
        std::string escaped;
        append_json_string(escaped, s);
        std::memcpy(p, escaped.data(), escaped.size());
        p += escaped.size();
    }
    void date_or_null(std::uint32_t date) {
        if (!date) return literal("null");
        *p++ = '"';
        p = tree::write_date(p, date);
        *p++ = '"';
    }
    void hex64(std::uint64_t value) {
        *p++ = '"';
        for (int i = 15; i >= 0; --i, value >>= 4) p[i] = "0123456789abcdef"[value & 15];
        p += 16;
        *p++ = '"';
    }
};

void append_tree_move_json_slowly(std::string& out, const tree::MoveStats& m) {
    const tree::MoveFigures f = tree::move_figures(m);
    JsonObject o(out);
    std::string uci;
    position::append_uci(uci, m.move);
    o.string("uci", uci).string("san", m.san.view());
    o.number("games", m.results.games)
        .number("white", m.results.white)
        .number("draws", m.results.draws)
        .number("black", m.results.black);
    o.number("rated", m.rated);
    if (f.rating >= 0) o.fixed("rating", f.rating, 1).fixed("performance", f.performance, 1);
    else o.null("rating").null("performance");
    if (f.has_eval) o.fixed("eval", f.eval, 2);
    else o.null("eval");
    if (f.has_time) o.fixed("seconds", f.seconds, 2);
    else o.null("seconds");
    if (m.first_date) o.string("first_date", tree::date_text(m.first_date));
    else o.null("first_date");
    if (m.last_date) o.string("last_date", tree::date_text(m.last_date));
    else o.null("last_date");
    std::string& examples = o.name("examples");
    examples += '[';
    for (const tree::ExampleGame& e : m.examples) {
        if (&e != &m.examples.front()) examples += ',';
        append_json_string(examples, e.name);
    }
    examples += ']';
    o.hex64("child", m.child_key);
    o.end();
}

void append_tree_move_json(std::string& out, const tree::MoveStats& m) {
    std::size_t bound = kMoveFixedBound + 6 * m.san.view().size();
    for (const tree::ExampleGame& e : m.examples) bound += 6 * e.name.size() + 3;
    if (bound > kMoveBuffer) return append_tree_move_json_slowly(out, m);
    char buffer[kMoveBuffer];
    const tree::MoveFigures f = tree::move_figures(m);
    TreeJsonWriter w{buffer};
    w.literal("{\"uci\":\"");
    w.p = position::write_uci(w.p, m.move);
    w.literal("\",\"san\":");
    w.string(m.san.view());
    w.literal(",\"games\":");
    w.number(m.results.games);
    w.literal(",\"white\":");
    w.number(m.results.white);
    w.literal(",\"draws\":");
    w.number(m.results.draws);
    w.literal(",\"black\":");
    w.number(m.results.black);
    w.literal(",\"rated\":");
    w.number(m.rated);
    w.literal(",\"rating\":");
    w.fixed_or_null(f.rating >= 0, f.rating, 1);
    w.literal(",\"performance\":");
    w.fixed_or_null(f.rating >= 0, f.performance, 1);
    w.literal(",\"eval\":");
    w.fixed_or_null(f.has_eval, f.eval, 2);
    w.literal(",\"seconds\":");
    w.fixed_or_null(f.has_time, f.seconds, 2);
    w.literal(",\"first_date\":");
    w.date_or_null(m.first_date);
    w.literal(",\"last_date\":");
    w.date_or_null(m.last_date);
    w.literal(",\"examples\":[");
    for (const tree::ExampleGame& e : m.examples) {
        if (&e != &m.examples.front()) *w.p++ = ',';
        w.string(e.name);
    }
    w.literal("],\"child\":");
    w.hex64(m.child_key);
    *w.p++ = '}';
    out.append(buffer, std::size_t(w.p - buffer));
}

} // namespace

void append_tree_position_json(std::string& out, const tree::PositionStats& p) {
    JsonObject o(out);
    o.string("fen", p.fen).string("variant", variant_name(p.variant)).hex64("key", p.key);
    o.number("ply", p.ply).number("games", p.results.games);
    o.number("white", p.results.white).number("draws", p.results.draws).number("black", p.results.black);
    std::string& moves = o.name("moves");
    moves += '[';
    for (std::size_t i = 0; i < p.moves.size(); ++i) {
        if (i) moves += ',';
        append_tree_move_json(moves, p.moves[i]);
    }
    moves += ']';
    o.end();
}

std::string error_to_json(std::string_view message) {
    std::string out;
    JsonObject(out).string("error", message).end();
    return out;
}

std::string explorer_position_to_json(std::string_view variant, const position::Board& board) {
    std::string out;
    JsonObject o(out);
    o.string("variant", variant).string("fen", board.fen());
    JsonObject moves(o.name("moves"));
    for (Move m : board.legal_moves()) {
        position::Board after = board;
        after.play(m);
        moves.string(board.uci(m), after.fen());
    }
    moves.end();
    o.end();
    return out;
}

} // namespace horde::report

namespace horde::report {

namespace {

void append_player_json(std::string& out, std::string_view name, int rating) {
    JsonObject player(out);
    player.string("name", name.empty() ? std::string_view("?") : name);
    player.number("rating", std::max(rating, 0)); // lichess's schema: an integer (0: unknown)
    player.end();
}

void append_explorer_game_json(std::string& out, const db::ExplorerGame& g, bool with_uci) {
    JsonObject o(out);
    if (with_uci) o.string_or_null("uci", g.uci.empty() ? std::nullopt : std::optional<std::string_view>(g.uci));
    o.string("id", g.id);
    switch (g.outcome) {
    case tree::Outcome::WhiteWins: o.string("winner", "white"); break;
    case tree::Outcome::BlackWins: o.string("winner", "black"); break;
    default: o.null("winner"); break;
    }
    if (g.speed == db::Speed::Unknown) o.null("speed");
    else o.string("speed", db::speed_name(g.speed));
    append_player_json(o.name("white"), g.white_name, g.white_rating);
    append_player_json(o.name("black"), g.black_name, g.black_rating);
    const std::uint32_t year = g.date / 10000, month = g.date / 100 % 100;
    o.number("year", year); // lichess's schema: a number (0: unknown)
    if (year && month >= 1 && month <= 12) o.string("month", fmt::format("{:04}-{:02}", year, month));
    else o.null("month");
    o.end();
}

void append_game_array(std::string& out, const std::vector<db::ExplorerGame>& games) {
    out += '[';
    for (std::size_t i = 0; i < games.size(); ++i) {
        if (i) out += ',';
        append_explorer_game_json(out, games[i], true);
    }
    out += ']';
}

} // namespace

void append_explorer_json(std::string& out, const db::ExplorerAnswer& a) {
    JsonObject o(out);
    o.number("white", a.results.white).number("draws", a.results.draws).number("black", a.results.black);
    std::string& moves = o.name("moves");
    moves += '[';
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        const db::ExplorerMove& m = a.moves[i];
        if (i) moves += ',';
        JsonObject mo(moves);
        mo.string("uci", m.uci).string("san", m.san).number("averageRating", m.average_rating);
        mo.number("white", m.sums.results.white).number("draws", m.sums.results.draws).number("black", m.sums.results.black);
        if (m.game) append_explorer_game_json(mo.name("game"), *m.game, false);
        else mo.null("game");
        mo.null("opening"); // lichess's schema requires it; no opening names are known
        mo.end();
    }
    moves += ']';
    append_game_array(o.name("topGames"), a.top_games);
    append_game_array(o.name("recentGames"), a.recent_games);
    if (a.opening) o.string("opening", *a.opening);
    else o.null("opening");
    if (a.history) {
        std::string& history = o.name("history");
        history += '[';
        for (std::size_t i = 0; i < a.history->size(); ++i) {
            const db::MonthResults& m = (*a.history)[i];
            if (i) history += ',';
            JsonObject mo(history);
            mo.string("month", fmt::format("{:04}-{:02}", db::month_year(m.month), db::month_of_year(m.month)));
            mo.number("white", m.results.white).number("draws", m.results.draws).number("black", m.results.black);
            mo.end();
        }
        history += ']';
    }
    o.end();
}

void append_stored_game_json(std::string& out, const db::StoredGame& game, int ply, std::string_view source) {
    JsonObject o(out);
    o.string("id", game.id).number("serial", game.serial).string("source", source).number("game", game.source_game);
    o.number("ply", ply);
    std::string& tags = o.name("tags");
    tags += '{';
    for (std::size_t i = 0; i < game.tags.size(); ++i) { // a tag's name is the PGN's: escaped as any text
        if (i) tags += ',';
        append_json_string(tags, game.tags[i].first);
        tags += ':';
        append_json_string(tags, game.tags[i].second);
    }
    tags += '}';
    o.end();
}

} // namespace horde::report
