// --progress / --no-progress and --threads, shared by the tools with a progress line
// (horde/out/progress.hpp) and a thread count. Header-only, without CLI11 (cli.hpp declares
// the options): a tool's main.cpp and run.cpp include it through args.hpp.
#pragma once

#include "horde/out/progress.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <thread>

namespace horde::tools {

struct ProgressFlags {
    bool on = false, off = false;
};

// Whether to draw: forced on or off, else when stderr is a terminal.
inline bool progress_wanted(const ProgressFlags& flags) {
    return !flags.off && (flags.on || out::ProgressMeter::is_terminal(stderr));
}

// --threads: 0 (the default) is every core.
inline unsigned thread_count(unsigned requested) {
    return requested ? requested : std::max(1u, std::thread::hardware_concurrency());
}

} // namespace horde::tools
