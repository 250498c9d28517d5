// How a tool ends. Each main() maps what happened to an exit status in one place: its run's
// status, or an Exit thrown by the command line (args.cpp: a usage error, or --help/--version
// done) or by the run (an input or output that cannot be used). Nothing else in the tools
// leaves the process, except the signal handlers (output.hpp), which must end it at once.
// A failed write throws an Exit too (output.hpp), on whatever thread it happens: the library
// hands a worker's exception to the calling thread (ThreadedPositionLister, PgnPipeline).
#pragma once

#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <string>
#include <string_view>

namespace horde::tools {

// Exit codes of every tool.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1; // invalid input found (a game, a FEN, a perft mismatch)
inline constexpr int kExitUsage = 2;   // usage or I/O error

// A stop before the end of the run: the status, and the message for stderr (without the
// tool's name; empty when it has been printed already, e.g. by CLI11).
struct Exit {
    int status = kExitUsage;
    std::string message;
    int signal = 0; // not 0: end by this signal instead (SIGPIPE: the reader of stdout has gone)
};

// A usage or I/O error: "TOOL: message", exit 2.
[[noreturn]] inline void fail_usage(std::string message) { throw Exit{kExitUsage, std::move(message)}; }

// The one mapping of an Exit to the process's status.
inline int exit_status(std::string_view tool, const Exit& exit) {
    if (!exit.message.empty()) fmt::print(stderr, "{}: {}\n", tool, exit.message);
    std::fflush(stderr);
    if (exit.signal) {
        // As the signal itself would have ended the tool, even when the parent left it ignored.
        std::signal(exit.signal, SIG_DFL);
        std::raise(exit.signal);
        return 128 + exit.signal;
    }
    return exit.status;
}

} // namespace horde::tools
