#include "horde/engine/perft_engine.hpp"

#include "horde/engine/process.hpp"

#include <fmt/format.h>

#include <charconv>
#include <stdexcept>

namespace horde::engine {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::optional<std::uint64_t> parse_count(std::string_view text) {
    text = trim(text);
    std::uint64_t n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return n;
}

// "e2e4: 20" (UCI engines) or "e2e4 20" (perftree): the move and its count.
std::optional<std::pair<std::string, std::uint64_t>> parse_divide_line(std::string_view line, char separator) {
    const auto at = line.find(separator);
    if (at == std::string_view::npos || at == 0) return std::nullopt;
    const std::string_view move = trim(line.substr(0, at));
    if (move.size() < 4 || move.size() > 5 || move.find(' ') != std::string_view::npos) return std::nullopt;
    const auto count = parse_count(line.substr(at + 1));
    if (!count) return std::nullopt;
    return std::pair{std::string(move), *count};
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) {
        if (!out.empty()) out += ' ';
        out += w;
    }
    return out;
}

EngineFailure failure(std::string message, std::string last_line) {
    if (!last_line.empty()) message += fmt::format(" (its last line: '{}')", last_line);
    return {std::move(message), std::move(last_line)};
}

class UciEngine final : public PerftEngine {
public:
    UciEngine(std::unique_ptr<ChildProcess> process, std::chrono::milliseconds timeout)
        : process_(std::move(process)), timeout_(timeout) {}
    ~UciEngine() override { process_->write_line("quit"); }

    // Reads lines until one equals `wanted`; nullopt when it came, else the failure.
    std::optional<EngineFailure> expect(std::string_view wanted, std::string_view after) {
        std::string line;
        for (;;) {
            switch (process_->read_line(line, timeout_)) {
            case ChildProcess::ReadStatus::Line:
                last_ = line;
                if (trim(line) == wanted) return std::nullopt;
                continue;
            case ChildProcess::ReadStatus::EndOfFile:
                return failure(fmt::format("the engine ended before answering '{}' to '{}'", wanted, after), last_);
            case ChildProcess::ReadStatus::Timeout:
                return failure(fmt::format("the engine did not answer '{}' to '{}' within {} s", wanted, after,
                                           double(timeout_.count()) / 1000),
                               last_);
            }
        }
    }

    std::optional<EngineFailure> send(const std::string& line) {
        if (!process_->write_line(line)) return failure(fmt::format("the engine no longer reads (sending '{}')", line), last_);
        return std::nullopt;
    }

    std::optional<EngineFailure> handshake(const EngineSettings& settings) {
        for (const auto& [name, value] : settings.options)
            if (auto f = send(fmt::format("setoption name {} value {}", name, value))) return f;
        std::string variant;
        switch (settings.variant) {
        case Variant::Chess: break;
        case Variant::Chess960: variant = "setoption name UCI_Chess960 value true"; break;
        case Variant::Horde: variant = "setoption name UCI_Variant value horde"; break;
        case Variant::Orda: variant = "setoption name UCI_Variant value orda"; break;
        }
        if (!variant.empty())
            if (auto f = send(variant)) return f;
        if (auto f = send("isready")) return f;
        return expect("readyok", "isready");
    }

    std::variant<EngineDivide, EngineFailure> divide(const std::string& fen, const std::vector<std::string>& moves,
                                                     int depth) override {
        const std::string position = moves.empty() ? "position fen " + fen : "position fen " + fen + " moves " + joined(moves);
        const std::string go = fmt::format("go perft {}", depth);
        if (auto f = send(position)) return *f;
        if (auto f = send(go)) return *f;
        EngineDivide result;
        std::string line;
        for (;;) {
            switch (process_->read_line(line, timeout_)) {
            case ChildProcess::ReadStatus::EndOfFile:
                return failure(fmt::format("the engine ended during '{}' after '{}'", go, position), last_);
            case ChildProcess::ReadStatus::Timeout:
                return failure(fmt::format("the engine did not finish '{}' within {} s (after '{}')", go,
                                           double(timeout_.count()) / 1000, position),
                               last_);
            case ChildProcess::ReadStatus::Line: break;
            }
            last_ = line;
            const std::string_view text = trim(line);
            if (text.empty() || text.starts_with("info")) continue;
            if (text.starts_with("Nodes searched:")) {
                const auto total = parse_count(text.substr(15));
                if (!total) return failure("the engine's total cannot be read", last_);
                result.total = *total;
                return result;
            }
            auto row = parse_divide_line(text, ':');
            if (!row) return failure(fmt::format("the engine printed a line that is no 'move: count' during '{}'", go), last_);
            result.moves.push_back(std::move(*row));
        }
    }

    Protocol protocol() const override { return Protocol::Uci; }
    void set_timeout(std::chrono::milliseconds timeout) { timeout_ = timeout; }

private:
    std::unique_ptr<ChildProcess> process_;
    std::chrono::milliseconds timeout_;
    std::string last_;
};

class PerftreeEngine final : public PerftEngine {
public:
    PerftreeEngine(std::string command, std::chrono::milliseconds timeout) : command_(std::move(command)), timeout_(timeout) {}

    std::variant<EngineDivide, EngineFailure> divide(const std::string& fen, const std::vector<std::string>& moves,
                                                     int depth) override {
        const std::string call = fmt::format("{} {} \"{}\" \"{}\"", command_, depth, fen, joined(moves));
        std::unique_ptr<ChildProcess> process;
        try {
            process =
                std::make_unique<ChildProcess>(command_, std::vector<std::string>{std::to_string(depth), fen, joined(moves)});
        } catch (const std::runtime_error& e) {
            return failure(fmt::format("cannot run '{}': {}", call, e.what()), "");
        }
        const auto deadline = std::chrono::steady_clock::now() + timeout_;
        std::vector<std::string> lines;
        std::string line, last;
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            const auto status = process->read_line(line, std::max(left, std::chrono::milliseconds(1)));
            if (status == ChildProcess::ReadStatus::EndOfFile) break;
            if (status == ChildProcess::ReadStatus::Timeout)
                return failure(fmt::format("'{}' did not finish within {} s", call, double(timeout_.count()) / 1000), last);
            last = line;
            lines.push_back(line);
        }
        const auto status = process->wait(timeout_);
        if (!status) return failure(fmt::format("'{}' closed its output but did not end", call), last);
        if (*status != 0) return failure(fmt::format("'{}' failed with exit status {}", call, *status), last);
        // "move count" lines, a blank line, the total (trailing blank lines allowed).
        while (!lines.empty() && trim(lines.back()).empty()) lines.pop_back();
        if (lines.empty()) return failure(fmt::format("'{}' printed nothing", call), last);
        EngineDivide result;
        const auto total = parse_count(lines.back());
        if (!total) return failure(fmt::format("'{}' did not end with its total", call), lines.back());
        result.total = *total;
        lines.pop_back();
        if (!lines.empty() && trim(lines.back()).empty()) lines.pop_back();
        else if (!lines.empty()) return failure(fmt::format("'{}' printed no blank line before its total", call), lines.back());
        for (const std::string& l : lines) {
            auto row = parse_divide_line(trim(l), ' ');
            if (!row) return failure(fmt::format("'{}' printed a line that is no 'move count'", call), l);
            result.moves.push_back(std::move(*row));
        }
        return result;
    }

    Protocol protocol() const override { return Protocol::Perftree; }

private:
    std::string command_;
    std::chrono::milliseconds timeout_;
};

} // namespace

std::string_view protocol_name(Protocol p) { return p == Protocol::Uci ? "uci" : "perftree"; }

std::optional<Protocol> parse_protocol(std::string_view name) {
    if (name == "uci") return Protocol::Uci;
    if (name == "perftree") return Protocol::Perftree;
    return std::nullopt;
}

std::variant<std::unique_ptr<PerftEngine>, EngineFailure> start_engine(const EngineSettings& settings) {
    if (settings.protocol == Protocol::Perftree)
        return std::unique_ptr<PerftEngine>(std::make_unique<PerftreeEngine>(settings.command, settings.timeout));
    std::unique_ptr<ChildProcess> process;
    try {
        process = std::make_unique<ChildProcess>(settings.command, std::vector<std::string>{});
    } catch (const std::runtime_error& e) {
        return failure(fmt::format("cannot run '{}': {}", settings.command, e.what()), "");
    }
    // Detection: a UCI engine answers `uci` with `uciok`; a perftree script run without
    // arguments does not (it ends, or waits), and then gets its arguments per query.
    const auto handshake_timeout =
        settings.protocol ? settings.timeout : std::min(settings.timeout, std::chrono::milliseconds(5000));
    auto engine = std::make_unique<UciEngine>(std::move(process), handshake_timeout);
    if (!engine->send("uci")) {
        if (auto missing = engine->expect("uciok", "uci"); !missing) {
            engine->set_timeout(settings.timeout);
        } else if (settings.protocol) {
            return *missing;
        } else {
            return std::unique_ptr<PerftEngine>(std::make_unique<PerftreeEngine>(settings.command, settings.timeout));
        }
    } else if (settings.protocol) {
        return failure(fmt::format("cannot talk to '{}'", settings.command), "");
    } else {
        return std::unique_ptr<PerftEngine>(std::make_unique<PerftreeEngine>(settings.command, settings.timeout));
    }
    if (auto f = engine->handshake(settings)) return *f;
    return std::unique_ptr<PerftEngine>(std::move(engine));
}

} // namespace horde::engine
