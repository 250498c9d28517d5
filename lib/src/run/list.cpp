#include "horde/run/list.hpp"

#include "horde/run/pipeline.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/report/game_table.hpp"

#include <vector>

namespace horde::run {

void run_list(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display, unsigned threads,
              const std::function<std::uint64_t()>& input_position, ThreadedPositionLister& lister,
              const std::function<void(report::ListOutput&)>& flush) {
    run_list(reader, options, display, threads, input_position, &lister, nullptr, flush);
}

void run_list(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display, unsigned threads,
              const std::function<std::uint64_t()>& input_position, ThreadedPositionLister* lister,
              const report::GameTable* table, const std::function<void(report::ListOutput&)>& flush) {
    // The diagnostics and table row of a selected game; whether it goes to the lister (every
    // game does, selected or not, so that GAME numbers stay those of the input).
    auto diagnose = [&](report::ListOutput& out, const game::GameRecord& r) {
        ++out.games;
        if (!r.selected) {
            ++out.not_selected;
            return !table;
        }
        if (!r.valid()) {
            ++out.invalid;
            report::append_record_diagnostics(out.err, display, r, false);
        }
        if (table) table->append_row(out.rows, r, display);
        return !table;
    };
    struct Slot {
        report::ListOutput out;
        ListBatch batch;
    };
    std::vector<Slot> slots; // one per pipeline slot
    PipelineSettings settings;
    settings.threads = threads;
    settings.input_position = input_position;
    // On one thread, output goes on about every 64 KB too.
    settings.batch_full = [&slots](std::size_t slot) {
        const report::ListOutput& out = slots[slot].out;
        return out.err.size() >= (64 << 10) || out.rows.size() >= (64 << 10);
    };
    struct Consumer {
        using Product = NoProduct;
        std::vector<Slot>& slots;
        const decltype(diagnose)& diagnose_game;
        const report::GameTable* table;
        ThreadedPositionLister* lister;
        const std::function<void(report::ListOutput&)>& flush_output;
        // The number appears in diagnostics and in a table's `game` column.
        bool needs_number(const game::GameRecord& r, NoProduct&) const { return r.selected && (table || !r.valid()); }
        void work(std::size_t slot, const game::GameRecord& r, NoProduct&, std::string_view) {
            if (diagnose_game(slots[slot].out, r)) slots[slot].batch.add(r);
        }
        void flush(std::size_t slot, const PipelineBatch& batch) {
            Slot& s = slots[slot];
            s.out.input_position = batch.input_position;
            flush_output(s.out);
            s.out = report::ListOutput{};
            if (lister) lister->list_batch(s.batch);
        }
    } consumer{slots, diagnose, table, lister, flush};
    PgnPipeline pipeline(settings);
    slots.resize(pipeline.slots());
    pipeline.run(reader, options, consumer);
}

} // namespace horde::run
