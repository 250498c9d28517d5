#include "horde/pgn/comment_commands.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace horde::pgn {

namespace {

// Calls f with each command of the comment in order (parse_comment_commands' rule).
template <class F> void for_each_comment_command(std::string_view comment, F&& f) {
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
        f(CommentCommand{command.substr(0, blank), value, open, close + 1});
        i = close + 1;
    }
}

} // namespace

void parse_comment_commands(std::string_view comment, std::vector<CommentCommand>& out) {
    out.clear();
    for_each_comment_command(comment, [&](const CommentCommand& c) { out.push_back(c); });
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

namespace {

// A [%clk]/[%emt] time as text in seconds ("178", "3723.5"); empty when not a time.
std::string clock_seconds_text(std::string_view t) {
    const auto seconds = clock_seconds(t);
    return seconds ? fmt::format("{}", *seconds) : std::string();
}

// The value with its sign turned round ("0.42" -> "-0.42", "-1.5" -> "1.5"; zero keeps none).
std::string negated(std::string_view v) {
    if (!v.empty() && v[0] == '+') v.remove_prefix(1);
    if (!v.empty() && v[0] == '-') return std::string(v.substr(1));
    if (v.find_first_not_of("0.") == std::string_view::npos) return std::string(v);
    std::string out(1, '-');
    out.append(v.data(), v.size());
    return out;
}

// An [%eval] command's value ("0.17,20": the depth after a comma left out) when it is a number
// or a mate ("#-3"); empty when it is neither.
std::string_view eval_command_value(std::string_view value) {
    value = value.substr(0, value.find(','));
    const bool ok = is_number_text(value) || (value.size() > 1 && value[0] == '#' && is_number_text(value.substr(1)));
    return ok ? value : std::string_view();
}

// cutechess's "+0.42/19 1.5s" (the score from the mover's side / the depth, then the move's
// time), read from a comment's first two words: the score ("+0.42", or "+M5" for a mate) and
// the time's number ("1.5"); nullopt when the words are not that.
struct CutechessScore {
    std::string_view score;
    bool mate = false;
    std::string_view seconds;
};
std::optional<CutechessScore> cutechess_score(std::string_view first, std::string_view second) {
    const std::size_t slash = first.find('/');
    const bool time_ok = second.size() > 1 && second.back() == 's' && is_number_text(second.substr(0, second.size() - 1));
    if (!time_ok || slash == std::string_view::npos) return std::nullopt;
    const std::string_view score = first.substr(0, slash), depth = first.substr(slash + 1);
    if (depth.empty() || depth.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    const std::string_view seconds = second.substr(0, second.size() - 1);
    if (is_number_text(score)) return CutechessScore{score, false, seconds};
    if (score.size() > 2 && (score[0] == '+' || score[0] == '-') && score[1] == 'M' &&
        score.substr(2).find_first_not_of("0123456789") == std::string_view::npos)
        return CutechessScore{score, true, seconds};
    return std::nullopt;
}

// A cutechess score from White's side, as an [%eval] has it: "0.42", "-1.10", "#5", "#-2".
std::string white_view(const CutechessScore& s, bool white_moved) {
    if (s.mate) return fmt::format("#{}{}", (s.score[0] == '+') == white_moved ? "" : "-", s.score.substr(2));
    return white_moved ? std::string(s.score[0] == '+' ? s.score.substr(1) : s.score) : negated(s.score);
}

} // namespace

MoveData read_move_data(std::string_view comments, bool white_moved) {
    MoveData d;
    std::string text; // without [%...] commands
    std::vector<CommentCommand> commands;
    parse_comment_commands(comments, commands);
    std::size_t i = 0;
    for (const CommentCommand& c : commands) {
        text.append(comments.substr(i, c.begin - i));
        text += ' ';
        if (c.name == "clk") d.clk = clock_seconds_text(c.value);
        else if (c.name == "emt") d.emt = clock_seconds_text(c.value);
        else if (c.name == "eval") {
            if (const std::string_view value = eval_command_value(c.value); !value.empty()) d.eval = std::string(value);
        }
        i = c.end;
    }
    text.append(comments.substr(i));
    // Runs of whitespace to one space, ends trimmed.
    for (char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
        if (space) {
            if (!d.comment.empty() && d.comment.back() != ' ') d.comment += ' ';
        } else {
            d.comment += c;
        }
    }
    if (!d.comment.empty() && d.comment.back() == ' ') d.comment.pop_back();
    // cutechess: "+0.42/19 1.5s", the whole comment or its start.
    if (d.eval.empty() || d.emt.empty()) {
        const std::string_view c = d.comment;
        if (const std::size_t space = c.find(' '); space != std::string_view::npos) {
            const std::string_view rest = c.substr(space + 1);
            if (const auto score = cutechess_score(c.substr(0, space), rest.substr(0, rest.find(' ')))) {
                if (d.eval.empty()) d.eval = white_view(*score, white_moved);
                if (d.emt.empty()) d.emt = clock_seconds_text(score->seconds);
            }
        }
    }
    return d;
}

namespace {

bool is_squeezed_blank(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// The first two words of a comment's text outside its commands, as read_move_data's squeezed
// text has them: words are runs of bytes other than its blanks, and a command stands for a
// blank, so that no word runs over one.
struct LeadingWords {
    std::string_view words[2];
    int count = 0;
    void scan(std::string_view piece) {
        std::size_t i = 0;
        while (count < 2) {
            while (i < piece.size() && is_squeezed_blank(piece[i])) ++i;
            if (i == piece.size()) return;
            std::size_t j = i;
            while (j < piece.size() && !is_squeezed_blank(piece[j])) ++j;
            words[count++] = piece.substr(i, j - i);
            i = j;
        }
    }
};

// clock_seconds of the text clock_seconds_text makes of `seconds` (read_move_data's clocks
// are that text, read back): whole seconds print as their digits and read back as themselves,
// any other value takes the text's way.
std::optional<double> seconds_read_back(std::optional<double> seconds) {
    if (!seconds) return std::nullopt;
    if (*seconds == std::floor(*seconds) && *seconds < 1e9) return seconds;
    char text[64];
    const auto written = fmt::format_to_n(text, sizeof text, "{}", *seconds);
    return clock_seconds(std::string_view(text, std::min(written.size, sizeof text)));
}

} // namespace

MoveFigures read_move_figures(std::string_view comments, bool white_moved) {
    // read_move_data's steps, on views: the last [%clk] and [%emt] (a bad one clears an earlier
    // good one), the last good [%eval], then cutechess's "score/depth time" from the first two
    // words when the evaluation or the time is still missing.
    std::optional<double> clk, emt;
    std::string_view eval;
    std::string cutechess_eval;
    LeadingWords words;
    std::size_t i = 0;
    for_each_comment_command(comments, [&](const CommentCommand& c) {
        words.scan(comments.substr(i, c.begin - i));
        if (c.name == "clk") clk = clock_seconds(c.value);
        else if (c.name == "emt") emt = clock_seconds(c.value);
        else if (c.name == "eval") {
            if (const std::string_view value = eval_command_value(c.value); !value.empty()) eval = value;
        }
        i = c.end;
    });
    words.scan(comments.substr(i));
    if ((eval.empty() || !emt) && words.count == 2) {
        if (const auto score = cutechess_score(words.words[0], words.words[1])) {
            if (eval.empty()) eval = cutechess_eval = white_view(*score, white_moved);
            if (!emt) emt = clock_seconds(score->seconds);
        }
    }
    MoveFigures f;
    f.clk = seconds_read_back(clk);
    f.emt = seconds_read_back(emt);
    if (!eval.empty() && eval[0] != '#') { // mates have no mean
        double pawns = 0;
        const auto [end, error] = std::from_chars(eval.data(), eval.data() + eval.size(), pawns);
        if (error == std::errc()) f.eval = pawns;
    }
    return f;
}

} // namespace horde::pgn
