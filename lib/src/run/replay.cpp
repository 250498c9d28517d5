#include "horde/run/replay.hpp"

#include "horde/pgn/reader.hpp"

namespace horde::run {

void export_pgn(pgn::PgnReader& reader, const game::CheckOptions& options,
                const std::function<void(const game::GameRecord&, std::string_view)>& on_game,
                const report::PgnExportOptions& export_options) {
    const auto exporter = report::make_pgn_exporter(options, export_options);
    std::string text;
    game::walk_pgn(reader, options, false, exporter.get(), [&](game::GameRecord& record, std::string_view) {
        exporter->take(text);
        on_game(record, text);
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
    std::optional<report::GameTree> tree;
    game::walk_pgn(reader, options, false, builder.get(), [&](game::GameRecord& record, std::string_view) {
        builder->take(tree);
        on_game(record, tree ? &*tree : nullptr);
    });
}

} // namespace horde::run
