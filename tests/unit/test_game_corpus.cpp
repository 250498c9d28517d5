// Replays every valid corpus game from its sidecar's UCI line and checks the rules layer:
// final FEN, adjudicated status and result, and SAN written/read back for every move.
#include "horde/game/game.hpp"
#include "horde/notation/san.hpp"

#include <catch2/catch.hpp>

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
