#include "horde/game/fen_check.hpp"

#include <fmt/format.h>
#include <simdjson.h>

namespace horde::game {

namespace {

// The string values of the top-level keys `names` of a JSON object (simdjson's On-Demand
// parser: escapes decoded, \u escapes to UTF-8). Fields are read in order and the first of
// each name wins; a field that is no string is absent; what follows the last wanted field is
// not read. False when the text is no JSON object.
template <std::size_t N>
bool json_string_fields(std::string_view json, const std::string_view (&names)[N], std::optional<std::string> (&values)[N]) {
    simdjson::ondemand::parser parser;
    const simdjson::padded_string padded(json);
    simdjson::ondemand::document document;
    simdjson::ondemand::object object;
    if (parser.iterate(padded).get(document) || document.get_object().get(object)) return false;
    std::size_t found = 0;
    bool seen[N] = {};
    for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key)) return found > 0;
        for (std::size_t i = 0; i < N; ++i) {
            if (seen[i] || key != names[i]) continue;
            seen[i] = true;
            ++found;
            std::string_view value;
            if (!field.value().get_string().get(value)) values[i] = std::string(value);
            break;
        }
        if (found == N) break;
    }
    return true;
}

} // namespace

std::optional<std::string> json_string_field(std::string_view json, std::string_view key) {
    const std::string_view names[1] = {key};
    std::optional<std::string> values[1];
    json_string_fields(json, names, values);
    return values[0];
}

FenVerdict check_fen_line(std::string_view line, Variant default_variant, bool strict) {
    FenVerdict v;
    std::string_view fen = line;
    std::string storage;
    Variant variant = default_variant;
    const std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && line[first] == '{') {
        static constexpr std::string_view names[2] = {"fen", "variant"};
        std::optional<std::string> fields[2];
        json_string_fields(line, names, fields);
        const auto& f = fields[0];
        if (!f) {
            v.fen = std::string(line);
            v.code = DiagnosticCode::BadJson;
            v.message = "NDJSON line without a \"fen\" string field";
            return v;
        }
        storage = *f;
        fen = storage;
        if (const auto& name = fields[1]) {
            auto parsed = parse_variant(*name);
            if (!parsed) {
                v.fen = storage;
                v.code = DiagnosticCode::UnknownVariant;
                v.message = fmt::format("unknown variant \"{}\"", *name);
                return v;
            }
            variant = *parsed;
        }
    }
    v.fen = std::string(fen);
    v.variant = variant;
    auto parsed = position::read_fen(variant, fen);
    if (auto* err = std::get_if<position::FenError>(&parsed)) {
        v.code = DiagnosticCode::BadFen;
        v.message = fmt::format("invalid {} FEN: {}", variant_name(variant), err->message);
        return v;
    }
    position::FenBoard& read = std::get<position::FenBoard>(parsed);
    if (!read.warning.empty()) {
        if (strict && strict_makes_error(DiagnosticCode::FenFullmoveZero)) {
            v.code = DiagnosticCode::FenFullmoveZero;
            v.message = std::move(read.warning);
            v.strict = true;
            return v;
        }
        v.warning_code = DiagnosticCode::FenFullmoveZero;
        v.warning = std::move(read.warning);
    }
    v.valid = true;
    v.board = read.board;
    v.adjudication = Game(*v.board).adjudicate();
    return v;
}

} // namespace horde::game
