// fuzz-pgn: the whole horde-check pipeline on the input as a PGN file, in the default,
// --strict, --lichess and --allow-null-moves modes: reader, GameChecker, diagnostics, the NDJSON record, raw game
// capture (--valid-out/--invalid-out) and the position listing of horde-list. Self-checks:
//   * every mode sees the same games, and the raw bytes of the games rebuild the input;
//   * every JSON record and listed JSON line parses;
//   * a game valid with --strict is valid by default;
//   * a valid game's normalised export checks again, alone, to the same verdict, final FEN,
//     status and plies, and exporting the export gives the same bytes.
#include "fuzz_support.hpp"

#include "horde/game/checker.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/diagnostics.hpp"
#include "horde/report/json.hpp"
#include "horde/report/pgn_writer.hpp"
#include "horde/report/position_list.hpp"
#include "horde/run/list.hpp"
#include "horde/run/replay.hpp"

#include <fmt/format.h>

using namespace horde;

namespace {

struct Verdict {
    bool valid = false;
    std::string final_fen;
    std::string status;
    int plies = 0;
};

Verdict verdict_of(const game::GameRecord& r) {
    return {r.valid(), r.final_board ? r.final_board->fen() : "", std::string(game::record_status_name(r)), r.plies()};
}

std::vector<game::GameRecord> check_text(std::string_view text, const game::CheckOptions& options, std::string* raw_total) {
    std::vector<game::GameRecord> records;
    pgn::PgnReader reader = pgn::PgnReader::from_memory(text);
    game::check_pgn(reader, options, raw_total != nullptr, [&](const game::GameRecord& r, std::string_view raw) {
        records.push_back(r);
        if (raw_total) *raw_total += raw;
    });
    return records;
}

void check_record(const game::GameRecord& r) {
    const std::string json = report::record_to_json(r);
    FUZZ_CHECK(fuzz::JsonValidator::valid(json), "record_to_json is no JSON: " + json);
    for (const auto& d : r.errors) {
        FUZZ_CHECK(!diagnostic_name(d.code).empty() && !d.message.empty(), "an error without code or message");
        const std::string line = report::format_diagnostic("in.pgn", r, d, "error");
        FUZZ_CHECK(line.find('\n') == std::string::npos, "a diagnostic spanning lines: " + line);
    }
    for (const auto& d : r.warnings)
        FUZZ_CHECK(!diagnostic_name(d.code).empty() && !d.message.empty(), "a warning without code or message");
    if (r.valid()) FUZZ_CHECK(r.start && r.final_board, fmt::format("game {}: valid without start or final position", r.game));
}

void check_listing(std::string_view text, const game::CheckOptions& check, const std::vector<game::GameRecord>& records) {
    std::string out;
    {
        report::ListOptions options;
        options.format = report::ListFormat::Json;
        report::PositionLister lister(
            options, [&](std::string_view chunk) { out += chunk; }, 4096);
        pgn::PgnReader reader = pgn::PgnReader::from_memory(text);
        run::run_list(reader, check, "fuzz.pgn", 1, nullptr, &lister, nullptr, [](report::ListOutput&) {});
    }
    std::uint64_t expected = 0;
    for (const auto& r : records)
        if (r.valid()) expected += std::uint64_t(r.plies()) + 1;
    std::uint64_t lines = 0;
    for (std::string_view rest = out; !rest.empty();) {
        const std::string_view line = fuzz::first_line(rest, rest);
        FUZZ_CHECK(fuzz::JsonValidator::valid(line), "listed line is no JSON: " + std::string(line));
        ++lines;
    }
    FUZZ_CHECK(lines == expected, fmt::format("{} positions listed, {} expected", lines, expected));
}

void check_export(std::string_view text, const game::CheckOptions& options) {
    pgn::PgnReader reader = pgn::PgnReader::from_memory(text);
    run::export_pgn(reader, options, [&](const game::GameRecord& r, std::string_view pgn) {
        FUZZ_CHECK(r.valid() == !pgn.empty(), fmt::format("game {}: export of a {} game is {}", r.game,
                                                          r.valid() ? "valid" : "invalid", pgn.empty() ? "empty" : "not empty"));
        if (!r.valid()) return;
        const Verdict before = verdict_of(r);
        const auto again = check_text(pgn, options, nullptr);
        FUZZ_CHECK(again.size() == 1, fmt::format("game {}: the export reads as {} games:\n{}", r.game, again.size(), pgn));
        const Verdict after = verdict_of(again.front());
        FUZZ_CHECK(after.valid, fmt::format("game {}: the export is invalid ({}):\n{}", r.game,
                                            again.front().errors.empty() ? "" : again.front().errors.front().message, pgn));
        FUZZ_CHECK(after.final_fen == before.final_fen && after.status == before.status && after.plies == before.plies,
                   fmt::format("game {}: export checks to {} {} {} plies, the input to {} {} {} plies:\n{}", r.game,
                               after.final_fen, after.status, after.plies, before.final_fen, before.status, before.plies, pgn));
        const std::string twice = run::export_pgn_text(pgn, options);
        FUZZ_CHECK(twice == pgn, fmt::format("game {}: exporting the export changes it:\n{}\n---\n{}", r.game, pgn, twice));
    });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    game::CheckOptions plain, strict, lichess, nulls;
    strict.strict = true;
    lichess.lichess = true;
    nulls.allow_null_moves = true;

    std::string raw;
    const auto records = check_text(text, plain, &raw);
    FUZZ_CHECK(records.empty() || raw == text, "the games' raw bytes do not rebuild the input");
    for (const auto& r : records) check_record(r);
    check_listing(text, plain, records);
    check_export(text, plain);

    for (const game::CheckOptions* options : {&strict, &lichess, &nulls}) {
        const char* mode = options->strict ? "strict" : options->lichess ? "lichess" : "allow-null-moves";
        const auto other = check_text(text, *options, nullptr);
        FUZZ_CHECK(other.size() == records.size(),
                   fmt::format("{} games by default, {} with --{}", records.size(), other.size(), mode));
        if (options == &nulls) check_listing(text, nulls, other);
        for (std::size_t i = 0; i < other.size(); ++i) {
            check_record(other[i]);
            // --strict only adds errors; --allow-null-moves only removes them.
            if (options == &strict && other[i].valid())
                FUZZ_CHECK(records[i].valid(), fmt::format("game {}: valid with --strict, invalid by default", i + 1));
            if (options == &nulls && records[i].valid())
                FUZZ_CHECK(other[i].valid(), fmt::format("game {}: valid by default, invalid with --{}", i + 1, mode));
        }
        check_export(text, *options);
    }
    return 0;
}
