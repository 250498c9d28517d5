// What the server answers, without sockets: a request's method, path and query to a status,
// a content type and a body (or a stream of NDJSON lines), from the database's current state.
// http_server.hpp puts it on the network; the unit tests call it directly.
//
//   GET /                      the live explorer page (text/html; embedded, never a file)
//   GET /lichess?...           lichess's explorer answer (application/json), explorer_request.hpp
//   GET /game/ID, /lichess/pgn/ID   the game's PGN (application/x-chess-pgn)
//   GET /games?variant=&fen=&play=  every game that reached the position (application/x-ndjson, streamed)
//   GET /position?variant=&fen=&play=  ours, for the page: {"fen", "variant", "legal"} after play
// Errors: 400 {"error": what was wrong}, 404 {"error": "no such path"|"no game ..."}, 405 for
// a method other than GET and HEAD; always application/json.
#pragma once

#include "horde/serve/explorer_request.hpp"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace horde::serve {

// One opened state of the database, shared by the requests that began while it was current.
class ExplorerSource {
public:
    virtual ~ExplorerSource() = default;
    // The /lichess answer: what `horde-db query --json` writes for the same query.
    virtual std::string explore_json(const ExplorerRequest& request) const = 0;
    // The game's PGN as `horde-db games` prints it; nullopt for an unknown id.
    virtual std::optional<std::string> game_pgn(std::string_view id) const = 0;
    // Each game that reached request.board, one NDJSON line (with its '\n') to `line`, until it
    // returns false (the client has gone).
    virtual void games_reaching(const ExplorerRequest& request, const std::function<bool(std::string_view)>& line) const = 0;
};

// The database's current state, reopened when it changed (an add completed in another process)
// or when asked (SIGHUP). Requests hold the state they began with, so a reopen never changes an
// answer half-way and an old state closes when its last request ends.
class SourceHolder {
public:
    // `open` opens the database's current state; `version` says which state is on disk now
    // (cheap: called at most once per `check_every` reopen check).
    SourceHolder(std::function<std::shared_ptr<const ExplorerSource>()> open, std::function<std::string()> version);
    std::shared_ptr<const ExplorerSource> current() const;
    // Reopens when the version changed, or always when `force`; true when it reopened. An open
    // that fails (throws) keeps the old state and rethrows.
    bool refresh(bool force);

private:
    std::function<std::shared_ptr<const ExplorerSource>()> open_;
    std::function<std::string()> version_;
    mutable std::mutex mutex_;
    std::shared_ptr<const ExplorerSource> source_;
    std::string opened_version_;
};

struct HttpRequest {
    std::string method; // "GET"
    std::string path;   // decoded, without the query
    QueryParams params; // decoded
};

struct HttpResponse {
    int status = 200;
    std::string content_type;
    std::string body;
    // Set for a streamed body (/games): called with a writer until it returns; the writer
    // returns false once the client has gone.
    std::function<void(const std::function<bool(std::string_view)>& write)> stream;
};

// The answer to one request. `page` is the live explorer page's HTML.
HttpResponse route(const HttpRequest& request, const SourceHolder& sources, std::string_view page);

// {"error":"..."} with the status.
HttpResponse error_response(int status, std::string_view message);

} // namespace horde::serve
