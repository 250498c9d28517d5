// What horde-check writes for a run of consecutive games: each game's output (diagnostics,
// NDJSON verdict, raw bytes for --valid-out/--invalid-out, totals, --stats counts) built into a
// CheckOutput. The run that fills them, on any thread count, is run/check.hpp.
#pragma once

#include "horde/game/checker.hpp"
#include "horde/report/game_table.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace horde::report {

struct CheckTotals {
    std::uint64_t games = 0, valid = 0, invalid = 0, warnings = 0, plies = 0;
    std::uint64_t skipped = 0;      // --skip-unsupported: neither valid nor invalid (counted in games)
    std::uint64_t not_selected = 0; // --where: read and checked, no output (not in valid/invalid)
    void add(const CheckTotals& other);
};

// --stats: counts of games by variant, status, declared result, and of each error and
// warning code. Flat keys ("games", "variant.horde", "status.checkmate", "result.1-0",
// "error.illegal-move", "warning.missing-check-mark", ...), so that objects from several runs
// add up key by key.
class CheckStats {
public:
    void add(const game::GameRecord& record);
    void add(const CheckStats& other);
    const std::map<std::string, std::uint64_t, std::less<>>& counts() const { return counts_; }
    // One JSON object, keys sorted, with a trailing newline.
    std::string to_json() const;
    // Lines for the terminal, one per group: "TOOL: stats: variant: chess 3, horde 2".
    std::string to_text(std::string_view tool) const;

private:
    void bump(std::string_view group, std::string_view name);
    std::map<std::string, std::uint64_t, std::less<>> counts_;
    std::string key_;
};

struct CheckOutputOptions {
    std::string display;         // the input's name in messages and in the "file" field
    bool json = false;           // NDJSON verdicts
    bool diagnostics = true;     // per-game diagnostics (not --quiet)
    bool warnings = true;        // warnings among them
    bool valid_raw = false;      // keep the raw bytes of valid games (--valid-out)
    bool invalid_raw = false;    // and of invalid ones (--invalid-out)
    bool duplicates_raw = false; // and of duplicate games (--duplicates-out)
    bool skipped_raw = false;    // and of skipped games (--skipped-out)
    bool stats = false;
    TagSelection json_tags; // --json-tags: a "tags" object in each verdict
};

// The output of a run of consecutive games.
struct CheckOutput {
    std::string out;            // stdout: NDJSON verdicts
    std::string err;            // stderr: diagnostics
    std::string valid, invalid; // raw games
    std::string duplicates;     // raw duplicate games (--duplicates-out)
    std::string skipped;        // raw skipped games (--skipped-out)
    CheckTotals totals;
    CheckStats stats;
    std::uint64_t input_position = 0; // see PipelineSettings::input_position

    void add(const game::GameRecord& record, std::string_view raw, const CheckOutputOptions& options);
    void add_skipped(const game::GameRecord& record, std::string_view raw, const CheckOutputOptions& options);
    std::size_t buffered() const {
        return out.size() + err.size() + valid.size() + invalid.size() + duplicates.size() + skipped.size();
    }
    void clear_text(); // empties the strings, keeps the counts
};

} // namespace horde::report
