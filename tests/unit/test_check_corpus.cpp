// The shared game corpora through the whole PGN path (reader + GameChecker), as horde-check
// reads them: every valid game is valid with the sidecar's status, final FEN and result;
// every invalid game, cut out by its line range, is invalid with the first error at the
// sidecar's ply when one is given.
#include "horde/game/fen_check.hpp"
#include "horde/game/checker.hpp"
#include "horde/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string field(const std::string& json, const char* key) { return horde::json_string_field(json, key).value_or(""); }

// A number or null field of a one-line JSON object (-1 for null or absent).
long number_field(const std::string& json, const std::string& key) {
    const std::string needle = "\"" + key + "\":";
    const std::size_t p = json.find(needle);
    if (p == std::string::npos || json.compare(p + needle.size(), 4, "null") == 0) return -1;
    return std::stol(json.substr(p + needle.size()));
}

std::vector<horde::GameRecord> check_text(const std::string& text) {
    auto reader = horde::PgnReader::from_memory(text);
    std::vector<horde::GameRecord> records;
    horde::check_pgn(reader, {}, false, [&](const horde::GameRecord& r, std::string_view) { records.push_back(r); });
    return records;
}

} // namespace

TEST_CASE("valid corpora pass horde-check's PGN path with the sidecar's verdicts", "[check][corpus]") {
    for (const std::string name : {"chess", "horde", "orda"}) {
        std::ifstream pgn(std::string(HORDE_TESTDATA) + "/games/" + name + "-valid.pgn");
        std::stringstream text;
        text << pgn.rdbuf();
        const auto records = check_text(text.str());
        const auto sidecar = read_lines(std::string(HORDE_TESTDATA) + "/games/" + name + "-valid.jsonl");
        REQUIRE(records.size() == sidecar.size());
        for (std::size_t i = 0; i < records.size(); ++i) {
            const auto& r = records[i];
            const auto& want = sidecar[i];
            INFO(name << " game " << i + 1 << " (line " << r.line << ")");
            for (const auto& e : r.errors) INFO("error " << e.line << ":" << e.column << " " << e.message);
            CHECK(r.valid());
            CHECK(r.warnings.empty());
            CHECK(r.plies() == number_field(want, "plies"));
            REQUIRE(r.final_board.has_value());
            CHECK(r.final_board->fen() == field(want, "final_fen"));
            CHECK(horde::status_name(r.adjudication.status) == field(want, "status"));
            CHECK(horde::status_kind_name(r.adjudication.kind) == field(want, "status_kind"));
            if (r.adjudication.kind == horde::StatusKind::GameOver)
                CHECK(horde::result_text(r.adjudication.result) == field(want, "status_result"));
            CHECK(r.declared == field(want, "result"));
        }
    }
}

TEST_CASE("invalid corpora: each game alone is invalid, first error at the sidecar's ply", "[check][corpus]") {
    for (const std::string name : {"chess", "horde", "orda"}) {
        const auto lines = read_lines(std::string(HORDE_TESTDATA) + "/games/" + name + "-invalid.pgn");
        const auto sidecar = read_lines(std::string(HORDE_TESTDATA) + "/games/" + name + "-invalid.jsonl");
        REQUIRE(sidecar.size() == 100);
        for (const auto& want : sidecar) {
            const long first = number_field(want, "line_start"), last = number_field(want, "line_end");
            std::string text;
            for (long l = first; l <= last; ++l) text += lines[std::size_t(l - 1)] + "\n";
            INFO(name << " invalid game " << number_field(want, "index") << ": " << field(want, "defect") << " / "
                      << field(want, "subtype") << " (lines " << first << "-" << last << ")");
            const auto records = check_text(text);
            REQUIRE(records.size() == 1);
            const auto& r = records[0];
            CHECK_FALSE(r.valid());
            const long ply = number_field(want, "ply");
            if (ply > 0 && !r.errors.empty()) {
                INFO("first error: " << r.errors[0].message);
                CHECK(r.errors[0].ply == ply);
            }
        }
    }
}
