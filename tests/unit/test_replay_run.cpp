// run::ReplayRun (run/replay.hpp): on any thread count, the products the walk leaves in the
// records (the exported PGN, the game tree) reach the formatter with their record, and the
// slots come back in input order: the concatenation equals the one-thread readers export_pgn
// and read_game_trees.
#include "horde/pgn/reader.hpp"
#include "horde/run/replay.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
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

// Every game's product through ReplayRun on `threads` threads, in input order.
std::string through_run(const std::string& input, unsigned threads, run::ReplayProduct product,
                        const report::PgnExportOptions& export_options = {}) {
    run::ReplayRunSettings settings;
    settings.threads = threads;
    settings.product = product;
    settings.export_options = export_options;
    settings.needs_number = [](const game::GameRecord&) { return false; };
    run::ReplayRun replay(settings);
    std::vector<std::string> slots(replay.slots());
    std::string got;
    auto reader = pgn::PgnReader::from_memory(input);
    replay.run(
        reader, {},
        [&](std::size_t slot, const game::GameRecord& r) {
            if (product == run::ReplayProduct::ExportedPgn) slots[slot] += std::string(report::exported_pgn(r)) + "|\n";
            else if (const report::GameTree* tree = report::game_tree_of(r)) slots[slot] += describe(*tree);
            else slots[slot] += r.valid() ? "valid without a tree\n" : "invalid\n";
        },
        [&](std::size_t slot, std::uint64_t) {
            got += slots[slot];
            slots[slot].clear();
        });
    return got;
}

} // namespace

TEST_CASE("ReplayRun: the exported PGN of every game, in input order, on any thread count", "[replay-run]") {
    const std::string input = corpora();
    report::PgnExportOptions export_options;
    export_options.max_line = 40;
    export_options.strip_comments = true;
    std::string want;
    auto reader = pgn::PgnReader::from_memory(input);
    run::export_pgn(
        reader, {}, [&](const game::GameRecord&, std::string_view text) { want += std::string(text) + "|\n"; }, export_options);
    REQUIRE(want.size() > 100000);
    for (unsigned threads : {1u, 2u, 3u}) {
        INFO("threads " << threads);
        CHECK(through_run(input, threads, run::ReplayProduct::ExportedPgn, export_options) == want);
    }
}

TEST_CASE("ReplayRun: the game tree of every valid game, in input order, on any thread count", "[replay-run]") {
    const std::string input = corpora();
    std::string want;
    auto reader = pgn::PgnReader::from_memory(input);
    run::read_game_trees(reader, {}, [&](const game::GameRecord& r, const report::GameTree* tree) {
        want += tree ? describe(*tree) : r.valid() ? "valid without a tree\n" : "invalid\n";
    });
    REQUIRE(want.find("invalid\n") != std::string::npos);
    for (unsigned threads : {1u, 2u}) {
        INFO("threads " << threads);
        CHECK(through_run(input, threads, run::ReplayProduct::GameTree) == want);
    }
}
