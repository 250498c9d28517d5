// The shared game corpora through the whole PGN path (reader + GameChecker), as horde-check
// reads them: every valid game is valid with the sidecar's status, final FEN and result;
// every invalid game, cut out by its line range, is invalid, its first error has the code
// that the sidecar's defect maps to (kDefectCodes) and stands at the sidecar's ply when one is
// given.
#include "horde/game/checker.hpp"
#include "horde/game/fen_check.hpp"
#include "horde/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
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

std::string field(const std::string& json, const char* key) { return horde::game::json_string_field(json, key).value_or(""); }

// A number or null field of a one-line JSON object (-1 for null or absent).
long number_field(const std::string& json, const std::string& key) {
    const std::string needle = "\"" + key + "\":";
    const std::size_t p = json.find(needle);
    if (p == std::string::npos || json.compare(p + needle.size(), 4, "null") == 0) return -1;
    return std::stol(json.substr(p + needle.size()));
}

// The sidecars' defect names (shared/testdata, written for any checker) to our error codes: the
// code of the first error we must report. A defect whose subtypes we tell apart is keyed
// "defect/subtype"; otherwise the defect alone.
const std::map<std::string, std::set<std::string>, std::less<>> kDefectCodes = {
    {"ambiguous-san", {"ambiguous-move"}},
    {"bad-fen", {"bad-fen"}},
    {"bad-promotion", {"illegal-move"}},
    // a token that is no SAN: a SAN-shaped one is misspelled (san-syntax), others are garbage
    {"garbled-movetext", {"san-syntax", "garbage-token"}},
    {"illegal-move", {"illegal-move"}},
    {"move-after-game-end", {"move-after-end"}},
    {"truncated-movetext/cut-inside-move-no-result", {"san-syntax"}},
    {"truncated-movetext/cut-inside-tag-pair", {"malformed-tag"}},
    {"unbalanced-parenthesis/stray-closing-parenthesis", {"unmatched-paren"}},
    {"unbalanced-parenthesis/variation-not-closed", {"unterminated-variation"}},
    {"unknown-piece", {"unknown-piece"}},
    {"unterminated-comment", {"unterminated-comment"}},
    {"wrong-result", {"wrong-result"}},
};

// Our codes for a sidecar row; nullptr when the table has no entry (the test then fails).
const std::set<std::string>* expected_codes(const std::string& defect, const std::string& subtype) {
    if (auto it = kDefectCodes.find(defect + "/" + subtype); it != kDefectCodes.end()) return &it->second;
    if (auto it = kDefectCodes.find(defect); it != kDefectCodes.end()) return &it->second;
    return nullptr;
}

std::string describe_errors(const horde::game::GameRecord& r) {
    std::string text;
    for (const auto& e : r.errors)
        text += std::to_string(e.line) + ":" + std::to_string(e.column) + " ply " + std::to_string(e.ply) + " [" +
                std::string(horde::diagnostic_name(e.code)) + "] " + e.message + "\n";
    return text.empty() ? "no error" : text;
}

std::vector<horde::game::GameRecord> check_text(const std::string& text) {
    auto reader = horde::pgn::PgnReader::from_memory(text);
    std::vector<horde::game::GameRecord> records;
    horde::game::check_pgn(reader, {}, false, [&](const horde::game::GameRecord& r, std::string_view) { records.push_back(r); });
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
            INFO(describe_errors(r));
            CHECK(r.valid());
            CHECK(r.warnings.empty());
            CHECK(r.plies() == number_field(want, "plies"));
            REQUIRE(r.final_board.has_value());
            CHECK(r.final_board->fen() == field(want, "final_fen"));
            CHECK(horde::game::status_name(r.adjudication.status) == field(want, "status"));
            CHECK(horde::game::status_kind_name(r.adjudication.kind) == field(want, "status_kind"));
            if (r.adjudication.kind == horde::game::StatusKind::GameOver)
                CHECK(horde::game::result_text(r.adjudication.result) == field(want, "status_result"));
            CHECK(r.declared == field(want, "result"));
        }
    }
}

TEST_CASE("invalid corpora: each game alone is invalid, first error of the sidecar's defect at its ply", "[check][corpus]") {
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
            INFO(describe_errors(r));
            REQUIRE_FALSE(r.valid());
            const auto* codes = expected_codes(field(want, "defect"), field(want, "subtype"));
            REQUIRE(codes != nullptr);
            CHECK(codes->count(std::string(horde::diagnostic_name(r.errors[0].code))) == 1);
            const long ply = number_field(want, "ply");
            if (ply > 0) CHECK(r.errors[0].ply == ply);
        }
    }
}
