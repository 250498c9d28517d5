#include "horde/run/tree.hpp"

#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/run/pipeline.hpp"

#include <fmt/format.h>

#include <any>
#include <vector>

namespace horde::run {

void TreeTotals::add(const TreeTotals& o) {
    games += o.games;
    used += o.used;
    invalid += o.invalid;
    partial += o.partial;
    not_selected += o.not_selected;
    skipped += o.skipped;
}

namespace {

// A game on its way from a worker to the tree.
struct TreeGame {
    tree::GameFacts facts;
    std::uint64_t game = 0;
};

struct TreeSlot {
    std::vector<TreeGame> games;
    std::string diagnostics;
    TreeTotals totals;
};

// Counts the record and says whether its moves go into the tree.
bool take_game(const game::GameRecord& r, const TreeRunSettings& settings, std::string_view display, TreeSlot& slot) {
    ++slot.totals.games;
    if (r.skipped) {
        ++slot.totals.skipped;
        return false;
    }
    if (!r.selected) {
        ++slot.totals.not_selected;
        return false;
    }
    if (settings.diagnostics && (!r.valid() || settings.warnings))
        report::append_record_diagnostics(slot.diagnostics, display, r, settings.warnings);
    if (r.valid()) {
        ++slot.totals.used;
        return true;
    }
    ++slot.totals.invalid;
    if (!settings.invalid_prefixes) return false;
    const auto* facts = std::any_cast<tree::GameFacts>(&r.product);
    if (!facts || facts->plies.size() < 2) return false; // no move before the error
    ++slot.totals.partial;
    return true;
}

void add_to_sink(TreeGame& g, std::string_view display, TreeSink& sink) {
    const std::uint64_t ordinal = sink.next_ordinal++;
    if (g.facts.plies.empty()) return;
    if (!sink.first_variant) sink.first_variant = g.facts.variant;
    if (sink.tree)
        sink.tree->add_game(g.facts, ordinal, [&](std::string& name) {
            if (g.facts.site.empty()) fmt::format_to(std::back_inserter(name), "{}#{}", display, g.game);
            else name = g.facts.site;
        });
    if (sink.book) {
        sink.book->begin_game(g.facts.outcome == tree::Outcome::WhiteWins   ? 1
                              : g.facts.outcome == tree::Outcome::BlackWins ? -1
                                                                            : 0);
        for (const tree::GamePly& p : g.facts.plies) sink.book->prefetch(p.polyglot_key, p.polyglot_move);
        for (const tree::GamePly& p : g.facts.plies) sink.book->prefetch_entry(p.polyglot_key, p.polyglot_move);
        for (const tree::GamePly& p : g.facts.plies) {
            if (p.move.is_none()) break;
            sink.book->add_move(p.polyglot_key, p.polyglot_move, p.white_to_move);
        }
    }
}

} // namespace

void run_tree(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display,
              const TreeRunSettings& settings, TreeSink& sink,
              const std::function<void(std::string& diagnostics, const TreeTotals& totals)>& report) {
    std::vector<TreeSlot> slots;
    PipelineSettings pipeline_settings;
    pipeline_settings.threads = settings.threads;
    pipeline_settings.input_position = settings.input_position;
    // The number appears in diagnostics, and names an example game without a Site tag.
    pipeline_settings.needs_number = [](const game::GameRecord& r) {
        const auto* facts = std::any_cast<tree::GameFacts>(&r.product);
        return r.selected && (!r.valid() || !facts || facts->site.empty());
    };
    pipeline_settings.batch_full = [&slots](std::size_t slot) { return slots[slot].diagnostics.size() >= (64 << 10); };
    const tree::TreeObserverOptions observer_options{settings.max_ply, sink.book != nullptr, sink.tree != nullptr};
    pipeline_settings.make_observer = [observer_options] { return tree::make_tree_observer(observer_options); };
    PgnPipeline pipeline(pipeline_settings);
    slots.resize(pipeline.slots());
    pipeline.run(
        reader, options,
        [&](std::size_t slot, const game::GameRecord& r, std::string_view) {
            TreeSlot& s = slots[slot];
            TreeGame g;
            g.game = r.game;
            if (take_game(r, settings, display, s)) {
                if (sink.variant_check && r.variant) sink.variant_check(r, *r.variant);
                if (const auto* facts = std::any_cast<tree::GameFacts>(&r.product)) g.facts = *facts;
            }
            s.games.push_back(std::move(g)); // every game, so that ordinals count the input's games
        },
        [&](std::size_t slot, const PipelineBatch& batch) {
            TreeSlot& s = slots[slot];
            for (TreeGame& g : s.games) add_to_sink(g, display, sink);
            s.totals.input_position = batch.input_position;
            report(s.diagnostics, s.totals);
            s.games.clear();
            s.diagnostics.clear();
            s.totals = {};
        });
}

} // namespace horde::run
