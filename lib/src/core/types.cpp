#include "horde/core/types.hpp"

#include <cctype>
#include <string>

namespace horde::core {

std::optional<Variant> parse_variant(std::string_view text) {
    std::string s;
    for (char c : text)
        if (c != ' ' && c != '-' && c != '_') s += char(std::tolower(static_cast<unsigned char>(c)));
    if (s == "chess" || s == "standard" || s == "standardchess" || s == "normal" || s == "fromposition") return Variant::Chess;
    if (s == "horde" || s == "hordechess") return Variant::Horde;
    if (s == "orda" || s == "ordachess") return Variant::Orda;
    if (s == "chess960" || s == "960" || s == "fischerandom" || s == "fischerrandom") return Variant::Chess960;
    return std::nullopt;
}

} // namespace horde::core
