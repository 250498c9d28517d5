// Opening trees (tree/): the Polyglot key and move codes against the specification's test keys
// and an independent computation for Horde, make-book's book rules, and the tree's counts
// (a game once per position and move, transpositions, figures) with and without spilling.
#include "horde/notation/move_list.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/position/board.hpp"
#include "horde/position/writers.hpp"
#include "horde/report/json.hpp"
#include "horde/run/tree.hpp"
#include "horde/tree/bucket_store.hpp"
#include "horde/tree/opening_tree.hpp"
#include "horde/tree/polyglot.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <csignal>
#include <limits>
#include <sys/resource.h>

#include <deque>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace horde;

namespace {

position::Board after_moves(Variant v, std::string_view moves, std::string_view fen = {}) {
    position::Board start(v);
    if (!fen.empty()) start = std::get<position::Board>(position::Board::from_fen(v, fen));
    auto played = notation::play_move_list(start, moves);
    REQUIRE(std::holds_alternative<notation::PlayedMoveList>(played));
    return std::get<notation::PlayedMoveList>(played).end;
}

std::uint64_t key_after(Variant v, std::string_view moves, std::string_view fen = {}) {
    return tree::polyglot_key(after_moves(v, moves, fen).position());
}

} // namespace

TEST_CASE("Polyglot keys: the test keys of the specification (book_format.html)", "[tree][polyglot]") {
    // Each line of the specification's list: the moves from the start, the key it gives.
    const std::pair<const char*, std::uint64_t> cases[] = {
        {"", 0x463b96181691fc9cULL},
        {"e2e4", 0x823c9b50fd114196ULL},
        {"e2e4 d7d5", 0x0756b94461c50fb0ULL},
        {"e2e4 d7d5 e4e5", 0x662fafb965db29d4ULL},
        {"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78ULL},
        {"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1ULL},
        {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9ULL},
        {"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637ULL},
        {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560ULL},
    };
    for (const auto& [moves, key] : cases) {
        INFO(moves);
        CHECK(key_after(Variant::Chess, moves) == key);
    }
}

TEST_CASE("Polyglot keys of Horde positions (no White king)", "[tree][polyglot]") {
    // Expected keys from tests/tools/polyglot_reference.py, an independent Python computation
    // from the specification's Random64 table and formula (book_format.html).
    CHECK(key_after(Variant::Horde, "") == 0xa8a878183978f15bULL);
    // 1. e5 d5: Black's double step beside White's pawns on c5 and e5 sets the en passant file.
    CHECK(key_after(Variant::Horde, "e5 d5") == 0x502292229d0a09b8ULL);
    // Black to move, Black castling rights, White pawns only (hand-made, legal Horde position).
    CHECK(key_after(Variant::Horde, "", "r3k2r/8/8/8/8/8/8/PPPPPPPP b kq - 0 1") == 0xffbc961c87f11783ULL);
}

TEST_CASE("Polyglot move codes: king takes rook for castling, promotion pieces", "[tree][polyglot]") {
    const position::Board chess = after_moves(Variant::Chess, "e4 e5 Nf3 Nc6 Bc4 Bc5");
    const Move castle = chess.parse_uci("e1g1");
    REQUIRE(!castle.is_none());
    // e1h1: to file 7, to row 0, from file 4, from row 0
    CHECK(tree::polyglot_move(chess.position(), castle) == (7 | 0 << 3 | 4 << 6 | 0 << 9));
    const position::Board promo =
        std::get<position::Board>(position::Board::from_fen(Variant::Chess, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    CHECK(tree::polyglot_move(promo.position(), promo.parse_uci("b7b8n")) == (1 | 7 << 3 | 1 << 6 | 6 << 9 | 1 << 12));
    CHECK(tree::polyglot_move(promo.position(), promo.parse_uci("b7b8q")) == (1 | 7 << 3 | 1 << 6 | 6 << 9 | 4 << 12));
    // Chess960: the move already is king takes rook.
    const position::Board c960 =
        std::get<position::Board>(position::Board::from_fen(Variant::Chess960, "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBkq - 0 1"));
    const Move oo = c960.parse_uci("e1g1"); // king takes the g-file rook: O-O
    REQUIRE(!oo.is_none());
    CHECK(tree::polyglot_move(c960.position(), oo) == (6 | 0 << 3 | 4 << 6 | 0 << 9));
}

TEST_CASE("polyglot_key_after: the key after a move, from the key before, equals the key computed whole", "[tree][polyglot]") {
    // Random legal games (a fixed seed) of chess, Chess960 (castling both ways from shuffled
    // starts) and Horde: captures, castling, en passant, promotions all come up in 400 games.
    std::uint64_t state = 0x243F6A8885A308D3ULL;
    auto next = [&] {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        return state;
    };
    const std::pair<Variant, std::string_view> starts[] = {
        {Variant::Chess, ""},
        {Variant::Chess960, "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w KQkq - 0 1"},
        {Variant::Chess960, "qnrbkrbn/pppppppp/8/8/8/8/PPPPPPPP/QNRBKRBN w KQkq - 0 1"},
        {Variant::Horde, ""},
    };
    int moves = 0, castles = 0, en_passant = 0, promotions = 0;
    for (int game = 0; game < 400; ++game) {
        const auto& [variant, fen] = starts[game % 4];
        position::Board board(variant);
        if (!fen.empty()) board = std::get<position::Board>(position::Board::from_fen(variant, fen));
        std::uint64_t key = tree::polyglot_key(board.position());
        for (int ply = 0; ply < 200; ++ply) {
            const position::MoveList legal = board.legal_moves();
            if (legal.size() == 0) break;
            const Move m = legal[next() % legal.size()];
            castles += m.is_castling(), en_passant += m.is_en_passant(), promotions += m.is_promotion();
            const position::Position before = board.position();
            board.play(m);
            key = tree::polyglot_key_after(key, before, board.position(), m);
            REQUIRE(key == tree::polyglot_key(board.position()));
            ++moves;
        }
    }
    CHECK(moves > 40000);
    CHECK(castles > 0);
    CHECK(en_passant > 0);
    CHECK(promotions > 0);
}

TEST_CASE("PolyglotBookBuilder: a book that spills its moves to disk equals the one held in memory", "[tree][polyglot]") {
    // 1.5 M moves (18 MB of records) against the smallest budget (8 MB): spilled twice. A few hot
    // positions pass 16384 games of a move many times over, so the halving is crossed in spilled
    // and held records alike; the rest are spread over every bucket.
    tree::PolyglotBookBuilder held(std::size_t(1) << 30), spilled(1);
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    auto next = [&] {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        return state;
    };
    for (int game = 0; game < 50000; ++game) {
        const int result = int(next() % 3) - 1;
        held.begin_game(result);
        spilled.begin_game(result);
        for (int ply = 0; ply < 30; ++ply) {
            const std::uint64_t r = next();
            const std::uint64_t key = ply < 4      ? 0x1234567890ABCDEFULL * std::uint64_t(ply + 1)
                                      : r % 5 == 0 ? next()
                                                   : (r >> 8) % 20000 * 0x9E3779B97F4A7C15ULL;
            const auto move = std::uint16_t(ply < 4 ? r % 3 : r % 7);
            held.add_move(key, move, ply % 2 == 0);
            spilled.add_move(key, move, ply % 2 == 0);
        }
    }
    CHECK(held.spills() == 0);
    CHECK(spilled.spills() >= 2);
    CHECK(spilled.moves() == held.moves());
    for (const int min_games : {1, 3}) {
        tree::PolyglotBookOptions options;
        options.min_games = min_games;
        const auto a = held.entries(options);
        const auto b = spilled.entries(options);
        REQUIRE(a.size() == b.size());
        CHECK(a.size() > 20000);
        CHECK(std::equal(a.begin(), a.end(), b.begin(), [](const tree::PolyglotEntry& x, const tree::PolyglotEntry& y) {
            return x.key == y.key && x.move == y.move && x.weight == y.weight;
        }));
        CHECK(std::is_sorted(a.begin(), a.end(), [](const auto& x, const auto& y) { return x.key < y.key; }));
    }
}

TEST_CASE("PolyglotBookBuilder: make-book's weights, filters, order and halving", "[tree][polyglot]") {
    tree::PolyglotBookBuilder book;
    // Position 1: move 10 (White) won twice, drew once; move 20 lost once; move 30 drew once.
    for (int result : {1, 1, 0}) {
        book.begin_game(result);
        book.add_move(1, 10, true);
    }
    book.begin_game(-1);
    book.add_move(1, 20, true);
    book.begin_game(0);
    book.add_move(1, 30, true);
    tree::PolyglotBookOptions options;
    options.min_games = 1;
    auto entries = book.entries(options);
    REQUIRE(entries.size() == 2); // the lost move scores 0: left out
    CHECK(entries[0].move == 10);
    CHECK(entries[0].weight == 5);
    CHECK(entries[1].move == 30);
    CHECK(entries[1].weight == 1);
    options.min_games = 3;
    CHECK(book.entries(options).size() == 1);
    options.min_games = 1;
    options.uniform = true;
    CHECK(book.entries(options)[0].weight == 1);
    options.only_black = true;
    CHECK(book.entries(options).empty());

    // 16384 games of one move halve every entry of its position, rounding up.
    tree::PolyglotBookBuilder hot;
    hot.begin_game(0);
    hot.add_move(7, 2, true); // 1 game, score 1
    hot.begin_game(1);
    for (int i = 0; i < 16384; ++i) hot.add_move(7, 1, true);
    tree::PolyglotBookOptions all;
    all.min_games = 1;
    const auto halved = hot.entries(all);
    REQUIRE(halved.size() == 2);
    CHECK(halved[0].weight == 16384); // 2 * 16384 halved
    CHECK(halved[1].weight == 1);     // (1 + 1) / 2
}

namespace {

// Builds a tree from PGN text; `memory` small makes it spill after every game.
// The positions by key, and the example names they show (ExampleGame::name views them).
struct BuiltTree : std::map<std::uint64_t, tree::PositionStats> {
    std::deque<std::string> names;
};

BuiltTree build_tree(const std::string& pgn, std::size_t memory, int max_ply = 20, unsigned threads = 1,
                     std::size_t* runs = nullptr) {
    tree::TreeOptions options;
    options.memory_bytes = memory;
    tree::OpeningTree opening_tree(options);
    run::TreeSink sink;
    sink.tree = &opening_tree;
    run::TreeRunSettings settings;
    settings.threads = threads;
    settings.max_ply = max_ply;
    settings.diagnostics = false;
    auto reader = pgn::PgnReader::from_memory(pgn);
    run::run_tree(reader, {}, "test", settings, sink, [](std::string&, const run::TreeTotals&) {});
    if (runs) *runs = opening_tree.spilled_runs();
    BuiltTree positions;
    std::uint64_t last = 0;
    bool first = true;
    opening_tree.for_each([](const tree::PositionStats&) { return true; },
                          [&](tree::PositionStats& p) {
                              CHECK((first || p.key > last)); // key order
                              first = false;
                              last = p.key;
                              for (tree::MoveStats& m : p.moves)
                                  for (tree::ExampleGame& e : m.examples)
                                      e.name = positions.names.emplace_back(e.name); // views of the tree's memory: kept
                              positions.emplace(p.key, p);
                          });
    return positions;
}

const tree::PositionStats& at(const std::map<std::uint64_t, tree::PositionStats>& t, Variant v, std::string_view moves) {
    const std::uint64_t key = tree::position_key(v, after_moves(v, moves).repetition_key());
    const auto it = t.find(key);
    REQUIRE(it != t.end());
    return it->second;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

TEST_CASE("OpeningTree: transpositions and repetitions count a game once", "[tree]") {
    const std::string pgn = read_file(std::string(HORDE_TESTDATA) + "/tree/transpositions.pgn");
    const auto t = build_tree(pgn, std::size_t(1) << 30);
    // The four games reach the position after 1. Nf3 Nf6 2. Nc3 Nc6 by two move orders.
    const tree::PositionStats& knights = at(t, Variant::Chess, "Nf3 Nf6 Nc3 Nc6");
    CHECK(knights.results.games == 4);
    CHECK(knights.results.white == 2);
    CHECK(knights.results.draws == 1);
    CHECK(knights.results.black == 1);
    CHECK(knights.ply == 4);
    // Game 4 shuffles the knights back and forth (1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3): it reaches the
    // start and the position after 1. Nf3 twice, and plays Nf3 from the start twice; each
    // counts the game once, and the first visit gives the move's figures.
    const tree::PositionStats& nf3 = at(t, Variant::Chess, "Nf3");
    CHECK(nf3.results.games == 3);
    const tree::PositionStats& root = at(t, Variant::Chess, "");
    CHECK(root.results.games == 4);
    REQUIRE(root.moves.size() == 2);
    CHECK(root.moves[0].results.games == 3); // Nf3, most games first
    CHECK(root.moves[1].results.games == 1); // Nc3
    // The figures of Nf3: ratings, performance, %eval, time from %clk and the increment.
    const tree::MoveStats& m = root.moves[0];
    CHECK(m.rated == 3);
    const tree::MoveFigures f = tree::move_figures(m);
    CHECK(f.rating == Approx((2000 + 2100 + 1900) / 3.0));
    CHECK(f.performance == Approx((1800 + 2000 + 2000) / 3.0 + 400.0 * (2 - 1) / 3));
    CHECK(f.has_eval);
    CHECK(f.eval == Approx((0.2 + 0.4 + 0.3) / 3));
    CHECK(f.has_time);
    CHECK(f.seconds == Approx((3 + 2 + 4) / 3.0)); // 180 - clk + 2 increment
    CHECK(m.first_date == 20240101);
    CHECK(m.last_date == 20240215);
    REQUIRE(m.examples.size() == 3);
    CHECK(m.examples[0].name == "https://example.org/g1");
}

TEST_CASE("OpeningTree: a spilled tree equals the tree held in memory, on any thread count", "[tree]") {
    std::string pgn;
    for (const char* name : {"chess-valid", "horde-valid", "orda-valid", "chess960-valid"})
        pgn += read_file(std::string(HORDE_TESTDATA) + "/games/" + name + ".pgn");
    const auto in_memory = build_tree(pgn, std::size_t(1) << 30, 12);
    std::size_t runs = 0;
    const auto spilled = build_tree(pgn, 1, 12, 2, &runs);
    CHECK(runs > 100); // a run per game
    REQUIRE(in_memory.size() == spilled.size());
    auto a = in_memory.begin();
    for (auto b = spilled.begin(); b != spilled.end(); ++a, ++b) {
        INFO(a->second.fen);
        CHECK(a->second.fen == b->second.fen);
        CHECK(a->second.results.games == b->second.results.games);
        CHECK(a->second.ply == b->second.ply);
        REQUIRE(a->second.moves.size() == b->second.moves.size());
        for (std::size_t i = 0; i < a->second.moves.size(); ++i) {
            const tree::MoveStats &x = a->second.moves[i], &y = b->second.moves[i];
            CHECK(x.move == y.move);
            CHECK(x.results.games == y.results.games);
            CHECK(x.eval_cp_sum == y.eval_cp_sum);
            CHECK(x.spent_ms_sum == y.spent_ms_sum);
            REQUIRE(x.examples.size() == y.examples.size());
            for (std::size_t e = 0; e < x.examples.size(); ++e) CHECK(x.examples[e].name == y.examples[e].name);
        }
    }
}

namespace {

// The NDJSON text of a tree built on `threads` threads (a part per payload slot) and shown by
// run::show_tree on `show_threads` threads.
std::string tree_text(const std::string& pgn, unsigned threads, unsigned show_threads, std::size_t* parts,
                      std::uint32_t min_games = 2, bool promise = false) {
    tree::OpeningTree opening_tree(tree::TreeOptions{});
    if (promise) opening_tree.set_min_games_shown(min_games);
    run::TreeSink sink;
    sink.tree = &opening_tree;
    run::TreeRunSettings settings;
    settings.threads = threads;
    settings.max_ply = 12;
    settings.diagnostics = false;
    auto reader = pgn::PgnReader::from_memory(pgn);
    run::run_tree(reader, {}, "test", settings, sink, [](std::string&, const run::TreeTotals&) {});
    *parts = opening_tree.parts();
    std::string text;
    run::show_tree(
        opening_tree, show_threads, [&](const tree::PositionStats& p) { return p.results.games >= min_games; },
        [](tree::PositionStats& p, std::string& out) {
            report::append_tree_position_json(out, p);
            out += '\n';
        },
        [&](std::string& out) { text += out; });
    return text;
}

} // namespace

TEST_CASE("OpeningTree: a tree built in parts and shown on several threads equals the one-part tree", "[tree]") {
    std::string pgn;
    for (const char* name : {"chess-valid", "horde-valid", "orda-valid", "chess960-valid"})
        pgn += read_file(std::string(HORDE_TESTDATA) + "/games/" + name + ".pgn");
    std::size_t one_part = 0, parts = 0;
    const std::string reference = tree_text(pgn, 1, 1, &one_part);
    CHECK(one_part == 1);
    REQUIRE(std::count(reference.begin(), reference.end(), '\n') > 100);
    for (const unsigned show_threads : {1u, 2u, 3u}) {
        INFO("shown on " << show_threads << " threads");
        CHECK(tree_text(pgn, 2, show_threads, &parts) == reference);
        CHECK(parts > 1);
    }
}

TEST_CASE("OpeningTree: the promise of a least number of games shown changes nothing shown", "[tree]") {
    std::string pgn;
    for (const char* name : {"chess-valid", "horde-valid", "orda-valid", "chess960-valid"})
        pgn += read_file(std::string(HORDE_TESTDATA) + "/games/" + name + ".pgn");
    std::size_t parts = 0;
    for (const std::uint32_t min_games : {1u, 2u, 3u, 4u, 7u}) {
        INFO("min games " << min_games);
        const std::string reference = tree_text(pgn, 1, 1, &parts, min_games);
        CHECK(std::count(reference.begin(), reference.end(), '\n') > 20);
        CHECK(tree_text(pgn, 1, 1, &parts, min_games, true) == reference);
        CHECK(tree_text(pgn, 2, 2, &parts, min_games, true) == reference);
    }
}

TEST_CASE("OpeningTree: a move keeps its first examples by ordinal, whatever order the games come in", "[tree]") {
    const position::Board start(Variant::Chess);
    const Move e4 = start.parse_uci("e2e4");
    const position::Board after = after_moves(Variant::Chess, "e4");
    tree::GameFacts game;
    game.outcome = tree::Outcome::Draw;
    for (const auto* board : {&start, &after}) {
        tree::GamePly ply;
        ply.key = tree::position_key(Variant::Chess, board->repetition_key());
        ply.move = board == &start ? e4 : Move::none();
        game.plies.push_back(ply);
    }
    tree::TreeOptions options;
    options.examples = 3;
    tree::OpeningTree opening_tree(options);
    for (const std::uint64_t ordinal : {7, 5, 9, 1, 8, 3, 2})
        opening_tree.add_game(game, ordinal, [&](std::string& name) { name = "game " + std::to_string(ordinal); });
    std::vector<std::string> names;
    opening_tree.for_each([](const tree::PositionStats& p) { return p.ply == 0; },
                          [&](tree::PositionStats& p) {
                              CHECK(p.results.games == 7);
                              REQUIRE(p.moves.size() == 1);
                              for (const auto& e : p.moves[0].examples) names.emplace_back(e.name);
                          });
    CHECK(names == std::vector<std::string>{"game 1", "game 2", "game 3"});
}

TEST_CASE("OpeningTree: a name past 65,535 bytes is cut before the UTF-8 character that straddles the limit", "[tree]") {
    const position::Board start(Variant::Chess);
    const position::Board after = after_moves(Variant::Chess, "e4");
    tree::GameFacts game;
    for (const auto* board : {&start, &after}) {
        tree::GamePly ply;
        ply.key = tree::position_key(Variant::Chess, board->repetition_key());
        ply.move = board == &start ? start.parse_uci("e2e4") : Move::none();
        game.plies.push_back(ply);
    }
    for (const std::size_t ascii : {65533u, 65534u}) { // "é" (2 bytes) at 65,533 fits; at 65,534 it straddles
        INFO("ASCII bytes before the é: " << ascii);
        tree::OpeningTree opening_tree(tree::TreeOptions{});
        opening_tree.add_game(game, 1, [&](std::string& name) { name = std::string(ascii, 'a') + "\xc3\xa9" + "tail"; });
        std::string shown;
        opening_tree.for_each([](const tree::PositionStats& p) { return p.ply == 0; },
                              [&](tree::PositionStats& p) { shown = std::string(p.moves.at(0).examples.at(0).name); });
        CHECK(shown.size() == (ascii == 65533 ? 65535u : 65534u));
        CHECK(shown.substr(0, ascii) == std::string(ascii, 'a'));
    }
}

TEST_CASE("BucketStore: a bucket's records come back in the order they came, spilled (in blocks) and held", "[tree]") {
    struct Record {
        std::uint64_t key, n;
    };
    using Store = tree::detail::BucketStore<Record>;
    Store store(tree::detail::temp_dir_or_default(""), 256, false); // small chunks: many a bucket
    const std::uint64_t bucket_key = std::uint64_t(5) << 54, other_key = std::uint64_t(900) << 54;
    std::uint64_t next = 0;
    auto add = [&](std::size_t count) {
        for (std::size_t i = 0; i < count; ++i) {
            store.append(Store::bucket_of(bucket_key)) = Record{bucket_key, next++};
            store.append(Store::bucket_of(other_key)) = Record{other_key, 0}; // another bucket in between
        }
    };
    add(Store::kBlockRecords + 1000); // a segment of more than a block
    store.spill();
    add(7);
    store.spill();
    add(300); // held, over two chunks
    CHECK(store.spills() == 2);
    CHECK(store.bucket_records(Store::bucket_of(bucket_key)) == next);
    std::vector<Record> block;
    std::uint64_t expected = 0;
    std::size_t spans = 0;
    store.visit_bucket(Store::bucket_of(bucket_key), block, [&](const Record* r, std::size_t count) {
        ++spans;
        CHECK(count <= Store::kBlockRecords);
        for (std::size_t i = 0; i < count; ++i) {
            CHECK(r[i].key == bucket_key);
            CHECK(r[i].n == expected++);
        }
    });
    CHECK(expected == next);
    CHECK(spans >= 4); // two blocks of the first segment, the second, the held chunks
    std::vector<Record> all;
    store.read_bucket(Store::bucket_of(bucket_key), all);
    REQUIRE(all.size() == next);
    CHECK(all.back().n == next - 1);
}

namespace {

// Random chess games of `plies` plies from the start (a few first moves, so that positions are
// shared), as the tree observer gives them.
std::vector<tree::GameFacts> random_games(std::size_t count, int plies) {
    std::uint64_t state = 12345;
    auto next = [&] { return (state = state * 6364136223846793005ULL + 1442695040888963407ULL) >> 33; };
    std::vector<tree::GameFacts> games(count);
    for (tree::GameFacts& game : games) {
        game.outcome = tree::Outcome(next() % 4);
        game.white_elo = int(1500 + next() % 500);
        game.black_elo = int(1500 + next() % 500);
        position::Board board(Variant::Chess);
        for (int ply = 0; ply <= plies; ++ply) {
            tree::GamePly p;
            p.key = tree::position_key(Variant::Chess, board.repetition_key());
            p.white_to_move = board.side_to_move() == WHITE;
            const position::MoveList legal = board.legal_moves();
            if (ply < plies && legal.size() > 0) {
                p.move = legal[ply < 4 ? next() % 3 : next() % legal.size()];
                board.play(p.move);
            }
            game.plies.push_back(p);
            if (p.move.is_none()) break;
        }
    }
    return games;
}

std::string shown_text(tree::OpeningTree& opening_tree) {
    std::string text;
    opening_tree.for_each([](const tree::PositionStats&) { return true; },
                          [&](tree::PositionStats& p) {
                              report::append_tree_position_json(text, p);
                              text += '\n';
                          });
    return text;
}

} // namespace

TEST_CASE("OpeningTree: a spill that cannot be written leaves the tree as it was", "[tree]") {
    const std::vector<tree::GameFacts> games = random_games(3000, 16);
    auto name = [](std::uint64_t ordinal) { return [ordinal](std::string& n) { n = "game " + std::to_string(ordinal); }; };
    tree::OpeningTree whole(tree::TreeOptions{});
    for (std::size_t g = 0; g < games.size(); ++g) whole.add_game(games[g], g, name(g));
    const std::string reference = shown_text(whole);
    REQUIRE(std::count(reference.begin(), reference.end(), '\n') > 100);

    tree::TreeOptions small;
    small.memory_bytes = 256 << 10; // spills every few games
    tree::OpeningTree spilling(small);
    // The temporary files may not grow past 64 KB (the writes fail with EFBIG, SIGXFSZ ignored).
    struct rlimit saved {};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limited = saved;
    limited.rlim_cur = 64 << 10;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &limited) == 0);
    std::size_t failures = 0, g = 0;
    for (; g < games.size() && failures < 3; ++g) {
        try {
            spilling.add_game(games[g], g, name(g));
        } catch (const std::runtime_error& e) {
            CHECK(std::string(e.what()).find("cannot write a spilled run") != std::string::npos);
            ++failures; // the game is held all the same
        }
    }
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &saved) == 0);
    std::signal(SIGXFSZ, old_handler);
    CHECK(failures == 3);
    CHECK(g < games.size());
    for (; g < games.size(); ++g) spilling.add_game(games[g], g, name(g)); // the next spills write again
    CHECK(spilling.spilled_runs() > 0);
    CHECK(shown_text(spilling) == reference);
}

TEST_CASE("Tree NDJSON: a move's object, its escapes and nulls, and a move of long example names", "[tree][json]") {
    tree::PositionStats p;
    p.key = 0x0123456789abcdefULL;
    p.variant = Variant::Horde;
    p.fen = "8/8/8/8/8/8/8/8 w - -";
    p.ply = 3;
    p.results.games = 4, p.results.white = 2, p.results.draws = 1, p.results.black = 1;
    tree::MoveStats& e4 = p.moves.emplace_back();
    e4.move = Move(E2, E4);
    e4.san.assign("e4");
    e4.results.games = 3, e4.results.white = 2, e4.results.draws = 1;
    e4.rated = 2, e4.mover_elo_sum = 3001, e4.opponent_elo_sum = 2800, e4.mover_wins = 1;
    e4.evals = 4, e4.eval_cp_sum = -50; // -0.125 pawns: rounded as {:.2f} rounds
    e4.timed = 3, e4.spent_ms_sum = 10000;
    e4.first_date = 20240131, e4.last_date = 20250000;
    e4.child_key = 0xfedcba9876543210ULL;
    const std::string names[] = {"https://x.org/\"q\"\\", std::string("tab\there\x01") + "\xc3\xa9\xff"};
    for (const std::string& n : names) e4.examples.push_back(tree::ExampleGame{0, n});
    tree::MoveStats& a3 = p.moves.emplace_back();
    a3.move = Move(A2, A3);
    a3.san.assign("a3");
    a3.results.games = 1;
    const std::string long_name(3000, 'n'); // past what a move's buffer holds when escaped: the general path
    a3.examples.push_back(tree::ExampleGame{0, long_name});
    std::string text;
    report::append_tree_position_json(text, p);
    const std::string expected =
        "{\"fen\":\"8/8/8/8/8/8/8/8 w - -\",\"variant\":\"horde\",\"key\":\"0123456789abcdef\",\"ply\":3,\"games\":4,\"white\":2,"
        "\"draws\":1,\"black\":1,\"moves\":["
        "{\"uci\":\"e2e4\",\"san\":\"e4\",\"games\":3,\"white\":2,\"draws\":1,\"black\":0,\"rated\":2,\"rating\":1500.5,"
        "\"performance\":1600.0,\"eval\":-0.12,\"seconds\":3.33,\"first_date\":\"2024.01.31\",\"last_date\":\"2025.??.??\","
        "\"examples\":[\"https://x.org/\\\"q\\\"\\\\\",\"tab\\there\\u0001\xc3\xa9\\u00ff\"],\"child\":\"fedcba9876543210\"},"
        "{\"uci\":\"a2a3\",\"san\":\"a3\",\"games\":1,\"white\":0,\"draws\":0,\"black\":0,\"rated\":0,\"rating\":null,"
        "\"performance\":null,\"eval\":null,\"seconds\":null,\"first_date\":null,\"last_date\":null,\"examples\":[\"" +
        long_name + "\"],\"child\":\"0000000000000000\"}]}";
    CHECK(text == expected);
}

TEST_CASE("write_fixed writes the bytes of std::to_chars, ties and all", "[tree][json]") {
    std::vector<double> values = {0.0,
                                  -0.0,
                                  0.04,
                                  -0.04,
                                  0.05,
                                  0.125,
                                  -0.125,
                                  0.375,
                                  2.5,
                                  3.5,
                                  1e-300,
                                  2147483647.4,
                                  214748364.75,
                                  21474836.475,
                                  1e20,
                                  -1e20,
                                  1e300,
                                  1499.95,
                                  1500.05,
                                  0.005,
                                  0.0049999999999999,
                                  std::numeric_limits<double>::infinity(),
                                  std::nan("")};
    // Means as the tree writes them: a sum over a count, and numbers of every size.
    for (std::int64_t sum = -3000; sum <= 3000; sum += 7)
        for (int count = 1; count <= 40; ++count) values.push_back(double(sum) / count / 100.0);
    std::uint64_t state = 12345;
    for (int i = 0; i < 20000; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double magnitude = std::pow(10.0, double(int(state >> 60) - 6));
        values.push_back((double(state >> 11) / double(1ULL << 53) - 0.5) * magnitude);
        values.push_back(double((state >> 20) % 100000) / 8.0 / 1000.0); // exact ties at 3 decimals
    }
    std::size_t checked = 0;
    for (const double v : values)
        for (int decimals = 0; decimals <= 3; ++decimals) {
            char ours[400], theirs[400];
            const std::string_view got(ours, std::size_t(report::write_fixed(ours, v, decimals) - ours));
            const std::string_view expected(
                theirs,
                std::size_t(std::to_chars(theirs, theirs + sizeof theirs, v, std::chars_format::fixed, decimals).ptr - theirs));
            if (got != expected) FAIL_CHECK(fmt::format("{:a} with {} decimals: {} (to_chars: {})", v, decimals, got, expected));
            ++checked;
        }
    CHECK(checked > 100000);
}
