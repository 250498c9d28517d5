// How the tools write their data and what they do when the world fails them:
//   * a write error (full disk, I/O error) ends the tool at once with exit 2 and
//     "TOOL: STREAM: write error: REASON" on stderr, STREAM naming stdout or the file, so no
//     run ends with exit 0 and output lost;
//   * a pipe closed by the reader (`horde-list big.pgn | head -n 1`) ends the tool quietly, as
//     SIGPIPE does, even when the parent left SIGPIPE ignored;
//   * SIGINT / SIGTERM end the tool with 130 / 143. A RecordOutput hands bytes to the system
//     only at record boundaries (whole games, whole lines), so files written so far hold whole
//     records only whenever the signal comes.
// Header-only, like the rest of tools/common. The signal state is the tool's own (process-wide
// by nature), never the library's.
#pragma once

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

namespace horde::tools {

// Ends the tool after a failed write to `stream` ("stdout" or a path). Safe from any thread.
[[noreturn]] inline void exit_on_write_error(std::string_view tool, std::string_view stream, int error) {
    std::fflush(stderr);
    if (error == EPIPE) {
        // The reader has gone: stop as SIGPIPE would, without a message.
        std::signal(SIGPIPE, SIG_DFL);
        std::raise(SIGPIPE);
        ::_exit(128 + SIGPIPE);
    }
    fmt::print(stderr, "{}: {}: write error: {}\n", tool, stream, std::strerror(error));
    std::fflush(stderr);
    ::_exit(2);
}

// At start-up: SIGPIPE back to its default (a parent may have left it ignored) so that a closed
// pipe ends the tool quietly instead of costing a whole run.
inline void restore_sigpipe() { std::signal(SIGPIPE, SIG_DFL); }

// At the end of a tool that writes stdout through stdio: flushes and checks it.
inline void finish_stdout(std::string_view tool) {
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) exit_on_write_error(tool, "stdout", errno ? errno : EIO);
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
// whole records ever reach the file. Write errors end the tool (exit_on_write_error).
class RecordOutput {
public:
    static constexpr std::size_t kFlushAt = 1 << 16;

    // An output on an open descriptor that stays open (stdout: fd 1, named "stdout").
    RecordOutput(std::string tool, int fd, std::string name) : tool_(std::move(tool)), name_(std::move(name)), fd_(fd) {
        buffer_.reserve(2 * kFlushAt);
    }
    // Creates (truncates) a file; nullptr after "TOOL: NAME: cannot write: REASON" on stderr.
    // `name` says the stream in messages ("--valid-out games.pgn").
    static std::unique_ptr<RecordOutput> create(const std::string& tool, const std::string& path, std::string name) {
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd < 0) {
            fmt::print(stderr, "{}: {}: cannot write: {}\n", tool, name, std::strerror(errno));
            return nullptr;
        }
        auto out = std::make_unique<RecordOutput>(tool, fd, std::move(name));
        out->owns_fd_ = true;
        return out;
    }
    RecordOutput(const RecordOutput&) = delete;
    RecordOutput& operator=(const RecordOutput&) = delete;
    ~RecordOutput() { close(); }

    void write(std::string_view data) { buffer_.append(data); }
    // A whole record has been written.
    void end_record() {
        if (buffer_.size() >= kFlushAt) flush();
    }
    void flush() {
        std::size_t done = 0;
        while (done < buffer_.size()) {
            const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) exit_on_write_error(tool_, name_, n < 0 ? errno : EIO);
            done += std::size_t(n);
        }
        buffer_.clear();
    }
    // Flushes, and closes a file this object created (a failed close is a write error too).
    void close() {
        if (fd_ < 0) return;
        flush();
        if (owns_fd_ && ::close(fd_) != 0) exit_on_write_error(tool_, name_, errno);
        fd_ = -1;
    }

private:
    std::string tool_, name_;
    int fd_;
    bool owns_fd_ = false;
    std::string buffer_;
};

} // namespace horde::tools
