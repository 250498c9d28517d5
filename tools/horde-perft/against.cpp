#include "against.hpp"

#include "horde/engine/bisect.hpp"

#include <fmt/format.h>

#include <functional>
#include <memory>
#include <optional>

namespace horde::tools {

namespace {

// Shell text for one word, in single quotes.
std::string shell_quote(std::string_view word) {
    std::string out = "'";
    for (char c : word) {
        if (c == '\'') out += "'\\''";
        else out += c;
    }
    return out + "'";
}

std::string join_moves(const std::vector<std::string>& moves) {
    std::string out;
    for (const auto& m : moves) out += (out.empty() ? "" : " ") + m;
    return out;
}

// A command line that shows the same difference again: the start and the moves to the
// position found (the engine plays them, as in the bisection), at depth 1.
std::string reproduce_command(const AgainstRun& run, const engine::BisectStart& start, const engine::BisectReport& report) {
    std::vector<std::string> moves = start.moves;
    moves.insert(moves.end(), report.path.begin(), report.path.end());
    std::string line =
        fmt::format("horde-perft --variant {} --fen {}", variant_name(start.board.variant()), shell_quote(start.fen));
    if (!moves.empty()) line += " --moves " + shell_quote(join_moves(moves));
    line += fmt::format(" --depth 1 --against {} --protocol {}", shell_quote(run.engine.command),
                        engine::protocol_name(run.engine.protocol.value_or(engine::Protocol::Uci)));
    for (const auto& [name, value] : run.engine.options)
        line += " --engine-option " + shell_quote(fmt::format("{}={}", name, value));
    return line;
}

void print_difference(const AgainstRun& run, const engine::BisectStart& start, const engine::BisectReport& report, int depth) {
    fmt::print("difference: depth {}, first wrong position found after {} move{}\n", depth, report.path.size(),
               report.path.size() == 1 ? "" : "s");
    fmt::print("path: {}\n", report.path.empty() ? "(the given position)" : join_moves(report.path));
    fmt::print("fen: {}\n", report.fen);
    for (const auto& m : report.missing) fmt::print("missing in the other engine: {} ({})\n", m.uci, m.san);
    for (const auto& m : report.extra) fmt::print("extra in the other engine: {} ({})\n", m.uci, m.san);
    for (const auto& c : report.counts)
        fmt::print("count differs: {} ({}): {} here, {} in the other engine\n", c.move.uci, c.move.san, c.ours, c.theirs);
    if (!report.note.empty()) fmt::print("note: {}\n", report.note);
    fmt::print("reproduce: {}\n", reproduce_command(run, start, report));
}

struct StartedEngine {
    std::unique_ptr<engine::PerftEngine> engine;
    AgainstRun run; // with the protocol found
};

std::optional<StartedEngine> start_engine(const AgainstRun& run) {
    auto started = engine::start_engine(run.engine);
    if (auto* failed = std::get_if<engine::EngineFailure>(&started)) {
        fmt::print(stderr, "horde-perft: --against: {}\n", failed->message);
        return std::nullopt;
    }
    StartedEngine s{std::move(std::get<std::unique_ptr<engine::PerftEngine>>(started)), run};
    s.run.engine.protocol = s.engine->protocol();
    return s;
}

// 0 agree, 1 differ, 2 engine failure; prints the difference or the failure.
int compare(const StartedEngine& s, const engine::BisectStart& start, const std::function<void()>& before_difference,
            std::uint64_t* total) {
    auto on_level = [&](int d) {
        if (s.run.progress) s.run.progress->steps(std::uint64_t(s.run.depth - d), std::uint64_t(s.run.depth), "levels");
    };
    const auto report = engine::bisect(start, s.run.depth, *s.engine, s.run.perft, on_level);
    if (s.run.progress) s.run.progress->clear();
    switch (report.outcome) {
    case engine::BisectReport::Outcome::Agree:
        if (total) *total += report.total;
        return 0;
    case engine::BisectReport::Outcome::EngineFailed:
        fmt::print(stderr, "horde-perft: --against: {}\n", report.failure.message);
        return 2;
    case engine::BisectReport::Outcome::Differ: break;
    }
    if (before_difference) before_difference();
    print_difference(s.run, start, report, s.run.depth);
    return 1;
}

} // namespace

int run_against(const AgainstRun& run, const engine::BisectStart& position) {
    auto s = start_engine(run);
    if (!s) return 2;
    std::uint64_t total = 0;
    const int status = compare(*s, position, nullptr, &total);
    if (status == 0) fmt::print("agree: depth {}, {} nodes\n", run.depth, total);
    return status;
}

int run_against_sweep(const AgainstRun& run, const std::vector<position::Board>& positions,
                      const std::function<std::string(std::size_t)>& origin) {
    auto s = start_engine(run);
    if (!s) return 2;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (run.progress) run.progress->steps(i, positions.size(), "positions");
        s->run.progress = nullptr; // the sweep's progress line, not one per level
        const int status = compare(
            *s, {positions[i].fen(), {}, positions[i]},
            [&] {
                if (run.progress) run.progress->clear();
                fmt::print("position: {}: {}\n", origin(i), positions[i].fen());
            },
            &total);
        if (status != 0) return status;
    }
    if (run.progress) run.progress->clear();
    fmt::print("agree: {} positions at depth {}, {} nodes\n", positions.size(), run.depth, total);
    return 0;
}

} // namespace horde::tools
