// horde-replay's run over a PGN stream, and the readers that export games or build their
// trees: every game is read and checked by run/pipeline.hpp (on one thread or on several: one
// run path), with the PGN exporter (report/pgn_writer.hpp) or the replay page's tree builder
// (report/game_tree.hpp) as the walk's observer when the output needs it. The tool formats
// each game on the thread that checked it (`format`, into a payload slot of its own) and
// writes the slots in input order on the calling thread (`write`), so that the bytes written
// are the same whatever the thread count and memory stays bounded on any input size.
#pragma once

#include "horde/game/checker.hpp"
#include "horde/report/game_tree.hpp"
#include "horde/report/pgn_writer.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace horde::pgn {
class PgnReader;
}

namespace horde::run {

// What the walk makes of each game besides its record (GameRecord::product).
enum class ReplayProduct : std::uint8_t {
    None,        // the record alone (its main line)
    ExportedPgn, // report::exported_pgn(record): the normalised PGN text
    GameTree,    // report::game_tree_of(record): the game with its variations
};

struct ReplayRunSettings {
    unsigned threads = 1; // 1: on the calling thread only
    ReplayProduct product = ReplayProduct::None;
    report::PgnExportOptions export_options; // with ReplayProduct::ExportedPgn
    // Whether `format`'s output for a record depends on its game number (null: always); a record
    // whose output does not is formatted without waiting for the number (PipelineSettings).
    std::function<bool(const game::GameRecord&)> needs_number;
    // On one thread: whether the slot's output should be written now (e.g. 64 KB waiting); null:
    // every PgnPipeline::kOneThreadBatchGames games.
    std::function<bool(std::size_t slot)> batch_full;
};

class ReplayRun {
public:
    // Runs on a worker (or the calling thread) for every game, in input order within a batch,
    // with the record's product; it formats the game into payload `slot`.
    using Format = std::function<void(std::size_t slot, const game::GameRecord& record)>;
    // Runs on the calling thread for every batch, in input order; the slot is then reused.
    using Write = std::function<void(std::size_t slot, std::uint64_t games)>;

    explicit ReplayRun(ReplayRunSettings settings);
    // How many payload slots the caller needs (1 with one thread).
    std::size_t slots() const { return slots_; }

    // Reads and checks every game of the reader's input; returns when the last batch is written.
    // An exception from `format` or `write` stops the run and is rethrown.
    void run(pgn::PgnReader& reader, const game::CheckOptions& options, const Format& format, const Write& write) const;

private:
    ReplayRunSettings settings_;
    std::size_t slots_;
};

// Reads every game of `reader` through a GameChecker with `options` and hands each finished
// record to `on_game` together with its normalised PGN (report/pgn_writer.hpp: tags, blank
// line, movetext, blank line), or an empty view when the game is not exported (record.valid()
// is false: the record's errors say why). On the calling thread.
void export_pgn(pgn::PgnReader& reader, const game::CheckOptions& options,
                const std::function<void(const game::GameRecord& record, std::string_view pgn)>& on_game,
                const report::PgnExportOptions& export_options = {});

// Convenience for in-memory text: the concatenated export of the valid games; `invalid` (if
// given) receives the number of games left out.
std::string export_pgn_text(std::string_view pgn, const game::CheckOptions& options = {}, int* invalid = nullptr,
                            const report::PgnExportOptions& export_options = {});

// Reads every game of `reader` through a GameChecker with `options`; hands each record with
// its tree to `on_game` (tree: nullptr when the game is invalid; the record's errors say why).
void read_game_trees(pgn::PgnReader& reader, const game::CheckOptions& options,
                     const std::function<void(const game::GameRecord& record, const report::GameTree* tree)>& on_game);

} // namespace horde::run
