// run::PgnPipeline with a consumer typed by its product (run/pipeline.hpp): on any thread count,
// each game's product (the exported PGN, the game tree) reaches `work` with its own record, also
// when records wait for their numbers, and the slots come back in input order: the
// concatenation equals the one-thread readers export_pgn and read_game_trees.
#include "horde/pgn/reader.hpp"
#include "horde/run/pipeline.hpp"
#include "horde/run/replay.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

using namespace horde;

namespace {

std::string corpora() {
    std::string all;
    for (const char* name : {"chess-valid", "horde-invalid", "orda-valid", "chess960-valid", "orda-invalid"}) {
        std::ifstream in(std::string(HORDE_TESTDATA) + "/games/" + name + ".pgn", std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        all += s.str();
    }
    return all;
}

// A tree in one line per node: enough to tell two trees apart.
std::string describe(const report::GameTree& tree) {
    std::string out = tree.title + " " + tree.result + " " + tree.outcome + "\n";
    for (const report::GameNode& n : tree.nodes) out += n.san + " " + n.board.fen() + "\n";
    return out;
}

// A consumer typed by its observer's product: each game's product, described, in input order.
template <class P, class MakeObserver> struct DescribingConsumer {
    using Product = P;
    MakeObserver make;
    bool wait_for_numbers; // every game waits (its product queued meanwhile), or none does
    std::vector<std::string> slots;
    std::string got;
    auto make_observer() const { return make(); }
    bool needs_number(const game::GameRecord&, const P&) const { return wait_for_numbers; }
    void work(std::size_t slot, const game::GameRecord& r, const P& product, std::string_view) {
        if constexpr (std::is_same_v<P, std::string>) slots[slot] += product + "|\n";
        else if (product) slots[slot] += describe(*product);
        else slots[slot] += r.valid() ? "valid without a tree\n" : "invalid\n";
    }
    void flush(std::size_t slot, const run::PipelineBatch&) {
        got += slots[slot];
        slots[slot].clear();
    }
};

// Every game's product through the pipeline on `threads` threads, in input order.
template <class P, class MakeObserver>
std::string through_run(const std::string& input, unsigned threads, bool wait, MakeObserver make) {
    run::PipelineSettings settings;
    settings.threads = threads;
    settings.batch_bytes = 4096;
    run::PgnPipeline pipeline(settings);
    DescribingConsumer<P, MakeObserver> consumer{make, wait, std::vector<std::string>(pipeline.slots()), {}};
    auto reader = pgn::PgnReader::from_memory(input);
    pipeline.run(reader, {}, consumer);
    return consumer.got;
}

} // namespace

TEST_CASE("Typed products: the exported PGN of every game, in input order, on any thread count", "[replay-run]") {
    const std::string input = corpora();
    report::PgnExportOptions export_options;
    export_options.max_line = 40;
    export_options.strip_comments = true;
    std::string want;
    auto reader = pgn::PgnReader::from_memory(input);
    run::export_pgn(
        reader, {}, [&](const game::GameRecord&, std::string_view text) { want += std::string(text) + "|\n"; }, export_options);
    REQUIRE(want.size() > 100000);
    for (unsigned threads : {1u, 2u, 3u})
        for (bool wait : {false, true}) {
            INFO("threads " << threads << ", wait " << wait);
            CHECK(through_run<std::string>(input, threads, wait, [&] { return report::make_pgn_exporter({}, export_options); }) ==
                  want);
        }
}

TEST_CASE("Typed products: the game tree of every valid game, in input order, on any thread count", "[replay-run]") {
    const std::string input = corpora();
    std::string want;
    auto reader = pgn::PgnReader::from_memory(input);
    run::read_game_trees(reader, {}, [&](const game::GameRecord& r, const report::GameTree* tree) {
        want += tree ? describe(*tree) : r.valid() ? "valid without a tree\n" : "invalid\n";
    });
    REQUIRE(want.find("invalid\n") != std::string::npos);
    for (unsigned threads : {1u, 2u})
        for (bool wait : {false, true}) {
            INFO("threads " << threads << ", wait " << wait);
            CHECK(through_run<std::optional<report::GameTree>>(input, threads, wait,
                                                               [] { return report::make_game_tree_builder(); }) == want);
        }
}
