// The table of diagnostic codes (core/diagnostic_codes.hpp): a row per code, unique kebab-case
// names, and the codes of the layers below the checker (SAN, the PGN reader) each mapped to
// its own row.
#include "horde/core/diagnostic_codes.hpp"
#include "horde/notation/san.hpp"
#include "horde/pgn/visitor.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <string_view>

using namespace horde;

namespace {

// [a-z][a-z0-9]* words joined by single '-'.
bool is_kebab_case(std::string_view name) {
    if (name.empty() || name.front() < 'a' || name.front() > 'z' || name.back() == '-') return false;
    char last = 0;
    for (char c : name) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && last != '-');
        if (!ok) return false;
        last = c;
    }
    return true;
}

} // namespace

TEST_CASE("diagnostic codes: every code has a unique kebab-case name and a description", "[codes]") {
    std::set<std::string_view> names;
    for (std::size_t i = 0; i < DIAGNOSTIC_CODE_NB; ++i) {
        const auto code = DiagnosticCode(i);
        const DiagnosticInfo& info = diagnostic_info(code);
        INFO("code " << i << ": " << info.name);
        CHECK(info.code == code);
        CHECK(is_kebab_case(info.name));
        CHECK(names.insert(info.name).second);
        CHECK(diagnostic_name(code) == info.name);
        CHECK(parse_diagnostic_code(info.name) == code);
        CHECK(!info.description.empty());
        CHECK(info.description.find('\n') == std::string_view::npos);
        CHECK(info.description.find('|') == std::string_view::npos); // a cell of docs/codes.md's table
        // Given once per game: only warnings (a writer's habits), never an error alone.
        if (info.repeat == DiagnosticRepeat::OncePerGame) CHECK(info.severity != DiagnosticSeverity::Error);
        // Every warning is an error with --strict (CheckOptions::strict), but text-cut, which tells
        // of what an output keeps of the input, not of the input.
        if (info.severity != DiagnosticSeverity::Error)
            CHECK(info.strict ==
                  (code == DiagnosticCode::TextCut ? StrictBehaviour::StaysWarning : StrictBehaviour::BecomesError));
    }
    CHECK(names.size() == DIAGNOSTIC_CODE_NB);
    CHECK(!parse_diagnostic_code("no-such-code"));
    CHECK(!parse_diagnostic_code(""));
    CHECK(diagnostic_name(DiagnosticCode::IllegalMove) == "illegal-move");
    CHECK(diagnostic_name(DiagnosticCode::WrongResult) == "wrong-result");
    CHECK(diagnostic_name(DiagnosticCode::DuplicateGame) == "duplicate-game");
}

TEST_CASE("diagnostic codes: kebab-case form", "[codes]") {
    CHECK(is_kebab_case("a"));
    CHECK(is_kebab_case("fen-fullmove-zero"));
    CHECK_FALSE(is_kebab_case("Fen-zero"));
    CHECK_FALSE(is_kebab_case("fen--zero"));
    CHECK_FALSE(is_kebab_case("fen-"));
    CHECK_FALSE(is_kebab_case("-fen"));
    CHECK_FALSE(is_kebab_case("fen_zero"));
    CHECK_FALSE(is_kebab_case("1fen"));
}

TEST_CASE("diagnostic codes: the SAN layer's and the reader's codes each have their own row", "[codes]") {
    std::set<DiagnosticCode> seen;
    auto take = [&](DiagnosticCode code, std::string_view layer_name, DiagnosticSeverity severity) {
        INFO(layer_name);
        CHECK(seen.insert(code).second);
        CHECK(diagnostic_name(code) == layer_name);
        CHECK(diagnostic_info(code).severity !=
              (severity == DiagnosticSeverity::Error ? DiagnosticSeverity::Warning : DiagnosticSeverity::Error));
    };
    using notation::SanErrorCode;
    for (auto c : {SanErrorCode::Syntax, SanErrorCode::UnknownPiece, SanErrorCode::Illegal, SanErrorCode::Ambiguous})
        take(notation::diagnostic_code(c), notation::san_error_code_name(c), DiagnosticSeverity::Error);
    for (int i = 0; i <= int(notation::SanWarningCode::EnPassantMark); ++i) {
        const auto c = notation::SanWarningCode(i);
        take(notation::diagnostic_code(c), notation::san_warning_code_name(c), DiagnosticSeverity::Warning);
    }
    // The reader reports the table's codes directly: its errors are errors, its notices warnings.
    for (std::size_t i = 0; i < DIAGNOSTIC_CODE_NB; ++i) {
        const auto code = DiagnosticCode(i);
        CHECK_FALSE((pgn::is_pgn_error(code) && pgn::is_pgn_notice(code)));
        if (pgn::is_pgn_error(code)) take(code, diagnostic_name(code), DiagnosticSeverity::Error);
        if (pgn::is_pgn_notice(code)) take(code, diagnostic_name(code), DiagnosticSeverity::Warning);
    }
    CHECK(seen.size() == 4 + 15 + 9 + 6);
}
