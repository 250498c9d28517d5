#include "args.hpp"

#include "cli.hpp"
#include "where.hpp"

#include <CLI/CLI.hpp>

namespace horde::tools::check_tool {

Mode parse_args(int argc, char** argv) {
    Mode o;
    std::string duplicates, variant;
    CLI::App app{"horde-check: validate and adjudicate PGN games of chess, Horde and Orda.\n"
                 "Diagnostics go to stderr as FILE:LINE:COL: error: ...; exit 0 when every game is valid,\n"
                 "1 when any is invalid, 2 for usage or I/O errors.",
                 "horde-check"};
    app.add_option("files", o.files, "PGN files (none or '-': stdin)");
    app.add_flag("--json", o.json, "One NDJSON verdict per game on stdout, in input order");
    app.add_option("--json-tags", o.json_tags,
                   "With --json: a \"tags\" object in each verdict, of every tag (all) "
                   "or of the listed ones (White,WhiteElo,...: null when absent)");
    app.add_option("--valid-out", o.valid_out, "Write every valid game, byte for byte, to this file ('-': stdout)");
    app.add_option("--invalid-out", o.invalid_out, "Write every invalid game, byte for byte, to this file ('-': stdout)");
    add_where_option(app, o.where);
    app.add_flag("--fen", o.fen, "Inputs are FEN lines (or NDJSON lines with a \"fen\" field): one verdict per line");
    app.add_flag("--lichess", o.check.lichess, "Apply lichess's extra Horde rules (closed-position draw, time-forfeit material)");
    app.add_flag("--strict", o.check.strict, "Every warning (tolerated spellings and dialects: docs/codes.md) becomes an error");
    app.add_flag("--allow-null-moves", o.check.allow_null_moves,
                 "A null move (--, Z0, 0000, @@@@) in the main line is a warning, not an error");
    app.add_flag("--duplicates{exact}", duplicates,
                 "Report games equal to an earlier one (--duplicates=prefix: also when one's moves start the other's)");
    app.add_option("--duplicates-out", o.duplicates_out, "Write every duplicate game, byte for byte, to this file ('-': stdout)");
    app.add_flag("--skip-unsupported", o.check.skip_unsupported,
                 "Skip the games of variants horde does not play (Crazyhouse, Atomic, ...: docs/codes.md): "
                 "neither valid nor invalid");
    app.add_option("--skipped-out", o.skipped_out,
                   "With --skip-unsupported: write every skipped game, byte for byte, to this file");
    add_variant_option(app, variant,
                       "Force the variant (chess, chess960, horde, orda) instead of the Variant tag; "
                       "with --fen the default variant (default: horde)");
    app.add_flag("-q,--quiet", o.quiet, "No per-game diagnostics, only the summary line");
    app.add_flag("--no-warnings", o.no_warnings, "Do not print warnings");
    app.add_flag("-v,--verbose", o.verbose, "Log each input's totals and speed to stderr");
    app.add_option("--threads", o.threads,
                   "Check PGN on N threads (default: every core; 1: one thread); "
                   "the output is the same whatever N")
        ->check(kCountFromOne);
    add_progress_options(app, o.progress, "bytes read, games, games/s, time left");
    app.add_flag("--stats", o.stats,
                 "After the summary, counts by variant, status, declared result, "
                 "error and warning code");
    app.add_option("--stats-json", o.stats_json,
                   "Write the --stats counts to this file as one JSON object "
                   "(objects of several runs add up key by key)");
    app.set_version_flag("--version", version_line("horde-check"));
    parse_command_line(app, argc, argv);

    if (!o.skipped_out.empty() && !o.check.skip_unsupported) fail_usage("--skipped-out needs --skip-unsupported");
    if (!o.duplicates_out.empty() && duplicates.empty()) duplicates = "exact";
    if (duplicates == "exact") o.check.duplicates = game::DuplicateMode::Exact;
    else if (duplicates == "prefix") o.check.duplicates = game::DuplicateMode::Prefix;
    else if (!duplicates.empty()) fail_usage(fmt::format("--duplicates={}: expected exact or prefix", duplicates));
    if (!o.json_tags.empty() && !o.json) fail_usage("--json-tags applies to --json");
    if (int(o.json) + int(o.valid_out == "-") + int(o.invalid_out == "-") + int(o.duplicates_out == "-") > 1)
        fail_usage("only one of --json, --valid-out -, --invalid-out - and --duplicates-out - can write to stdout");
    if (!variant.empty()) {
        o.check.forced_variant = variant_option(variant);
        o.fen_variant = *o.check.forced_variant;
    }
    if (!apply_where_option("horde-check", o.where, o.check)) throw Exit{kExitUsage, {}}; // it has said why
    if (o.fen && (!o.valid_out.empty() || !o.invalid_out.empty() || !o.duplicates_out.empty() || !o.skipped_out.empty()))
        fail_usage("--valid-out/--invalid-out/--duplicates-out/--skipped-out apply to PGN input, not --fen");
    if (o.fen && o.where) fail_usage("--where applies to PGN input, not --fen");
    if (o.fen && (o.stats || !o.stats_json.empty())) fail_usage("--stats/--stats-json apply to PGN input, not --fen");
    if (o.files.empty()) o.files.push_back("-");
    return o;
}

} // namespace horde::tools::check_tool
