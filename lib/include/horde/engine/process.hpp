// A child process run through /bin/sh with pipes to its stdin and stdout, read line by line
// with a time limit: how horde-perft talks to another engine.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace horde::engine {

class ChildProcess {
public:
    // `/bin/sh -c '<command> "$@"' sh <args...>`: the command is shell text (a path with
    // options, a pipeline), the arguments are passed verbatim. Throws std::runtime_error when
    // the process cannot be started.
    ChildProcess(std::string_view command, const std::vector<std::string>& args);
    ~ChildProcess(); // closes the pipes, kills the child if it still runs, reaps it
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Writes a line (a newline is added); false when the child no longer reads.
    bool write_line(std::string_view line);

    enum class ReadStatus { Line, EndOfFile, Timeout };
    // The next line of the child's stdout (without "\n" or "\r\n"), waiting at most `timeout`.
    ReadStatus read_line(std::string& line, std::chrono::milliseconds timeout);

    // Waits for the child to end (after EndOfFile) for at most `timeout`; its exit status
    // (128 + signal when killed), or nullopt when it still runs.
    std::optional<int> wait(std::chrono::milliseconds timeout);

private:
    int pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_; // read but not yet returned
    std::optional<int> status_;
};

} // namespace horde::engine
