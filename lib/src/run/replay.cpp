#include "horde/run/replay.hpp"

#include "horde/pgn/reader.hpp"
#include "horde/run/pipeline.hpp"

namespace horde::run {

namespace {

PipelineSettings pipeline_settings(const ReplayRunSettings& settings, const game::CheckOptions* options) {
    PipelineSettings out;
    out.threads = settings.threads;
    out.needs_number = settings.needs_number;
    out.batch_full = settings.batch_full;
    // One observer per reader of the run, made on its thread: its product travels with the record.
    switch (settings.product) {
    case ReplayProduct::None: break;
    case ReplayProduct::ExportedPgn:
        out.make_observer = [options = options ? *options : game::CheckOptions{}, export_options = settings.export_options] {
            return report::make_pgn_exporter(options, export_options);
        };
        break;
    case ReplayProduct::GameTree: out.make_observer = [] { return report::make_game_tree_builder(); }; break;
    }
    return out;
}

} // namespace

ReplayRun::ReplayRun(ReplayRunSettings settings)
    : settings_(std::move(settings)), slots_(PgnPipeline(pipeline_settings(settings_, nullptr)).slots()) {}

void ReplayRun::run(pgn::PgnReader& reader, const game::CheckOptions& options, const Format& format, const Write& write) const {
    PgnPipeline pipeline(pipeline_settings(settings_, &options));
    pipeline.run(
        reader, options, [&](std::size_t slot, const game::GameRecord& record, std::string_view) { format(slot, record); },
        [&](std::size_t slot, const PipelineBatch& batch) { write(slot, batch.games); });
}

void export_pgn(pgn::PgnReader& reader, const game::CheckOptions& options,
                const std::function<void(const game::GameRecord&, std::string_view)>& on_game,
                const report::PgnExportOptions& export_options) {
    const auto exporter = report::make_pgn_exporter(options, export_options);
    game::walk_pgn(reader, options, false, exporter.get(), [&](game::GameRecord& record, std::string_view) {
        on_game(record, report::exported_pgn(record));
    });
}

std::string export_pgn_text(std::string_view pgn, const game::CheckOptions& options, int* invalid,
                            const report::PgnExportOptions& export_options) {
    std::string out;
    int bad = 0;
    auto reader = pgn::PgnReader::from_memory(pgn);
    export_pgn(
        reader, options,
        [&](const game::GameRecord& record, std::string_view text) {
            if (record.valid()) out += text;
            else ++bad;
        },
        export_options);
    if (invalid) *invalid = bad;
    return out;
}

void read_game_trees(pgn::PgnReader& reader, const game::CheckOptions& options,
                     const std::function<void(const game::GameRecord&, const report::GameTree*)>& on_game) {
    const auto builder = report::make_game_tree_builder();
    game::walk_pgn(reader, options, false, builder.get(), [&](game::GameRecord& record, std::string_view) {
        on_game(record, report::game_tree_of(record));
    });
}

} // namespace horde::run
