// Reading the explorer's query (explorer_request.hpp).
#include "horde/serve/explorer_request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <tuple>

namespace horde::serve {

namespace {

std::vector<std::string_view> split_commas(std::string_view text) {
    std::vector<std::string_view> out;
    if (text.empty()) return out;
    for (std::size_t at = 0;;) {
        const std::size_t comma = text.find(',', at);
        out.push_back(text.substr(at, comma - at));
        if (comma == std::string_view::npos) return out;
        at = comma + 1;
    }
}

std::optional<int> parse_count(std::string_view text) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

std::optional<Variant> parse_variant_key(std::string_view text) {
    for (Variant v : {Variant::Chess, Variant::Chess960, Variant::Horde, Variant::Orda})
        if (text == variant_key(v)) return v;
    return std::nullopt;
}

// The parameters by name, each at most once.
class ParamTable {
public:
    explicit ParamTable(const QueryParams& params) : params_(params) {}
    std::optional<std::string> duplicate() const {
        for (std::size_t i = 0; i < params_.size(); ++i)
            for (std::size_t j = i + 1; j < params_.size(); ++j)
                if (params_[i].first == params_[j].first) return params_[i].first;
        return std::nullopt;
    }
    const std::string* find(std::string_view name) const {
        for (const auto& [key, value] : params_)
            if (key == name) return &value;
        return nullptr;
    }

private:
    const QueryParams& params_;
};

using Error = std::optional<RequestError>;

// The moves as db::ExplorerQuery takes them: separated by commas.
std::string join_moves(const std::vector<std::string>& moves) {
    std::string out;
    for (const std::string& m : moves) {
        if (!out.empty()) out += ',';
        out += m;
    }
    return out;
}

Error fail(std::string message) { return RequestError{std::move(message)}; }

Error read_position(const ParamTable& table, ExplorerRequest& r) {
    if (const std::string* v = table.find("variant")) {
        const auto variant = parse_variant_key(*v);
        if (!variant) return fail(fmt::format("variant: unknown variant '{}' (standard, chess960, horde, orda)", *v));
        r.variant = *variant;
    }
    position::Board root(r.variant);
    if (const std::string* v = table.find("fen"); v && !v->empty()) {
        r.fen = *v;
        std::replace(r.fen.begin(), r.fen.end(), '_', ' ');
        auto board = position::Board::from_fen(r.variant, r.fen);
        if (const auto* e = std::get_if<position::FenError>(&board))
            return fail(fmt::format("fen: {} (a {} position)", e->message, variant_key(r.variant)));
        root = std::get<position::Board>(board);
    }
    r.board = root;
    if (const std::string* v = table.find("play")) {
        const auto moves = split_commas(*v);
        if (moves.size() > kMaxPlay) return fail(fmt::format("play: more than {} moves", kMaxPlay));
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Move m = r.board.parse_uci(moves[i]);
            if (m == Move::none())
                return fail(fmt::format("play: move {} '{}' is not a legal move in {}", i + 1, moves[i], r.board.fen()));
            r.board.play(m);
            r.play.emplace_back(moves[i]);
        }
    }
    r.query.variant = r.variant;
    r.query.fen = r.fen;
    r.query.moves = join_moves(r.play);
    return std::nullopt;
}

Error read_filters(const ParamTable& table, db::ExplorerQuery& q) {
    if (const std::string* v = table.find("speeds"))
        for (std::string_view name : split_commas(*v)) {
            const auto speed = db::parse_speed(name);
            if (!speed)
                return fail(fmt::format("speeds: unknown speed '{}' (ultraBullet, bullet, blitz, rapid, classical, "
                                        "correspondence)",
                                        name));
            q.speeds.push_back(*speed);
        }
    if (const std::string* v = table.find("ratings"))
        for (std::string_view text : split_commas(*v)) {
            const auto band = db::parse_rating_band(text);
            if (!band)
                return fail(fmt::format("ratings: '{}' is not a rating group (0, 1000, 1200, 1400, 1600, 1800, "
                                        "2000, 2200, 2500)",
                                        text));
            q.ratings.push_back(*band);
        }
    for (auto [name, field] : {std::pair{"since", &q.since}, std::pair{"until", &q.until}})
        if (const std::string* v = table.find(name)) {
            const auto month = db::parse_month(*v);
            if (!month) return fail(fmt::format("{}: '{}' is not a month YYYY-MM", name, *v));
            *field = *month;
        }
    if (q.since && q.until && *table.find("since") > *table.find("until")) // YYYY-MM: in text order
        return fail(
            fmt::format("since: '{}' is after until '{}': no month is in between", *table.find("since"), *table.find("until")));
    return std::nullopt;
}

// moves, topGames, recentGames: counts; above the maximum they are cut to it, as lichess does.
Error read_limits(const ParamTable& table, ExplorerRequest& r) {
    db::ExplorerQuery& q = r.query;
    const std::array<std::tuple<const char*, std::size_t*, std::size_t>, 3> limits = {
        {{"moves", &q.moves_limit, kMaxMoves},
         {"topGames", &q.top_games, db::kMaxListedGames},
         {"recentGames", &q.recent_games, db::kMaxListedGames}}};
    for (auto [name, field, max] : limits)
        if (const std::string* v = table.find(name)) {
            const auto n = parse_count(*v);
            if (!n) return fail(fmt::format("{}: '{}' is not a count (an integer from 0)", name, *v));
            *field = std::min(std::size_t(*n), max);
        }
    if (const std::string* v = table.find("history")) { // any case: berserk sends Python's True
        std::string word = *v;
        for (char& c : word) c = char(std::tolower(static_cast<unsigned char>(c)));
        if (word != "true" && word != "false") return fail(fmt::format("history: '{}' is not true or false", *v));
        r.query.history = word == "true";
    }
    return std::nullopt;
}

} // namespace

std::string_view variant_key(Variant v) {
    switch (v) {
    case Variant::Chess: return "standard";
    case Variant::Chess960: return "chess960";
    case Variant::Horde: return "horde";
    case Variant::Orda: return "orda";
    }
    return "standard";
}

std::string cache_key(const ExplorerRequest& r) {
    const db::ExplorerQuery& q = r.query;
    std::string key =
        fmt::format("{}|{}|{}|{}|{}|{}|", variant_key(r.variant), q.fen, q.moves, q.moves_limit, q.top_games, q.recent_games);
    for (db::Speed s : q.speeds) key += fmt::format("{},", int(s));
    key += '|';
    for (std::uint8_t band : q.ratings) key += fmt::format("{},", band);
    key += fmt::format("|{}|{}|{}", q.since ? int(*q.since) : -1, q.until ? int(*q.until) : -1, q.history);
    return key;
}

std::variant<ExplorerRequest, RequestError> parse_position_request(const QueryParams& params) {
    if (params.size() > kMaxParams) return RequestError{fmt::format("more than {} parameters", kMaxParams)};
    const ParamTable table(params);
    if (auto name = table.duplicate()) return RequestError{fmt::format("{}: given more than once", *name)};
    ExplorerRequest r;
    if (Error e = read_position(table, r)) return *e;
    return r;
}

std::variant<ExplorerRequest, RequestError> parse_explorer_request(const QueryParams& params) {
    auto result = parse_position_request(params);
    if (auto* r = std::get_if<ExplorerRequest>(&result)) {
        const ParamTable table(params);
        if (Error e = read_filters(table, r->query)) return *e;
        if (Error e = read_limits(table, *r)) return *e;
    }
    return result;
}

} // namespace horde::serve
