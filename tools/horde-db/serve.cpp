#include "serve.hpp"

#include "exit.hpp"

#include "horde/db/database.hpp"
#include "horde/report/tree_page.hpp"
#include "horde/serve/database_source.hpp"

#include <fmt/format.h>

#include <csignal>
#include <stdexcept>

namespace horde::tools::db_tool {

CLI::App* add_serve_command(CLI::App& app, ServeMode& mode) {
    CLI::App* sub =
        app.add_subcommand("serve", "Serve the database over HTTP: lichess's opening explorer API (/lichess), games (/game/ID, "
                                    "/games) and a live explorer page (/)");
    sub->add_option("DB", mode.db, "The database directory")->required();
    sub->add_option("--host", mode.options.host, "The address to listen on (default 127.0.0.1: this machine only)");
    sub->add_option("--port", mode.options.port, "The port (default 9002; 0: a free one, said on stderr)")
        ->check(CLI::Range(0, 65535));
    sub->add_option("--threads", mode.options.threads, "Worker threads, each serving one connection at a time (default 16)")
        ->check(CLI::Range(1, 1024));
    sub->add_flag("--quiet", mode.options.quiet, "No log line per request on stderr");
    sub->add_option("--reload-check", mode.reload_check_ms,
                    "Look every MS milliseconds whether the database changed (an add completed) and reopen it "
                    "(default 1000; 0: only on SIGHUP)")
        ->check(CLI::Range(0, 3600000));
    sub->add_option("--cache", mode.cache_mb,
                    "Keep the explorer answers of the queries asked most recently, up to MB megabytes (default 64; 0: "
                    "none); emptied whenever the database is reopened")
        ->check(CLI::Range(0, 65536));
    return sub;
}

int run_serve(ServeMode mode) {
    // First, before any thread: only the signal loop receives SIGTERM, SIGINT and SIGHUP.
    serve::block_server_signals();
    const std::string dir = mode.db;
    std::unique_ptr<serve::SourceHolder> sources;
    try {
        const std::size_t cache_bytes = std::size_t(mode.cache_mb) << 20;
        sources = std::make_unique<serve::SourceHolder>(
            [dir, cache_bytes] { return serve::open_database_source(dir, cache_bytes); },
            [dir, check = mode.reload_check_ms] { return check ? serve::database_version(dir) : std::string(); });
    } catch (const db::DbError& e) {
        fail_usage(e.what());
    }
    serve::HttpServer server(mode.options, *sources, report::live_explorer_page({}));
    int port = 0;
    try {
        port = server.bind();
    } catch (const std::runtime_error& e) {
        fail_usage(e.what());
    }
    fmt::print(stderr, "horde-db serve: {} on http://{}:{}/ (SIGTERM or Ctrl-C stops, SIGHUP reopens the database)\n", dir,
               mode.options.host, port);
    std::fflush(stderr);
    // With --reload-check 0 the loop still wakes up every second, but the version is always "".
    const auto check = std::chrono::milliseconds(mode.reload_check_ms ? mode.reload_check_ms : 1000);
    const int stopped_by = serve::serve_until_signal(server, *sources, check, [](std::string_view note) {
        fmt::print(stderr, "horde-db serve: {}\n", note);
        std::fflush(stderr);
    });
    fmt::print(stderr, "horde-db serve: stopped by {}\n", stopped_by == SIGINT ? "SIGINT" : "SIGTERM");
    return kExitOk;
}

} // namespace horde::tools::db_tool
