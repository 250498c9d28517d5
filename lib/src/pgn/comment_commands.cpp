#include "horde/pgn/comment_commands.hpp"

namespace horde::pgn {

void parse_comment_commands(std::string_view comment, std::vector<CommentCommand>& out) {
    out.clear();
    std::size_t i = 0;
    while (i < comment.size()) {
        const std::size_t open = comment.find("[%", i);
        if (open == std::string_view::npos) return;
        const std::size_t close = comment.find(']', open);
        if (close == std::string_view::npos) return;
        const std::string_view command = comment.substr(open + 2, close - open - 2);
        const std::size_t blank = command.find_first_of(" \t\n\r");
        std::string_view value = blank == std::string_view::npos ? std::string_view() : command.substr(blank + 1);
        while (!value.empty() && (value.front() == ' ' || value.front() == '\n')) value.remove_prefix(1);
        while (!value.empty() && (value.back() == ' ' || value.back() == '\n')) value.remove_suffix(1);
        out.push_back({command.substr(0, blank), value, open, close + 1});
        i = close + 1;
    }
}

std::optional<double> clock_seconds(std::string_view t) {
    double total = 0, part = 0, scale = 0;
    bool digits = false;
    for (char c : t) {
        if (c >= '0' && c <= '9') {
            digits = true;
            if (scale > 0) {
                part += (c - '0') * scale;
                scale /= 10;
            } else {
                part = part * 10 + (c - '0');
            }
        } else if (c == ':' && scale == 0) {
            total = (total + part) * 60;
            part = 0;
        } else if (c == '.' && scale == 0) {
            scale = 0.1;
        } else {
            return std::nullopt;
        }
    }
    if (!digits) return std::nullopt;
    return total + part;
}

bool is_number_text(std::string_view t) {
    if (!t.empty() && (t[0] == '+' || t[0] == '-')) t.remove_prefix(1);
    if (t.empty() || t.find_first_not_of("0123456789.") != std::string_view::npos) return false;
    return t.find_first_of("0123456789") != std::string_view::npos;
}

} // namespace horde::pgn
