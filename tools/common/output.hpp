// How the tools write their data and what they do when the world fails them:
//   * a write error (full disk, I/O error) throws an Exit to main's exit mapping: exit 2 and
//     "TOOL: STREAM: write error: REASON" on stderr, STREAM naming stdout or the file, so no
//     run ends with exit 0 and output lost;
//   * a pipe closed by the reader (`horde-list big.pgn | head -n 1`) ends the tool quietly, by
//     SIGPIPE (raised by the exit mapping), even when the parent left SIGPIPE ignored;
//   * SIGINT / SIGTERM end the tool with 130 / 143. A RecordOutput hands bytes to the system
//     only at record boundaries (whole games, whole lines), so files written so far hold whole
//     records only whenever the signal comes.
// Header-only, like the rest of tools/common. The signal state is the tool's own (process-wide
// by nature), never the library's.
#pragma once

#include "exit.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <string>
#include <string_view>
#include <unistd.h>
#include <utility>

namespace horde::tools {

// Ends the tool after a failed write to `stream` ("stdout" or a path): throws the Exit that
// main maps (on a worker thread, the library hands it to the calling thread).
[[noreturn]] inline void fail_write(std::string_view stream, int error) {
    if (error == EPIPE) throw Exit{128 + SIGPIPE, {}, SIGPIPE}; // the reader has gone: no message
    throw Exit{kExitUsage, fmt::format("{}: write error: {}", stream, std::strerror(error))};
}

// At start-up: SIGPIPE back to its default (a parent may have left it ignored) so that a closed
// pipe ends the tool quietly instead of costing a whole run.
inline void restore_sigpipe() { std::signal(SIGPIPE, SIG_DFL); }

// At the end of a tool that writes stdout through stdio: flushes and checks it.
inline void finish_stdout() {
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) fail_write("stdout", errno ? errno : EIO);
}

namespace detail {
inline char interrupt_message[96]; // "TOOL: interrupted\n", set once before the handler is installed
// Async-signal-safe: writes the fixed message and leaves with 128 + the signal.
inline void exit_on_interrupt(int sig) {
    [[maybe_unused]] const auto ignored = ::write(2, interrupt_message, std::strlen(interrupt_message));
    ::_exit(128 + sig);
}
} // namespace detail

// SIGINT and SIGTERM end the tool at once (no stdio flush: only whole records have been handed
// to the system, see RecordOutput), with exit status 130 or 143.
inline void exit_on_interrupt(std::string_view tool) {
    fmt::format_to_n(detail::interrupt_message, sizeof detail::interrupt_message - 1, "{}: interrupted\n", tool);
    struct sigaction action {};
    action.sa_handler = detail::exit_on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

// A data output written record by record: write() buffers, end_record() marks a record
// boundary and passes the buffer to the system once it is large, flush() passes it now. Only
// whole records ever reach the file. Write errors end the tool (fail_write).
class RecordOutput {
public:
    static constexpr std::size_t kFlushAt = 1 << 16;

    // An output on an open descriptor that stays open (stdout: fd 1, named "stdout").
    RecordOutput(int fd, std::string name) : name_(std::move(name)), fd_(fd) { buffer_.reserve(2 * kFlushAt); }
    // Creates (truncates) a file; nullptr after "TOOL: NAME: cannot write: REASON" on stderr.
    // `name` says the stream in messages ("--valid-out games.pgn").
    static std::unique_ptr<RecordOutput> create(const std::string& tool, const std::string& path, std::string name) {
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd < 0) {
            fmt::print(stderr, "{}: {}: cannot write: {}\n", tool, name, std::strerror(errno));
            return nullptr;
        }
        auto out = std::make_unique<RecordOutput>(fd, std::move(name));
        out->owns_fd_ = true;
        return out;
    }
    RecordOutput(const RecordOutput&) = delete;
    RecordOutput& operator=(const RecordOutput&) = delete;
    // Closed by the run (close()); here only when an Exit unwinds, which a second write error
    // must not turn into std::terminate.
    ~RecordOutput() {
        try {
            close();
        } catch (const Exit&) {}
    }

    void write(std::string_view data) { buffer_.append(data); }
    // A whole record has been written.
    void end_record() {
        if (buffer_.size() >= kFlushAt) flush();
    }
    // Whole records at once: a batch of at least kFlushAt bytes goes out from where it is, not
    // copied into the buffer (a tree writes as much as it reads).
    void write_records(std::string_view data) {
        if (data.size() < kFlushAt) {
            write(data);
            end_record();
            return;
        }
        write_through(data);
    }
    // A run the caller has gathered already (whole records): what is buffered, then the run
    // from where it is.
    void write_through(std::string_view data) {
        flush();
        write_all(data);
    }
    void flush() {
        write_all(buffer_);
        buffer_.clear();
    }
    // Flushes, and closes a file this object created (a failed close is a write error too).
    void close() {
        if (fd_ < 0) return;
        flush();
        const int fd = std::exchange(fd_, -1);
        if (owns_fd_ && ::close(fd) != 0) fail_write(name_, errno);
    }

private:
    void write_all(std::string_view data) {
        std::size_t done = 0;
        while (done < data.size()) {
            const ssize_t n = ::write(fd_, data.data() + done, data.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail_write(name_, n < 0 ? errno : EIO);
            done += std::size_t(n);
        }
    }

    std::string name_;
    int fd_;
    bool owns_fd_ = false;
    std::string buffer_;
};

} // namespace horde::tools
