#include "horde/out/json.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <iterator>
#include <vector>

namespace horde::out {

namespace {

// Length of the well-formed UTF-8 sequence (RFC 3629) at the start of s, or 0.
std::size_t utf8_sequence_length(std::string_view s) {
    const auto c = static_cast<unsigned char>(s[0]);
    std::size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF; // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    if (n == 0 || s.size() < n) return 0;
    const auto second = static_cast<unsigned char>(s[1]);
    if (second < lo || second > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if ((static_cast<unsigned char>(s[k]) & 0xC0) != 0x80) return 0;
    return n;
}

// \u00XX for a byte, by hand: without fmt this file compiles in a fifth of the time (it is
// one of those horde-perft, the first count, is built from).
void append_unicode_escape(std::string& out, unsigned char c) {
    const char text[] = {'\\', 'u', '0', '0', "0123456789abcdef"[c >> 4], "0123456789abcdef"[c & 15]};
    out.append(text, sizeof text);
}

} // namespace

void append_json_string(std::string& out, std::string_view s) {
    out += '"';
    for (std::size_t i = 0; i < s.size(); ++i) {
        // Printable ASCII other than '"' and '\\' needs nothing: appended a run at a time.
        std::size_t plain = i;
        while (plain < s.size() && static_cast<unsigned char>(s[plain]) >= 0x20 && static_cast<unsigned char>(s[plain]) < 0x80 &&
               s[plain] != '"' && s[plain] != '\\')
            ++plain;
        if (plain > i) {
            out.append(s.data() + i, plain - i);
            i = plain;
            if (i == s.size()) break;
        }
        const auto c = static_cast<unsigned char>(s[i]);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                append_unicode_escape(out, c);
            } else if (c < 0x80) {
                out += char(c);
            } else if (const std::size_t n = utf8_sequence_length(s.substr(i))) {
                out.append(s.substr(i, n));
                i += n - 1;
            } else {
                append_unicode_escape(out, c);
            }
        }
    }
    out += '"';
}

std::string json_escape(std::string_view s) {
    std::string quoted;
    append_json_string(quoted, s);
    return quoted.substr(1, quoted.size() - 2);
}

char* write_fixed(char* p, double value, int decimals) {
    // Scaled by 10^decimals, a value under 2^31 is off its exact product by less than 2^-21; a
    // fraction farther than 1/1024 from one half rounds the same either way. A tree writes four
    // of these a move: to_chars takes some 40 ns, this a few.
    static constexpr double kScale[] = {1, 10, 100, 1000};
    const double scaled = decimals >= 0 && decimals <= 3 ? std::fabs(value) * kScale[decimals] : -1;
    if (!(scaled >= 0 && scaled < 2147483648.0) || std::fabs(scaled - std::floor(scaled) - 0.5) < 1.0 / 1024)
        return std::to_chars(p, p + 320, value, std::chars_format::fixed, decimals).ptr;
    const auto units = std::uint64_t(scaled + 0.5); // not a tie: half up is to nearest
    if (std::signbit(value)) *p++ = '-';            // as to_chars: -0.04 is "-0.0"
    char digits[24];
    const auto written = std::size_t(std::to_chars(digits, digits + sizeof digits, units).ptr - digits);
    const auto fraction = std::size_t(decimals);
    // Zeros in front up to one digit before the point: 5 hundredths are "0.05".
    const std::size_t padded = std::max(written, fraction + 1);
    char text[24];
    std::fill(text, text + (padded - written), '0');
    std::memcpy(text + (padded - written), digits, written);
    std::memcpy(p, text, padded - fraction);
    p += padded - fraction;
    if (fraction == 0) return p;
    *p++ = '.';
    std::memcpy(p, text + (padded - fraction), fraction);
    return p + fraction;
}

std::string& JsonObject::name(std::string_view key) {
    // One append (a tree writes some twenty fields a move); keys are identifiers of ours:
    // nothing to escape.
    char text[64];
    if (key.size() + 4 > sizeof text) {
        if (!first_) out_ += ',';
        out_.append("\"").append(key).append("\":");
        first_ = false;
        return out_;
    }
    char* at = text;
    if (!first_) *at++ = ',';
    first_ = false;
    *at++ = '"';
    at = std::copy(key.begin(), key.end(), at);
    *at++ = '"';
    *at++ = ':';
    out_.append(text, std::size_t(at - text));
    return out_;
}

JsonObject& JsonObject::fixed(std::string_view key, double value, int decimals) {
    // std::to_chars rounds exactly as fmt's "{:.Nf}" does (both from the exact binary value),
    // without formatting machinery: written for every move of a tree.
    char buffer[400];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    if (error == std::errc()) name(key).append(buffer, std::size_t(end - buffer));
    else { // more decimals than the buffer holds: a buffer of their size
        std::vector<char> big(330 + std::size_t(std::max(decimals, 0)));
        name(key).append(
            big.data(),
            std::size_t(std::to_chars(big.data(), big.data() + big.size(), value, std::chars_format::fixed, decimals).ptr -
                        big.data()));
    }
    return *this;
}

JsonObject& JsonObject::hex64(std::string_view key, std::uint64_t value) {
    std::string& out = name(key);
    char text[18] = {'"'};
    for (int i = 16; i >= 1; --i, value >>= 4) text[i] = "0123456789abcdef"[value & 15];
    text[17] = '"';
    out.append(text, sizeof text);
    return *this;
}

void JsonObject::append_integer(std::string& out, std::int64_t value) {
    char buffer[24];
    out.append(buffer, std::size_t(std::to_chars(buffer, buffer + sizeof buffer, value).ptr - buffer));
}

void JsonObject::append_integer(std::string& out, std::uint64_t value) {
    char buffer[24];
    out.append(buffer, std::size_t(std::to_chars(buffer, buffer + sizeof buffer, value).ptr - buffer));
}

} // namespace horde::out
