// PgnPipeline (run/pipeline.hpp): on any thread count and batch size, the records handed to
// the ordered stage, concatenated, are those of the single-threaded check_pgn — every field of
// the NDJSON verdict and the raw bytes — and an exception in a stage stops the run and comes
// back to the caller instead of hanging it.
#include "horde/game/checker.hpp"
#include "horde/game/duplicates.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/json.hpp"
#include "horde/run/pipeline.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
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
std::string describe(const horde::game::GameRecord& r, std::string_view raw) {
    return horde::report::record_to_json(r) + "\n" + std::string(raw);
}

std::string describe_as_check(const horde::game::GameRecord& r, std::string_view raw);

std::string sequential(const std::string& input, const horde::game::CheckOptions& options, std::uint64_t* games = nullptr,
                       bool as_check = false) {
    auto reader = horde::pgn::PgnReader::from_memory(input);
    std::string out;
    horde::game::check_pgn(reader, options, true, [&](const horde::game::GameRecord& r, std::string_view raw) {
        out += as_check ? describe_as_check(r, raw) : describe(r, raw);
    });
    if (games) *games = reader.games_read();
    return out;
}

} // namespace

TEST_CASE("PgnPipeline: the ordered records equal check_pgn's on any thread count and batch size", "[pipeline]") {
    const std::string input = corpora();
    horde::game::CheckOptions options;
    options.lichess = true;
    std::uint64_t want_games = 0;
    const std::string want = sequential(input, options, &want_games);
    REQUIRE(!want.empty());
    for (unsigned threads : {1u, 2u, 4u}) {
        for (std::size_t batch : {std::size_t(4096), std::size_t(128 * 1024)}) {
            horde::run::PipelineSettings settings;
            settings.threads = threads;
            settings.capture_raw = true;
            settings.batch_bytes = batch;
            horde::run::PgnPipeline pipeline(settings);
            std::vector<std::string> slots(pipeline.slots());
            std::string got;
            std::uint64_t games = 0, batches = 0;
            auto reader = horde::pgn::PgnReader::from_memory(input);
            horde::run::RecordConsumer consumer{[&](std::size_t slot, const horde::game::GameRecord& r, std::string_view raw) {
                                                    slots[slot] += describe(r, raw);
                                                },
                                                [&](std::size_t slot, const horde::run::PipelineBatch& b) {
                                                    got += slots[slot];
                                                    slots[slot].clear();
                                                    games += b.games;
                                                    ++batches;
                                                },
                                                nullptr};
            pipeline.run(reader, options, consumer);
            INFO("threads " << threads << ", batch bytes " << batch);
            CHECK(got == want);
            CHECK(games == want_games);
            // Several threads: a batch per chunk of about batch_bytes. One thread: no chunks, a
            // batch every kOneThreadBatchGames games and a last one.
            if (threads == 1) CHECK(batches == want_games / horde::run::PgnPipeline::kOneThreadBatchGames + 1);
            else if (batch == 4096) CHECK(batches > 10);
        }
    }
}

TEST_CASE("PgnPipeline: runs that share a PipelineMemory each read their own input exactly", "[pipeline]") {
    // The buffers one run leaves (chunks, and the bytes read past the last cut) go to the next:
    // no byte of an input may reach the records of another. Inputs of different sizes and
    // endings (one cut mid-tag), in turn, on pipelines of 2 and 3 threads.
    const std::string whole = corpora();
    // The corpora with CR LF line ends and no blank line between games (chunks cut where a
    // reader of them finds a game's end).
    std::string packed;
    for (std::size_t i = 0; i < whole.size(); ++i) {
        if (whole[i] == '\n' && i + 1 < whole.size() && whole[i + 1] == '\n') continue;
        if (whole[i] == '\n') packed += '\r';
        packed += whole[i];
    }
    const std::vector<std::string> inputs = {whole, whole.substr(0, whole.size() / 3), packed, whole.substr(whole.size() / 2),
                                             whole};
    horde::game::CheckOptions options;
    horde::run::PipelineMemory memory;
    // A run stopped by an exception gives its buffers back full: the next run must not see them.
    auto aborted_run = [&](const std::string& input) {
        horde::run::PipelineSettings settings;
        settings.threads = 2;
        settings.batch_bytes = 4096;
        settings.memory = &memory;
        horde::run::PgnPipeline pipeline(settings);
        auto reader = horde::pgn::PgnReader::from_memory(input);
        horde::run::RecordConsumer consumer{[&](std::size_t, const horde::game::GameRecord& r, std::string_view) {
                                                if (r.game == 40) throw std::runtime_error("stop");
                                            },
                                            [&](std::size_t, const horde::run::PipelineBatch&) {},
                                            {}};
        CHECK_THROWS_WITH(pipeline.run(reader, options, consumer), "stop");
    };
    for (int round = 0; round < 2; ++round) {
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            if (i % 2 == 1) aborted_run(inputs[(i + 1) % inputs.size()]);
            const std::string want = sequential(inputs[i], options);
            REQUIRE(!want.empty());
            horde::run::PipelineSettings settings;
            settings.threads = 2 + unsigned(i % 2);
            settings.capture_raw = true;
            settings.batch_bytes = round == 0 ? 4096 : 16 * 1024;
            settings.memory = &memory;
            horde::run::PgnPipeline pipeline(settings);
            std::vector<std::string> slots(pipeline.slots());
            std::string got;
            auto reader = horde::pgn::PgnReader::from_memory(inputs[i]);
            horde::run::RecordConsumer consumer{[&](std::size_t slot, const horde::game::GameRecord& r, std::string_view raw) {
                                                    slots[slot] += describe(r, raw);
                                                },
                                                [&](std::size_t slot, const horde::run::PipelineBatch&) {
                                                    got += slots[slot];
                                                    slots[slot].clear();
                                                },
                                                {}};
            pipeline.run(reader, options, consumer);
            INFO("round " << round << ", input " << i);
            CHECK(got == want);
        }
    }
}

TEST_CASE("PgnPipeline: an exception in a stage is rethrown to the caller", "[pipeline]") {
    const std::string input = corpora();
    for (int failing_stage : {0, 1}) {
        horde::run::PipelineSettings settings;
        settings.threads = 2;
        settings.batch_bytes = 4096;
        horde::run::PgnPipeline pipeline(settings);
        auto reader = horde::pgn::PgnReader::from_memory(input);
        int seen = 0;
        auto run = [&] {
            horde::run::RecordConsumer consumer{[&](std::size_t, const horde::game::GameRecord& r, std::string_view) {
                                                    if (failing_stage == 0 && r.game == 50)
                                                        throw std::runtime_error("work failed");
                                                },
                                                [&](std::size_t, const horde::run::PipelineBatch&) {
                                                    if (failing_stage == 1 && ++seen == 3)
                                                        throw std::runtime_error("ordered failed");
                                                },
                                                nullptr};
            pipeline.run(reader, {}, consumer);
        };
        CHECK_THROWS_WITH(run(), failing_stage == 0 ? "work failed" : "ordered failed");
    }
}

namespace {

std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every PGN the project has: the corpora, the dialect fixtures, the fuzzing seeds and
// regression inputs (hostile bytes of every kind), in a fixed order.
std::vector<std::string> every_pgn() {
    std::vector<std::filesystem::path> paths;
    for (const char* dir :
         {HORDE_TESTDATA "/games", HORDE_TESTDATA "/dialects", HORDE_FUZZ_DIR "/corpus/pgn", HORDE_FUZZ_DIR "/regressions/pgn"}) {
        if (!std::filesystem::is_directory(dir)) continue;
        for (const auto& e : std::filesystem::directory_iterator(dir))
            if (e.is_regular_file() && e.path().extension() != ".jsonl" && e.path().extension() != ".txt")
                paths.push_back(e.path());
    }
    std::sort(paths.begin(), paths.end());
    std::vector<std::string> out;
    for (const auto& p : paths) out.push_back(read_file(p));
    return out;
}

// As horde-check uses it: only invalid games' output says their number (needs_number), so
// valid games go through before the chunk's numbers are known. The reference output is the
// same: describe() for invalid games, the raw bytes alone for valid ones.
std::string describe_as_check(const horde::game::GameRecord& r, std::string_view raw) {
    return r.valid() ? std::string(raw) : describe(r, raw);
}

// The records the pipeline hands on, in order (capture_raw on), described as describe() does, or
// as describe_as_check() when as_check; counts the ordered batches into *batches.
std::string run_pipeline(const std::string& input, const horde::game::CheckOptions& options,
                         horde::run::PipelineSettings settings, bool as_check = false, std::uint64_t* batches = nullptr,
                         std::function<bool(const horde::game::GameRecord&)> needs = nullptr) {
    settings.capture_raw = true;
    horde::run::PgnPipeline pipeline(settings);
    std::vector<std::string> slots(pipeline.slots());
    std::string got;
    auto reader = horde::pgn::PgnReader::from_memory(input);
    horde::run::RecordConsumer consumer{[&](std::size_t slot, const horde::game::GameRecord& r, std::string_view raw) {
                                            slots[slot] += as_check ? describe_as_check(r, raw) : describe(r, raw);
                                        },
                                        [&](std::size_t slot, const horde::run::PipelineBatch&) {
                                            got += slots[slot];
                                            slots[slot].clear();
                                            if (batches) ++*batches;
                                        },
                                        std::move(needs)};
    pipeline.run(reader, options, consumer);
    return got;
}

std::string pipelined(const std::string& input, const horde::game::CheckOptions& options, unsigned threads, std::size_t batch,
                      std::uint64_t* batches = nullptr, bool as_check = false, std::size_t max_chunk = 16 << 20) {
    horde::run::PipelineSettings settings;
    settings.threads = threads;
    settings.batch_bytes = batch;
    settings.max_chunk_bytes = max_chunk;
    std::function<bool(const horde::game::GameRecord&)> needs;
    if (as_check) needs = [](const horde::game::GameRecord& r) { return !r.valid(); };
    return run_pipeline(input, options, settings, as_check, batches, needs);
}

} // namespace

// The pipeline cuts the input into chunks at places where a reader of the whole input starts a
// new game with a fresh state, and each worker reads its chunk with a reader of its own: every
// line, column, game number, reader error and raw byte must still be that of one reader.
// Separators between the pieces make the cut candidates hard: blank lines, unterminated
// comments, tag sections split by blank lines, ';' and '%' lines, CR line ends.
TEST_CASE("PgnPipeline: cutting the input between workers is invisible on hostile input", "[pipeline]") {
    const std::vector<std::string> pieces = every_pgn();
    REQUIRE(pieces.size() > 20);
    const std::vector<std::string> separators = {"",
                                                 "\n",
                                                 "\n\n",
                                                 "\r\n\r\n",
                                                 "\r\r",
                                                 "\n\n[Event \"x\"]\n\n",
                                                 "{",
                                                 "\n\n{ open\n\n",
                                                 "; c\n\n",
                                                 "%esc\n\n",
                                                 " \n\t\n",
                                                 "\n\n[White \"a\"]\n\n[Black \"b\"]\n\n",
                                                 "1-0\n\n",
                                                 "*",
                                                 "\n\n1. e4 e5\n\n",
                                                 "\f\n\n",
                                                 "[",
                                                 "}\n\n",
                                                 "\xef\xbb\xbf",
                                                 "{ c\n",
                                                 "\n\n[White \"a\"]\n; c\n\n[Black \"b\"]\n\n",
                                                 "\n\n[White \"a\"]\n%e\n\n[Black \"b\"]\n\n",
                                                 "\n{ open\n[Event \"in a comment\"]\n",
                                                 "\n\n[Site \"" + std::string(1100, ' ') + "\"]\n\n"};
    std::uint64_t state = 12345;
    auto next = [&] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return std::size_t(state >> 33);
    };
    // Round 4 joins the pieces without blank lines, so that the cuts are the game ends a reader
    // of the chunk finds, right against the next game's first token (a tag pair without its
    // ']' before it, found by fuzz-split).
    const std::vector<std::string> tight = {"", "\n", " ", "[Event \"v\" ", "[Event \"v\"", "1-0", "{c}", "\r"};
    for (int round = 0; round < 5; ++round) {
        std::string input;
        std::vector<std::size_t> order(pieces.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        if (round > 0)
            for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[next() % i]);
        for (std::size_t i : order) {
            std::string piece = pieces[i];
            if (round == 4) // no blank line anywhere
                for (std::size_t k; (k = piece.find("\n\n")) != std::string::npos;) piece.erase(k, 1);
            input += piece;
            input += round == 0   ? std::string("\n\n")
                     : round == 4 ? tight[next() % tight.size()]
                                  : separators[next() % separators.size()];
        }
        horde::game::CheckOptions options;
        options.strict = round == 2;
        options.lichess = round == 3;
        const std::string want = sequential(input, options);
        const std::string want_as_check = sequential(input, options, nullptr, true);
        CHECK(pipelined(input, options, 2, 4096, nullptr, true) == want_as_check);
        for (unsigned threads : {2u, 3u}) {
            for (std::size_t batch : {std::size_t(4096), std::size_t(20000)}) {
                INFO("round " << round << ", threads " << threads << ", batch bytes " << batch << ", input bytes "
                              << input.size());
                std::uint64_t batches = 0;
                const std::string got = pipelined(input, options, threads, batch, &batches);
                CHECK(batches > input.size() / (8 * batch)); // cut into many chunks
                CHECK(got.size() == want.size());
                if (got != want) {
                    std::size_t i = 0;
                    while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
                    const std::size_t from = i > 300 ? i - 300 : 0;
                    FAIL_CHECK("first difference at byte " << i << "\nwant: " << want.substr(from, 600)
                                                           << "\ngot:  " << got.substr(from, 600));
                }
            }
        }
    }
}

// A stretch longer than max_chunk_bytes without a game boundary (one enormous game): the rest
// of the input is read on the calling thread, with the same output.
TEST_CASE("PgnPipeline: a game longer than the largest chunk", "[pipeline]") {
    std::string input = corpora();
    input += "\n\n[Event \"long\"]\n\n1. Nf3 Nf6 ";
    for (int i = 0; i < 20000; ++i) input += "Ng1 Ng8 Nf3 Nf6 {a comment} ";
    input += "*\n\n";
    input += corpora();
    horde::game::CheckOptions options;
    const std::string want = sequential(input, options);
    for (unsigned threads : {1u, 2u}) {
        INFO("threads " << threads);
        CHECK(pipelined(input, options, threads, 4096, nullptr, false, 64 * 1024) == want);
        CHECK(pipelined(input, options, threads, 4096, nullptr, true, 64 * 1024) == sequential(input, options, nullptr, true));
    }
}

// An in_order stage (the DuplicateFinder of --duplicates) sees every record in input order, with
// its final number, before `work`, on any thread count: the records and their duplicate
// warnings are those of check_pgn with its own finder.
TEST_CASE("PgnPipeline: an in-order stage sees the records in input order", "[pipeline]") {
    std::string input;
    for (int i = 0; i < 5; ++i) input += corpora() + "\n\n";
    for (auto mode : {horde::game::DuplicateMode::Exact, horde::game::DuplicateMode::Prefix}) {
        horde::game::CheckOptions options;
        options.duplicates = mode;
        const std::string want = sequential(input, options);
        REQUIRE(want.find("duplicate-game") != std::string::npos);
        for (unsigned threads : {2u, 3u}) {
            for (bool as_check : {false, true}) {
                INFO("threads " << threads << ", as_check " << as_check);
                horde::game::DuplicateFinder finder(mode);
                horde::run::PipelineSettings settings;
                settings.threads = threads;
                settings.batch_bytes = 4096;
                // With an in_order stage every record waits for its number, whatever needs_number says
                // (describe() below shows the number of valid games too).
                std::function<bool(const horde::game::GameRecord&)> needs;
                if (as_check) needs = [](const horde::game::GameRecord& r) { return !r.valid(); };
                std::uint64_t last = 0;
                bool in_order = true;
                settings.in_order = [&](horde::game::GameRecord& r) {
                    in_order = in_order && std::uint64_t(r.game) == last + 1;
                    last = std::uint64_t(r.game);
                    finder.check(r, false);
                };
                const std::string got = run_pipeline(input, options, settings, false, nullptr, needs);
                CHECK(in_order);
                CHECK(got == want);
            }
        }
    }
}

// Cuts right against the next game's first token: every game of the corpora follows a tag pair
// without its ']' ("[Event "v" [Event ..."), so the checker's reading of that tag (expected ']')
// needs the byte after the cut (found by fuzz-split: the chunk's reader said "input ends inside
// a tag pair").
TEST_CASE("PgnPipeline: a cut right after a tag pair without its closing bracket", "[pipeline]") {
    std::string input;
    for (int copy = 0; copy < 4; ++copy) {
        std::string text = corpora();
        for (std::size_t k = 0; (k = text.find("\n[Event ", k)) != std::string::npos; k += 16)
            text.insert(k + 1, "[Event \"v\" ");
        input += text;
    }
    horde::game::CheckOptions options;
    const std::string want = sequential(input, options);
    REQUIRE(want.find("expected ']' after the tag value") != std::string::npos);
    for (unsigned threads : {2u, 3u})
        for (std::size_t batch : {std::size_t(256), std::size_t(4096)}) {
            INFO("threads " << threads << ", batch " << batch);
            CHECK(pipelined(input, options, threads, batch) == want);
        }
}

namespace {

// find_game_cut as it read every line before a tag line in full (before it judged a line by its
// end first): the oracle of the test below.
std::size_t reference_game_cut(const char* d, std::size_t size, std::size_t from, bool at_end) {
    const auto blank_byte = [](char c) { return c == ' ' || c == '\t'; };
    const auto reader_space = [](char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; };
    const std::size_t window = horde::pgn::PgnReader::kLookahead + 1;
    const std::size_t limit = at_end ? size : (size > window ? size - window : 0);
    for (std::size_t i = std::max<std::size_t>(from, 1); i < limit;) {
        const void* hit = std::memchr(d + i, '[', limit - i);
        if (!hit) break;
        const std::size_t x = std::size_t(static_cast<const char*>(hit) - d);
        i = x + 1;
        if (x == 0 || (d[x - 1] != '\n' && d[x - 1] != '\r')) continue;
        if (!horde::pgn::pgn_detail::looks_like_tag_line(d + x, size - x)) continue;
        std::size_t end = x;
        int blanks = 0;
        bool ok = false;
        while (end > 0) {
            std::size_t stop = end - 1;
            if (d[stop] == '\n' && stop > 0 && d[stop - 1] == '\r') --stop;
            std::size_t begin = stop;
            while (begin > 0 && d[begin - 1] != '\n' && d[begin - 1] != '\r') --begin;
            if (begin == 0) break;
            bool blank = true, content = false;
            char first = 0;
            for (std::size_t k = begin; k < stop; ++k) {
                if (!blank_byte(d[k])) blank = false;
                if (!reader_space(d[k]) && !first) first = d[k];
                if (!reader_space(d[k])) content = true;
            }
            if (blank) {
                ++blanks;
                end = begin;
                continue;
            }
            ok = blanks > 0 && content && first != ';' && first != '%' && !std::memchr(d + begin, '[', stop - begin);
            break;
        }
        if (ok) return x;
    }
    return SIZE_MAX;
}

} // namespace

TEST_CASE("find_game_cut: the cut it finds, on inputs with and without blank lines between games", "[pipeline]") {
    // Lines of the kinds the rule looks at, glued with every kind of line end, at random (a
    // fixed seed: the same inputs every run).
    const std::vector<std::string> lines = {"[Event \"x\"]",
                                            "[Site \"y\"]",
                                            "",
                                            " ",
                                            "\t \t",
                                            "\f",
                                            "\v ",
                                            "1. e4 e5 *",
                                            "1. e4 {[%clk 0:01:00]} e5 {[%clk 0:00:59]} 1-0",
                                            "; a comment line",
                                            "% escape",
                                            "{ [a] }",
                                            "[not a tag",
                                            "x[Event \"z\"]",
                                            "1-0",
                                            "  1/2-1/2"};
    const std::vector<std::string> ends = {"\n", "\r\n", "\r", "\n\r"};
    std::uint32_t seed = 7;
    auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
    int cuts = 0, none = 0;
    for (int n = 0; n < 3000; ++n) {
        std::string s;
        for (std::uint32_t k = 2 + next() % 24; k > 0; --k)
            s += lines[(next() >> 8) % lines.size()] + ends[(next() >> 8) % ends.size()];
        for (const bool at_end : {true, false})
            for (std::size_t from = 0; from < s.size(); from += 1 + from / 3) {
                const std::size_t want = reference_game_cut(s.data(), s.size(), from, at_end);
                INFO(s << " from " << from);
                REQUIRE(horde::pgn::find_game_cut(s.data(), s.size(), from, at_end) == want);
                (want == SIZE_MAX ? none : cuts) += 1;
            }
    }
    CHECK(cuts > 1000); // both answers are exercised
    CHECK(none > 1000);
}
