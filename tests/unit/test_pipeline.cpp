// PgnPipeline (game/pipeline.hpp): on any thread count and batch size, the records handed to
// the ordered stage, concatenated, are those of the single-threaded check_pgn — every field of
// the NDJSON verdict and the raw bytes — and an exception in a stage stops the run and comes
// back to the caller instead of hanging it.
#include "horde/game/checker.hpp"
#include "horde/game/pipeline.hpp"
#include "horde/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

std::string corpora() {
    std::string all;
    for (const char* name : {"chess-invalid", "horde-valid", "orda-invalid", "chess-valid", "horde-invalid", "orda-valid"}) {
        std::ifstream in(std::string(HORDE_TESTDATA) + "/games/" + name + ".pgn", std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        all += s.str();
    }
    // odd input between the corpora's games: tags-only games, lone results, garbage, a cut tag
    all += "[Event \"tags only\"]\n[Event \"x\"]\n\n*\n1-0\n@@@ ) 1. e4 {never closed\n\n";
    all += "[Event \"a\"]\n\n1. d4 d5 *\n[Event \"cut";
    return all;
}

// One line per record (its NDJSON verdict, then its raw bytes).
std::string describe(const horde::GameRecord& r, std::string_view raw) {
    return horde::record_to_json(r) + "\n" + std::string(raw);
}

std::string sequential(const std::string& input, const horde::CheckOptions& options) {
    auto reader = horde::PgnReader::from_memory(input);
    std::string out;
    horde::check_pgn(reader, options, true, [&](const horde::GameRecord& r, std::string_view raw) { out += describe(r, raw); });
    return out;
}

} // namespace

TEST_CASE("PgnPipeline: the ordered records equal check_pgn's on any thread count and batch size", "[pipeline]") {
    const std::string input = corpora();
    horde::CheckOptions options;
    options.lichess = true;
    const std::string want = sequential(input, options);
    REQUIRE(!want.empty());
    for (unsigned threads : {1u, 2u, 4u}) {
        for (std::size_t batch : {std::size_t(4096), std::size_t(128 * 1024)}) {
            horde::PipelineSettings settings;
            settings.threads = threads;
            settings.capture_raw = true;
            settings.batch_bytes = batch;
            horde::PgnPipeline pipeline(settings);
            std::vector<std::string> slots(pipeline.slots());
            std::string got;
            std::uint64_t games = 0, batches = 0;
            auto reader = horde::PgnReader::from_memory(input);
            pipeline.run(
                reader, options,
                [&](std::size_t slot, const horde::GameRecord& r, std::string_view raw) { slots[slot] += describe(r, raw); },
                [&](std::size_t slot, const horde::PipelineBatch& b) {
                    got += slots[slot];
                    slots[slot].clear();
                    games += b.games;
                    ++batches;
                });
            INFO("threads " << threads << ", batch bytes " << batch);
            CHECK(got == want);
            CHECK(games == reader.games_read());
            if (batch == 4096) CHECK(batches > 10);
        }
    }
}

TEST_CASE("PgnPipeline: an exception in a stage is rethrown to the caller", "[pipeline]") {
    const std::string input = corpora();
    for (int failing_stage : {0, 1}) {
        horde::PipelineSettings settings;
        settings.threads = 2;
        settings.batch_bytes = 4096;
        horde::PgnPipeline pipeline(settings);
        auto reader = horde::PgnReader::from_memory(input);
        int seen = 0;
        auto run = [&] {
            pipeline.run(
                reader, {},
                [&](std::size_t, const horde::GameRecord& r, std::string_view) {
                    if (failing_stage == 0 && r.game == 50) throw std::runtime_error("work failed");
                },
                [&](std::size_t, const horde::PipelineBatch&) {
                    if (failing_stage == 1 && ++seen == 3) throw std::runtime_error("ordered failed");
                });
        };
        CHECK_THROWS_WITH(run(), failing_stage == 0 ? "work failed" : "ordered failed");
    }
}
