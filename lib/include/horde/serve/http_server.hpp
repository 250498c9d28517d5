// routes.hpp on the network (cpp-httplib): a pool of worker threads with a bounded queue of
// connections, read and write timeouts, limits on the request line and headers, CORS, a Common
// Log Format line per request on stderr, and a loop that waits for signals: SIGTERM or SIGINT
// stop the server cleanly (the requests under way finish), SIGHUP reopens the database, and
// every `reload_check` the database's version is looked at and a changed one reopened.
//
// The serve module owns the server's threads, as run/ owns the pipeline's.
#pragma once

#include "horde/serve/routes.hpp"

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>

namespace horde::serve {

struct ServeOptions {
    std::string host = "127.0.0.1";
    int port = 9002;    // 0: a free port, said on the listening line
    int threads = 16;   // workers: each serves one connection at a time
    bool quiet = false; // no log line per request
    // A client that sends nothing (or cannot take what is sent) for this long loses its connection.
    std::chrono::seconds read_timeout{5}, write_timeout{10};
    std::chrono::seconds keep_alive_timeout{2};
    // Over these: 414 and 431, before any routing.
    std::size_t max_target = 4096, max_header_bytes = 8192;
    std::chrono::milliseconds reload_check{1000};
};

class HttpServer {
public:
    HttpServer(ServeOptions options, SourceHolder& sources, std::string page, std::FILE* log = stderr);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds the address; the port bound. Throws std::runtime_error when it cannot.
    int bind();
    // Serves until stop() (from any thread); call bind() first.
    void serve();
    void stop();
    // Returns once serve() accepts connections.
    void wait_until_running() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Blocks SIGTERM, SIGINT and SIGHUP in the calling thread and the threads it starts after: call
// it first in main, before any thread exists, so that only serve_until_signal receives them.
void block_server_signals();
// Runs server.serve() on a thread of its own and waits for the signals above on the caller's;
// returns the signal that stopped it. `note` is told of each reopen (a line for stderr).
int serve_until_signal(HttpServer& server, SourceHolder& sources, std::chrono::milliseconds reload_check,
                       const std::function<void(std::string_view)>& note);

} // namespace horde::serve
