#include "horde/out/progress.hpp"

#include <fmt/format.h>

#include <unistd.h>

namespace horde::out {

std::string human_bytes(std::uint64_t n) {
    if (n >= 1000000000) return fmt::format("{:.1f} GB", double(n) / 1e9);
    if (n >= 1000000) return fmt::format("{:.1f} MB", double(n) / 1e6);
    if (n >= 1000) return fmt::format("{:.0f} KB", double(n) / 1e3);
    return fmt::format("{} B", n);
}

std::string human_duration(double seconds) {
    const auto s = std::uint64_t(seconds + 0.5);
    if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    return fmt::format("{}:{:02}", s / 60, s % 60);
}

ProgressMeter::ProgressMeter(std::FILE* out, std::string tool, bool enabled)
    : out_(out), tool_(std::move(tool)), enabled_(enabled), start_(Clock::now()), input_start_(start_) {}

bool ProgressMeter::is_terminal(std::FILE* stream) { return ::isatty(::fileno(stream)) == 1; }

void ProgressMeter::start_input(std::uint64_t total_bytes) {
    total_ = total_bytes;
    input_start_ = Clock::now();
}

bool ProgressMeter::due() {
    if (!enabled_) return false;
    const auto now = Clock::now();
    if (now - start_ < kDelay || (drawn_ && now - last_draw_ < kInterval)) return false;
    drawn_ = true;
    last_draw_ = now;
    return true;
}

void ProgressMeter::draw(const std::string& text) {
    // Carriage return, the text, erase to the end of the line: the cursor stays on the line.
    std::string line = "\r" + tool_ + ": " + text + "\x1b[K";
    std::fwrite(line.data(), 1, line.size(), out_);
    std::fflush(out_);
    shown_ = true;
}

void ProgressMeter::bytes(std::uint64_t done, std::uint64_t items, std::string_view unit) {
    if (!due()) return;
    const auto now = Clock::now();
    const double run_secs = std::chrono::duration<double>(now - start_).count();
    const double input_secs = std::chrono::duration<double>(now - input_start_).count();
    std::string text;
    if (total_ > 0)
        text = fmt::format("{:.0f}% of {}", 100.0 * double(std::min(done, total_)) / double(total_), human_bytes(total_));
    else text = fmt::format("{} read", human_bytes(done));
    text += fmt::format(", {} {}, {:.0f} {}/s", items, unit, run_secs > 0 ? double(items) / run_secs : 0.0, unit);
    if (total_ > 0 && done > 0 && done < total_)
        text += fmt::format(", {} left", human_duration(input_secs * double(total_ - done) / double(done)));
    draw(text);
}

void ProgressMeter::steps(std::uint64_t done, std::uint64_t total, std::string_view unit) {
    if (!due()) return;
    const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
    std::string text = fmt::format("{}/{} {}", done, total, unit);
    if (total > 0) text += fmt::format(", {:.0f}%", 100.0 * double(done) / double(total));
    if (done > 0 && done < total) text += fmt::format(", {} left", human_duration(secs * double(total - done) / double(done)));
    draw(text);
}

void ProgressMeter::stage(std::string_view what, std::uint64_t done, std::uint64_t total) {
    const auto now = Clock::now();
    if (what != stage_) {
        stage_ = what;
        stage_start_ = now;
        stage_done_ = 0;
    } else if (done < stage_done_) {
        return; // threads report their sums out of order: the line never goes back
    }
    stage_done_ = done;
    // A stage's start and end are drawn at once (once the run has lasted kDelay)
    if ((done == 0 || done >= total) && enabled_ && now - start_ >= kDelay) last_draw_ = now - kInterval;
    if (!due()) return;
    std::string text(what);
    if (total > 0) text += fmt::format(", {:.0f}%", 100.0 * double(std::min(done, total)) / double(total));
    const double secs = std::chrono::duration<double>(now - stage_start_).count();
    if (done > 0 && done < total) text += fmt::format(", {} left", human_duration(secs * double(total - done) / double(done)));
    draw(text);
}

void ProgressMeter::clear() {
    if (!shown_) return;
    std::fputs("\r\x1b[K", out_);
    std::fflush(out_);
    shown_ = false;
}

} // namespace horde::out
