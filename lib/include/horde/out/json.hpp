// The JSON writer: the one string escaper and JsonObject, on which every JSON record of the
// tools is built (report/json.hpp's records, perft/json.hpp's counts). No chess: a module that
// writes JSON links this one and no output module above it.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace horde::out {

// Appends `s` as a JSON string, quotes included. JSON text must be UTF-8 and PGN files are not
// always (ChessBase and older exports write Latin-1), so a byte that does not start a
// well-formed UTF-8 sequence is read as Latin-1 and written as \u00XX: the record stays valid
// JSON and "Jos\xe9" comes out as "José".
void append_json_string(std::string& out, std::string_view s);
// The same without the quotes.
std::string json_escape(std::string_view s);

// `value` with `decimals` (0 to 3) digits after the point at p: the bytes of std::to_chars
// (chars_format::fixed, the exact binary value rounded half to even), found with integer
// arithmetic when the value is small and not within a hair of a tie, and by to_chars otherwise.
// The caller leaves room for 320 characters. The end of what was written.
char* write_fixed(char* p, double value, int decimals);

// One JSON object appended to a string, field by field, in the order of the calls:
//   JsonObject(out).number("game", 3).string("fen", fen).null("san").end();
class JsonObject {
public:
    explicit JsonObject(std::string& out) : out_(out) { out_ += '{'; }
    JsonObject& string(std::string_view key, std::string_view value) {
        append_json_string(name(key), value);
        return *this;
    }
    // The string, or null when absent.
    JsonObject& string_or_null(std::string_view key, std::optional<std::string_view> value) {
        return value ? string(key, *value) : null(key);
    }
    template <std::integral T> JsonObject& number(std::string_view key, T value) {
        append_integer(name(key), value);
        return *this;
    }
    // A number written with `decimals` digits after the point ("0.125000").
    JsonObject& fixed(std::string_view key, double value, int decimals);
    // A 64-bit number as a string of 16 hex digits ("00ab...").
    JsonObject& hex64(std::string_view key, std::uint64_t value);
    JsonObject& boolean(std::string_view key, bool value) {
        name(key) += value ? "true" : "false";
        return *this;
    }
    JsonObject& null(std::string_view key) {
        name(key) += "null";
        return *this;
    }
    // A value that is already JSON text (an array or object written by the caller).
    JsonObject& raw(std::string_view key, std::string_view json) {
        name(key) += json;
        return *this;
    }
    // Starts a field whose value the caller appends to the returned string.
    std::string& name(std::string_view key);
    void end() { out_ += '}'; }

private:
    static void append_integer(std::string& out, std::int64_t value);
    static void append_integer(std::string& out, std::uint64_t value);
    template <std::integral T> static void append_integer(std::string& out, T value) {
        if constexpr (std::is_signed_v<T>) append_integer(out, std::int64_t(value));
        else append_integer(out, std::uint64_t(value));
    }
    std::string& out_;
    bool first_ = true;
};

} // namespace horde::out
