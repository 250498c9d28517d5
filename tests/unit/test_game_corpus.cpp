// Replays every valid corpus game from its sidecar's UCI line and checks the rules layer:
// final FEN, adjudicated status and result, and SAN written/read back for every move.
#include "horde/game/game.hpp"
#include "horde/notation/san.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>

namespace {

// The string value of "key":"..." (or "" when the value is null) in a one-line JSON object.
std::string json_string(const std::string& line, const std::string& key) {
    const std::string needle = "\"" + key + "\":";
    std::size_t p = line.find(needle);
    if (p == std::string::npos) return "";
    p += needle.size();
    if (line.compare(p, 4, "null") == 0) return "";
    if (line[p] != '"') return "";
    std::string out;
    for (std::size_t i = p + 1; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\') ++i;
        out += line[i];
    }
    return out;
}

} // namespace

TEST_CASE("valid corpora replay to the sidecar's final FEN, status and result", "[game][corpus]") {
    for (const char* name : {"chess", "horde", "orda"}) {
        const horde::Variant variant = *horde::parse_variant(name);
        std::ifstream in(std::string(HORDE_TESTDATA) + "/games/" + name + "-valid.jsonl");
        REQUIRE(in);
        std::string line;
        int games = 0;
        while (std::getline(in, line)) {
            ++games;
            INFO(name << " game " << games);
            const std::string start = json_string(line, "start_fen");
            auto parsed = horde::position::Board::from_fen(variant, start.empty() ? horde::position::start_fen(variant) : start);
            REQUIRE(std::holds_alternative<horde::position::Board>(parsed));
            horde::game::Game game(std::get<horde::position::Board>(parsed));
            std::istringstream moves(json_string(line, "uci"));
            std::string uci;
            while (moves >> uci) {
                INFO("move " << uci << " in " << game.board().fen());
                REQUIRE(game.adjudicate().kind != horde::game::StatusKind::GameOver);
                const horde::Move m = game.board().parse_uci(uci);
                REQUIRE_FALSE(m.is_none());
                const std::string san = horde::notation::to_san(game.board(), m);
                auto syntax = horde::notation::parse_san(san);
                REQUIRE(std::holds_alternative<horde::notation::SanMove>(syntax));
                auto resolved = horde::notation::resolve_san(game.board(), std::get<horde::notation::SanMove>(syntax), true);
                REQUIRE(std::holds_alternative<horde::notation::SanResolution>(resolved));
                CHECK(std::get<horde::notation::SanResolution>(resolved).move == m);
                game.play(m);
            }
            CHECK(game.board().fen() == json_string(line, "final_fen"));
            const auto verdict = game.adjudicate();
            CHECK(horde::game::status_name(verdict.status) == json_string(line, "status"));
            CHECK(horde::game::status_kind_name(verdict.kind) == json_string(line, "status_kind"));
            const std::string expected_result = json_string(line, "status_result");
            CHECK(horde::game::result_text(verdict.result) == (expected_result.empty() ? "*" : expected_result));
        }
        CHECK(games == 300);
    }
}

// A piece move's SAN names its origin as far as other legal moves of the same piece type to the
// same square need it: found from the destination backwards (to_san without the legal moves) or
// from the position's legal moves when the caller has them; both must write the same SAN for
// every legal move of every position of the corpora (Chess960's castling, Orda's pieces and
// Horde's king-less side included), and some of them must need an origin.
TEST_CASE("to_san: the origin found backwards is the one the legal moves give", "[game][corpus]") {
    std::size_t moves = 0, disambiguated = 0;
    for (const char* name : {"chess", "horde", "orda", "chess960"}) {
        const horde::Variant variant = *horde::parse_variant(name);
        std::ifstream in(std::string(HORDE_TESTDATA) + "/games/" + name + "-valid.jsonl");
        REQUIRE(in);
        std::string line;
        while (std::getline(in, line)) {
            const std::string start = json_string(line, "start_fen");
            auto parsed = horde::position::Board::from_fen(variant, start.empty() ? horde::position::start_fen(variant) : start);
            REQUIRE(std::holds_alternative<horde::position::Board>(parsed));
            horde::position::Board board = std::get<horde::position::Board>(parsed);
            std::istringstream played(json_string(line, "uci"));
            for (std::string uci; played >> uci;) {
                const horde::position::MoveList legal = board.legal_moves();
                for (const horde::Move m : legal) {
                    horde::position::Board after = board;
                    after.play(m);
                    const std::string backwards = horde::notation::to_san(board, m);
                    INFO(name << ": " << board.fen() << " " << backwards);
                    CHECK(backwards == horde::notation::to_san(board, m, legal, after));
                    ++moves;
                    // A piece letter, then an origin when more than the 2 characters of the destination follow.
                    std::string body;
                    for (char c : backwards)
                        if (c != 'x' && c != '+' && c != '#') body += c;
                    if (std::isupper(static_cast<unsigned char>(body[0])) && body[0] != 'O' && body.size() > 3) ++disambiguated;
                }
                const horde::Move m = board.parse_uci(uci);
                REQUIRE_FALSE(m.is_none());
                board.play(m);
            }
        }
    }
    CHECK(moves > 100000);
    CHECK(disambiguated > 100);
}
