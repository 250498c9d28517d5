#include "horde/report/pgn_writer.hpp"

#include "horde/notation/san.hpp"
#include "horde/pgn/comment_commands.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <vector>

namespace horde::report {

std::string pgn_escape_tag_value(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string_view pgn_variant_tag(Variant v) {
    switch (v) {
    case Variant::Horde: return "Horde";
    case Variant::Orda: return "Orda";
    case Variant::Chess960: return "Chess960";
    case Variant::Chess: return "Standard";
    }
    return "Standard"; // not reached: every variant has its case
}

namespace {

std::vector<std::string> split_list(std::string_view text) {
    std::vector<std::string> out;
    while (!text.empty()) {
        const auto comma = text.find(',');
        if (comma != 0) out.emplace_back(text.substr(0, comma));
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    return out;
}

} // namespace

bool parse_strip_list(std::string_view text, PgnExportOptions& o, std::string* unknown) {
    for (const auto& word : split_list(text)) {
        if (word == "comments") o.strip_comments = true;
        else if (word == "nags") o.strip_nags = true;
        else if (word == "variations") o.strip_variations = true;
        else if (word == "clocks") o.strip_clocks = true;
        else if (word == "evals") o.strip_evals = true;
        else {
            if (unknown) *unknown = word;
            return false;
        }
    }
    return true;
}

void parse_tag_choice(std::string_view text, PgnExportOptions& o) {
    if (text == "all") o.tags = PgnExportOptions::Tags::All;
    else if (text == "roster") o.tags = PgnExportOptions::Tags::Roster;
    else {
        o.tags = PgnExportOptions::Tags::List;
        o.tag_list = split_list(text);
    }
}

namespace {

// The comment without its [%clk ...] / [%emt ...] (clocks) and [%eval ...] (evals) commands.
std::string strip_commands(std::string_view text, std::span<const pgn::CommentCommand> commands, bool clocks, bool evals) {
    std::string out;
    std::size_t i = 0;
    for (const pgn::CommentCommand& c : commands) {
        const bool drop = (clocks && (c.name == "clk" || c.name == "emt")) || (evals && c.name == "eval");
        out.append(text.substr(i, (drop ? c.begin : c.end) - i));
        i = c.end;
    }
    out.append(text.substr(std::min(i, text.size())));
    return out;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Runs of whitespace become one space; the ends are trimmed.
std::string collapse_whitespace(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool pending_space = false;
    for (char c : text) {
        if (is_space(c)) {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out += ' ';
        pending_space = false;
        out += c;
    }
    return out;
}

// One movetext element of a game, in input order.
struct Token {
    enum class Kind : std::uint8_t { Move, Comment, LineComment, Nag, Open, Close, Result };
    Kind kind;
    std::string text;  // SAN, comment text, result token; "$n" for a NAG
    int number = 0;    // Move: full move number (0: no number, a move that was not resolved)
    bool white = true; // Move: White's move
};

// The seven-tag roster and the value of a missing tag.
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kRoster{{
    {"Event", "?"},
    {"Site", "?"},
    {"Date", "????.??.??"},
    {"Round", "?"},
    {"White", "?"},
    {"Black", "?"},
    {"Result", "*"},
}};

// The consumer of the game walk's events that keeps the tokens to write; at the game's end the
// normalised text is its product (an empty string when the game is not exported).
class Exporter : public game::ProductObserver<std::string> {
public:
    Exporter(const game::CheckOptions& options, const PgnExportOptions& export_options)
        : options_(options), export_options_(export_options) {}

    void begin_game(const game::GameRecord&) override { tokens_.clear(); }
    void move(const game::MoveEvent& e) override {
        using Kind = game::MoveEvent::Kind;
        if (e.kind == Kind::EnPassantMark) return; // "e.p.": SAN has no mark
        if (skipping(e.depth)) return;
        Token t{Token::Kind::Move, std::string(e.token)};
        if (e.before && (e.kind == Kind::NullMove || e.kind == Kind::Move)) {
            t.text = e.kind == Kind::NullMove ? std::string("--") : notation::to_san(*e.before, e.move);
            t.number = e.before->position().fullmove;
            t.white = e.before->side_to_move() == WHITE;
        }
        tokens_.push_back(std::move(t));
    }
    void nag(int code, int depth) override {
        if (export_options_.strip_nags || skipping(depth)) return;
        tokens_.push_back({Token::Kind::Nag, fmt::format("${}", code)});
    }
    void comment(const game::CommentEvent& e) override {
        if (export_options_.strip_comments || skipping(e.depth)) return;
        std::string c = export_options_.strip_clocks || export_options_.strip_evals
                            ? collapse_whitespace(
                                  strip_commands(e.text, e.commands, export_options_.strip_clocks, export_options_.strip_evals))
                            : collapse_whitespace(e.text);
        if (c.empty()) return;
        const bool line = c.find('}') != std::string::npos;
        tokens_.push_back({line ? Token::Kind::LineComment : Token::Kind::Comment, std::move(c)});
    }
    void begin_variation(int) override {
        if (export_options_.strip_variations) return;
        tokens_.push_back({Token::Kind::Open, {}});
    }
    void end_variation(int) override {
        if (export_options_.strip_variations) return;
        if (!tokens_.empty() && tokens_.back().kind == Token::Kind::Open) tokens_.pop_back(); // empty variation
        else tokens_.push_back({Token::Kind::Close, {}});
    }
    void end_game(game::GameRecord& record) override {
        fixed_result_.clear();
        if (export_options_.fix_result && record.start && record.adjudication.kind == game::StatusKind::GameOver &&
            std::all_of(record.errors.begin(), record.errors.end(),
                        [](const game::Diagnostic& d) { return d.code == DiagnosticCode::WrongResult; }))
            fixed_result_ = game::result_text(record.adjudication.result);
        out_.clear();
        if (record.valid() || !fixed_result_.empty()) {
            write_tags(record);
            out_ += '\n';
            write_movetext(record);
            out_ += '\n';
        }
    }
    void take(std::string& out) override { out.swap(out_); } // out_ is cleared at the next game's end

private:
    // --strip variations: inside a variation, nothing is kept.
    bool skipping(int depth) const { return export_options_.strip_variations && depth > 0; }

    // Whether a tag goes out under --tags (Variant, SetUp, FEN: whenever the game needs them).
    bool keep_tag(std::string_view name, const game::GameRecord& record) const {
        if (export_options_.add_plycount && name == "PlyCount") return false; // written anew
        if (export_options_.tags == PgnExportOptions::Tags::All) return true;
        if (name == "Variant") return record.variant && *record.variant != Variant::Chess;
        if (name == "SetUp" || name == "FEN") return !record.tag("FEN").empty();
        if (export_options_.tags == PgnExportOptions::Tags::Roster) return false;
        const auto& list = export_options_.tag_list;
        return std::find(list.begin(), list.end(), name) != list.end();
    }

    void write_tag(std::string_view name, std::string_view value) {
        out_ += '[';
        out_ += name;
        out_ += " \"";
        out_ += pgn_escape_tag_value(value);
        out_ += "\"]\n";
    }

    // The result the export writes: the movetext's result token, or the declared result when
    // there is none (read as '*'); in place of '*', the rules' result of a game that has ended.
    static std::string export_result(const game::GameRecord& record) {
        std::string result = !record.movetext_result.empty()       ? record.movetext_result
                             : game::parse_result(record.declared) ? record.declared
                                                                   : std::string("*");
        if (result == "*" && record.adjudication.kind == game::StatusKind::GameOver)
            result = game::result_text(record.adjudication.result);
        return result;
    }

    void write_tags(const game::GameRecord& record) {
        const auto& tags = record.tags;
        std::vector<bool> used(tags.size(), false);
        const std::string result = export_result(record);
        const bool roster = export_options_.tags != PgnExportOptions::Tags::List;
        for (const auto& [name, missing] : kRoster) {
            if (!roster && !keep_tag(name, record)) continue;
            std::optional<std::string_view> value;
            for (std::size_t i = 0; i < tags.size(); ++i)
                if (tags[i].first == name) {
                    value = tags[i].second;
                    used[i] = true;
                    break;
                }
            if (name == "Result" && (!value || *value == "*")) value = result;
            if (name == "Result" && !fixed_result_.empty()) value = fixed_result_;
            write_tag(name, value.value_or(missing));
        }
        const std::optional<Variant> forced = options_.forced_variant;
        bool variant_written = false;
        for (std::size_t i = 0; i < tags.size(); ++i) {
            if (used[i]) continue;
            if (!keep_tag(tags[i].first, record) && !(forced && tags[i].first == "Variant")) continue;
            if (forced && tags[i].first == "Variant") {
                write_tag("Variant", pgn_variant_tag(*forced));
                variant_written = true;
                continue;
            }
            if (tags[i].first == "FEN" && record.start && !position::fen_warning(tags[i].second).empty())
                write_tag("FEN", record.start->fen()); // as read (fullmove 0 -> 1)
            else write_tag(tags[i].first, tags[i].second);
        }
        if (forced && !variant_written && *forced != Variant::Chess) write_tag("Variant", pgn_variant_tag(*forced));
        if (export_options_.add_plycount) write_tag("PlyCount", fmt::format("{}", record.plies()));
    }

    // Movetext units (the pieces between which a line may break), then the lines.
    void write_movetext(const game::GameRecord& record) {
        units_.clear();
        std::string pending_open; // "(" waiting for the next unit
        auto add = [&](std::string text, bool line_end = false) {
            units_.push_back({pending_open + text, line_end});
            pending_open.clear();
        };
        Token::Kind prev = Token::Kind::Open;
        std::vector<int> moves_in_line{0}; // moves written so far in the game / each open variation
        for (const Token& t : tokens_) {
            switch (t.kind) {
            case Token::Kind::Move:
                if (t.number > 0) {
                    // Black's number: at the first move of the game or a variation (even after a
                    // NAG), and after a comment, a variation or a result token.
                    if (t.white) add(fmt::format("{}.", t.number));
                    else if (moves_in_line.back() == 0 || prev == Token::Kind::Close || prev == Token::Kind::Comment ||
                             prev == Token::Kind::LineComment || prev == Token::Kind::Result)
                        add(fmt::format("{}...", t.number));
                }
                add(t.text);
                ++moves_in_line.back();
                break;
            case Token::Kind::Nag:
            case Token::Kind::Result: add(t.text); break;
            case Token::Kind::Comment: {
                std::size_t start = 0;
                std::string word = "{";
                for (;;) {
                    const std::size_t space = t.text.find(' ', start);
                    word += t.text.substr(start, space == std::string::npos ? std::string::npos : space - start);
                    if (space == std::string::npos) break;
                    add(std::move(word));
                    word.clear();
                    start = space + 1;
                }
                add(word + "}");
                break;
            }
            case Token::Kind::LineComment:
                // A ';' line right after the tag section belongs to it when read (ChessBase
                // headers): an empty comment, dropped when read, starts the movetext first.
                if (units_.empty()) add("{}");
                add("; " + t.text, true);
                break;
            case Token::Kind::Open:
                pending_open += '(';
                moves_in_line.push_back(0);
                break;
            case Token::Kind::Close:
                if (moves_in_line.size() > 1) moves_in_line.pop_back();
                if (units_.empty() || units_.back().line_end) add(")");
                else units_.back().text += ')';
                break;
            }
            prev = t.kind;
        }
        add(!fixed_result_.empty() ? fixed_result_ : export_result(record));

        std::string line;
        auto flush = [&] {
            out_ += line;
            out_ += '\n';
            line.clear();
        };
        for (const Unit& u : units_) {
            const std::size_t limit = export_options_.max_line ? export_options_.max_line : std::string::npos;
            if (!line.empty() && line.size() + 1 + u.text.size() > limit) flush();
            if (!line.empty()) line += ' ';
            line += u.text;
            if (u.line_end) flush();
        }
        if (!line.empty()) flush();
    }

    struct Unit {
        std::string text;
        bool line_end = false; // a ';' comment: the line ends after it
    };

    game::CheckOptions options_;
    PgnExportOptions export_options_;
    std::vector<Token> tokens_;
    std::vector<Unit> units_;
    std::string out_;
    std::string fixed_result_; // --fix-result: the result written, when it applies
};

} // namespace

std::unique_ptr<game::ProductObserver<std::string>> make_pgn_exporter(const game::CheckOptions& options,
                                                                      const PgnExportOptions& export_options) {
    return std::make_unique<Exporter>(options, export_options);
}

std::string pgn_comment_text(std::string_view text) { return collapse_whitespace(text); }

void append_stored_pgn(std::string& out, std::string_view pgn) {
    out += pgn;
    if (!(pgn.ends_with("\n\n") || pgn.ends_with("\r\n\r\n"))) out += pgn.ends_with('\n') ? "\n" : "\n\n";
}

} // namespace horde::report
