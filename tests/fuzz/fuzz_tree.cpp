// fuzz-tree: horde-tree's build on the input as a PGN file (run/tree.hpp: the pipeline, the
// tree observer reading tags and %clk/%eval/%emt comments, the opening tree, the Polyglot book)
// and the renderings of every output format. Self-checks:
//   * the tree is the same in every format (NDJSON, CSV, TSV, EPD, the query's table) held in
//     memory on one thread, spilled under a budget of a few KB, and built on 3 threads from
//     256-byte chunks and shown on 2; the HTML page is the same in memory and spilled;
//   * the positions shown with a promise of at least 2 games are exactly those of 2 games or
//     more of the whole tree;
//   * every NDJSON line parses and its counts hold together: a position's and a move's
//     white + draws + black <= games, a move's games <= its position's, positions by key;
//   * the totals add up (used + invalid + not selected + skipped = games, partial <= invalid),
//     whatever the threads;
//   * the Polyglot book (no Orda game in the input) is the same in memory and spilled, on 1
//     and 3 threads, for three option sets, its entries sorted by key.
#include "fuzz_support.hpp"

#include "horde/pgn/reader.hpp"
#include "horde/report/json.hpp"
#include "horde/report/tree_output.hpp"
#include "horde/report/tree_page.hpp"
#include "horde/run/tree.hpp"

#include <fmt/format.h>

#include <optional>

using namespace horde;

namespace {

struct Build {
    unsigned threads = 1;         // building (3: 256-byte chunks)
    std::size_t memory = 1 << 30; // the tree's or the book's budget
    unsigned show_threads = 1;
    bool page = false; // the HTML page too (one show thread)
};

struct Shown {
    run::TreeTotals totals;
    std::string text;                                             // every format but the page, position after position
    std::vector<std::pair<std::uint32_t, std::string>> positions; // games, text (one show thread)
    std::string page;
};

run::TreeRunSettings settings_for(const Build& b, int max_ply, bool prefixes) {
    run::TreeRunSettings s;
    s.threads = b.threads;
    s.max_ply = max_ply;
    s.invalid_prefixes = prefixes;
    s.diagnostics = true;
    s.warnings = true;
    if (b.threads > 1) s.batch_bytes = 256;
    return s;
}

void render(tree::PositionStats& p, std::string& text) {
    report::append_tree_position_json(text, p);
    text += '\n';
    report::append_tree_rows(text, p, ',');
    report::append_tree_rows(text, p, '\t');
    report::append_tree_epd(text, p);
    text += report::tree_position_table(p);
}

Shown build_tree(std::string_view input, const Build& b, int max_ply, bool prefixes, std::uint32_t min_games) {
    tree::TreeOptions options;
    options.memory_bytes = b.memory;
    options.examples = 2;
    tree::OpeningTree tree(options);
    run::TreeSink sink;
    sink.tree = &tree;
    Shown shown;
    auto reader = pgn::PgnReader::from_memory(input);
    run::run_tree(reader, game::CheckOptions{}, "in.pgn", settings_for(b, max_ply, prefixes), sink,
                  [&](std::string&, const run::TreeTotals& t) { shown.totals.add(t); });
    std::optional<report::TreePage> page;
    if (b.page) {
        page.emplace(report::TreePageOptions{"fuzz", int(min_games), 0, max_ply});
        shown.page = page->begin();
    }
    tree.set_min_games_shown(min_games);
    auto keep = [&](const tree::PositionStats& p) { return p.results.games >= min_games; };
    std::uint64_t root = 0;
    run::show_tree(
        tree, b.show_threads, keep,
        [&](tree::PositionStats& p, std::string& text) {
            const std::size_t from = text.size();
            render(p, text);
            if (b.show_threads == 1) shown.positions.emplace_back(p.results.games, text.substr(from));
            if (page) {
                if (p.ply == 0 && !root) root = p.key;
                page->append_position(shown.page, p);
            }
        },
        [&](std::string& text) { shown.text += text; });
    if (page) shown.page += page->end(root);
    return shown;
}

void check_totals(const run::TreeTotals& t, const char* what) {
    FUZZ_CHECK(t.used + t.invalid + t.not_selected + t.skipped == t.games && t.partial <= t.invalid,
               fmt::format("{}: totals do not add up: {} games, {} used, {} invalid ({} partial), {} not selected, {} skipped",
                           what, t.games, t.used, t.invalid, t.partial, t.not_selected, t.skipped));
}

std::uint64_t number(simdjson::dom::element e, const char* field) {
    std::uint64_t value = 0;
    FUZZ_CHECK(e[field].get(value) == simdjson::SUCCESS, fmt::format("NDJSON: no count \"{}\"", field));
    return value;
}

// Each position's NDJSON line (the first line of its text): parses, and its counts hold together.
void check_ndjson(const Shown& s) {
    std::uint64_t last_key = 0;
    bool first = true;
    for (const auto& [games, text] : s.positions) {
        const std::string_view line = std::string_view(text).substr(0, text.find('\n'));
        simdjson::dom::parser parser;
        const simdjson::padded_string padded(line);
        simdjson::dom::element position;
        FUZZ_CHECK(parser.parse(padded).get(position) == simdjson::SUCCESS, "NDJSON line does not parse: " + std::string(line));
        std::string_view key_text;
        FUZZ_CHECK(position["key"].get(key_text) == simdjson::SUCCESS && key_text.size() == 16, "NDJSON: no 16-digit key");
        const std::uint64_t key = std::stoull(std::string(key_text), nullptr, 16);
        FUZZ_CHECK(first || key > last_key, "positions not in key order: " + std::string(key_text));
        first = false;
        last_key = key;
        const std::uint64_t n = number(position, "games");
        FUZZ_CHECK(n == games && number(position, "white") + number(position, "draws") + number(position, "black") <= n,
                   "position counts do not hold together: " + std::string(line));
        simdjson::dom::array moves;
        FUZZ_CHECK(position["moves"].get(moves) == simdjson::SUCCESS, "NDJSON: no moves array");
        for (simdjson::dom::element m : moves) {
            const std::uint64_t mg = number(m, "games");
            FUZZ_CHECK(mg >= 1 && mg <= n && number(m, "white") + number(m, "draws") + number(m, "black") <= mg,
                       "move counts do not hold together: " + std::string(line));
        }
    }
}

struct NotPolyglot {};

std::string build_book(std::string_view input, const Build& b, int max_ply, const tree::PolyglotBookOptions& options) {
    tree::PolyglotBookBuilder book(b.memory);
    run::TreeSink sink;
    sink.book = &book;
    sink.variant_check = [](const game::GameRecord&, Variant v) {
        if (!tree::polyglot_supports(v)) throw NotPolyglot{};
    };
    auto reader = pgn::PgnReader::from_memory(input);
    run::run_tree(reader, game::CheckOptions{}, "in.pgn", settings_for(b, max_ply, false), sink,
                  [](std::string&, const run::TreeTotals&) {});
    const auto entries = book.entries(options);
    for (std::size_t i = 1; i < entries.size(); ++i)
        FUZZ_CHECK(entries[i - 1].key <= entries[i].key, "book entries not sorted by key");
    return tree::polyglot_book_bytes(entries);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 32768) return 0;
    const std::string_view input = fuzz::as_text(data, size);
    const int max_ply = 1 + int(size % 24);
    const bool prefixes = size % 2 == 1;

    const Build memory{}, memory_page{1, std::size_t(1) << 30, 1, true}, spilled_page{1, 4096, 1, true},
        threaded{3, std::size_t(1) << 30, 2, false};
    const Shown a = build_tree(input, memory_page, max_ply, prefixes, 1);
    check_totals(a.totals, "one thread");
    check_ndjson(a);
    const Shown b = build_tree(input, spilled_page, max_ply, prefixes, 1);
    FUZZ_CHECK_SAME(a.text, b.text, "spilled tree");
    FUZZ_CHECK_SAME(a.page, b.page, "spilled tree's page");
    const Shown c = build_tree(input, threaded, max_ply, prefixes, 1);
    check_totals(c.totals, "three threads");
    FUZZ_CHECK(c.totals.games == a.totals.games && c.totals.used == a.totals.used && c.totals.partial == a.totals.partial,
               fmt::format("{} games, {} used on one thread; {}, {} on three", a.totals.games, a.totals.used, c.totals.games,
                           c.totals.used));
    FUZZ_CHECK_SAME(a.text, c.text, "tree on three threads");
    std::string often;
    for (const auto& [games, text] : a.positions)
        if (games >= 2) often += text;
    FUZZ_CHECK_SAME(often, build_tree(input, memory, max_ply, prefixes, 2).text, "positions of 2 games or more");

    tree::PolyglotBookOptions defaults, uniform, white;
    uniform.min_games = 1;
    uniform.uniform = true;
    white.min_games = 1;
    white.only_white = true;
    white.min_score = 50;
    try {
        for (const auto* options : {&defaults, &uniform, &white}) {
            const std::string want = build_book(input, memory, max_ply, *options);
            FUZZ_CHECK_SAME(want, build_book(input, Build{1, 64, 1, false}, max_ply, *options), "spilled book");
            FUZZ_CHECK_SAME(want, build_book(input, Build{3, 64, 1, false}, max_ply, *options), "book on three threads");
        }
    } catch (const NotPolyglot&) {
        // an Orda game: no Polyglot book (horde-tree says so, exit 2)
    }
    return 0;
}
