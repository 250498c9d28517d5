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

} // namespace horde::pgn
