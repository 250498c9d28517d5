// Perft suites: every position and depth of testdata/perft/*.epd, the public Horde positions
// of python-chess's horde.perft, and the hash / thread / divide variants of the counts.
//
// The deep start-position files are tagged [.slow]: hidden from the plain test discovery, ctest
// runs them as unit:slow:<name> with the `slow` label (see tests/CMakeLists.txt).
#include "horde/perft/perft.hpp"
#include "horde/perft/suite.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace horde;

namespace {

struct SuiteLine {
    std::size_t line_number;
    perft::PerftSuiteEntry entry;
};

std::vector<SuiteLine> load_suite(const std::string& name) {
    const std::string path = std::string(HORDE_TESTDATA) + "/perft/" + name;
    std::ifstream in(path);
    INFO("suite file " << path);
    REQUIRE(in.good());
    std::vector<SuiteLine> out;
    std::string line;
    std::size_t n = 0;
    while (std::getline(in, line)) {
        ++n;
        auto entry = perft::parse_perft_suite_line(line);
        if (!entry) continue;
        INFO(path << ":" << n);
        REQUIRE(entry->error.empty());
        REQUIRE(!entry->expected.empty());
        out.push_back({n, std::move(*entry)});
    }
    REQUIRE(!out.empty());
    return out;
}

position::Board board_from(Variant v, const std::string& fen) {
    auto parsed = position::Board::from_fen(v, fen);
    if (auto* err = std::get_if<position::FenError>(&parsed)) FAIL("invalid FEN '" << fen << "': " << err->message);
    return std::get<position::Board>(parsed);
}

// Runs every (depth, expected) of every position of a suite file whose expected count is in
// (above, max_expected].
void check_suite(Variant v, const std::string& file, const perft::PerftOptions& options = {},
                 std::uint64_t max_expected = UINT64_MAX, std::uint64_t above = 0) {
    const auto suite = load_suite(file);
    for (const auto& [line_number, entry] : suite) {
        DYNAMIC_SECTION(file << ":" << line_number << " " << entry.fen) {
            const position::Board board = board_from(v, entry.fen);
            for (const auto& [depth, expected] : entry.expected) {
                if (expected > max_expected || expected <= above) continue;
                const std::uint64_t got = perft::perft(v, board.position(), depth, options);
                INFO(variant_name(v) << " FEN " << entry.fen << " depth " << depth << ": expected " << expected << ", got "
                                     << got);
                CHECK(got == expected);
            }
        }
    }
}

} // namespace

TEST_CASE("perft suite: chess.epd", "[perft][chess]") { check_suite(Variant::Chess, "chess.epd"); }
TEST_CASE("perft suite: horde.epd", "[perft][horde]") { check_suite(Variant::Horde, "horde.epd"); }
TEST_CASE("perft suite: orda.epd", "[perft][orda]") { check_suite(Variant::Orda, "orda.epd"); }

// The public 960-position suite (depths 1-6, 5.2*10^11 nodes in all): counts up to
// CHESS960_LIMIT in every run (3771 of its 5760 counts, 5*10^8 nodes); with the `slow` label
// (so in CI) the rest of depths 1-5 and depth 6 of every 8th position (7.6*10^10 nodes);
// depth 6 of every position (minutes even with a hash) only as `perft:records`.
constexpr std::uint64_t CHESS960_LIMIT = 1'000'000;
TEST_CASE("perft suite: chess960.epd up to 10^6 nodes", "[perft][chess960]") {
    check_suite(Variant::Chess960, "chess960.epd", {}, CHESS960_LIMIT);
}
namespace {
void check_chess960_deep(int max_depth, std::size_t every) {
    perft::PerftHash hash(256);
    std::size_t index = 0;
    for (const auto& [line_number, entry] : load_suite("chess960.epd")) {
        const bool sampled = index++ % every == 0;
        const position::Board board = board_from(Variant::Chess960, entry.fen);
        for (const auto& [depth, expected] : entry.expected) {
            if (expected <= CHESS960_LIMIT || depth > max_depth || (depth == 6 && !sampled)) continue;
            const std::uint64_t got = perft::perft(Variant::Chess960, board.position(), depth, perft::PerftOptions{2, &hash});
            INFO("chess960.epd:" << line_number << " " << entry.fen << " depth " << depth);
            CHECK(got == expected);
        }
    }
}
} // namespace
TEST_CASE("perft suite: chess960.epd above 10^6 nodes, depth 6 of every 8th position", "[.slow][perft][chess960]") {
    check_chess960_deep(6, 8);
}
TEST_CASE("perft suite: chess960.epd depth 6 of every position", "[.records][perft][chess960]") { check_chess960_deep(6, 1); }
// Castling stress positions of our own, counts from Fairy-Stockfish (UCI_Chess960): up to
// 2*10^6 nodes in every run, the deeper counts with the `slow` label.
TEST_CASE("perft suite: chess960-castling.epd up to 2*10^6 nodes", "[perft][chess960]") {
    check_suite(Variant::Chess960, "chess960-castling.epd", {}, 2'000'000);
}
TEST_CASE("perft suite: chess960-castling.epd above 2*10^6 nodes", "[.slow][perft][chess960]") {
    check_suite(Variant::Chess960, "chess960-castling.epd", perft::PerftOptions{2, nullptr}, UINT64_MAX, 2'000'000);
}

// The deep start files hold the record depths of docs/perft-records.md too: the `slow` tests
// (which CI runs) stop at PLAIN_LIMIT nodes without a hash and at HASHED_LIMIT with one; the
// record depths above run only as `perft:records` (-DHORDE_RECORD_TESTS=ON).
constexpr std::uint64_t PLAIN_LIMIT = 2'000'000'000, HASHED_LIMIT = 10'000'000'000;
TEST_CASE("perft suite: chess-start-deep.epd", "[.slow][perft][chess]") {
    check_suite(Variant::Chess, "chess-start-deep.epd", {}, PLAIN_LIMIT);
}
TEST_CASE("perft suite: horde-start-deep.epd", "[.slow][perft][horde]") {
    check_suite(Variant::Horde, "horde-start-deep.epd", {}, PLAIN_LIMIT);
}
TEST_CASE("perft suite: orda-start-deep.epd", "[.slow][perft][orda]") {
    check_suite(Variant::Orda, "orda-start-deep.epd", {}, PLAIN_LIMIT);
}

TEST_CASE("perft suites: deep start positions with 2 threads and a hash table", "[.slow][perft][hash][threads]") {
    perft::PerftHash hash(64);
    const perft::PerftOptions options{2, &hash};
    SECTION("chess") { check_suite(Variant::Chess, "chess-start-deep.epd", options, HASHED_LIMIT); }
    SECTION("horde") { check_suite(Variant::Horde, "horde-start-deep.epd", options, HASHED_LIMIT); }
    SECTION("orda") { check_suite(Variant::Orda, "orda-start-deep.epd", options, HASHED_LIMIT); }
}

TEST_CASE("perft records: deep start positions above the slow tests' limit", "[.records][perft][hash][threads]") {
    perft::PerftHash hash(2048);
    const perft::PerftOptions options{2, &hash};
    SECTION("horde") { check_suite(Variant::Horde, "horde-start-deep.epd", options, UINT64_MAX, HASHED_LIMIT); }
    SECTION("orda") { check_suite(Variant::Orda, "orda-start-deep.epd", options, UINT64_MAX, HASHED_LIMIT); }
}

TEST_CASE("perft: python-chess horde.perft positions", "[perft][horde]") {
    struct Case {
        const char* fen;
        std::uint64_t counts[4];
    };
    const Case cases[] = {
        {"4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - -", {30, 241, 6633, 56539}},
        {"k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - -", {13, 172, 2205, 33781}},
    };
    for (const auto& c : cases) {
        const position::Board board = board_from(Variant::Horde, c.fen);
        for (int depth = 1; depth <= 4; ++depth) {
            const std::uint64_t got = perft::perft(Variant::Horde, board.position(), depth);
            INFO("horde FEN " << c.fen << " depth " << depth << ": expected " << c.counts[depth - 1] << ", got " << got);
            CHECK(got == c.counts[depth - 1]);
        }
    }
}

TEST_CASE("perft: depth 0 gives 1, also for positions without moves", "[perft]") {
    for (Variant v : {Variant::Chess, Variant::Horde, Variant::Orda}) {
        const position::Board board(v);
        CHECK(perft::perft(v, board.position(), 0) == 1);
        CHECK(perft::perft(v, board.position(), 0, perft::PerftOptions{2, nullptr}) == 1);
    }
    const position::Board extinct = board_from(Variant::Horde, "4k3/8/8/8/8/8/8/8 w - - 0 1");
    CHECK(perft::perft(Variant::Horde, extinct.position(), 0) == 1);
    CHECK(perft::perft(Variant::Horde, extinct.position(), 1) == 0);
    CHECK(perft::perft(Variant::Horde, extinct.position(), 3) == 0);
    CHECK(perft::perft_divide(Variant::Horde, extinct.position(), 2).empty());
}

// Hash and thread counts: every suite position with its depths capped so that the expected
// count stays below a few million, plus the start positions.
namespace {
constexpr std::uint64_t VARIANT_CAP = 3'000'000;
}

TEST_CASE("perft with a hash table equals the plain counts", "[perft][hash]") {
    perft::PerftHash hash(16);
    perft::PerftOptions options{1, &hash};
    SECTION("chess") { check_suite(Variant::Chess, "chess.epd", options, VARIANT_CAP); }
    SECTION("horde") { check_suite(Variant::Horde, "horde.epd", options, VARIANT_CAP); }
    SECTION("orda") { check_suite(Variant::Orda, "orda.epd", options, VARIANT_CAP); }
    SECTION("python-chess horde positions, table shared and reused") {
        const position::Board board = board_from(Variant::Horde, "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - -");
        for (int round = 0; round < 2; ++round) {
            CHECK(perft::perft(Variant::Horde, board.position(), 4, options) == 56539);
            CHECK(perft::perft(Variant::Horde, board.position(), 3, options) == 6633);
        }
    }
}

TEST_CASE("perft with 2 threads equals the plain counts", "[perft][threads]") {
    perft::PerftOptions options{2, nullptr};
    SECTION("chess") { check_suite(Variant::Chess, "chess.epd", options, VARIANT_CAP); }
    SECTION("horde") { check_suite(Variant::Horde, "horde.epd", options, VARIANT_CAP); }
    SECTION("orda") { check_suite(Variant::Orda, "orda.epd", options, VARIANT_CAP); }
}

TEST_CASE("perft with 2 threads and a shared hash table equals the plain counts", "[perft][hash][threads]") {
    perft::PerftHash hash(16);
    perft::PerftOptions options{2, &hash};
    SECTION("chess") { check_suite(Variant::Chess, "chess.epd", options, VARIANT_CAP); }
    SECTION("horde") { check_suite(Variant::Horde, "horde.epd", options, VARIANT_CAP); }
    SECTION("orda") { check_suite(Variant::Orda, "orda.epd", options, VARIANT_CAP); }
    SECTION("start positions") {
        struct Case {
            Variant v;
            int depth;
            std::uint64_t expected;
        };
        for (const Case& c :
             {Case{Variant::Horde, 5, 265223}, Case{Variant::Orda, 4, 342351}, Case{Variant::Chess, 5, 4865609}}) {
            const position::Board board(c.v);
            INFO(variant_name(c.v) << " start depth " << c.depth);
            CHECK(perft::perft(c.v, board.position(), c.depth, options) == c.expected);
            CHECK(perft::perft(c.v, board.position(), c.depth, options) == c.expected); // now mostly from the table
        }
    }
}

TEST_CASE("perft with many threads (more threads than root moves)", "[perft][threads]") {
    // Horde's start position has 8 root moves; chess.epd line 1 has 4.
    const position::Board horde(Variant::Horde);
    CHECK(perft::perft(Variant::Horde, horde.position(), 5, perft::PerftOptions{16, nullptr}) == 265223);
    const position::Board pinned = board_from(Variant::Chess, "k7/8/8/KPp4r/8/8/8/8 w - c6 0 2");
    CHECK(perft::perft(Variant::Chess, pinned.position(), 5, perft::PerftOptions{7, nullptr}) == 13479);
}

TEST_CASE("perft_divide totals equal perft", "[perft][divide]") {
    for (const char* file : {"chess.epd", "horde.epd", "orda.epd"}) {
        const Variant v = std::string(file).starts_with("chess")   ? Variant::Chess
                          : std::string(file).starts_with("horde") ? Variant::Horde
                                                                   : Variant::Orda;
        for (const auto& [line_number, entry] : load_suite(file)) {
            const position::Board board = board_from(v, entry.fen);
            const position::MoveList legal = board.legal_moves();
            for (const auto& [depth, expected] : entry.expected) {
                if (depth > 4 || expected > VARIANT_CAP) continue;
                for (int threads : {1, 2}) {
                    const auto rows = perft::perft_divide(v, board.position(), depth, perft::PerftOptions{threads, nullptr});
                    INFO(file << ":" << line_number << " " << entry.fen << " depth " << depth << " threads " << threads);
                    std::uint64_t total = 0;
                    for (const auto& [move, count] : rows) {
                        CHECK(legal.contains(move));
                        total += count;
                    }
                    CHECK(rows.size() == legal.size());
                    CHECK(total == expected);
                    if (depth == 1) CHECK(std::all_of(rows.begin(), rows.end(), [](const auto& r) { return r.second == 1; }));
                }
            }
        }
    }
}

TEST_CASE("perft_divide per move equals perft of the child", "[perft][divide]") {
    const position::Board board(Variant::Orda);
    const auto rows = perft::perft_divide(Variant::Orda, board.position(), 3);
    REQUIRE(rows.size() == 20);
    for (const auto& [move, count] : rows) {
        position::Board child = board;
        child.play(move);
        INFO("orda start, root move " << board.uci(move));
        CHECK(perft::perft(Variant::Orda, child.position(), 2) == count);
    }
}

TEST_CASE("PerftHash stores exact (key, verification key, depth) entries", "[perft][hash]") {
    perft::PerftHash hash(1);
    std::uint64_t count = 0;
    const std::uint64_t key = 0x123456789ABCDEF0ULL, second = 0x0FEDCBA987654321ULL;
    CHECK_FALSE(hash.probe(key, second, 3, count));
    hash.store(key, second, 3, 424242);
    REQUIRE(hash.probe(key, second, 3, count));
    CHECK(count == 424242);
    CHECK_FALSE(hash.probe(key, second, 4, count));     // another depth
    CHECK_FALSE(hash.probe(key ^ 1, second, 3, count)); // another key, same slot or not
    // A 64-bit Zobrist collision: the same key, another position. The verification key differs.
    CHECK_FALSE(hash.probe(key, second ^ (1ULL << 40), 3, count));
}

TEST_CASE("verification_key tells apart positions the Zobrist key does", "[perft][hash]") {
    // Every position at depth 3 below the chess and Horde start: distinct Zobrist keys have
    // distinct verification keys and positions with equal Zobrist keys (transpositions)
    // have equal verification keys.
    for (Variant v : {Variant::Chess, Variant::Horde}) {
        std::map<std::uint64_t, std::uint64_t> seen;
        std::set<std::uint64_t> verifications;
        std::vector<position::Board> level{position::Board(v)};
        for (int depth = 0; depth < 3; ++depth) {
            std::vector<position::Board> next;
            for (const position::Board& b : level)
                for (Move m : b.legal_moves()) {
                    position::Board child = b;
                    child.play(m);
                    next.push_back(child);
                }
            level = std::move(next);
        }
        for (const position::Board& b : level) {
            const auto second = perft::verification_key(b.position());
            auto [it, inserted] = seen.emplace(b.position().key, second);
            if (inserted) CHECK(verifications.insert(second).second);
            else CHECK(it->second == second);
        }
        CHECK(seen.size() > 500);
    }
}

TEST_CASE("has_legal_move and checkers agree with the generator on every suite position to depth 2", "[movegen][suite]") {
    const std::pair<Variant, const char*> suites[] = {
        {Variant::Chess, "chess.epd"}, {Variant::Horde, "horde.epd"}, {Variant::Orda, "orda.epd"}};
    std::uint64_t positions = 0, without_moves = 0, in_check_count = 0;
    for (const auto& [v, file] : suites) {
        for (const auto& [line_number, entry] : load_suite(file)) {
            const position::Board root = board_from(v, entry.fen);
            // Walk the tree to depth 2 (the root, its children, their children).
            std::vector<position::Board> level{root};
            for (int depth = 0; depth <= 2; ++depth) {
                std::vector<position::Board> next;
                for (const position::Board& b : level) {
                    const position::MoveList moves = b.legal_moves();
                    INFO(file << ":" << line_number << " position " << b.fen());
                    REQUIRE(position::has_legal_move(v, b.position()) == (moves.size() != 0));
                    REQUIRE(position::count_legal_moves(v, b.position()) == moves.size());
                    // checkers() against the attackers of the king square.
                    const Bitboard king = b.position().pieces(b.side_to_move(), KING);
                    const Bitboard expected_checkers =
                        king ? position::with_variant(v,
                                                      [&]<Variant V>() {
                                                          return b.position().template attackers_to<V>(
                                                              lsb(king), b.position().pieces(), ~b.side_to_move());
                                                      })
                             : 0;
                    REQUIRE(b.checkers() == expected_checkers);
                    ++positions;
                    without_moves += moves.size() == 0;
                    in_check_count += expected_checkers != 0;
                    if (depth < 2)
                        for (Move m : moves) {
                            position::Board child = b;
                            child.play(m);
                            next.push_back(child);
                        }
                }
                level = std::move(next);
            }
        }
    }
    // The walk must meet both kinds of position it is meant to test.
    INFO(positions << " positions, " << without_moves << " without moves, " << in_check_count << " in check");
    CHECK(positions > 50000);
    CHECK(without_moves > 0);
    CHECK(in_check_count > 1000);
}

// perft counts its last two plies on a path of its own (perft/frontier.hpp: the leaves without a
// move list, the last made ply without play()); here each count is checked against the move
// lists of the shared generator and play(), at the suite positions and at each of their children.
TEST_CASE("perft's depths 1 and 2 equal the generator's move lists at every suite position and child", "[perft][suite]") {
    const std::pair<Variant, const char*> suites[] = {{Variant::Chess, "chess.epd"},
                                                      {Variant::Horde, "horde.epd"},
                                                      {Variant::Orda, "orda.epd"},
                                                      {Variant::Chess960, "chess960-castling.epd"}};
    std::uint64_t positions = 0, leaves = 0;
    for (const auto& [v, file] : suites) {
        for (const auto& [line_number, entry] : load_suite(file)) {
            const position::Board root = board_from(v, entry.fen);
            std::vector<position::Board> nodes{root};
            for (Move m : root.legal_moves()) {
                position::Board child = root;
                child.play(m);
                nodes.push_back(child);
            }
            for (const position::Board& b : nodes) {
                std::uint64_t depth1 = 0, depth2 = 0;
                for (Move m : b.legal_moves()) {
                    position::Board child = b;
                    child.play(m);
                    ++depth1;
                    depth2 += child.legal_moves().size();
                }
                INFO(file << ":" << line_number << " position " << b.fen());
                REQUIRE(perft::perft(v, b.position(), 1) == depth1);
                REQUIRE(perft::perft(v, b.position(), 2) == depth2);
                ++positions;
                leaves += depth2;
            }
        }
    }
    INFO(positions << " positions, " << leaves << " leaves at depth 2");
    CHECK(positions > 2500);
    CHECK(leaves > 1000000);
}
