// horde-db serve: the command line of the HTTP server (serve/) and its run. args.cpp adds the
// subcommand with add_serve_command; run.cpp calls run_serve when it was given.
#pragma once

#include "horde/serve/http_server.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <string>

namespace horde::tools::db_tool {

struct ServeMode {
    std::string db;
    serve::ServeOptions options;
    int reload_check_ms = 1000; // 0: reopen on SIGHUP only
    int cache_mb = 64;          // the /lichess answers kept (0: none)
};

// `serve DB [--host H] [--port P] [--threads N] [--quiet] [--reload-check MS] [--cache MB]`.
CLI::App* add_serve_command(CLI::App& app, ServeMode& mode);

// Serves until SIGTERM or SIGINT (exit 0); a database that cannot be opened or an address that
// cannot be bound is an Exit (status 2).
int run_serve(ServeMode mode);

} // namespace horde::tools::db_tool
