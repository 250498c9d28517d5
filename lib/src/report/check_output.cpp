#include "horde/report/check_output.hpp"

#include "horde/game/duplicates.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/report/json.hpp"

#include <fmt/format.h>

#include <vector>

namespace horde::report {

void CheckTotals::add(const CheckTotals& o) {
    games += o.games;
    valid += o.valid;
    invalid += o.invalid;
    warnings += o.warnings;
    plies += o.plies;
    skipped += o.skipped;
    not_selected += o.not_selected;
}

void CheckStats::bump(std::string_view group, std::string_view name) {
    key_.assign(group);
    if (!name.empty()) {
        key_ += '.';
        key_ += name;
    }
    auto it = counts_.find(key_);
    if (it == counts_.end()) counts_.emplace(key_, 1);
    else ++it->second;
}

void CheckStats::add(const game::GameRecord& r) {
    bump("games", "");
    if (!r.selected) { // --where: counted, nothing else
        bump("not-selected", "");
        return;
    }
    bump(r.skipped ? "skipped" : r.valid() ? "valid" : "invalid", "");
    bump("variant", r.variant ? variant_name(*r.variant) : std::string_view("unknown"));
    bump("status", game::record_status_name(r));
    bump("result", r.declared);
    for (const auto& d : r.errors) bump("error", diagnostic_name(d.code));
    for (const auto& d : r.warnings) bump("warning", diagnostic_name(d.code));
}

void CheckStats::add(const CheckStats& other) {
    for (const auto& [key, n] : other.counts_) counts_[key] += n;
}

std::string CheckStats::to_json() const { return counts_to_json(counts_); }

std::string CheckStats::to_text(std::string_view tool) const {
    std::string out;
    for (std::string_view group : {"variant", "status", "result", "error", "warning"}) {
        std::string line;
        for (const auto& [key, n] : counts_) {
            const std::string_view k = key;
            if (k.size() <= group.size() || k.substr(0, group.size()) != group || k[group.size()] != '.') continue;
            line += fmt::format("{}{} {}", line.empty() ? "" : ", ", k.substr(group.size() + 1), n);
        }
        out += fmt::format("{}: stats: {}: {}\n", tool, group, line.empty() ? "none" : line);
    }
    return out;
}

namespace {

// The NDJSON verdict (with --json-tags' "tags" object) and its newline.
void append_verdict_line(std::string& out, const game::GameRecord& r, const CheckOutputOptions& o) {
    append_record_json(out, r, o.display, &o.json_tags);
    out += '\n';
}

} // namespace

void CheckOutput::add(const game::GameRecord& r, std::string_view raw, const CheckOutputOptions& o) {
    ++totals.games;
    totals.plies += std::uint64_t(r.plies());
    if (!r.selected) {
        ++totals.not_selected;
        if (o.stats) stats.add(r);
        return;
    }
    totals.warnings += r.warnings.size();
    if (r.skipped) [[unlikely]] {
        add_skipped(r, raw, o);
        return;
    }
    if (r.valid()) ++totals.valid;
    else ++totals.invalid;
    if (o.diagnostics) append_record_diagnostics(err, o.display, r, o.warnings);
    if (o.json) append_verdict_line(out, r, o);
    // A duplicate goes to --duplicates-out (never to --invalid-out, even when --strict makes it an error).
    std::string* raw_out = r.valid() ? (o.valid_raw ? &valid : nullptr) : (o.invalid_raw ? &invalid : nullptr);
    if (game::is_duplicate(r)) raw_out = o.duplicates_raw ? &duplicates : r.valid() && o.valid_raw ? &valid : nullptr;
    if (r.cut_short) raw_out = nullptr; // an incomplete game: in no output
    if (raw_out) *raw_out += raw;
    if (o.stats) stats.add(r);
}

void CheckOutput::add_skipped(const game::GameRecord& r, std::string_view raw, const CheckOutputOptions& o) {
    ++totals.skipped;
    if (o.json) append_verdict_line(out, r, o);
    if (o.skipped_raw) skipped += raw;
    if (o.stats) stats.add(r);
}

void CheckOutput::clear_text() {
    out.clear();
    err.clear();
    valid.clear();
    invalid.clear();
    duplicates.clear();
    skipped.clear();
}

} // namespace horde::report
