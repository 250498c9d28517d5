#include "horde/run/list.hpp"

#include "horde/game/main_line.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/report/game_table.hpp"
#include "horde/report/position_list.hpp"
#include "horde/run/pipeline.hpp"

#include <vector>

namespace horde::run {

namespace {

// What a payload slot collects between two flushes.
struct ListSlot {
    report::ListOutput out;
    report::ListedLines lines;
};

// The consumer: on the worker, a game's diagnostics and its lines or rows, formatted from the
// positions its walk kept; in input order, all of it to the caller.
struct ListConsumer {
    using Product = game::MainLinePositions;
    std::vector<ListSlot>& slots;
    std::string_view display;
    report::PositionLister* lister;
    const report::GameTable* table;
    const std::function<void(report::ListOutput&)>& flush_output;
    game::MainLineOptions main_line;

    std::unique_ptr<game::MainLineObserver> make_observer() const { return game::make_main_line_observer(main_line); }
    // FEN lines as they are: written by the walk straight into the slot's blocks.
    void walk_into(game::MainLineObserver& observer, std::size_t slot) const {
        if (lister && lister->fen_lines_as_walked()) observer.write_fen_lines_to(&slots[slot].lines.walked);
    }
    // The number appears in diagnostics and in a table's `game` column; position lines get theirs
    // in input order (PositionLister::write), so that their games never wait for it.
    bool needs_number(const game::GameRecord& r, Product&) const { return r.selected && (table || !r.valid()); }
    void work(std::size_t slot, const game::GameRecord& r, Product& positions, std::string_view) {
        ListSlot& s = slots[slot];
        const auto game_in_batch = std::uint32_t(s.out.games++);
        if (!r.selected) {
            ++s.out.not_selected;
            return;
        }
        if (!r.valid()) {
            ++s.out.invalid;
            report::append_record_diagnostics(s.out.err, display, r, false);
        }
        if (table) table->append_row(s.out.rows, r, positions, display);
        else lister->format_game(s.lines, game_in_batch, positions);
    }
    void flush(std::size_t slot, const PipelineBatch& batch) {
        ListSlot& s = slots[slot];
        s.out.input_position = batch.input_position;
        if (lister) {
            lister->write(s.lines, batch.games);
            s.lines.clear();
        }
        flush_output(s.out);
        s.out = report::ListOutput{};
    }
};

} // namespace

void run_list(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display, unsigned threads,
              const std::function<std::uint64_t()>& input_position, report::PositionLister* lister,
              const report::GameTable* table, const std::function<void(report::ListOutput&)>& flush, PipelineMemory* memory) {
    // The blocks of the slots' FEN lines: as many as the output in flight, the last written out
    // taken first (still in the cache).
    io::BlockPool blocks;
    std::vector<ListSlot> slots; // one per pipeline slot
    PipelineSettings settings;
    settings.threads = threads;
    settings.input_position = input_position;
    settings.memory = memory;
    // On one thread, output goes on about every 64 KB too.
    settings.batch_full = [&slots](std::size_t slot) {
        const ListSlot& s = slots[slot];
        return s.out.err.size() >= (64 << 10) || s.out.rows.size() >= (64 << 10) || s.lines.text.size() >= (64 << 10) ||
               s.lines.walked.size() >= (64 << 10);
    };
    ListConsumer consumer{slots, display, lister, table, flush, table ? table->main_line_options() : lister->main_line_options()};
    PgnPipeline pipeline(settings);
    slots.resize(pipeline.slots());
    for (ListSlot& s : slots) s.lines.walked.use_pool(&blocks);
    pipeline.run(reader, options, consumer);
}

} // namespace horde::run
