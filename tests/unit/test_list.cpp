// horde-list's library side (position_list.hpp): the FEN writer against Board::fen, the
// shared valid corpora against their sidecars (--final gives final_fen, the TSV uci column
// gives the uci moves), every format and selector, --unique, invalid games with and without
// keep_partial, the same bytes on 1 and 3 threads, and --moves (legal_moves_line) against perft counts.
#include "horde/game/checker.hpp"
#include "horde/game/fen_check.hpp"
#include "horde/perft/suite.hpp"
#include "horde/pgn/reader.hpp"
#include "horde/report/position_list.hpp"
#include "horde/run/list.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using horde::report::ListFormat;
using horde::report::ListOptions;

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::size_t begin = 0;
    for (;;) {
        const std::size_t end = text.find(sep, begin);
        if (end == std::string::npos) {
            if (begin < text.size()) parts.push_back(text.substr(begin));
            return parts;
        }
        parts.push_back(text.substr(begin, end - begin));
        begin = end + 1;
    }
}

std::vector<std::string> lines_of(const std::string& text) { return split(text, '\n'); }

std::vector<horde::game::GameRecord> check_text(const std::string& text) {
    auto reader = horde::pgn::PgnReader::from_memory(text);
    std::vector<horde::game::GameRecord> records;
    horde::game::check_pgn(reader, {}, false, [&](const horde::game::GameRecord& r, std::string_view) { records.push_back(r); });
    return records;
}

// horde-list over a PGN text, through run_list as the tool does (small chunks, so that the
// buffer is flushed many times).
std::string list_text(const std::string& pgn, ListOptions options, unsigned threads = 1) {
    std::string out;
    horde::report::PositionLister lister(
        options, [&](std::string_view s) { out += s; }, 100);
    auto reader = horde::pgn::PgnReader::from_memory(pgn);
    horde::run::run_list(reader, {}, "test.pgn", threads, nullptr, &lister, nullptr, [](horde::report::ListOutput&) {});
    lister.flush();
    return out;
}

std::string field(const std::string& json, const char* key) { return horde::game::json_string_field(json, key).value_or(""); }

std::string corpus(const std::string& name) { return std::string(HORDE_TESTDATA) + "/games/" + name; }

const char* const VARIANTS[] = {"chess", "horde", "orda"};

const char* const SHORT_GAME = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";

} // namespace

// The FEN of a position written the plain way, square by square: the reference that the one
// writer (position/writers.hpp, SSSE3 shuffles where available) must agree with.
namespace {
std::string reference_fen(const horde::position::Board& b, bool with_counters) {
    const horde::position::Position& pos = b.position();
    std::string s;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            const horde::Piece p = pos.board[horde::make_square(file, rank)];
            if (p == horde::NO_PIECE) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty);
            empty = 0;
            s += horde::piece_char(p);
        }
        if (empty) s += char('0' + empty);
        if (rank) s += '/';
    }
    s += pos.side == horde::WHITE ? " w " : " b ";
    s += b.castling_field();
    s += ' ';
    s += b.ep_capture_is_legal() ? horde::position::square_name(pos.ep) : "-";
    if (with_counters) s.append(" ").append(std::to_string(pos.halfmove)).append(" ").append(std::to_string(pos.fullmove));
    return s;
}
} // namespace

TEST_CASE("list: append_fen writes the reference FEN for every position of the valid corpora", "[list]") {
    for (const char* v : VARIANTS) {
        INFO(v);
        std::uint64_t positions = 0;
        for (const auto& r : check_text(read_file(corpus(std::string(v) + "-valid.pgn")))) {
            REQUIRE(r.start);
            horde::position::Board b = *r.start;
            for (std::size_t ply = 0;; ++ply) {
                std::string fen, epd;
                horde::position::append_fen(fen, b, true);
                horde::position::append_fen(epd, b, false);
                REQUIRE(fen == reference_fen(b, true));
                REQUIRE(epd == reference_fen(b, false));
                REQUIRE(b.fen() == fen);
                ++positions;
                if (ply == r.moves.size()) break;
                b.play(r.moves[ply]);
            }
        }
        CHECK(positions > 10000);
    }
}

TEST_CASE("list: --final gives the sidecar's final_fen for every valid game", "[list][corpus]") {
    for (const char* v : VARIANTS) {
        INFO(v);
        ListOptions o;
        o.final = true;
        const auto lines = lines_of(list_text(read_file(corpus(std::string(v) + "-valid.pgn")), o));
        const auto sidecar = lines_of(read_file(corpus(std::string(v) + "-valid.jsonl")));
        REQUIRE(sidecar.size() == 300);
        REQUIRE(lines.size() == sidecar.size());
        for (std::size_t i = 0; i < lines.size(); ++i) {
            INFO("game " << i + 1);
            CHECK(lines[i] == field(sidecar[i], "final_fen"));
        }
    }
}

TEST_CASE("list: the TSV uci column gives the sidecar's moves for every valid game", "[list][corpus]") {
    for (const char* v : VARIANTS) {
        INFO(v);
        ListOptions o;
        o.format = ListFormat::Tsv;
        const auto lines = lines_of(list_text(read_file(corpus(std::string(v) + "-valid.pgn")), o));
        const auto sidecar = lines_of(read_file(corpus(std::string(v) + "-valid.jsonl")));
        REQUIRE(lines.at(0) == "game\tply\tsan\tuci\tfen");
        std::vector<std::string> uci(sidecar.size());
        std::vector<std::string> last_fen(sidecar.size());
        for (std::size_t i = 1; i < lines.size(); ++i) {
            const auto cols = split(lines[i], '\t');
            REQUIRE(cols.size() == 5);
            const std::size_t game = std::stoul(cols[0]);
            REQUIRE(game >= 1);
            REQUIRE(game <= sidecar.size());
            if (cols[1] == "0") {
                CHECK(cols[2] == "-");
                CHECK(cols[3] == "-");
            } else {
                CHECK(cols[2] != "-");
                if (!uci[game - 1].empty()) uci[game - 1] += ' ';
                uci[game - 1] += cols[3];
            }
            last_fen[game - 1] = cols[4];
        }
        for (std::size_t i = 0; i < sidecar.size(); ++i) {
            INFO("game " << i + 1);
            CHECK(uci[i] == field(sidecar[i], "uci"));
            CHECK(last_fen[i] == field(sidecar[i], "final_fen"));
        }
    }
}

TEST_CASE("list: the four formats", "[list]") {
    ListOptions o;
    SECTION("fen") {
        CHECK(list_text(SHORT_GAME, o) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                                          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                                          "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
                                          "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
    }
    SECTION("epd: id GAME:PLY and sm = the move played from the position") {
        o.format = ListFormat::Epd;
        CHECK(list_text(SHORT_GAME, o) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"1:0\"; sm \"e4\";\n"
                                          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"1:1\"; sm \"e5\";\n"
                                          "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"1:2\"; sm \"Nf3\";\n"
                                          "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - id \"1:3\";\n");
    }
    SECTION("tsv") {
        o.format = ListFormat::Tsv;
        CHECK(list_text(SHORT_GAME, o) == "game\tply\tsan\tuci\tfen\n"
                                          "1\t0\t-\t-\trnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                                          "1\t1\te4\te2e4\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                                          "1\t2\te5\te7e5\trnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
                                          "1\t3\tNf3\tg1f3\trnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
    }
    SECTION("tsv header even without games") {
        o.format = ListFormat::Tsv;
        CHECK(list_text("", o) == "game\tply\tsan\tuci\tfen\n");
    }
    SECTION("json") {
        o.format = ListFormat::Json;
        const auto lines = lines_of(list_text(SHORT_GAME, o));
        REQUIRE(lines.size() == 4);
        CHECK(lines[0] == "{\"game\":1,\"ply\":0,\"san\":null,\"uci\":null,\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/"
                          "PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\"variant\":\"chess\"}");
        CHECK(lines[3] == "{\"game\":1,\"ply\":3,\"san\":\"Nf3\",\"uci\":\"g1f3\",\"fen\":\"rnbqkbnr/pppp1ppp/8/4p3/"
                          "4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\",\"variant\":\"chess\"}");
        for (const auto& line : lines) {
            const auto verdict = horde::game::check_fen_line(line, horde::Variant::Horde);
            CHECK(verdict.valid);
            CHECK(verdict.variant == horde::Variant::Chess);
        }
    }
}

TEST_CASE("list: the JSON lines of the valid corpora are valid FEN lines of their variant", "[list][corpus]") {
    ListOptions o;
    o.format = ListFormat::Json;
    o.every = 7;
    for (const char* v : VARIANTS) {
        INFO(v);
        const auto lines = lines_of(list_text(read_file(corpus(std::string(v) + "-valid.pgn")), o));
        REQUIRE(lines.size() > 300);
        for (const auto& line : lines) {
            const auto verdict = horde::game::check_fen_line(line, horde::Variant::Chess);
            REQUIRE(verdict.valid);
            REQUIRE(horde::variant_name(*verdict.variant) == v);
        }
    }
}

TEST_CASE("list: selectors", "[list]") {
    const std::string two_games = std::string(SHORT_GAME) + "[Event \"y\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n";
    ListOptions o;
    o.format = ListFormat::Tsv;
    auto plies = [&](const ListOptions& options) {
        std::vector<std::string> out;
        auto lines = lines_of(list_text(two_games, options));
        for (std::size_t i = 1; i < lines.size(); ++i) {
            const auto cols = split(lines[i], '\t');
            out.push_back(cols[0] + ":" + cols[1]);
        }
        return out;
    };
    using V = std::vector<std::string>;
    CHECK(plies(o) == V{"1:0", "1:1", "1:2", "1:3", "2:0", "2:1", "2:2", "2:3", "2:4", "2:5"});
    SECTION("--start") {
        o.start = true;
        CHECK(plies(o) == V{"1:0", "2:0"});
    }
    SECTION("--final") {
        o.final = true;
        CHECK(plies(o) == V{"1:3", "2:5"});
    }
    SECTION("--start --final") {
        o.start = o.final = true;
        CHECK(plies(o) == V{"1:0", "1:3", "2:0", "2:5"});
    }
    SECTION("--ply N") {
        o.ply = 4;
        CHECK(plies(o) == V{"2:4"});
        o.ply = 0;
        CHECK(plies(o) == V{"1:0", "2:0"});
        o.ply = 9;
        CHECK(plies(o).empty());
    }
    SECTION("--every N") {
        o.every = 2;
        CHECK(plies(o) == V{"1:0", "1:2", "2:0", "2:2", "2:4"});
        o.every = 1;
        CHECK(plies(o).size() == 10);
    }
    SECTION("--every with --final") {
        o.every = 3;
        o.final = true;
        CHECK(plies(o) == V{"1:0", "1:3", "2:0", "2:3", "2:5"});
    }
}

TEST_CASE("list: --unique keeps the first occurrence of each position in the whole input", "[list]") {
    ListOptions o;
    o.unique = true;
    SECTION("a game twice: the second copy adds nothing") {
        const std::string twice = std::string(SHORT_GAME) + SHORT_GAME;
        CHECK(list_text(twice, o) == list_text(SHORT_GAME, ListOptions{}));
    }
    SECTION("repetitions within a game: the counters differ, the position does not") {
        // Knights out and back twice: the start position occurs three times.
        const std::string game = "[Event \"x\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";
        CHECK(lines_of(list_text(game, ListOptions{})).size() == 9);
        CHECK(lines_of(list_text(game, o)).size() == 4);
    }
    SECTION("en passant counts only when the capture is legal") {
        // 1. e4 Nf6 2. Nf3 and 1. Nf3 Nf6 2. e4 reach the same placement; after 2. e4 the
        // field e3 is not capturable, so the two final positions are one.
        const std::string a = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 Nf6 2. Nf3 *\n";
        const std::string b = "[Event \"b\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. e4 *\n";
        CHECK(lines_of(list_text(a + b, o)).size() == 4 + 2);
    }
    SECTION("the same placement in two variants is two positions") {
        const std::string kings = "[SetUp \"1\"]\n[FEN \"4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Result \"*\"]\n\n*\n";
        const std::string chess = "[Event \"k\"]\n" + kings;
        const std::string orda = "[Event \"k\"]\n[Variant \"Orda\"]\n" + kings;
        CHECK(lines_of(list_text(chess + chess, o)).size() == 1);
        CHECK(lines_of(list_text(chess + orda, o)).size() == 2);
    }
    SECTION("over a corpus: fewer lines than positions, no duplicate 4-field FEN") {
        const std::string pgn = read_file(corpus("chess-valid.pgn"));
        ListOptions all;
        all.format = ListFormat::Epd;
        ListOptions unique = all;
        unique.unique = true;
        const auto every_line = lines_of(list_text(pgn, all));
        const auto unique_lines = lines_of(list_text(pgn, unique));
        CHECK(unique_lines.size() < every_line.size());
        CHECK(unique_lines.size() > every_line.size() / 2);
        std::set<std::string> seen, first;
        for (const auto& line : every_line) {
            const std::string fen4 = line.substr(0, line.find(" id "));
            if (seen.insert(fen4).second) first.insert(line);
        }
        std::set<std::string> unique_fens;
        for (const auto& line : unique_lines) {
            CHECK(first.count(line) == 1); // the first occurrence, with its id
            CHECK(unique_fens.insert(line.substr(0, line.find(" id "))).second);
        }
        CHECK(unique_fens.size() == seen.size());
    }
}

TEST_CASE("list: invalid games are listed up to the error only with keep_partial", "[list][corpus]") {
    for (const char* v : VARIANTS) {
        INFO(v);
        const std::string pgn = read_file(corpus(std::string(v) + "-invalid.pgn"));
        const auto records = check_text(pgn);
        std::size_t invalid = 0;
        for (const auto& r : records) invalid += !r.valid();
        CHECK(invalid == records.size());
        ListOptions o;
        CHECK(list_text(pgn, o).empty());
        o.keep_partial = true;
        o.format = ListFormat::Tsv;
        o.final = true;
        // The last listed ply of a game whose defect is a move at ply P is P - 1.
        std::map<std::size_t, long> last_ply;
        const auto lines = lines_of(list_text(pgn, o));
        for (std::size_t i = 1; i < lines.size(); ++i) {
            const auto cols = split(lines[i], '\t');
            last_ply[std::stoul(cols[0])] = std::stol(cols[1]);
        }
        std::size_t checked = 0;
        for (const auto& line : lines_of(read_file(corpus(std::string(v) + "-invalid.jsonl")))) {
            if (field(line, "location") != "movetext") continue;
            const std::size_t p = line.find("\"ply\":");
            if (p == std::string::npos || line.compare(p + 6, 4, "null") == 0) continue;
            const long ply = std::stol(line.substr(p + 6));
            const std::size_t index = std::stoul(line.substr(line.find("\"index\":") + 8));
            INFO("game " << index);
            REQUIRE(last_ply.count(index) == 1);
            CHECK(last_ply[index] == ply - 1);
            ++checked;
        }
        CHECK(checked > 50);
        // A game with an invalid start (FEN tag) lists nothing even with keep_partial.
        for (const auto& r : records)
            if (!r.start) {
                CHECK(last_ply.count(std::size_t(r.game)) == 0);
            }
    }
}

TEST_CASE("list: GAME numbers count every game, valid or not", "[list]") {
    const std::string bad = "[Event \"bad\"]\n[Result \"*\"]\n\n1. e5 *\n";
    ListOptions o;
    o.format = ListFormat::Epd;
    o.start = true;
    const auto lines = lines_of(list_text(bad + SHORT_GAME, o));
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("id \"2:0\"") != std::string::npos);
    o.keep_partial = true;
    const auto partial = lines_of(list_text(bad + SHORT_GAME, o));
    REQUIRE(partial.size() == 2);
    CHECK(partial[0] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"1:0\";"); // no sm: no legal move
}

TEST_CASE("list: 1 and 3 threads write the same bytes", "[list]") {
    std::string pgn;
    for (const char* v : VARIANTS) pgn += read_file(corpus(std::string(v) + "-valid.pgn"));
    for (const char* v : VARIANTS) pgn += read_file(corpus(std::string(v) + "-invalid.pgn"));
    for (ListFormat f : {ListFormat::Fen, ListFormat::Epd, ListFormat::Tsv, ListFormat::Json}) {
        ListOptions o;
        o.format = f;
        o.unique = f == ListFormat::Json;
        o.keep_partial = f == ListFormat::Tsv;
        o.final = f == ListFormat::Epd;
        o.every = f == ListFormat::Epd ? 5 : 0;
        const std::string one = list_text(pgn, o, 1);
        CHECK(one.size() > (f == ListFormat::Epd ? 10000 : 100000));
        CHECK(list_text(pgn, o, 3) == one);
    }
}

TEST_CASE("list: a null move reaches a position with SAN -- and UCI 0000, and is no EPD sm", "[list]") {
    const std::string game = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 -- 2. d4 *\n";
    horde::game::CheckOptions check;
    check.allow_null_moves = true;
    auto listed = [&](ListFormat f) {
        ListOptions o;
        o.format = f;
        std::string out;
        horde::report::PositionLister lister(o, [&](std::string_view s) { out += s; });
        auto reader = horde::pgn::PgnReader::from_memory(game);
        horde::run::run_list(reader, check, "test.pgn", 1, nullptr, &lister, nullptr, [](horde::report::ListOutput&) {});
        lister.flush();
        return lines_of(out);
    };
    const auto tsv = listed(ListFormat::Tsv);
    REQUIRE(tsv.size() == 5);
    CHECK(tsv[3] == "1\t2\t--\t0000\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    CHECK(tsv[4] == "1\t3\td4\td2d4\trnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2");
    const auto epd = listed(ListFormat::Epd);
    REQUIRE(epd.size() == 4);
    CHECK(epd[0].find("sm \"e4\";") != std::string::npos);
    CHECK(epd[1].find(" sm ") == std::string::npos);
    CHECK(epd[2].find("sm \"d4\";") != std::string::npos);
    const auto json = listed(ListFormat::Json);
    REQUIRE(json.size() == 4);
    CHECK(json[2].find("\"san\":\"--\",\"uci\":\"0000\"") != std::string::npos);
}

TEST_CASE("list: --moves lists every legal move once, sorted", "[list][moves]") {
    SECTION("start positions") {
        const horde::position::Board horde_start(horde::Variant::Horde);
        CHECK(horde::report::legal_moves_line(horde_start, false) == "a5 b6 c6 d5 e5 f6 g6 h5");
        CHECK(horde::report::legal_moves_line(horde_start, true) == "a4a5 b5b6 c5c6 d4d5 e4e5 f5f6 g5g6 h4h5");
        const horde::position::Board chess(horde::Variant::Chess);
        CHECK(split(horde::report::legal_moves_line(chess, false), ' ').size() == 20);
        const horde::position::Board orda(horde::Variant::Orda);
        CHECK(split(horde::report::legal_moves_line(orda, true), ' ').size() == 20);
    }
    SECTION("no legal move: an empty line") {
        auto mate = std::get<horde::position::Board>(
            horde::position::Board::from_fen(horde::Variant::Chess, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"));
        CHECK(horde::report::legal_moves_line(mate, false).empty());
    }
    SECTION("every perft suite position: as many moves as D1, no duplicates, sorted") {
        for (const char* v : VARIANTS) {
            INFO(v);
            std::ifstream in(std::string(HORDE_TESTDATA) + "/perft/" + v + ".epd");
            const horde::Variant variant = *horde::parse_variant(v);
            int positions = 0;
            for (std::string line; std::getline(in, line);) {
                const auto entry = horde::perft::parse_perft_suite_line(line);
                if (!entry || !entry->error.empty()) continue;
                std::uint64_t d1 = ~std::uint64_t(0);
                for (auto [depth, count] : entry->expected)
                    if (depth == 1) d1 = count;
                if (d1 == ~std::uint64_t(0)) continue;
                INFO(entry->fen);
                auto parsed = horde::position::Board::from_fen(variant, entry->fen);
                REQUIRE(std::holds_alternative<horde::position::Board>(parsed));
                const auto& board = std::get<horde::position::Board>(parsed);
                for (bool uci : {false, true}) {
                    const std::string moves = horde::report::legal_moves_line(board, uci);
                    const auto list = split(moves, ' ');
                    CHECK(list.size() == d1);
                    CHECK(std::is_sorted(list.begin(), list.end()));
                    CHECK(std::set<std::string>(list.begin(), list.end()).size() == list.size());
                }
                ++positions;
            }
            CHECK(positions >= 30);
        }
    }
}

// The default lines (FEN lines as they are) are written by the walk straight into the output of
// its batch (game::MainLineObserver::write_fen_lines_to): a game that is not listed (invalid, or
// not a valid start) must leave none of the lines it wrote while it looked valid, on any number
// of threads and with invalid games between valid ones.
TEST_CASE("list: FEN lines written by the walk keep only the listed games, on 1 and 3 threads", "[list]") {
    // Runs of a few games of each valid corpus, then of its invalid one, in turn (cut at "[Event ").
    auto next_run = [](const std::string& text, std::size_t from, std::size_t bytes) {
        const std::size_t cut = text.find("[Event ", std::min(text.size(), from + bytes));
        return cut == std::string::npos ? text.size() : cut;
    };
    std::string pgn;
    for (const char* v : VARIANTS) {
        const std::string valid = read_file(corpus(std::string(v) + "-valid.pgn"));
        const std::string invalid = read_file(corpus(std::string(v) + "-invalid.pgn"));
        for (std::size_t a = 0, b = 0; a < valid.size() || b < invalid.size();) {
            const std::size_t next_a = next_run(valid, a, 3000), next_b = next_run(invalid, b, 1000);
            pgn += valid.substr(a, next_a - a);
            pgn += invalid.substr(b, next_b - b);
            a = next_a;
            b = next_b;
        }
    }
    // The expected lines, from the records: each valid game's start and the position after each move.
    std::string expected;
    std::size_t valid_games = 0, invalid_games = 0;
    for (const auto& r : check_text(pgn)) {
        if (!r.valid() || !r.start) {
            ++invalid_games;
            continue;
        }
        ++valid_games;
        horde::position::Board board = *r.start;
        expected += board.fen() + "\n";
        for (const horde::Move m : r.moves) {
            board.play(m);
            expected += board.fen() + "\n";
        }
    }
    CHECK(valid_games > 500);
    CHECK(invalid_games > 250);
    const ListOptions o; // FEN lines, every position
    const std::string one = list_text(pgn, o, 1);
    CHECK(one.size() > 100000);
    CHECK(one == expected);
    CHECK(list_text(pgn, o, 3) == expected);
}
