#include "pgn_input.hpp"

#include "cli.hpp"
#include "input.hpp"
#include "pgn_out.hpp"

#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/report/game_tree.hpp"
#include "horde/report/pgn_writer.hpp"
#include "horde/run/pipeline.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace horde::replay {

using namespace horde::tools; // the tools' shared helpers (tools/common)

namespace {

// Where the selected games go.
enum class Sink : std::uint8_t {
    Text,       // text boards, --to uci|san: formatted on the workers, written to stdout
    Pgn,        // --to pgn: the exporter's text, to stdout or --out's files
    SvgFolder,  // --svg DIR/: files written in input order (their names depend on the game count)
    HtmlFolder, // --html DIR/: a page per game, rendered on the workers
    HtmlFile,   // --html FILE: every game's tree, kept for the one page
    One,        // --svg FILE, --interactive: the one game, replayed at the end
};

Sink sink_of(const Mode& o, const HtmlOutput& html) {
    if (o.to && *o.to == "pgn") return Sink::Pgn;
    if (o.html) return html.folder() ? Sink::HtmlFolder : Sink::HtmlFile;
    if (o.interactive) return Sink::One;
    if (o.svg) {
        std::error_code ec;
        return o.svg->ends_with('/') || std::filesystem::is_directory(*o.svg, ec) ? Sink::SvgFolder : Sink::One;
    }
    return Sink::Text;
}

// What a game's product gives its output: the exported PGN text (--to pgn: empty when the game
// is not exported), the move tree (--html: none when the game is invalid).
struct GameProduct {
    std::string_view pgn;
    const report::GameTree* tree = nullptr;
    Timeline* timeline = nullptr; // moved into the game's Replay
};
GameProduct product_view(const std::string& pgn) { return {pgn, nullptr, nullptr}; }
GameProduct product_view(const std::optional<report::GameTree>& tree) { return {{}, tree ? &*tree : nullptr, nullptr}; }
GameProduct product_view(Timeline& timeline) { return {{}, nullptr, &timeline}; }

// One game of a batch with output (for --to uci|san an invalid game's empty line too).
struct Entry {
    int number = 0;
    FormattedGame text;                   // Text, Pgn, HtmlFolder: the bytes (text, PGN, page)
    std::optional<Replay> replay;         // SvgFolder, One
    std::optional<report::GameTree> tree; // HtmlFile
};

// A payload slot of the run: what the games of a batch make, written in input order.
struct Batch {
    std::vector<Entry> entries;
    std::string diagnostics; // the invalid games', for stderr
    std::size_t bytes = 0;
    int status = 0;
};

class PgnReplay {
public:
    PgnReplay(const Mode& o, const Output& out, HtmlOutput& html);
    void read(io::Input& input);
    int finish();

private:
    template <class P, class MakeObserver> struct Consumer;
    run::PipelineSettings settings();
    template <class P, class MakeObserver> void read_with(pgn::PgnReader& reader, const std::string& display, MakeObserver make);
    bool needs_number(const game::GameRecord& r) const;
    void format(Batch& batch, const game::GameRecord& r, const std::string& display, const GameProduct& product) const;
    void take(Batch& batch, const game::GameRecord& r, int number, const GameProduct& product) const;
    void write(Batch& batch);
    void write_entry(Entry& entry);
    void write_text(const FormattedGame& text);
    void flush_svg(bool several);

    const Mode& o_;
    const Output& out_;
    HtmlOutput& html_;
    const Sink sink_;
    game::CheckOptions options_;
    std::vector<Batch> batches_; // one per slot of the run
    HtmlPages pages_;
    PgnDestination destination_;
    std::uint64_t input_offset_ = 0; // the games of the inputs before this one (read by the workers)
    std::uint64_t games_seen_ = 0;   // over all inputs
    std::uint64_t taken_ = 0;        // the games with output
    int status_ = 0;
    bool stopped_ = false;        // an output failed (kExitUsage): nothing more is written
    std::vector<Replay> pending_; // SvgFolder: until the game count decides the file names
    std::optional<Replay> kept_;  // One: the first game (more is a usage error at the end)
    std::uint64_t kept_games_ = 0;
    std::string deferred_err_; // the outputs' messages (write_text)
};

PgnReplay::PgnReplay(const Mode& o, const Output& out, HtmlOutput& html)
    : o_(o), out_(out), html_(html), sink_(sink_of(o, html)), options_(o.check), pages_(html),
      destination_(o.out, o.games_per_file) {
    if (o.variant_given) options_.forced_variant = o.variant;
    batches_.resize(run::PgnPipeline(settings()).slots());
}

run::PipelineSettings PgnReplay::settings() {
    run::PipelineSettings s;
    s.threads = o_.threads;
    s.batch_full = [this](std::size_t slot) { return batches_[slot].bytes >= (64 << 10); };
    return s;
}

// The lines of --to pgn|uci|san do not say the game's number; diagnostics, titles, file names
// and --game do.
bool PgnReplay::needs_number(const game::GameRecord& r) const {
    const bool number_free = !o_.game && (sink_ == Sink::Pgn || (sink_ == Sink::Text && o_.to));
    return !number_free || (r.selected && !r.valid());
}

// The run's consumer, typed by the product the sink needs.
template <class P, class MakeObserver> struct PgnReplay::Consumer {
    using Product = P;
    PgnReplay& replay;
    const std::string& display;
    MakeObserver make;
    auto make_observer() const { return make(); }
    bool needs_number(const game::GameRecord& r, const P&) const { return replay.needs_number(r); }
    void work(std::size_t slot, const game::GameRecord& r, P& product, std::string_view) {
        replay.format(replay.batches_[slot], r, display, product_view(product));
    }
    void flush(std::size_t slot, const run::PipelineBatch& batch) {
        replay.games_seen_ += batch.games;
        replay.write(replay.batches_[slot]);
    }
};

template <class P, class MakeObserver>
void PgnReplay::read_with(pgn::PgnReader& reader, const std::string& display, MakeObserver make) {
    Consumer<P, MakeObserver> consumer{*this, display, std::move(make)};
    run::PgnPipeline(settings()).run(reader, options_, consumer);
}

void PgnReplay::read(io::Input& input) {
    const std::string display = input.display_name();
    input_offset_ = games_seen_;
    pgn::PgnReader reader(input);
    // One observer per reader of the run, made on its thread, when the output needs more than the record.
    if (sink_ == Sink::Pgn)
        read_with<std::string>(reader, display, [this] { return report::make_pgn_exporter(options_, o_.pgn); });
    else if (sink_ == Sink::HtmlFolder || sink_ == Sink::HtmlFile)
        read_with<std::optional<report::GameTree>>(reader, display, [] { return report::make_game_tree_builder(); });
    else read_with<Timeline>(reader, display, [] { return make_timeline_builder(); });
    if (report_input_error("horde-replay", input)) status_ = kExitUsage;
}

// On a worker: picks the game (--game, --where) and formats it. An invalid one gets horde-check's
// diagnostics (numbered over all inputs) and makes the status 1.
void PgnReplay::format(Batch& batch, const game::GameRecord& r, const std::string& display, const GameProduct& product) const {
    const int number = int(input_offset_ + r.game);
    if ((o_.game && *o_.game != number) || !r.selected) return;
    // (--fix-result exports games whose only error it fixed)
    const bool writable = sink_ == Sink::Pgn                                     ? !product.pgn.empty() && r.start
                          : sink_ == Sink::HtmlFolder || sink_ == Sink::HtmlFile ? product.tree != nullptr
                                                                                 : r.valid() && r.start;
    if (writable) {
        // The one warning that tells of the output rather than the input: a comment or tag value
        // written again shorter than it was (text-cut). The others are horde-check's business.
        const auto cut = [](const game::Diagnostic& d) { return d.code == DiagnosticCode::TextCut; };
        if (sink_ == Sink::Pgn && std::any_of(r.warnings.begin(), r.warnings.end(), cut)) [[unlikely]] {
            game::GameRecord numbered;
            numbered.game = std::uint64_t(number);
            numbered.tags = r.tags;
            std::copy_if(r.warnings.begin(), r.warnings.end(), std::back_inserter(numbered.warnings), cut);
            report::append_record_diagnostics(batch.diagnostics, display, numbered, true);
        }
        return take(batch, r, number, product);
    }
    game::GameRecord numbered = r;
    numbered.game = std::uint64_t(number);
    report::append_record_diagnostics(batch.diagnostics, display, numbered, false);
    batch.status = kExitInvalid;
    if (sink_ == Sink::Text && o_.to) batch.entries.push_back(Entry{number, {"\n", {}, 0}, {}, {}}); // its empty line
}

void PgnReplay::take(Batch& batch, const game::GameRecord& r, int number, const GameProduct& product) const {
    Entry& e = batch.entries.emplace_back();
    e.number = number;
    auto replay = [&] {
        Replay made{*r.start, r.moves,
                    fmt::format("Game {}: {} ({})", number, game::game_players(r), variant_name(r.start->variant())), number};
        std::swap(made.timeline, *product.timeline);
        return made;
    };
    switch (sink_) {
    case Sink::Pgn: e.text.out = product.pgn; break;
    case Sink::Text: e.text = format_text(replay(), out_); break;
    case Sink::SvgFolder:
    case Sink::One: e.replay = replay(); break;
    case Sink::HtmlFolder:
    case Sink::HtmlFile:
        e.tree = *product.tree;
        e.tree->number = number;
        if (sink_ == Sink::HtmlFolder) {
            e.text.out = pages_.render(*e.tree);
            e.tree.reset();
        }
        break;
    }
    batch.bytes += e.text.out.size() + e.text.err.size() + (e.replay ? r.moves.size() * sizeof(Move) : 0) + 64;
}

// On the calling thread, in input order.
void PgnReplay::write(Batch& batch) {
    if (!batch.diagnostics.empty()) std::fwrite(batch.diagnostics.data(), 1, batch.diagnostics.size(), stderr);
    status_ = std::max(status_, batch.status);
    for (Entry& entry : batch.entries) write_entry(entry);
    batch = Batch{};
    // --svg DIR/ names files by game when the input has several games; with --game it has one.
    if (sink_ == Sink::SvgFolder && (o_.game || games_seen_ > 1)) flush_svg(!o_.game);
}

void PgnReplay::write_entry(Entry& e) {
    ++taken_;
    switch (sink_) {
    case Sink::Pgn: destination_.write(e.text.out); break;
    case Sink::Text:
        // Text boards: a blank line between games.
        if (taken_ > 1 && !o_.to && !stopped_) std::fputc('\n', stdout);
        write_text(e.text);
        break;
    case Sink::HtmlFolder:
        if (!stopped_) write_text({{}, {}, pages_.write(e.number, e.text.out)});
        break;
    case Sink::HtmlFile: html_.games.push_back(std::move(*e.tree)); break;
    case Sink::SvgFolder: pending_.push_back(std::move(*e.replay)); break;
    case Sink::One:
        if (++kept_games_ == 1) kept_ = std::move(e.replay);
        break;
    }
}

// A game's output; one that fails with kExitUsage (a write error, --ply beyond the game) ends the
// output. Its message waits for the end, after every invalid game's diagnostics, as when every
// game was read before any was written.
void PgnReplay::write_text(const FormattedGame& text) {
    if (stopped_) return;
    std::fwrite(text.out.data(), 1, text.out.size(), stdout);
    deferred_err_ += text.err;
    status_ = std::max(status_, text.status);
    stopped_ = text.status == kExitUsage;
}

void PgnReplay::flush_svg(bool several) {
    Output out = out_;
    out.several_games = several;
    for (const Replay& r : pending_)
        if (!stopped_) write_text({{}, {}, emit(r, out)});
    pending_.clear();
}

int PgnReplay::finish() {
    destination_.close();
    // Rules that need the input's content: they are usage errors, known only once it is read.
    if (o_.game && taken_ == 0 && status_ == 0)
        fail_usage(fmt::format("--game {}: the input has {} game{}", *o_.game, games_seen_, games_seen_ == 1 ? "" : "s"));
    if (kept_games_ > 1) fail_usage(fmt::format("the input has {} games: pick one with --game N", kept_games_));
    if (sink_ == Sink::SvgFolder) flush_svg(!o_.game && games_seen_ > 1);
    if (sink_ == Sink::HtmlFolder && taken_ == 0) status_ = std::max(status_, no_html_game());
    if (sink_ == Sink::HtmlFile) {
        html_.source = o_.pgn_source.value_or("stdin");
        status_ = std::max(status_, write_html(html_));
    }
    Output out = out_;
    out.several_games = !o_.game && games_seen_ > 1;
    if (kept_) write_text({{}, {}, emit(*kept_, out)});
    std::fwrite(deferred_err_.data(), 1, deferred_err_.size(), stderr);
    return status_;
}

} // namespace

int run_pgn(const Mode& o, const Output& out, HtmlOutput& html) {
    PgnReplay replay(o, out, html);
    if (o.args.empty()) replay.read(*o.stdin_input);
    for (const std::string& name : o.args) {
        const auto input = open_input("horde-replay", name);
        if (!input) throw Exit{kExitUsage, {}}; // open_input has said why
        replay.read(*input);
    }
    return replay.finish();
}

} // namespace horde::replay
