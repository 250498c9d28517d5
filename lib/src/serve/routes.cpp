// The server's answers (routes.hpp).
#include "horde/serve/routes.hpp"

#include "horde/db/explorer.hpp"
#include "horde/report/json.hpp"

#include <fmt/format.h>

#include <utility>

namespace horde::serve {

namespace {

constexpr std::string_view kJson = "application/json";
constexpr std::string_view kPgn = "application/x-chess-pgn";
constexpr std::string_view kNdjson = "application/x-ndjson";
constexpr std::string_view kHtml = "text/html; charset=utf-8";

HttpResponse ok(std::string_view type, std::string body) { return HttpResponse{200, std::string(type), std::move(body), {}}; }

// A game id as lichess and pychess write them, or as the database assigns them ("#12").
bool plausible_game_id(std::string_view id) {
    if (id.starts_with('#')) id.remove_prefix(1);
    if (id.empty() || id.size() > 64) return false;
    for (char c : id)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_')) return false;
    return true;
}

HttpResponse game(std::string_view id, const SourceHolder& sources) {
    if (!plausible_game_id(id)) return error_response(404, fmt::format("no game with the id '{}'", id));
    auto pgn = sources.current()->game_pgn(id);
    if (!pgn) return error_response(404, fmt::format("no game with the id '{}'", id));
    return ok(kPgn, std::move(*pgn));
}

HttpResponse explorer(const HttpRequest& request, const SourceHolder& sources) {
    auto query = parse_explorer_request(request.params);
    if (const auto* e = std::get_if<RequestError>(&query)) return error_response(400, e->message);
    try {
        return ok(kJson, sources.current()->explore_json(std::get<ExplorerRequest>(query)));
    } catch (const db::QueryError& e) { // what the database judges that the query did not
        return error_response(400, e.what());
    }
}

HttpResponse position(const HttpRequest& request) {
    auto query = parse_position_request(request.params);
    if (const auto* e = std::get_if<RequestError>(&query)) return error_response(400, e->message);
    const auto& r = std::get<ExplorerRequest>(query);
    return ok(kJson, report::explorer_position_to_json(variant_key(r.variant), r.board));
}

// The games stream from the state current when the request came, to its end.
HttpResponse games(const HttpRequest& request, const SourceHolder& sources) {
    auto query = parse_position_request(request.params);
    if (const auto* e = std::get_if<RequestError>(&query)) return error_response(400, e->message);
    HttpResponse response{200, std::string(kNdjson), {}, {}};
    response.stream = [source = sources.current(), r = std::get<ExplorerRequest>(std::move(query))](
                          const std::function<bool(std::string_view)>& write) { source->games_reaching(r, write); };
    return response;
}

} // namespace

SourceHolder::SourceHolder(std::function<std::shared_ptr<const ExplorerSource>()> open, std::function<std::string()> version)
    : open_(std::move(open)), version_(std::move(version)) {
    refresh(true);
}

std::shared_ptr<const ExplorerSource> SourceHolder::current() const {
    std::lock_guard lock(mutex_);
    return source_;
}

bool SourceHolder::refresh(bool force) {
    std::string version = version_();
    {
        std::lock_guard lock(mutex_);
        if (!force && source_ && version == opened_version_) return false;
    }
    // Opened outside the lock: requests go on with the old state meanwhile.
    std::shared_ptr<const ExplorerSource> opened = open_();
    std::lock_guard lock(mutex_);
    source_ = std::move(opened);
    opened_version_ = std::move(version);
    return true;
}

HttpResponse error_response(int status, std::string_view message) {
    return HttpResponse{status, std::string(kJson), report::error_to_json(message), {}};
}

HttpResponse route(const HttpRequest& request, const SourceHolder& sources, std::string_view page) {
    if (request.method != "GET" && request.method != "HEAD")
        return error_response(405, fmt::format("method {} not allowed (GET, HEAD and OPTIONS only)", request.method));
    const std::string_view path = request.path;
    if (path == "/") return ok(kHtml, std::string(page));
    if (path == "/lichess") return explorer(request, sources);
    if (path == "/games") return games(request, sources);
    if (path == "/position") return position(request);
    for (std::string_view prefix : {"/game/", "/lichess/pgn/"})
        if (path.starts_with(prefix)) return game(path.substr(prefix.size()), sources);
    return error_response(404, fmt::format("no such path: {}", path));
}

} // namespace horde::serve
