#include "horde/select/where.hpp"

#include "horde/core/diagnostic_codes.hpp"
#include "horde/notation/dialect.hpp"
#include "horde/select/fields.hpp"

#include <fmt/format.h>
#include <re2/re2.h>

#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <vector>

namespace horde::select {

enum class WhereOp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge, Match };

struct WhereExpr::Node {
    enum class Kind : std::uint8_t { And, Or, Not, Compare, Present, Code, Reaches, Material } kind;
    std::vector<std::unique_ptr<Node>> children; // And, Or (2), Not (1)
    GameField field = GameField::Tag;
    std::string name;                  // the tag's name
    std::optional<DiagnosticCode> code; // Code: the code named (nullopt: no code of the table, matches nothing)
    WhereOp op = WhereOp::Eq;
    std::string text;                  // string literal; Reaches: the placement
    std::optional<double> number;      // numeric literal
    std::unique_ptr<RE2> regex;        // Match
    char side = 0;                     // Reaches: 'w', 'b' or 0 (any)
    std::array<std::uint8_t, 128> material{}; // Material: count per FEN letter
};

namespace {

using Node = WhereExpr::Node;

struct Token {
    enum Kind { End, Ident, String, IString, Number, Op, LParen, RParen, Comma } kind = End;
    std::string text; // identifier, unescaped string, number text, operator
    int column = 1;
};

std::string describe(const Token& t) {
    switch (t.kind) {
    case Token::End: return "the end of the expression";
    case Token::Ident: return fmt::format("'{}'", t.text);
    case Token::String:
    case Token::IString: return fmt::format("the string \"{}\"", t.text);
    case Token::Number: return fmt::format("the number {}", t.text);
    case Token::Op: return fmt::format("'{}'", t.text);
    case Token::LParen: return "'('";
    case Token::RParen: return "')'";
    case Token::Comma: return "','";
    }
    return "?";
}

struct ParseFailure {
    WhereError error;
};

[[noreturn]] void fail(int column, std::string message) { throw ParseFailure{{column, std::move(message)}}; }

bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::vector<Token> tokenize(std::string_view s) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (true) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        Token t;
        t.column = int(i) + 1;
        if (i == s.size()) {
            out.push_back(t);
            return out;
        }
        const char c = s[i];
        auto string_at = [&](std::size_t open) {
            std::string text;
            std::size_t k = open + 1;
            while (true) {
                if (k >= s.size()) fail(int(open) + 1, "this string has no closing '\"'");
                if (s[k] == '"') break;
                if (s[k] == '\\' && k + 1 < s.size() && (s[k + 1] == '"' || s[k + 1] == '\\')) ++k;
                text += s[k++];
            }
            i = k + 1;
            return text;
        };
        if (c == 'i' && i + 1 < s.size() && s[i + 1] == '"') {
            t.kind = Token::IString;
            t.text = string_at(i + 1);
        } else if (c == '"') {
            t.kind = Token::String;
            t.text = string_at(i);
        } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                   ((c == '-' || c == '+') && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
            std::size_t k = i + 1;
            while (k < s.size() && (std::isdigit(static_cast<unsigned char>(s[k])) || s[k] == '.')) ++k;
            t.kind = Token::Number;
            t.text = std::string(s.substr(i, k - i));
            i = k;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            std::size_t k = i;
            while (k < s.size() && is_ident_char(s[k])) ++k;
            t.kind = Token::Ident;
            t.text = std::string(s.substr(i, k - i));
            i = k;
        } else if (c == '(' || c == ')' || c == ',') {
            t.kind = c == '(' ? Token::LParen : c == ')' ? Token::RParen : Token::Comma;
            ++i;
        } else {
            static constexpr std::string_view kOps[] = {"==", "!=", "<=", ">=", "!~", "<", ">", "~", "="};
            bool found = false;
            for (std::string_view op : kOps)
                if (s.substr(i, op.size()) == op) {
                    t.kind = Token::Op;
                    t.text = std::string(op);
                    i += op.size();
                    found = true;
                    break;
                }
            if (!found) fail(t.column, fmt::format("unexpected character '{}'", c));
        }
        out.push_back(std::move(t));
    }
}

// A number as the whole text (optional sign, digits, optional fraction), or nullopt.
std::optional<double> parse_number(std::string_view s) {
    if (s.empty()) return std::nullopt;
    std::size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
    std::size_t digits = 0, dots = 0;
    for (std::size_t k = i; k < s.size(); ++k) {
        if (s[k] == '.') ++dots;
        else if (std::isdigit(static_cast<unsigned char>(s[k]))) ++digits;
        else return std::nullopt;
    }
    if (digits == 0 || dots > 1) return std::nullopt;
    if (dots == 0 && digits <= 15) { // an integer (Elo, ply count): exact in a double, as from_chars gives it
        std::int64_t whole = 0;
        for (std::size_t k = i; k < s.size(); ++k) whole = whole * 10 + (s[k] - '0');
        return s[0] == '-' ? (whole == 0 ? -0.0 : -double(whole)) : double(whole);
    }
    double value = 0;
    if (s[0] == '+') s.remove_prefix(1);
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return value;
}

constexpr std::string_view kPieceLetters = "PNBRQKLAHYpnbrqklahy";

class Parser {
public:
    explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

    std::unique_ptr<Node> parse() {
        auto root = parse_or();
        if (peek().kind != Token::End) fail(peek().column, fmt::format("expected 'and', 'or' or the end, found {}", describe(peek())));
        return root;
    }

private:
    const Token& peek() const { return tokens_[pos_]; }
    Token next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
    bool keyword(std::string_view word) const { return peek().kind == Token::Ident && peek().text == word; }
    Token expect(Token::Kind kind, std::string_view what) {
        if (peek().kind != kind) fail(peek().column, fmt::format("expected {}, found {}", what, describe(peek())));
        return next();
    }

    static std::unique_ptr<Node> binary(Node::Kind kind, std::unique_ptr<Node> a, std::unique_ptr<Node> b) {
        auto n = std::make_unique<Node>();
        n->kind = kind;
        n->children.push_back(std::move(a));
        n->children.push_back(std::move(b));
        return n;
    }

    std::unique_ptr<Node> parse_or() {
        auto left = parse_and();
        while (keyword("or")) {
            next();
            left = binary(Node::Kind::Or, std::move(left), parse_and());
        }
        return left;
    }
    std::unique_ptr<Node> parse_and() {
        auto left = parse_not();
        while (keyword("and")) {
            next();
            left = binary(Node::Kind::And, std::move(left), parse_not());
        }
        return left;
    }
    std::unique_ptr<Node> parse_not() {
        if (keyword("not")) {
            next();
            auto n = std::make_unique<Node>();
            n->kind = Node::Kind::Not;
            n->children.push_back(parse_not());
            return n;
        }
        return parse_primary();
    }

    std::string string_argument(std::string_view function) {
        expect(Token::LParen, fmt::format("'(' after {}", function));
        Token arg = expect(Token::String, fmt::format("a string in {}(...)", function));
        expect(Token::RParen, fmt::format("')' after {}'s argument", function));
        return arg.text;
    }

    // A parenthesised expression, a function (has, code, reaches, material, tag) or a field,
    // then maybe a comparison.
    std::unique_ptr<Node> parse_primary() {
        const Token& t = peek();
        if (t.kind == Token::LParen) {
            next();
            auto inner = parse_or();
            expect(Token::RParen, "')'");
            return inner;
        }
        if (t.kind != Token::Ident || t.text == "and" || t.text == "or")
            fail(t.column, fmt::format("expected a field, a tag name, has(...), code(...), reaches(...), material(...), "
                                       "'not' or '(', found {}",
                                       describe(t)));
        Token ident = next();
        const bool call = peek().kind == Token::LParen;
        if (call && ident.text == "has") return parse_has();
        if (call && ident.text == "code") {
            auto n = std::make_unique<Node>();
            n->kind = Node::Kind::Code;
            n->code = parse_diagnostic_code(string_argument("code"));
            return n;
        }
        if (call && ident.text == "reaches") return parse_reaches();
        if (call && ident.text == "material") return parse_material();
        auto n = std::make_unique<Node>();
        if (call && ident.text == "tag") {
            n->name = string_argument("tag");
            n->field = GameField::Tag;
        } else if (call) {
            fail(peek().column, fmt::format("'{}' is not a function (has, tag, code, reaches, material)", ident.text));
        } else {
            n->field = field_of(ident);
            n->name = ident.text;
        }
        if (peek().kind != Token::Op) {
            n->kind = Node::Kind::Present; // a bare field: true unless absent, "false" or "0"
            n->op = WhereOp::Ne;
            return n;
        }
        return parse_comparison(std::move(n));
    }

    // has(name) after "has": a field or a tag name (a string names a tag).
    std::unique_ptr<Node> parse_has() {
        next();
        Token name = peek().kind == Token::String ? next() : expect(Token::Ident, "a field or tag name in has(...)");
        expect(Token::RParen, "')' after has's argument");
        auto n = std::make_unique<Node>();
        n->kind = Node::Kind::Present;
        n->field = name.kind == Token::String ? GameField::Tag : field_of(name);
        n->name = name.text;
        return n;
    }

    // reaches("placement [side]") after "reaches".
    std::unique_ptr<Node> parse_reaches() {
        const int column = peek().column + 2; // the string's first character
        std::string fen = string_argument("reaches");
        auto n = std::make_unique<Node>();
        n->kind = Node::Kind::Reaches;
        const auto space = fen.find(' ');
        n->text = fen.substr(0, space);
        if (n->text.empty() || n->text.find_first_not_of("12345678/PNBRQKLAHYpnbrqklahy") != std::string::npos ||
            std::count(n->text.begin(), n->text.end(), '/') != 7)
            fail(column, fmt::format("reaches(\"{}\"): expected a FEN placement (8 ranks separated by '/')", fen));
        if (space != std::string::npos) {
            const auto side = fen.find_first_not_of(' ', space);
            if (side != std::string::npos) {
                if (fen[side] != 'w' && fen[side] != 'b')
                    fail(column, fmt::format("reaches(\"{}\"): the second field must be w or b", fen));
                n->side = fen[side];
            }
        }
        return n;
    }

    // material("spec") after "material": piece letters, each with an optional count.
    std::unique_ptr<Node> parse_material() {
        const int column = peek().column + 2; // the string's first character
        std::string spec = string_argument("material");
        auto n = std::make_unique<Node>();
        n->kind = Node::Kind::Material;
        for (std::size_t i = 0; i < spec.size();) {
            const char c = spec[i];
            if (c == ' ') {
                ++i;
                continue;
            }
            if (kPieceLetters.find(c) == std::string_view::npos)
                fail(column + int(i), fmt::format("material: '{}' is not a piece letter (PNBRQK LAHY, upper case "
                                                  "White, lower case Black)",
                                                  c));
            std::size_t k = i + 1;
            int count = 0;
            while (k < spec.size() && std::isdigit(static_cast<unsigned char>(spec[k])) && count < 100)
                count = count * 10 + (spec[k++] - '0');
            if (k == i + 1) count = 1;
            if (count > 64) fail(column + int(i), "material: a count above 64");
            n->material[std::size_t(c)] = std::uint8_t(std::min(64, n->material[std::size_t(c)] + count));
            i = k;
        }
        return n;
    }

    // The operator and literal after the field of n (peek() is the operator).
    std::unique_ptr<Node> parse_comparison(std::unique_ptr<Node> n) {
        n->kind = Node::Kind::Compare;
        Token op = next();
        if (op.text == "==" || op.text == "=") n->op = WhereOp::Eq;
        else if (op.text == "!=") n->op = WhereOp::Ne;
        else if (op.text == "<") n->op = WhereOp::Lt;
        else if (op.text == "<=") n->op = WhereOp::Le;
        else if (op.text == ">") n->op = WhereOp::Gt;
        else if (op.text == ">=") n->op = WhereOp::Ge;
        else n->op = WhereOp::Match;
        if (n->op == WhereOp::Match) return parse_match(std::move(n), op);
        const Token& lit = peek();
        if (lit.kind == Token::Number) {
            n->number = parse_number(lit.text);
            if (!n->number) fail(lit.column, fmt::format("'{}' is not a number", lit.text));
        } else if (lit.kind == Token::String) {
            n->text = lit.text;
        } else {
            fail(lit.column, fmt::format("expected a number or a \"string\" after '{}', found {}", op.text, describe(lit)));
        }
        next();
        return n;
    }

    // The regular expression after '~' or '!~' (op); '!~' as not('~').
    std::unique_ptr<Node> parse_match(std::unique_ptr<Node> n, const Token& op) {
        const Token& lit = peek();
        if (lit.kind != Token::String && lit.kind != Token::IString)
            fail(lit.column, fmt::format("expected a regular expression (\"...\" or i\"...\") after '{}', found {}",
                                         op.text, describe(lit)));
        RE2::Options options;
        options.set_log_errors(false);
        options.set_case_sensitive(lit.kind != Token::IString);
        n->regex = std::make_unique<RE2>(lit.text, options);
        if (!n->regex->ok())
            fail(lit.column, fmt::format("bad regular expression \"{}\": {}", lit.text, n->regex->error()));
        next();
        if (op.text != "!~") return n;
        auto not_node = std::make_unique<Node>();
        not_node->kind = Node::Kind::Not;
        not_node->children.push_back(std::move(n));
        return not_node;
    }

    static GameField field_of(const Token& t) {
        const GameField f = parse_game_field(t.text);
        if (f == GameField::Game)
            fail(t.column, "'game' (the game's number) is not known while games are chosen: use tag(\"game\") "
                           "for a tag of that name");
        return f;
    }

    std::vector<Token> tokens_;
    std::size_t pos_ = 0;
};

bool compare(WhereOp op, int order) {
    switch (op) {
    case WhereOp::Eq: return order == 0;
    case WhereOp::Ne: return order != 0;
    case WhereOp::Lt: return order < 0;
    case WhereOp::Le: return order <= 0;
    case WhereOp::Gt: return order > 0;
    case WhereOp::Ge: return order >= 0;
    case WhereOp::Match: return false;
    }
    return false;
}

bool uses_positions(const Node& n) {
    if (n.kind == Node::Kind::Reaches || n.kind == Node::Kind::Material) return true;
    for (const auto& c : n.children)
        if (uses_positions(*c)) return true;
    return false;
}

// Every position of the record's main line, start first, until `visit` returns true.
template <class F> bool any_position(const game::GameRecord& r, F&& visit) {
    if (!r.start) return false;
    position::Board board = *r.start;
    if (visit(board)) return true;
    for (const Move m : r.moves) {
        if (m.is_none()) {
            auto after = notation::null_move_board(board);
            if (!after) return false;
            board = *after;
        } else {
            board.play(m);
        }
        if (visit(board)) return true;
    }
    return false;
}

bool evaluate(const Node& n, const game::GameRecord& r) {
    switch (n.kind) {
    case Node::Kind::And: return evaluate(*n.children[0], r) && evaluate(*n.children[1], r);
    case Node::Kind::Or: return evaluate(*n.children[0], r) || evaluate(*n.children[1], r);
    case Node::Kind::Not: return !evaluate(*n.children[0], r);
    case Node::Kind::Present: {
        std::string buffer;
        std::string_view value;
        if (!game_field_text(r, n.field, n.name, buffer, value)) return false;
        return n.op != WhereOp::Ne || (value != "false" && value != "0");
    }
    case Node::Kind::Compare: {
        std::string buffer;
        std::string_view value;
        if (!game_field_text(r, n.field, n.name, buffer, value)) return false;
        if (n.regex) return RE2::PartialMatch(re2::StringPiece(value.data(), value.size()), *n.regex);
        if (n.number) {
            const auto v = parse_number(value);
            if (!v) return false;
            return compare(n.op, *v < *n.number ? -1 : *v > *n.number ? 1 : 0);
        }
        return compare(n.op, value.compare(n.text));
    }
    case Node::Kind::Code:
        for (const auto* list : {&r.errors, &r.warnings})
            for (const auto& d : *list)
                if (d.code == n.code) return true;
        return false;
    case Node::Kind::Reaches:
        return any_position(r, [&](const position::Board& b) {
            if (n.side && (b.side_to_move() == WHITE) != (n.side == 'w')) return false;
            const std::string fen = b.fen(false);
            return std::string_view(fen).substr(0, fen.find(' ')) == n.text;
        });
    case Node::Kind::Material:
        return any_position(r, [&](const position::Board& b) {
            std::array<std::uint8_t, 128> counts{};
            const std::string fen = b.fen(false);
            for (char c : std::string_view(fen).substr(0, fen.find(' ')))
                if (std::isalpha(static_cast<unsigned char>(c))) ++counts[std::size_t(c)];
            return counts == n.material;
        });
    }
    return false;
}

} // namespace

std::variant<WhereExpr, WhereError> WhereExpr::parse(std::string_view text) {
    try {
        Parser parser(tokenize(text));
        return WhereExpr(std::shared_ptr<const Node>(parser.parse()));
    } catch (const ParseFailure& f) {
        return f.error;
    }
}

bool WhereExpr::matches(const game::GameRecord& record) const { return evaluate(*root_, record); }

bool WhereExpr::uses_positions() const { return select::uses_positions(*root_); }

namespace {
bool only_tags(const Node& n) {
    switch (n.kind) {
    case Node::Kind::And:
    case Node::Kind::Or:
    case Node::Kind::Not:
        for (const auto& c : n.children)
            if (!only_tags(*c)) return false;
        return true;
    case Node::Kind::Compare:
    case Node::Kind::Present: return n.field == GameField::Tag;
    case Node::Kind::Code:
    case Node::Kind::Reaches:
    case Node::Kind::Material: return false;
    }
    return false;
}
} // namespace

bool WhereExpr::uses_only_tags() const { return only_tags(*root_); }

} // namespace horde::select
