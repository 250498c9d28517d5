// A progress line on a terminal: one line on stderr, redrawn a few times a second once a run
// has lasted a second, erased before anything else is written to the stream. The caller
// decides whether to show it (--progress / --no-progress, else whether stderr is a terminal:
// never when it is a pipe or a file, so logs get no carriage returns).
//
//   horde-check: 42% of 120.5 MB, 81234 games, 45012 games/s, 0:12 left
//   horde-perft: 12/20 root moves, 60%, 0:41 left
//   horde-db: writing the database, 45%, 0:03 left
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace horde::out {

class ProgressMeter {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr auto kDelay = std::chrono::seconds(1);           // nothing before
    static constexpr auto kInterval = std::chrono::milliseconds(200); // between redraws

    // `out` is where the line goes (stderr); nothing is drawn unless `enabled`.
    ProgressMeter(std::FILE* out, std::string tool, bool enabled);
    ~ProgressMeter() { clear(); }
    ProgressMeter(const ProgressMeter&) = delete;
    ProgressMeter& operator=(const ProgressMeter&) = delete;

    // Whether the stream is a terminal (the default for enabled).
    static bool is_terminal(std::FILE* stream);

    // A new input of `total` bytes (0: unknown, e.g. a pipe): the percentage and the time
    // left are of this input; the item count and rate run over the whole run.
    void start_input(std::uint64_t total_bytes);
    // Bytes of the current input read so far and items (games) done in the whole run.
    void bytes(std::uint64_t done, std::uint64_t items, std::string_view unit = "games");
    // `done` of `total` steps (e.g. root moves).
    void steps(std::uint64_t done, std::uint64_t total, std::string_view unit);
    // A stage of the run after the input ("writing the database"), `done` of `total` of its
    // units: its percentage and time left. A stage's start and end are drawn at once (once the
    // run has lasted kDelay), so that a short one shows too; a `done` below the stage's last is
    // not drawn (threads report out of order).
    void stage(std::string_view what, std::uint64_t done, std::uint64_t total);
    // Erases the line if it is shown (call before writing to the same stream).
    void clear();
    bool shown() const { return shown_; }
    bool enabled() const { return enabled_; }

private:
    bool due(); // enabled, late enough, and time for a redraw
    void draw(const std::string& text);

    std::FILE* out_;
    std::string tool_;
    bool enabled_;
    bool shown_ = false; // the line is on the screen
    bool drawn_ = false; // it has been drawn at least once
    Clock::time_point start_, input_start_, last_draw_, stage_start_;
    std::uint64_t total_ = 0;
    std::string stage_;            // the stage reported last
    std::uint64_t stage_done_ = 0; // and its most done
};

// "1.5 MB", "320 KB", "12 B"
std::string human_bytes(std::uint64_t n);
// "0:07", "1:02:03"
std::string human_duration(double seconds);

} // namespace horde::out
