// horde-tree's run over a PGN stream: every game is read and checked by run/pipeline.hpp (on one
// thread or on several: one run path) with the tree observer (tree/game_facts.hpp) on the walk.
// The workers add each game's facts to the opening tree themselves, each to a tree part free at
// the time (tree/opening_tree.hpp: the tree does not depend on how games are shared among parts);
// the Polyglot book builder, whose halving rule needs input order, gets them in the ordered
// stage. The output is the same whatever the thread count.
#pragma once

#include "horde/game/checker.hpp"
#include "horde/tree/opening_tree.hpp"
#include "horde/tree/polyglot.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace horde::pgn {
class PgnReader;
}

namespace horde::run {
class PipelineMemory; // horde/run/pipeline.hpp

struct TreeRunSettings {
    unsigned threads = 1;
    int max_ply = 20;
    // An invalid game gives its moves before its first error (counted as `partial`).
    bool invalid_prefixes = false;
    bool diagnostics = true; // the errors of invalid games, as horde-check prints them
    bool warnings = false;   // and the warnings of the games
    // Input bytes a chunk of the pipeline (0: its default): small in tests, so that a small input
    // is cut into chunks for several threads.
    std::size_t batch_bytes = 0;
    std::function<std::uint64_t()> input_position; // for progress (bytes read so far)
    // The name of an example game without a Site tag (null: "DISPLAY#GAME"); horde-db's export
    // names a stored game after the input it was added from.
    std::function<void(std::string& name, const game::GameRecord& record)> example_name;
    // The pipeline's buffers, kept by the caller across inputs; null: allocated for this input.
    PipelineMemory* memory = nullptr;
};

struct TreeTotals {
    std::uint64_t games = 0;        // read
    std::uint64_t used = 0;         // valid, selected, in the tree
    std::uint64_t invalid = 0;      // selected and invalid (not in the tree unless partial)
    std::uint64_t partial = 0;      // invalid games whose moves before the error are in the tree
    std::uint64_t not_selected = 0; // --where said no
    std::uint64_t skipped = 0;      // an unsupported variant, with --skip-unsupported
    std::uint64_t input_position = 0;
    void add(const TreeTotals& o);
};

// Where the games go. `book` may be null. `variant_check` is called with each used game's
// variant before it is added (to refuse, say, an Orda game for a Polyglot book: it throws).
struct TreeSink {
    tree::OpeningTree* tree = nullptr;
    tree::PolyglotBookBuilder* book = nullptr;
    std::function<void(const game::GameRecord&, Variant)> variant_check;
    // Past every ordinal given so far: a game's ordinal (the order of examples) is this, as its
    // input began, plus the game's byte offset in the input.
    std::uint64_t next_ordinal = 0;
    std::optional<Variant> first_variant; // of the first game that went in
};

// Reads every game of the reader's input into the sink. `report` is called on the calling
// thread, in input order, with the diagnostics text of a batch (stderr's) and its totals.
void run_tree(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display,
              const TreeRunSettings& settings, TreeSink& sink,
              const std::function<void(std::string& diagnostics, const TreeTotals& totals)>& report);

// Shows the positions of the tree that `keep` takes, in key order, and ends the tree: `render`
// appends a position's text, `write` takes the texts in key order on the calling thread, a
// stretch of positions at a time. For a tree held in memory, `keep` and `render` run on up to
// `threads` threads at once (each position once): they must not share state.
void show_tree(tree::OpeningTree& tree, unsigned threads, const std::function<bool(const tree::PositionStats&)>& keep,
               const std::function<void(tree::PositionStats&, std::string& text)>& render,
               const std::function<void(std::string& text)>& write);

} // namespace horde::run
