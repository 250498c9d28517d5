#include "horde/run/db.hpp"

#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/run/pipeline.hpp"
#include "horde/tree/game_facts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <unistd.h>

namespace horde::run {

void DbAddTotals::add(const DbAddTotals& o) {
    games += o.games;
    added += o.added;
    duplicates += o.duplicates;
    invalid += o.invalid;
    not_selected += o.not_selected;
    skipped += o.skipped;
}

namespace {

struct DbSlot {
    std::vector<db::PreparedGame> games; // the valid games, input order
    std::size_t pgn_bytes = 0;           // their PGN's
    std::string diagnostics;
    DbAddTotals totals;
};

// The pipeline's consumer: each valid game prepared on its worker, added in input order.
struct DbConsumer {
    using Product = tree::GameFacts;
    const DbAddSettings& settings;
    std::string_view display;
    std::vector<DbSlot>& slots;
    db::AddBuilder& builder;
    const std::function<void(std::string& diagnostics, const DbAddTotals& totals)>& report;
    bool variant_forced = false;
    std::uint64_t hash = 0;

    std::unique_ptr<game::ProductObserver<tree::GameFacts>> make_observer() const {
        return tree::make_tree_observer(tree::TreeObserverOptions{settings.max_ply, false, true});
    }

    void work(std::size_t slot, const game::GameRecord& r, tree::GameFacts& facts, std::string_view raw) {
        DbSlot& s = slots[slot];
        ++s.totals.games;
        if (r.skipped) {
            ++s.totals.skipped;
            return;
        }
        if (!r.selected) {
            ++s.totals.not_selected;
            return;
        }
        if (settings.diagnostics && (!r.valid() || settings.warnings))
            report::append_record_diagnostics(s.diagnostics, display, r, settings.warnings);
        if (!r.valid()) {
            ++s.totals.invalid;
            return;
        }
        s.pgn_bytes += raw.size();
        db::PreparedGame& g = s.games.emplace_back(db::prepare_game(r, std::move(facts), raw, display));
        g.game.variant_forced = variant_forced;
        if (settings.origin) settings.origin(r, g.game.source, g.game.source_game);
    }

    void flush(std::size_t slot, const PipelineBatch& batch) {
        DbSlot& s = slots[slot];
        for (db::PreparedGame& g : s.games) {
            hash = db::input_hash_step(hash, g.fingerprint);
            if (builder.add(std::move(g))) ++s.totals.added;
            else ++s.totals.duplicates;
        }
        builder.count_read(s.totals.games);
        s.totals.input_position = batch.input_position;
        s.totals.input_hash = hash;
        report(s.diagnostics, s.totals);
        s.games.clear();
        s.pgn_bytes = 0;
        s.diagnostics.clear();
        s.totals = {};
    }
};

} // namespace

void run_db_add(pgn::PgnReader& reader, const game::CheckOptions& options, std::string_view display,
                const DbAddSettings& settings, db::AddBuilder& builder,
                const std::function<void(std::string& diagnostics, const DbAddTotals& totals)>& report) {
    std::vector<DbSlot> slots;
    PipelineSettings pipeline_settings;
    pipeline_settings.threads = settings.threads;
    pipeline_settings.capture_raw = true;
    pipeline_settings.input_position = settings.input_position;
    pipeline_settings.memory = settings.memory;
    if (settings.batch_bytes) pipeline_settings.batch_bytes = settings.batch_bytes;
    // The prepared games of a chunk in flight (PGN, tags, visits, the records waiting for their
    // numbers) are several times its bytes, outside the builder's budget: the input in flight is
    // kept to 1/256 of the budget (28 KB chunks on 2 threads at --memory 64M; on the real files
    // of bench.md the peak 105 -> 96 MB, the CPU the same), and so is a batch of one thread.
    const std::size_t in_flight =
        std::clamp<std::size_t>(builder.memory_bytes() / 256, std::size_t(256) << 10, std::size_t(8) << 20);
    pipeline_settings.max_input_in_flight = in_flight;
    pipeline_settings.batch_full = [&slots, in_flight](std::size_t slot) {
        const DbSlot& s = slots[slot];
        return s.diagnostics.size() >= (64 << 10) || s.games.size() >= 256 || s.pgn_bytes >= in_flight;
    };
    PgnPipeline pipeline(pipeline_settings);
    slots.resize(pipeline.slots());
    DbConsumer consumer{settings, display, slots, builder, report, options.forced_variant.has_value(), settings.input_hash};
    pipeline.run(reader, options, consumer);
}

struct StoredGamesStream::State {
    const db::Database* db = nullptr;
    mutable std::mutex lock;
    std::vector<std::pair<std::string, std::uint64_t>> origins;
    std::size_t segment_start = 0; // the games before the segment being read
};

StoredGamesStream::StoredGamesStream(const db::Database& db) : state_(std::make_unique<State>()) { state_->db = &db; }
StoredGamesStream::~StoredGamesStream() = default;

std::pair<std::string, std::uint64_t> StoredGamesStream::origin(std::uint64_t n) const {
    std::lock_guard hold(state_->lock);
    const std::size_t at = state_->segment_start + n;
    if (n == 0 || at > state_->origins.size()) return {};
    return state_->origins[at - 1];
}

std::uint64_t StoredGamesStream::games() const {
    std::lock_guard hold(state_->lock);
    return state_->origins.size();
}

namespace {

// The variant a stored game is read in when not the one its tags say (added under --variant).
std::optional<Variant> forced_variant_of(const db::StoredGame& g) {
    return g.variant_forced ? std::optional<Variant>(g.variant) : std::nullopt;
}

} // namespace

void StoredGamesStream::read(const std::function<void(pgn::PgnReader& reader, const game::CheckOptions& options)>& read) {
    std::uint64_t from = 0; // the serial the next segment starts at
    for (;;) {
        std::optional<Variant> segment_variant;
        bool any = false;
        db::for_each_game(
            *state_->db,
            [&](const db::StoredGame& g) {
                segment_variant = forced_variant_of(g);
                any = true;
                return false;
            },
            from, false);
        if (!any) return;
        game::CheckOptions options;
        options.forced_variant = segment_variant;
        {
            std::lock_guard hold(state_->lock);
            state_->segment_start = state_->origins.size();
        }
        std::uint64_t next_segment = 0; // 0: none
        read_segment(from, segment_variant, next_segment, [&](pgn::PgnReader& reader) { read(reader, options); });
        if (!next_segment) return;
        from = next_segment;
    }
}

void StoredGamesStream::read_segment(std::uint64_t from, std::optional<Variant> variant, std::uint64_t& next_segment,
                                     const std::function<void(pgn::PgnReader& reader)>& read) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
    std::exception_ptr failure;
    std::atomic<bool> stop{false};
    std::thread writer([&, out = fds[1]] {
        auto write_all = [&](std::string_view bytes) {
            while (!bytes.empty()) {
                const ssize_t n = ::write(out, bytes.data(), bytes.size());
                if (n < 0 && errno == EINTR) continue;
                if (n <= 0) return false; // the reader stopped
                bytes.remove_prefix(std::size_t(n));
            }
            return true;
        };
        try {
            db::for_each_game(
                *state_->db,
                [&](const db::StoredGame& g) {
                    if (stop.load()) return false;
                    if (forced_variant_of(g) != variant) { // the next segment's first game
                        next_segment = g.serial;
                        return false;
                    }
                    {
                        std::lock_guard hold(state_->lock);
                        state_->origins.emplace_back(g.source, g.source_game);
                    }
                    if (!write_all(g.pgn)) return false;
                    // Games end with a blank line in the stream, whatever their bytes ended with.
                    const std::string_view pgn = g.pgn;
                    const char* end = pgn.ends_with("\n\n") || pgn.ends_with("\r\n\r\n") ? ""
                                      : pgn.ends_with('\n')                              ? "\n"
                                                                                         : "\n\n";
                    return write_all(end);
                },
                from, false);
        } catch (...) {
            failure = std::current_exception();
        }
        ::close(out);
    });
    try {
        pgn::PgnReader reader(fds[0]);
        read(reader);
    } catch (...) {
        // The writer stops at its next game; what it wrote is drained (a closed pipe would be SIGPIPE).
        stop = true;
        char drain[4096];
        while (::read(fds[0], drain, sizeof drain) > 0) {}
        ::close(fds[0]);
        writer.join();
        throw;
    }
    ::close(fds[0]);
    writer.join();
    if (failure) std::rethrow_exception(failure);
}

} // namespace horde::run
