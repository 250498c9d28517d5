#include "horde/run/check.hpp"

#include "horde/game/duplicates.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/run/pipeline.hpp"

#include <vector>

namespace horde::run {

void run_check(pgn::PgnReader& reader, const game::CheckOptions& check_options, const report::CheckOutputOptions& o,
               const CheckRunSettings& settings, const std::function<void(report::CheckOutput&)>& flush) {
    std::vector<report::CheckOutput> outputs; // one per pipeline slot
    PipelineSettings pipeline_settings;
    pipeline_settings.threads = settings.threads;
    pipeline_settings.memory = settings.memory;
    pipeline_settings.capture_raw = o.valid_raw || o.invalid_raw || o.duplicates_raw || o.skipped_raw;
    pipeline_settings.input_position = [&] {
        return settings.input_position ? settings.input_position() : reader.bytes_consumed();
    };
    // On one thread, output goes on about every 64 KB too.
    pipeline_settings.batch_full = [&outputs](std::size_t slot) { return outputs[slot].buffered() >= (64 << 10); };
    // --duplicates: the finder sees every record in input order (the pipeline's in_order stage).
    if (settings.duplicates)
        pipeline_settings.in_order = [finder = settings.duplicates, strict = check_options.strict](game::GameRecord& r) {
            finder->check(r, strict);
        };
    struct Consumer {
        using Product = NoProduct;
        std::vector<report::CheckOutput>& outputs;
        const report::CheckOutputOptions& o;
        const std::function<void(report::CheckOutput&)>& flush_output;
        // The number appears in the NDJSON verdict and in each diagnostic line; totals, --stats
        // and raw games do not say it.
        bool needs_number(const game::GameRecord& r, NoProduct&) const {
            if (!r.selected) return false;
            return o.json || (o.diagnostics && (!r.errors.empty() || (o.warnings && !r.warnings.empty())));
        }
        void work(std::size_t slot, const game::GameRecord& r, NoProduct&, std::string_view raw) { outputs[slot].add(r, raw, o); }
        void flush(std::size_t slot, const PipelineBatch& batch) {
            report::CheckOutput& output = outputs[slot];
            output.input_position = batch.input_position;
            flush_output(output);
            output = report::CheckOutput{};
        }
    } consumer{outputs, o, flush};
    PgnPipeline pipeline(pipeline_settings);
    outputs.resize(pipeline.slots());
    pipeline.run(reader, check_options, consumer);
}

} // namespace horde::run
