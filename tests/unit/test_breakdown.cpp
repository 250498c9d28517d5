// perft --breakdown: the published chess tables (start position, Kiwipete), and Horde and Orda
// against a brute force that plays every leaf move and asks the Board (no bulk counting, no
// check squares), on every position of the suites up to 10^6 nodes at depths 1-4.
#include "horde/perft/breakdown.hpp"
#include "horde/perft/random.hpp"
#include "horde/perft/suite.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

using namespace horde;

namespace {

position::Board board_from(Variant v, const std::string& fen) {
    auto parsed = position::Board::from_fen(v, fen);
    if (auto* err = std::get_if<position::FenError>(&parsed)) FAIL("invalid FEN '" << fen << "': " << err->message);
    return std::get<position::Board>(parsed);
}

// The leaf reached by `m` from `board`, classified by playing it.
void classify_leaf(const position::Board& board, Move m, perft::PerftBreakdown& out) {
    const position::Position& pos = board.position();
    const Color us = pos.side;
    const Piece target = pos.piece_on(m.to());
    ++out.nodes;
    out.captures += m.is_en_passant() || (!m.is_castling() && target != NO_PIECE && color_of(target) != us);
    out.en_passant += m.is_en_passant();
    out.castles += m.is_castling();
    out.promotions += m.is_promotion();
    position::Board child = board;
    child.play(m);
    const bool game_over = child.variant_game_over();
    if (board.variant() == Variant::Horde) out.extinctions += child.position().pieces(WHITE) == 0;
    if (board.variant() == Variant::Orda) out.campmates += game_over;
    const Bitboard checkers = child.checkers();
    if (!checkers) return;
    // The piece that moved stands on `to`, or for castling the rook on f1/d1 (f8/d8).
    Square moved = m.to();
    if (m.is_castling()) moved = relative_square(us, m.to() > m.from() ? F1 : D1);
    ++out.checks;
    if (more_than_one(checkers)) ++out.double_checks;
    else if (checkers != square_bb(moved)) ++out.discovered_checks;
    if (!game_over && child.legal_moves().empty()) ++out.checkmates;
}

perft::PerftBreakdown brute_force(const position::Board& board, int depth) {
    perft::PerftBreakdown out;
    if (depth == 0) {
        out.nodes = 1;
        return out;
    }
    for (Move m : board.legal_moves()) {
        if (depth == 1) {
            classify_leaf(board, m, out);
        } else {
            position::Board child = board;
            child.play(m);
            out += brute_force(child, depth - 1);
        }
    }
    return out;
}

std::string describe(Variant v, const perft::PerftBreakdown& b) {
    std::string s;
    for (const auto& column : perft::breakdown_columns(v))
        s += std::string(column.name) + "=" + std::to_string(b.*column.field) + " ";
    return s;
}

void check_against_brute_force(Variant v, const std::string& file) {
    const std::string path = std::string(HORDE_TESTDATA) + "/perft/" + file;
    std::ifstream in(path);
    REQUIRE(in.good());
    std::string line;
    std::size_t line_number = 0, compared = 0;
    while (std::getline(in, line)) {
        ++line_number;
        const auto entry = perft::parse_perft_suite_line(line);
        if (!entry) continue;
        REQUIRE(entry->error.empty());
        const position::Board board = board_from(v, entry->fen);
        for (const auto& [depth, expected] : entry->expected) {
            if (depth > 4 || expected > 1'000'000) continue;
            INFO(path << ":" << line_number << " depth " << depth);
            const perft::PerftBreakdown fast = perft::perft_breakdown(v, board.position(), depth);
            const perft::PerftBreakdown slow = brute_force(board, depth);
            CHECK(fast.nodes == expected);
            INFO("fast: " << describe(v, fast) << "\nslow: " << describe(v, slow));
            CHECK(fast == slow);
            ++compared;
        }
    }
    CHECK(compared > 100);
}

// The published table rows (chessprogramming.org, "Perft Results"): nodes, captures, ep,
// castles, promotions, checks, discovered checks, double checks, checkmates.
struct TableRow {
    int depth;
    std::uint64_t nodes, captures, ep, castles, promotions, checks, discovered, doubles, mates;
};

void check_table(const std::string& fen, const std::vector<TableRow>& rows, int threads = 1) {
    const position::Board board = board_from(Variant::Chess, fen);
    for (const TableRow& row : rows) {
        INFO(fen << " depth " << row.depth);
        perft::PerftOptions options;
        options.threads = threads;
        const perft::PerftBreakdown b = perft::perft_breakdown(Variant::Chess, board.position(), row.depth, options);
        CHECK(b.nodes == row.nodes);
        CHECK(b.captures == row.captures);
        CHECK(b.en_passant == row.ep);
        CHECK(b.castles == row.castles);
        CHECK(b.promotions == row.promotions);
        CHECK(b.checks == row.checks);
        CHECK(b.discovered_checks == row.discovered);
        CHECK(b.double_checks == row.doubles);
        CHECK(b.checkmates == row.mates);
    }
}

const char* const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

} // namespace

TEST_CASE("breakdown: the published start-position table, depths 1-5", "[breakdown]") {
    check_table(START, {{1, 20, 0, 0, 0, 0, 0, 0, 0, 0},
                        {2, 400, 0, 0, 0, 0, 0, 0, 0, 0},
                        {3, 8902, 34, 0, 0, 0, 12, 0, 0, 0},
                        {4, 197281, 1576, 0, 0, 0, 469, 0, 0, 8},
                        {5, 4865609, 82719, 258, 0, 0, 27351, 6, 0, 347}});
}

TEST_CASE("breakdown: the published Kiwipete table, depths 1-4", "[breakdown]") {
    check_table(KIWIPETE,
                {{1, 48, 8, 0, 2, 0, 0, 0, 0, 0},
                 {2, 2039, 351, 1, 91, 0, 3, 0, 0, 0},
                 {3, 97862, 17102, 45, 3162, 0, 993, 0, 0, 1},
                 {4, 4085603, 757163, 1929, 128013, 15172, 25523, 42, 6, 43}},
                2);
}

// Deep rows (minutes under the sanitizers). Kiwipete depth 5: the published table says 2637
// double checks; we count 2645, as the brute force does (docs/perft-records.md, "Breakdowns").
TEST_CASE("breakdown: start position depth 6 and Kiwipete depth 5", "[.slow][slow]") {
    check_table(START, {{6, 119060324, 2812008, 5248, 0, 0, 809099, 329, 46, 10828}}, 2);
    check_table(KIWIPETE, {{5, 193690690, 35043416, 73365, 4993637, 8392, 3309887, 19883, 2645, 30171}}, 2);
}

TEST_CASE("breakdown: chess suite positions against the brute force", "[breakdown]") {
    check_against_brute_force(Variant::Chess, "chess.epd");
}

TEST_CASE("breakdown: Horde suite positions against the brute force", "[breakdown]") {
    check_against_brute_force(Variant::Horde, "horde.epd");
}

TEST_CASE("breakdown: Orda suite positions against the brute force", "[breakdown]") {
    check_against_brute_force(Variant::Orda, "orda.epd");
}

TEST_CASE("breakdown: threads and divide give the same counts", "[breakdown]") {
    for (Variant v : {Variant::Horde, Variant::Orda, Variant::Chess960}) {
        const position::Board board(v);
        const perft::PerftBreakdown one = perft::perft_breakdown(v, board.position(), 4);
        perft::PerftOptions two;
        two.threads = 2;
        CHECK(perft::perft_breakdown(v, board.position(), 4, two) == one);
        perft::PerftBreakdown sum;
        for (const auto& [move, counts] : perft::perft_breakdown_divide(v, board.position(), 4, two)) sum += counts;
        CHECK(sum == one);
        CHECK(one.nodes == perft::perft(v, board.position(), 4));
        perft::PerftBreakdown leaves;
        for (const auto& [move, counts] : perft::perft_breakdown_divide(v, board.position(), 1)) leaves += counts;
        CHECK(leaves == perft::perft_breakdown(v, board.position(), 1));
    }
}

TEST_CASE("breakdown: columns per variant", "[breakdown]") {
    auto names = [](Variant v) {
        std::string s;
        for (const auto& c : perft::breakdown_columns(v)) s += std::string(c.name) + " ";
        return s;
    };
    CHECK(names(Variant::Chess) == "nodes captures ep castles promotions checks discovered_checks double_checks checkmates ");
    CHECK(names(Variant::Horde).ends_with("checkmates extinctions "));
    CHECK(names(Variant::Orda).ends_with("checkmates campmates "));
    CHECK(perft::find_breakdown_column("campmates") != nullptr);
    CHECK(perft::find_breakdown_column("mates") == nullptr);
}

TEST_CASE("suite lines carry expected breakdowns", "[breakdown]") {
    auto entry = perft::parse_perft_suite_line("8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D3 8902 captures=34 checks=12");
    REQUIRE(entry);
    CHECK(entry->error.empty());
    REQUIRE(entry->expected.size() == 2);
    CHECK(entry->expected[1] == std::pair<int, std::uint64_t>{3, 8902});
    REQUIRE(entry->expected_breakdowns.size() == 2);
    CHECK(entry->expected_breakdowns[0].empty());
    CHECK(entry->expected_breakdowns[1] == std::vector<std::pair<std::string, std::uint64_t>>{{"captures", 34}, {"checks", 12}});
    CHECK(!perft::parse_perft_suite_line("8/8/8/8/8/8/8/K6k w - - ;D1 3 mates=0")->error.empty());
    CHECK(!perft::parse_perft_suite_line("8/8/8/8/8/8/8/K6k w - - ;D1 3 checks=x")->error.empty());
    CHECK(!perft::parse_perft_suite_line("8/8/8/8/8/8/8/K6k w - - ;D1 3 checks")->error.empty());
}

TEST_CASE("random positions: the same seed gives the same positions", "[random]") {
    perft::Xoshiro256StarStar a(5), b(5), c(6);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const auto x = a.next();
        CHECK(x == b.next());
        differs = differs || x != c.next();
        CHECK(a.below(7) < 7);
        b.below(7);
        c.below(7);
    }
    CHECK(differs);
    for (Variant v : {Variant::Horde, Variant::Orda, Variant::Chess, Variant::Chess960}) {
        const auto first = perft::random_positions(position::Board(v), 20, 9);
        const auto again = perft::random_positions(position::Board(v), 25, 9);
        REQUIRE(first.size() == 20);
        for (std::size_t i = 0; i < first.size(); ++i) {
            CHECK(first[i].fen() == again[i].fen());
            CHECK(std::holds_alternative<position::Board>(position::Board::from_fen(v, first[i].fen()))); // a valid position
        }
    }
}
