#include "horde/game/fen_check.hpp"

#include "horde/game/checker.hpp"

#include <fmt/format.h>

namespace horde {

std::optional<std::string> json_string_field(std::string_view json, std::string_view key) {
    // A small scanner: walks the object, skipping nested values, so that a key inside a
    // string or a nested object is never mistaken for a top-level one.
    std::size_t i = json.find('{');
    if (i == std::string_view::npos) return std::nullopt;
    ++i;
    auto skip_ws = [&] {
        while (i < json.size() && (json[i] == ' ' || json[i] == '\t' || json[i] == '\r' || json[i] == '\n')) ++i;
    };
    auto read_string = [&](std::string& out) -> bool {
        if (i >= json.size() || json[i] != '"') return false;
        ++i;
        while (i < json.size() && json[i] != '"') {
            char c = json[i++];
            if (c == '\\' && i < json.size()) {
                char e = json[i++];
                switch (e) {
                case 'n': c = '\n'; break;
                case 't': c = '\t'; break;
                case 'r': c = '\r'; break;
                case 'b': c = '\b'; break;
                case 'f': c = '\f'; break;
                case 'u': {
                    if (i + 4 > json.size()) return false;
                    unsigned code = 0;
                    for (int k = 0; k < 4; ++k) {
                        char h = json[i++];
                        code = code * 16 + unsigned(h >= 'a' ? h - 'a' + 10 : h >= 'A' ? h - 'A' + 10 : h - '0');
                    }
                    c = code < 0x80 ? char(code) : '?';
                    break;
                }
                default: c = e;
                }
            }
            out += c;
        }
        if (i >= json.size()) return false;
        ++i;
        return true;
    };
    auto skip_value = [&]() -> bool {
        skip_ws();
        if (i >= json.size()) return false;
        if (json[i] == '"') {
            std::string ignored;
            return read_string(ignored);
        }
        int depth = 0;
        while (i < json.size()) {
            const char c = json[i];
            if (c == '"') {
                std::string ignored;
                if (!read_string(ignored)) return false;
                continue;
            }
            if (c == '{' || c == '[') ++depth;
            else if (c == '}' || c == ']') {
                if (depth == 0) return true;
                --depth;
            } else if (c == ',' && depth == 0) return true;
            ++i;
        }
        return false;
    };
    for (;;) {
        skip_ws();
        if (i >= json.size() || json[i] == '}') return std::nullopt;
        std::string name;
        if (!read_string(name)) return std::nullopt;
        skip_ws();
        if (i >= json.size() || json[i] != ':') return std::nullopt;
        ++i;
        skip_ws();
        if (name == key) {
            std::string value;
            if (i < json.size() && json[i] == '"' && read_string(value)) return value;
            return std::nullopt;
        }
        if (!skip_value()) return std::nullopt;
        skip_ws();
        if (i < json.size() && json[i] == ',') ++i;
    }
}

FenVerdict check_fen_line(std::string_view line, Variant default_variant, bool strict) {
    FenVerdict v;
    std::string_view fen = line;
    std::string storage;
    Variant variant = default_variant;
    const std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && line[first] == '{') {
        auto f = json_string_field(line, "fen");
        if (!f) {
            v.fen = std::string(line);
            v.code = "bad-json";
            v.message = "NDJSON line without a \"fen\" string field";
            return v;
        }
        storage = *f;
        fen = storage;
        if (auto name = json_string_field(line, "variant")) {
            auto parsed = parse_variant(*name);
            if (!parsed) {
                v.fen = storage;
                v.code = "unknown-variant";
                v.message = fmt::format("unknown variant \"{}\"", *name);
                return v;
            }
            variant = *parsed;
        }
    }
    v.fen = std::string(fen);
    v.variant = variant;
    auto parsed = Board::from_fen(variant, fen);
    if (auto* err = std::get_if<FenError>(&parsed)) {
        v.code = "bad-fen";
        v.message = fmt::format("invalid {} FEN: {}", variant_name(variant), err->message);
        return v;
    }
    if (std::string note = fen_warning(fen); !note.empty()) {
        if (strict) {
            v.code = "fen-fullmove-zero";
            v.message = note + " (strict mode)";
            return v;
        }
        v.warning_code = "fen-fullmove-zero";
        v.warning = std::move(note);
    }
    v.valid = true;
    v.board = std::get<Board>(parsed);
    v.adjudication = Game(*v.board).adjudicate();
    return v;
}

std::string fen_verdict_to_json(const FenVerdict& v, int line_number) {
    std::string out = fmt::format("{{\"line\":{},\"fen\":\"{}\",\"variant\":", line_number, json_escape(v.fen));
    out += v.variant ? fmt::format("\"{}\"", variant_name(*v.variant)) : "null";
    out += fmt::format(",\"valid\":{}", v.valid ? "true" : "false");
    if (v.valid) {
        out += fmt::format(",\"normalized_fen\":\"{}\",\"status\":\"{}\",\"status_kind\":\"{}\",\"result\":\"{}\"",
                           json_escape(v.board->fen()), status_name(v.adjudication.status),
                           status_kind_name(v.adjudication.kind), result_text(v.adjudication.result));
        out += ",\"errors\":[],\"warnings\":[";
        if (!v.warning.empty())
            out += fmt::format("{{\"line\":{},\"column\":1,\"ply\":null,\"code\":\"{}\",\"message\":\"{}\"}}",
                               line_number, v.warning_code, json_escape(v.warning));
        out += "]}";
    } else {
        out += fmt::format(",\"status\":null,\"errors\":[{{\"line\":{},\"column\":1,\"ply\":null,\"code\":\"{}\","
                           "\"message\":\"{}\"}}]}}",
                           line_number, v.code, json_escape(v.message));
        out.insert(out.size() - 1, ",\"warnings\":[]");
    }
    return out;
}

} // namespace horde
