#include "run.hpp"

#include "cli.hpp"
#include "loops.hpp"
#include "output.hpp"
#include "progress.hpp"

#include "horde/db/add.hpp"
#include "horde/db/explorer.hpp"
#include "horde/db/games.hpp"
#include "horde/report/json.hpp"
#include "horde/report/pgn_writer.hpp"
#include "horde/run/db.hpp"
#include "horde/run/pipeline.hpp"
#include "horde/run/tree.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <mutex>
#include <set>

namespace horde::tools::db_tool {

namespace {

void write_stdout(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) finish_stdout();
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// ---------------------------------------------------------------- add

// The writing of an add or a merge (each run past the budget, then the commit: sorting, merging
// and writing what was read, a large share of an add's time), its stages on the progress line,
// from the writing's threads. The reading's line (progress.bytes, clear) is drawn on the calling
// thread outside the mutex: the writing runs inside AddBuilder::add and commit on that thread,
// which joins the writing's threads before it goes on reading, so the two never overlap.
db::AddProgress progress_of_writing(out::ProgressMeter& progress, std::mutex& drawing) {
    return [&progress, &drawing](std::string_view stage, std::uint64_t done, std::uint64_t total) {
        std::lock_guard lock(drawing);
        progress.stage(stage, done, total);
    };
}

struct AddState {
    run::DbAddTotals totals;
    run::PipelineMemory pipeline_memory; // the pipeline's buffers, one for all inputs
    bool no_game_error = false;          // --strict and a file of text without a game
};

int add_file(const std::string& name, const Mode& o, db::Database& database, db::AddBuilder& builder, AddState& state,
             out::ProgressMeter& progress) {
    run::DbAddTotals file_totals;
    std::uint64_t bytes = 0;
    std::string display;
    const int status = for_pgn_file("horde-db", name, progress, [&](pgn::PgnReader& reader, io::Input& input) {
        run::DbAddSettings settings;
        settings.threads = o.threads;
        settings.max_ply = database.max_ply();
        settings.diagnostics = !o.quiet;
        settings.warnings = o.warnings && !o.quiet;
        settings.input_position = [&] { return input.raw_bytes_read(); };
        settings.memory = &state.pipeline_memory;
        display = input.display_name();
        run::run_db_add(reader, o.check, input.display_name(), settings, builder,
                        [&](std::string& diagnostics, const run::DbAddTotals& t) {
                            if (!diagnostics.empty()) {
                                progress.clear();
                                std::fwrite(diagnostics.data(), 1, diagnostics.size(), stderr);
                            }
                            file_totals.add(t);
                            file_totals.input_hash = t.input_hash;
                            state.totals.add(t);
                            progress.bytes(t.input_position, state.totals.games);
                        });
        bytes = input.bytes_delivered();
        if (file_totals.games == 0) {
            progress.clear();
            state.no_game_error |= report_no_game("horde-db", input, o.check.strict, !o.quiet) == NoGame::Error;
        }
    });
    if (status == 0) builder.note_input(display, bytes, file_totals.input_hash);
    return status;
}

std::string add_summary(const Mode& o, const run::DbAddTotals& t, const db::AddBuilder& builder, double secs) {
    std::string extra;
    if (o.where) extra += fmt::format(", {} not selected", t.not_selected);
    if (t.skipped) extra += fmt::format(", {} skipped", t.skipped);
    const std::string runs = builder.runs() > 1 ? fmt::format(", {} runs", builder.runs()) : std::string();
    return fmt::format("horde-db: {}, {} added, {} already there, {} invalid{}{}, {:.3f} s\n", counted(t.games, "game", "games"),
                       t.added, t.duplicates, t.invalid, extra, runs, secs);
}

int run_add(const Mode& o) {
    const auto start = std::chrono::steady_clock::now();
    auto database = db::Database::open_for_writing(o.db, o.max_ply);
    if (!database->created() && o.max_ply_given && o.max_ply != database->max_ply())
        fail_usage(
            fmt::format("{}: the database keeps positions to ply {}, fixed when it was created: --max-ply {} cannot change it",
                        o.db, database->max_ply(), o.max_ply));
    out::ProgressMeter progress(stderr, "horde-db", progress_wanted(o.progress));
    std::mutex drawing;
    db::AddBuilder builder(*database,
                           db::AddOptions{o.memory_bytes, o.temp_dir, o.threads, progress_of_writing(progress, drawing)});
    AddState state;
    int status = 0;
    for (const auto& file : o.files) status = std::max(status, add_file(file, o, *database, builder, state, progress));
    progress.clear();
    if (status) {
        fmt::print(stderr, "horde-db: nothing added: an input could not be read (the database is as it was)\n");
        return status;
    }
    builder.commit();
    progress.clear();
    fmt::print(stderr, "{}", add_summary(o, state.totals, builder, seconds_since(start)));
    return state.totals.invalid || state.no_game_error ? kExitInvalid : 0;
}

// ---------------------------------------------------------------- merge

int run_merge(const Mode& o) {
    const auto start = std::chrono::steady_clock::now();
    // The shards are opened one at a time (an open database holds its files open: 150 monthly
    // shards at once passed the usual limit of 1024 open files), each first to read its max ply,
    // so that a shard that cannot be merged stops the merge before anything is written.
    std::vector<int> max_plies;
    for (const std::string& path : o.files)
        max_plies.push_back(db::Database::open_games_read_only(path)->max_ply()); // (an older format too)
    for (std::size_t i = 1; i < max_plies.size(); ++i)                            // before a new database is made for them
        if (max_plies[i] != max_plies.front())
            fail_usage(fmt::format("{} keeps positions to ply {}, {} to ply {}: databases of different --max-ply cannot be "
                                   "merged",
                                   o.files[i], max_plies[i], o.files.front(), max_plies.front()));
    auto database = db::Database::open_for_writing(o.db, max_plies.front());
    for (std::size_t i = 0; i < max_plies.size(); ++i)
        if (max_plies[i] != database->max_ply())
            fail_usage(
                fmt::format("{} keeps positions to ply {}, {} to ply {}: databases of different --max-ply cannot be merged",
                            o.files[i], max_plies[i], o.db, database->max_ply()));
    out::ProgressMeter progress(stderr, "horde-db", progress_wanted(o.progress));
    std::mutex drawing;
    db::AddBuilder builder(*database,
                           db::AddOptions{o.memory_bytes, o.temp_dir, o.threads, progress_of_writing(progress, drawing)});
    run::DbAddTotals totals;
    run::PipelineMemory pipeline_memory; // one for every shard and segment
    for (std::size_t i = 0; i < o.files.size(); ++i) {
        const auto shard = db::Database::open_games_read_only(o.files[i]);
        run::StoredGamesStream stream(*shard);
        run::DbAddSettings settings;
        settings.threads = thread_count(o.threads);
        settings.memory = &pipeline_memory;
        settings.max_ply = database->max_ply();
        settings.origin = [&stream](const game::GameRecord& r, std::string& source, std::uint64_t& number) {
            auto [s, n] = stream.origin(r.game);
            source = std::move(s);
            number = n;
        };
        run::DbAddTotals shard_totals;
        stream.read([&](pgn::PgnReader& reader, const game::CheckOptions& options) {
            settings.input_hash = shard_totals.input_hash; // (a shard read in segments: one hash)
            run::run_db_add(reader, options, o.files[i], settings, builder,
                            [&](std::string& diagnostics, const run::DbAddTotals& t) {
                                if (!diagnostics.empty()) std::fwrite(diagnostics.data(), 1, diagnostics.size(), stderr);
                                shard_totals.add(t);
                                shard_totals.input_hash = t.input_hash;
                                totals.add(t);
                                progress.bytes(0, totals.games);
                            });
        });
        builder.note_input(o.files[i], stream.games(), shard_totals.input_hash);
    }
    progress.clear();
    builder.commit();
    progress.clear();
    fmt::print(stderr, "horde-db: merged {}: {}, {} added, {} already there, {:.3f} s\n",
               counted(o.files.size(), "database", "databases"), counted(totals.games, "game", "games"), totals.added,
               totals.duplicates, seconds_since(start));
    return totals.invalid ? kExitInvalid : 0;
}

// ---------------------------------------------------------------- query, games

int run_query(Mode& o) {
    auto database = db::Database::open_read_only(o.db);
    const db::ExplorerAnswer answer = db::explore(*database, o.query);
    if (o.json) {
        std::string out;
        report::append_explorer_json(out, answer);
        out += '\n';
        write_stdout(out);
        finish_stdout();
        return 0;
    }
    if (answer.results.games == 0) {
        fmt::print(stderr, "horde-db: no game of the database reached this position{} (within ply {})\n",
                   o.query.speeds.empty() && o.query.ratings.empty() && !o.query.since && !o.query.until ? ""
                                                                                                         : " with these filters",
                   database->max_ply());
        return kExitInvalid;
    }
    std::string out = report::tree_position_table(db::answer_position_stats(answer), answer.moves_played - answer.moves.size());
    if (answer.history) out += report::month_history_table(*answer.history);
    write_stdout(out);
    finish_stdout();
    return 0;
}

int run_games(const Mode& o) {
    auto database = db::Database::open_read_only(o.db);
    const db::QueryPosition at = db::resolve_position(*database, o.query);
    std::uint64_t listed = 0;
    std::string out;
    db::for_each_game_at(*database, at.key, [&](const db::StoredGame& g, int ply) {
        if (o.limit && listed >= *o.limit) return false;
        ++listed;
        if (o.games_format == GamesFormat::Ndjson) {
            report::append_stored_game_json(out, g, ply, g.source);
            out += '\n';
        } else {
            report::append_stored_pgn(out, g.pgn);
        }
        if (out.size() >= (64 << 10)) {
            write_stdout(out);
            out.clear();
        }
        return true;
    });
    write_stdout(out);
    finish_stdout();
    const bool none = listed == 0 && !(o.limit && *o.limit == 0);
    if (none)
        fmt::print(stderr, "horde-db: no game of the database reached this position (within ply {})\n", database->max_ply());
    return none ? kExitInvalid : 0;
}

// ---------------------------------------------------------------- export

std::uint64_t write_export(const Mode& o, tree::OpeningTree& tree, unsigned threads) {
    const char separator = o.export_format == report::TreeFormat::Csv ? ',' : '\t';
    const bool table = o.export_format == report::TreeFormat::Csv || o.export_format == report::TreeFormat::Tsv;
    if (table) write_stdout(report::tree_table_header(separator));
    std::atomic<std::uint64_t> written = 0;
    auto keep = [&](const tree::PositionStats& p) { return int(p.results.games) >= o.min_games && p.ply >= o.min_ply; };
    auto render = [&](tree::PositionStats& p, std::string& text) {
        written.fetch_add(1, std::memory_order_relaxed);
        if (o.export_format == report::TreeFormat::Ndjson) {
            report::append_tree_position_json(text, p);
            text += '\n';
        } else if (table) {
            report::append_tree_rows(text, p, separator);
        } else {
            report::append_tree_epd(text, p);
        }
    };
    tree.set_min_games_shown(std::uint32_t(o.min_games));
    run::show_tree(tree, threads, keep, render, [&](std::string& text) { write_stdout(text); });
    finish_stdout();
    return written.load();
}

int run_export(const Mode& o) {
    const auto start = std::chrono::steady_clock::now();
    auto database = db::Database::open_read_only(o.db);
    const int max_ply = o.export_max_ply.value_or(database->max_ply());
    if (max_ply > database->max_ply())
        fail_usage(fmt::format("--max-ply {}: the database keeps positions to ply {} only", max_ply, database->max_ply()));
    const unsigned threads = thread_count(o.threads);
    tree::TreeOptions tree_options;
    tree_options.memory_bytes = o.memory_bytes;
    tree::OpeningTree tree(tree_options);
    run::TreeSink sink;
    sink.tree = &tree;
    run::StoredGamesStream stream(*database);
    run::TreeTotals totals;
    stream.read([&](pgn::PgnReader& reader, const game::CheckOptions& options) {
        run::TreeRunSettings settings;
        settings.threads = threads;
        settings.max_ply = max_ply;
        settings.example_name = [&stream](std::string& name, const game::GameRecord& r) {
            const auto [source, number] = stream.origin(r.game);
            fmt::format_to(std::back_inserter(name), "{}#{}", source, number);
        };
        run::run_tree(reader, options, o.db, settings, sink, [&](std::string& diagnostics, const run::TreeTotals& t) {
            if (!diagnostics.empty()) std::fwrite(diagnostics.data(), 1, diagnostics.size(), stderr);
            totals.add(t);
        });
    });
    const std::uint64_t written = write_export(o, tree, threads);
    fmt::print(stderr, "horde-db: {}, {} written, {:.3f} s\n", counted(totals.used, "game", "games"),
               counted(written, "position", "positions"), seconds_since(start));
    return totals.invalid ? kExitInvalid : 0;
}

// ---------------------------------------------------------------- info

std::string utc_time(std::uint64_t seconds) {
    const std::time_t t = std::time_t(seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &tm);
    return text;
}

std::uint64_t directory_bytes(const std::string& dir) {
    std::uint64_t total = 0;
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(dir, ec);
         !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec)) total += it->file_size(ec);
    return total;
}

// "unknown, 1976-08, 1997-02..2023-12, 2024-09..2024-12": the months in order, three or more in a
// row as a range (a database of decades of games would otherwise print hundreds), "none" when
// there are none.
std::string months_text(const std::vector<db::Month>& months) {
    auto month = [](db::Month m) { return fmt::format("{:04}-{:02}", db::month_year(m), db::month_of_year(m)); };
    std::string text;
    for (std::size_t i = 0; i < months.size();) {
        if (!text.empty()) text += ", ";
        if (months[i] == db::kUnknownMonth) {
            text += "unknown";
            ++i;
            continue;
        }
        std::size_t last = i;
        while (last + 1 < months.size() && months[last + 1] == months[last] + 1) ++last;
        if (last >= i + 2) {
            text += month(months[i]) + ".." + month(months[last]);
            i = last + 1;
        } else {
            text += month(months[i]);
            ++i;
        }
    }
    return text.empty() ? "none" : text;
}

int run_info(const Mode& o) {
    auto database = db::Database::open_read_only(o.db);
    const db::DatabaseCounts counts = db::count_contents(*database);
    const auto log = database->add_log();
    std::string out = fmt::format("database: {}\nformat: {}\nmax ply: {}\ngames: {}\npositions: {}\n", o.db, db::kFormatVersion,
                                  database->max_ply(), counts.games, counts.positions);
    std::string variants;
    for (Variant v : database->variants()) variants += fmt::format("{}{}", variants.empty() ? "" : ", ", variant_name(v));
    fmt::format_to(std::back_inserter(out), "variants: {}\n", variants.empty() ? "none" : variants);
    fmt::format_to(std::back_inserter(out), "months: {}\n", months_text(counts.months));
    fmt::format_to(std::back_inserter(out), "adds: {}\n", log.size());
    for (const db::AddLogEntry& e : log) {
        fmt::format_to(std::back_inserter(out), "  add {}: {}, {} read, {} added, {} already there", e.number, utc_time(e.time),
                       e.games_read, e.games_added, e.duplicates);
        if (e.games_added) fmt::format_to(std::back_inserter(out), ", serials {}..{}", e.first_serial, e.last_serial);
        out += '\n';
        for (const std::string& input : e.inputs) fmt::format_to(std::back_inserter(out), "    input {}\n", input);
    }
    const bool staging = std::filesystem::exists(std::filesystem::path(o.db) / "staging");
    fmt::format_to(std::back_inserter(out), "state: {}\n",
                   staging
                       ? "complete: every add listed is in whole; an add was interrupted or is running (its files in staging/ "
                         "are not part of the database; the next add removes them)"
                       : "complete: every add listed is in whole, no add interrupted");
    fmt::format_to(std::back_inserter(out), "size on disk: {} bytes\n", directory_bytes(o.db));
    write_stdout(out);
    finish_stdout();
    return 0;
}

} // namespace

int run(Mode& o) {
    // The server waits for its signals itself (SIGTERM stops it cleanly, SIGHUP reopens).
    if (o.command == Command::Serve) return run_serve(o.serve);
    restore_sigpipe();
    exit_on_interrupt("horde-db");
    o.threads = thread_count(o.threads);
    try {
        switch (o.command) {
        case Command::Add: return run_add(o);
        case Command::Merge: return run_merge(o);
        case Command::Query: return run_query(o);
        case Command::Games: return run_games(o);
        case Command::Export: return run_export(o);
        case Command::Info: return run_info(o);
        case Command::Serve: break; // above
        }
    } catch (const db::QueryError& e) {
        throw Exit{kExitUsage, e.what()};
    } catch (const db::DbError& e) {
        throw Exit{kExitUsage, e.what()};
    } catch (const std::runtime_error& e) { // a spilled run or a pipe that failed
        throw Exit{kExitUsage, e.what()};
    }
    return 0;
}

} // namespace horde::tools::db_tool
