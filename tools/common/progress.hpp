// --progress / --no-progress and --threads, shared by the tools with a progress line
// (horde/out/progress.hpp) and a thread count. Header-only.
#pragma once

#include "horde/out/progress.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <thread>

namespace horde::tools {

struct ProgressFlags {
    bool on = false, off = false;
};

// --progress and --no-progress; `what` names what the line shows.
inline void add_progress_options(CLI::App& app, ProgressFlags& flags, const std::string& what) {
    app.add_flag("--progress", flags.on, "Show the progress line (" + what + ") on stderr even when it is not a terminal");
    app.add_flag("--no-progress", flags.off, "Never show the progress line (default: shown on a terminal)")
        ->excludes("--progress");
}

// Whether to draw: forced on or off, else when stderr is a terminal.
inline bool progress_wanted(const ProgressFlags& flags) {
    return !flags.off && (flags.on || out::ProgressMeter::is_terminal(stderr));
}

// --threads: 0 (the default) is every core.
inline unsigned thread_count(unsigned requested) {
    return requested ? requested : std::max(1u, std::thread::hardware_concurrency());
}

} // namespace horde::tools
