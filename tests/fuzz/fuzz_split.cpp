// fuzz-split: the cuts of the multi-threaded checker (run/pipeline.hpp) on arbitrary input.
// The input, three times (so that there are cut candidates after a first game), goes through
// PgnPipeline on 2 threads with 256-byte chunks read 97 bytes at a time, and through check_pgn
// on one reader. Self-check: the records handed on in order (each one's NDJSON verdict and raw
// bytes) are the same, whether every record waits for its game number or only invalid ones do.
#include "fuzz_support.hpp"

#include "horde/game/checker.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/json.hpp"
#include "horde/run/pipeline.hpp"

using namespace horde;

namespace {

std::string describe(const game::GameRecord& r, std::string_view raw, bool only_invalid) {
    if (only_invalid && r.valid()) return std::string(raw);
    return report::record_to_json(r) + "\n" + std::string(raw);
}

std::string one_reader(std::string_view text, const game::CheckOptions& options, bool only_invalid) {
    auto reader = pgn::PgnReader::from_memory(text);
    std::string out;
    game::check_pgn(reader, options, true,
                    [&](const game::GameRecord& r, std::string_view raw) { out += describe(r, raw, only_invalid); });
    return out;
}

std::string pipelined(std::string_view text, const game::CheckOptions& options, bool only_invalid) {
    run::PipelineSettings settings;
    settings.threads = 2;
    settings.capture_raw = true;
    settings.batch_bytes = 256;
    settings.read_bytes = 97;
    settings.max_chunk_bytes = 16384;
    std::function<bool(const game::GameRecord&)> needs;
    if (only_invalid) needs = [](const game::GameRecord& r) { return !r.valid(); };
    run::PgnPipeline pipeline(settings);
    std::vector<std::string> slots(pipeline.slots());
    std::string out;
    auto reader = pgn::PgnReader::from_memory(text);
    run::RecordConsumer consumer{
        [&](std::size_t slot, const game::GameRecord& r, std::string_view raw) { slots[slot] += describe(r, raw, only_invalid); },
        [&](std::size_t slot, const run::PipelineBatch&) {
            out += slots[slot];
            slots[slot].clear();
        },
        needs};
    pipeline.run(reader, options, consumer);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 16384) return 0;
    const std::string_view input = fuzz::as_text(data, size);
    std::string text(input);
    for (int i = 0; i < 2; ++i) {
        text += "\n\n";
        text += input;
    }
    game::CheckOptions options;
    options.lichess = size % 3 == 0;
    const bool only_invalid = size % 2 == 0;
    const std::string want = one_reader(text, options, only_invalid);
    const std::string got = pipelined(text, options, only_invalid);
    FUZZ_CHECK_SAME(want, got, "records handed on by the pipeline against one reader");
    return 0;
}
