#include "horde/select/where.hpp"

#include "horde/core/diagnostic_codes.hpp"
#include "horde/select/fields.hpp"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace horde::select {

enum class WhereOp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge, Match };

struct WhereExpr::Node {
    // Reaches, Material, Count, Pattern: position predicates, read only inside a When node
    // (a bare one is wrapped in When::Ever by the parser).
    enum class Kind : std::uint8_t { And, Or, Not, Compare, Present, Code, Reaches, Material, Count, Pattern, When } kind;
    enum class When : std::uint8_t { Final, At, Ever, Always, For, Then };
    std::vector<std::unique_ptr<Node>> children; // And, Or (2), Not (1)
    GameField field = GameField::Tag;
    std::string name;                   // the tag's name
    std::optional<DiagnosticCode> code; // Code: the code named (nullopt: no code of the table, matches nothing)
    WhereOp op = WhereOp::Eq;
    std::string text;             // string literal; Reaches: the placement
    std::optional<double> number; // numeric literal
    std::unique_ptr<RE2> regex;   // Match
    char side = 0;                // Reaches: 'w', 'b' or 0 (any)
    // Material: the bounds of each side's count of each piece type.
    std::array<std::array<std::uint8_t, PIECE_TYPE_NB>, COLOR_NB> min_count{}, max_count{};
    // Count: popcount(pieces(color, piece_type) & squares), or with `difference` White's count
    // of piece_type less Black's; compared by op with number.
    Color color = WHITE;
    PieceType piece_type = NO_PIECE_TYPE;
    Bitboard squares = ~Bitboard{0};
    bool difference = false;
    // Pattern and Reaches: squares that must be empty, the squares each piece must stand on,
    // and the squares that take one of a set (bit 0 empty, bit 1 + piece: that piece).
    Bitboard empty_squares = 0;
    std::array<std::array<Bitboard, PIECE_TYPE_NB>, COLOR_NB> piece_squares{};
    std::vector<std::pair<Piece, Bitboard>> placed; // the non-empty piece_squares, tested in turn
    std::vector<std::pair<Square, std::uint32_t>> square_sets;
    When when = When::Ever;
    int plies = 0; // At: the ply; For: the stretch's length in positions
    // When (not final): its place among the when-forms scanned over the positions (Plan::
    // scanned); a position predicate of a when-form that reads_fields: its bit in a position's mask.
    int slot = -1;
    bool reads_fields = false; // When: its condition reads the game's fields, known at its end
    // ever and always without game fields: the squares whose pieces decide the condition
    // (every square when it reads more); a move that changes none cannot decide the form.
    Bitboard read_squares = ~Bitboard{0};
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
    Parser(std::vector<Token> tokens, std::optional<Variant> variant) : tokens_(std::move(tokens)), variant_(variant) {}

    std::unique_ptr<Node> parse() {
        auto root = parse_or();
        if (peek().kind != Token::End)
            fail(peek().column, fmt::format("expected 'and', 'or' or the end, found {}", describe(peek())));
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
            fail(t.column, fmt::format("expected a field, a tag name, a function such as has(...), material(...) or "
                                       "pattern(...), 'not' or '(', found {}",
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
        if (call)
            if (auto n = parse_position_call(ident)) return n;
        auto n = std::make_unique<Node>();
        if (call && ident.text == "tag") {
            n->name = string_argument("tag");
            n->field = GameField::Tag;
        } else if (call) {
            fail(ident.column, fmt::format("'{}' is not a function (has, tag, code, reaches, material, material_diff, "
                                           "pattern, piece, count, final, at, ever, always, for, then)",
                                           ident.text));
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

    // reaches("placement [side]") after "reaches": a pattern without wildcards.
    std::unique_ptr<Node> parse_reaches() {
        next();
        const Token arg = expect(Token::String, "a string in reaches(...)");
        expect(Token::RParen, "')' after reaches's argument");
        const std::string& fen = arg.text;
        auto n = std::make_unique<Node>();
        n->kind = Node::Kind::Reaches;
        const auto space = fen.find(' ');
        const std::string_view placement = std::string_view(fen).substr(0, space);
        if (placement.empty() || placement.find_first_not_of("12345678/PNBRQKLAHYpnbrqklahy") != std::string::npos ||
            std::count(placement.begin(), placement.end(), '/') != 7)
            fail(arg.column + 1, fmt::format("reaches(\"{}\"): expected a FEN placement (8 ranks separated by '/')", fen));
        read_pattern(*n, arg, placement.size());
        if (space != std::string::npos) {
            const auto side = fen.find_first_not_of(' ', space);
            if (side != std::string::npos) {
                if (fen[side] != 'w' && fen[side] != 'b')
                    fail(arg.column + 1, fmt::format("reaches(\"{}\"): the second field must be w or b", fen));
                n->side = fen[side];
            }
        }
        return position_predicate(std::move(n));
    }

    // pattern("RANKS") after "pattern".
    std::unique_ptr<Node> parse_pattern() {
        next();
        const Token arg = expect(Token::String, "a string in pattern(...)");
        expect(Token::RParen, "')' after pattern's argument");
        auto n = std::make_unique<Node>();
        n->kind = Node::Kind::Pattern;
        read_pattern(*n, arg, arg.text.size());
        return position_predicate(std::move(n));
    }

    // The piece of the letter at offset i of the string token s (case: colour); fails at its
    // column for a letter of no variant, or of none of the --variant given.
    Piece piece_letter(const Token& s, std::size_t i) const {
        const char c = s.text[i];
        const int column = s.column + 1 + int(i);
        if (kPieceLetters.find(c) == std::string_view::npos)
            fail(column, fmt::format("'{}' is not a piece letter (PNBRQK, Orda's LAHY; upper case White, lower case "
                                     "Black)",
                                     c));
        const PieceType pt = piece_type_from_letter(char(std::toupper(static_cast<unsigned char>(c))));
        if (variant_ && pt >= LANCER && *variant_ != Variant::Orda)
            fail(column, fmt::format("'{}' is not a piece in {}", c, variant_name(*variant_)));
        return make_piece(std::isupper(static_cast<unsigned char>(c)) ? WHITE : BLACK, pt);
    }

    // A pattern's ranks (8th first, '/' between) from the first `size` characters of s: a
    // digit is that many empty squares, a letter that piece, '?' any square, '*' any squares
    // to the rank's end, "[...]" a set of letters and '.' (empty), "[^...]" anything but them.
    void read_pattern(Node& n, const Token& s, std::size_t size) const {
        int rank = 7, file = 0;
        for (std::size_t i = 0; i < size; ++i) {
            const char c = s.text[i];
            const int column = s.column + 1 + int(i);
            if (c == '/') {
                if (file != 8 || rank == 0) fail(column, fmt::format("pattern: rank {} has {} squares, not 8", rank + 1, file));
                --rank;
                file = 0;
                continue;
            }
            if (c == '*') { // any squares to the rank's end
                if (i + 1 < size && s.text[i + 1] != '/') fail(column, "pattern: '*' ends a rank");
                file = 8;
                continue;
            }
            const int width = c >= '1' && c <= '8' ? c - '0' : 1;
            if (file + width > 8) fail(column, fmt::format("pattern: rank {} has more than 8 squares", rank + 1));
            const Square sq = Square(rank * 8 + file);
            if (width > 1 || c == '1') {
                for (int k = 0; k < width; ++k) n.empty_squares |= square_bb(Square(sq + k));
            } else if (c == '[') {
                n.square_sets.emplace_back(sq, read_square_set(s, i));
            } else if (c != '?') {
                if (!std::isalpha(static_cast<unsigned char>(c)))
                    fail(column, fmt::format("pattern: '{}' is not a piece letter, a digit (empty squares), '?' (any "
                                             "square) or '[' (a set)",
                                             c));
                const Piece p = piece_letter(s, i);
                n.piece_squares[color_of(p)][type_of(p)] |= square_bb(sq);
            }
            file += width;
        }
        if (rank != 0 || file != 8)
            fail(s.column + 1 + int(size), fmt::format("pattern: expected 8 ranks of 8 squares, '/' between ranks"));
        for (int c = WHITE; c < COLOR_NB; ++c)
            for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
                if (n.piece_squares[c][pt]) n.placed.emplace_back(make_piece(Color(c), PieceType(pt)), n.piece_squares[c][pt]);
    }

    // "[...]" at offset i of s: the bits of its pieces (1 << piece, bit 0 empty); i is left on ']'.
    std::uint32_t read_square_set(const Token& s, std::size_t& i) const {
        const std::size_t open = i;
        const bool negated = i + 1 < s.text.size() && s.text[i + 1] == '^';
        std::uint32_t bits = 0;
        for (i += negated ? 2 : 1; i < s.text.size() && s.text[i] != ']' && s.text[i] != '/'; ++i)
            bits |= s.text[i] == '.' ? 1u : 1u << piece_letter(s, i);
        if (i >= s.text.size() || s.text[i] != ']') fail(s.column + 1 + int(open), "pattern: this '[' has no closing ']'");
        return negated ? ~bits : bits;
    }

    // material(...) after "material": "SPEC" (exact, both sides), "SIGNATURE" (with 'v') or
    // (white|black, "LETTER") compared with a number.
    std::unique_ptr<Node> parse_material() {
        next();
        if (peek().kind == Token::Ident) return parse_material_of_side();
        const Token spec = expect(Token::String, "a string, white or black in material(...)");
        expect(Token::RParen, "')' after material's argument");
        auto n = std::make_unique<Node>();
        n->kind = Node::Kind::Material;
        const auto v = spec.text.find_first_of("vV");
        if (v == std::string::npos) {
            read_material(*n, spec, 0, spec.text.size(), std::nullopt);
        } else {
            read_material(*n, spec, 0, v, WHITE);
            read_material(*n, spec, v + 1, spec.text.size(), BLACK);
        }
        return position_predicate(std::move(n));
    }

    // Letters with optional counts in s.text[from, to): of both sides by case (side nullopt),
    // or of one side in either case, where a last '+' leaves the other pieces unbounded.
    void read_material(Node& n, const Token& s, std::size_t from, std::size_t to, std::optional<Color> side) const {
        bool open = false;
        for (std::size_t i = from; i < to;) {
            const char c = s.text[i];
            if (c == ' ' || (c == '+' && side && !open)) {
                open = open || c == '+';
                ++i;
                continue;
            }
            if (open) fail(s.column + 1 + int(i), "material: '+' ends a side");
            const Piece p = piece_letter(s, i);
            std::size_t k = i + 1;
            int count = 0;
            while (k < to && std::isdigit(static_cast<unsigned char>(s.text[k])) && count < 100)
                count = count * 10 + (s.text[k++] - '0');
            if (k == i + 1) count = 1;
            if (count > 64) fail(s.column + 1 + int(i), "material: a count above 64");
            const Color colour = side ? *side : color_of(p);
            auto& bound = n.min_count[colour][type_of(p)];
            bound = std::uint8_t(std::min(64, bound + count));
            n.max_count[colour][type_of(p)] = bound;
            i = k;
        }
        if (open) n.max_count[*side].fill(64);
    }

    // material(white|black, "LETTER") after "material(".
    std::unique_ptr<Node> parse_material_of_side() {
        const Token side = next();
        if (side.text != "white" && side.text != "black")
            fail(side.column, fmt::format("expected white or black, found {}", describe(side)));
        expect(Token::Comma, "',' after the side");
        auto n = count_node("material");
        n->color = side.text == "white" ? WHITE : BLACK;
        expect(Token::RParen, "')' after material's arguments");
        return count_comparison(std::move(n), WhereOp::Ge);
    }

    // "LETTER" as the next token: a Count node of that piece (colour from its case).
    std::unique_ptr<Node> count_node(std::string_view function) {
        const Token letter = expect(Token::String, fmt::format("a piece letter (\"Q\") in {}(...)", function));
        if (letter.text.size() != 1) fail(letter.column, fmt::format("{}: expected one piece letter", function));
        const Piece p = piece_letter(letter, 0);
        auto n = std::make_unique<Node>();
        n->kind = Node::Kind::Count;
        n->color = color_of(p);
        n->piece_type = type_of(p);
        return n;
    }

    // material_diff("L"), piece("L"[, "SQUARES"]), count("L"[, "SQUARES"]) after the name.
    std::unique_ptr<Node> parse_count(std::string_view function) {
        next();
        auto n = count_node(function);
        n->difference = function == "material_diff";
        if (!n->difference && peek().kind == Token::Comma) {
            next();
            n->squares = read_squares(expect(Token::String, "a \"square set\" (\"a-file\", \"rank 7\", \"e4 d5\")"));
        }
        expect(Token::RParen, fmt::format("')' after {}'s arguments", function));
        if (function == "piece") {
            n->op = WhereOp::Ge;
            n->number = 1;
            return position_predicate(std::move(n));
        }
        const WhereOp bare = n->difference ? WhereOp::Ne : WhereOp::Ge; // before n is moved from
        return count_comparison(std::move(n), bare);
    }

    // A set of squares: items apart by spaces or commas, each a square ("e4"), a file
    // ("a-file") or a rank ("rank 7", "rank-7"), or "all".
    static Bitboard read_squares(const Token& s) {
        Bitboard set = 0;
        const std::string& t = s.text;
        for (std::size_t i = 0; i < t.size();) {
            if (t[i] == ' ' || t[i] == ',') {
                ++i;
                continue;
            }
            std::size_t k = i;
            while (k < t.size() && t[k] != ' ' && t[k] != ',') ++k;
            std::string_view item = std::string_view(t).substr(i, k - i);
            if (item == "rank" && k + 1 < t.size() && t[k] == ' ') { // "rank 7"
                k += 2;
                item = std::string_view(t).substr(i, k - i);
            }
            const Bitboard items = square_item(item);
            if (!items)
                fail(s.column + 1 + int(i), fmt::format("'{}' is not a square, a file (\"a-file\"), a rank "
                                                        "(\"rank 7\") or \"all\"",
                                                        item));
            set |= items;
            i = k;
        }
        if (!set) fail(s.column, "expected at least one square");
        return set;
    }
    static Bitboard square_item(std::string_view item) {
        if (item == "all") return ~Bitboard{0};
        if (item.size() == 2 && item[0] >= 'a' && item[0] <= 'h' && item[1] >= '1' && item[1] <= '8')
            return square_bb(Square((item[1] - '1') * 8 + (item[0] - 'a')));
        if (item.size() == 6 && item.substr(1) == "-file" && item[0] >= 'a' && item[0] <= 'h') return file_bb(item[0] - 'a');
        if (item.size() == 6 && item.substr(0, 4) == "rank" && (item[4] == ' ' || item[4] == '-') && item[5] >= '1' &&
            item[5] <= '8')
            return rank_bb(item[5] - '1');
        return 0;
    }

    // An optional comparison with an integer after a count; without one, `bare` against 0 or 1.
    std::unique_ptr<Node> count_comparison(std::unique_ptr<Node> n, WhereOp bare) {
        n->op = bare;
        n->number = bare == WhereOp::Ge ? 1 : 0;
        if (peek().kind == Token::Op) {
            const Token op = next();
            n->op = comparison_op(op);
            if (n->op == WhereOp::Match)
                fail(op.column, fmt::format("'{}' compares text; a count takes == != < <= > >=", op.text));
            const Token lit = expect(Token::Number, fmt::format("a number after '{}'", op.text));
            n->number = parse_number(lit.text);
            if (!n->number) fail(lit.column, fmt::format("'{}' is not a number", lit.text));
        }
        return position_predicate(std::move(n));
    }

    // A position predicate as it stands: inside a when-form as is, elsewhere as ever(...).
    std::unique_ptr<Node> position_predicate(std::unique_ptr<Node> n) const {
        if (inside_when_) return n;
        auto ever = std::make_unique<Node>();
        ever->kind = Node::Kind::When;
        ever->when = Node::When::Ever;
        ever->children.push_back(std::move(n));
        return ever;
    }

    // final(P), at(PLY, P), ever(P), always(P), for(N, P), then(A, B) after the name.
    std::unique_ptr<Node> parse_when(Node::When when, const Token& name) {
        if (inside_when_)
            fail(name.column, fmt::format("{}(...) inside another of final, at, ever, always, for, then", name.text));
        next();
        auto n = std::make_unique<Node>();
        n->kind = Node::Kind::When;
        n->when = when;
        if (when == Node::When::At || when == Node::When::For) {
            const Token count = expect(Token::Number, when == Node::When::At ? "a ply (0: the start)" : "a number of positions");
            const auto value = parse_number(count.text);
            const int least = when == Node::When::At ? 0 : 1;
            if (!value || *value != double(int(*value)) || *value < least || *value > 100000)
                fail(count.column, fmt::format("expected a whole number from {} in {}(...)", least, name.text));
            n->plies = int(*value);
            expect(Token::Comma, fmt::format("',' after {}'s number", name.text));
        }
        inside_when_ = true;
        n->children.push_back(parse_or());
        if (when == Node::When::Then) {
            expect(Token::Comma, "',' between then's two conditions");
            n->children.push_back(parse_or());
        }
        inside_when_ = false;
        expect(Token::RParen, fmt::format("')' after {}'s condition", name.text));
        return n;
    }

    static WhereOp comparison_op(const Token& op) {
        if (op.text == "==" || op.text == "=") return WhereOp::Eq;
        if (op.text == "!=") return WhereOp::Ne;
        if (op.text == "<") return WhereOp::Lt;
        if (op.text == "<=") return WhereOp::Le;
        if (op.text == ">") return WhereOp::Gt;
        if (op.text == ">=") return WhereOp::Ge;
        return WhereOp::Match;
    }

    // The operator and literal after the field of n (peek() is the operator).
    std::unique_ptr<Node> parse_comparison(std::unique_ptr<Node> n) {
        n->kind = Node::Kind::Compare;
        Token op = next();
        n->op = comparison_op(op);
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
            fail(lit.column,
                 fmt::format("expected a regular expression (\"...\" or i\"...\") after '{}', found {}", op.text, describe(lit)));
        RE2::Options options;
        options.set_log_errors(false);
        options.set_case_sensitive(lit.kind != Token::IString);
        n->regex = std::make_unique<RE2>(lit.text, options);
        if (!n->regex->ok()) fail(lit.column, fmt::format("bad regular expression \"{}\": {}", lit.text, n->regex->error()));
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

    // A position function (reaches, material, pattern, ...) or a when-form named by name
    // (peek() is its '('); nullptr for another name.
    std::unique_ptr<Node> parse_position_call(const Token& name) {
        static constexpr std::pair<std::string_view, Node::When> kWhen[] = {
            {"final", Node::When::Final},   {"at", Node::When::At},   {"ever", Node::When::Ever},
            {"always", Node::When::Always}, {"for", Node::When::For}, {"then", Node::When::Then}};
        for (const auto& [word, when] : kWhen)
            if (name.text == word) return parse_when(when, name);
        if (name.text == "reaches") return parse_reaches();
        if (name.text == "material") return parse_material();
        if (name.text == "pattern") return parse_pattern();
        if (name.text == "material_diff" || name.text == "piece" || name.text == "count") return parse_count(name.text);
        return nullptr;
    }

    std::vector<Token> tokens_;
    std::size_t pos_ = 0;
    std::optional<Variant> variant_; // --variant: a piece letter must be one of its pieces
    bool inside_when_ = false;       // position predicates stand as they are, no when-form nests
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
    if (n.kind == Node::Kind::When) return true;
    for (const auto& c : n.children)
        if (uses_positions(*c)) return true;
    return false;
}

bool is_position_predicate(const Node& n) {
    return n.kind == Node::Kind::Reaches || n.kind == Node::Kind::Material || n.kind == Node::Kind::Count ||
           n.kind == Node::Kind::Pattern;
}

// Whether a when-form's condition reads the game's fields (tags, status, ...), known only at
// the game's end.
bool reads_fields(const Node& n) {
    if (n.kind == Node::Kind::Compare || n.kind == Node::Kind::Present || n.kind == Node::Kind::Code) return true;
    for (const auto& c : n.children)
        if (reads_fields(*c)) return true;
    return false;
}

// The squares whose pieces decide a condition made of position predicates (every square
// when one reads more: the side to move, a count over the whole board).
Bitboard squares_read(const Node& n) {
    switch (n.kind) {
    case Node::Kind::And:
    case Node::Kind::Or:
    case Node::Kind::Not: {
        Bitboard squares = 0;
        for (const auto& c : n.children) squares |= squares_read(*c);
        return squares;
    }
    case Node::Kind::Reaches:
    case Node::Kind::Pattern: {
        if (n.side) return ~Bitboard{0};
        Bitboard squares = n.empty_squares;
        for (const auto& [piece, placed] : n.placed) squares |= placed;
        for (const auto& [square, set] : n.square_sets) squares |= square_bb(square);
        return squares;
    }
    case Node::Kind::Count: return n.difference ? ~Bitboard{0} : n.squares;
    default: return ~Bitboard{0};
    }
}

inline bool matches_pattern(const Node& n, const position::Position& p) {
    if (p.pieces() & n.empty_squares) return false;
    for (const auto& [piece, wanted] : n.placed)
        if ((p.pieces(color_of(piece), type_of(piece)) & wanted) != wanted) return false;
    for (const auto& [square, set] : n.square_sets)
        if (!(set & (1u << p.piece_on(square)))) return false;
    return true;
}

bool matches_material(const Node& n, const position::Position& p) {
    for (int c = WHITE; c < COLOR_NB; ++c)
        for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
            const int count = popcount(p.pieces(Color(c), PieceType(pt)));
            if (count < n.min_count[c][pt] || count > n.max_count[c][pt]) return false;
        }
    return true;
}

int piece_count(const Node& n, const position::Position& p) {
    if (n.difference) return popcount(p.pieces(WHITE, n.piece_type)) - popcount(p.pieces(BLACK, n.piece_type));
    return popcount(p.pieces(n.color, n.piece_type) & n.squares);
}

// A position predicate (is_position_predicate) at one position.
inline bool predicate_holds(const Node& n, const position::Position& p) {
    switch (n.kind) {
    case Node::Kind::Reaches: return (!n.side || (p.side == WHITE) == (n.side == 'w')) && matches_pattern(n, p);
    case Node::Kind::Pattern: return matches_pattern(n, p);
    case Node::Kind::Material: return matches_material(n, p);
    case Node::Kind::Count: {
        const int count = piece_count(n, p);
        return compare(n.op, count < *n.number ? -1 : count > *n.number ? 1 : 0);
    }
    default: return false;
    }
}

class WhereWatcher;

bool evaluate(const Node& n, const game::GameRecord& r, const WhereWatcher* positions);

// A condition inside a when-form at one position: `predicate(node)` answers its position
// predicates, the game's fields are read from `r` as everywhere else (nullptr: the condition
// reads none).
template <class Predicate> bool holds(const Node& n, const Predicate& predicate, const game::GameRecord* r) {
    switch (n.kind) {
    case Node::Kind::And: return holds(*n.children[0], predicate, r) && holds(*n.children[1], predicate, r);
    case Node::Kind::Or: return holds(*n.children[0], predicate, r) || holds(*n.children[1], predicate, r);
    case Node::Kind::Not: return !holds(*n.children[0], predicate, r);
    case Node::Kind::Reaches:
    case Node::Kind::Material:
    case Node::Kind::Count:
    case Node::Kind::Pattern: return predicate(n);
    default: return evaluate(n, *r, nullptr); // no when-form nests
    }
}

// Where a when-form stands in its scan of a game's positions, start first.
struct WhenState {
    bool decided = false, value = false;
    int run = 0;             // for(N): consecutive positions where the condition held, to this one
    bool first_seen = false; // then(A, B): A held at an earlier position
};

// A when-form (not final; `plies`: at's ply, for's length) at the position after `ply` plies,
// the positions before it seen; `cond(i)` says whether its condition i (then's B: 1) holds
// there. Decides the form once the rest of the game cannot change it (select/where.hpp and
// docs/selecting.md: the semantics).
template <class Condition> void step(Node::When when, int plies, WhenState& s, int ply, const Condition& cond) {
    switch (when) {
    case Node::When::At:
        if (ply == plies) s = {true, cond(0)};
        break;
    case Node::When::Ever:
        if (cond(0)) s = {true, true};
        break;
    case Node::When::Always:
        if (!cond(0)) s = {true, false};
        break;
    case Node::When::For:
        s.run = cond(0) ? s.run + 1 : 0;
        if (s.run >= plies) s = {true, true};
        break;
    case Node::When::Then:
        if (s.first_seen && cond(1)) s = {true, true};
        else s.first_seen = s.first_seen || cond(0);
        break;
    case Node::When::Final: break;
    }
}

// A scan that reached the game's end undecided: always(...) held everywhere, the others never.
bool undecided_value(Node::When when) { return when == Node::When::Always; }

} // namespace

// What a parsed expression needs to follow a game's positions.
struct WhereExpr::Plan {
    std::unique_ptr<Node> root;
    bool uses_positions = false;
    // The when-forms but final, decided over the positions, by their slot: `pure` ones (no game
    // field in their condition) step as each position comes; the others, which need the
    // game's end, read the positions' masks then: a bit per position predicate of theirs (its
    // slot), `words` 64-bit words a position.
    std::vector<const Node*> scanned;
    std::vector<const Node*> pure;
    std::vector<const Node*> masked_predicates;
    std::size_t words = 0;
    bool scans_at_end = false; // some when-form reads the masks at the end (even with no predicate)

    explicit Plan(std::unique_ptr<Node> parsed) : root(std::move(parsed)) {
        uses_positions = select::uses_positions(*root);
        assign_slots(*root);
        words = (masked_predicates.size() + 63) / 64;
        scans_at_end = pure.size() < scanned.size();
    }

private:
    void assign_slots(Node& n) {
        if (n.kind != Node::Kind::When) {
            for (auto& c : n.children) assign_slots(*c);
            return;
        }
        if (n.when == Node::When::Final) return;
        n.slot = int(scanned.size());
        scanned.push_back(&n);
        n.reads_fields = false;
        for (const auto& c : n.children) n.reads_fields = n.reads_fields || reads_fields(*c);
        if (!n.reads_fields) pure.push_back(&n);
        // Once ever has not held, or always has, at a position, only a move that changes a
        // piece on these squares can change that.
        if (!n.reads_fields && (n.when == Node::When::Ever || n.when == Node::When::Always))
            n.read_squares = squares_read(*n.children[0]);
        if (n.reads_fields)
            for (auto& c : n.children) number_predicates(*c);
    }
    void number_predicates(Node& n) {
        if (is_position_predicate(n)) {
            n.slot = int(masked_predicates.size());
            masked_predicates.push_back(&n);
        }
        for (auto& c : n.children) number_predicates(*c);
    }
};

namespace {

// The watcher of one GameChecker (game::CheckOptions::watch_positions): the pure when-forms
// step at each position as it comes, stopping once decided; the others keep a mask of their
// position predicates per position, read at the game's end with its fields.
class WhereWatcher final : public game::PositionWatcher {
public:
    explicit WhereWatcher(std::shared_ptr<const WhereExpr::Plan> plan)
        : plan_(std::move(plan)), states_(plan_->scanned.size()), scans_(plan_->pure.size()) {}

    void start(const position::Position* start) override {
        has_start_ = start != nullptr;
        ply_ = 0;
        masks_.clear();
        std::fill(states_.begin(), states_.end(), WhenState{});
        for (std::size_t i = 0; i < scans_.size(); ++i) scans_[i] = Scan(*plan_->pure[i]);
        active_ = scans_.size();
        if (has_start_) see(*start);
        watch_fewer_squares();
    }
    void position(const position::Position& after) override {
        ++ply_;
        see(after);
    }
    bool selected(const game::GameRecord& record) override { return evaluate(*plan_->root, record, this); }

    // The when-form n's answer at the game's end.
    bool result(const Node& n, const game::GameRecord& r) const {
        if (!has_start_) return false; // no positions: every when-form is false
        const Node& cond = *n.children[0];
        if (n.when == Node::When::Final)
            return r.final_board && holds(
                                        cond, [&](const Node& p) { return predicate_holds(p, r.final_board->position()); }, &r);
        if (!n.reads_fields) {
            const WhenState& s = states_[std::size_t(n.slot)];
            return s.decided ? s.value : undecided_value(n.when);
        }
        WhenState s;
        for (int ply = 0; ply <= ply_ && !s.decided; ++ply) {
            const std::uint64_t* mask = masks_.data() + std::size_t(ply) * plan_->words;
            auto bit = [&](const Node& p) { return (mask[p.slot >> 6] >> (p.slot & 63)) & 1; };
            step(n.when, n.plies, s, ply, [&](int i) { return holds(*n.children[std::size_t(i)], bit, &r); });
        }
        return s.decided ? s.value : undecided_value(n.when);
    }

private:
    // A when-form without game fields, stepped at each position until decided: what it needs
    // of its node, kept together (the per-move path).
    struct Scan {
        Scan() = default;
        explicit Scan(const Node& n)
            : cond{n.children[0].get(), n.children.size() > 1 ? n.children[1].get() : nullptr}, when(n.when), plies(n.plies),
              slot(n.slot), read_squares(n.read_squares) {}
        const Node* cond[2] = {nullptr, nullptr};
        Node::When when = Node::When::Ever;
        int plies = 0;
        int slot = 0;
        Bitboard read_squares = ~Bitboard{0};
        WhenState state;
    };

    // Inlined into position(): this is the cost per move of a position predicate.
    [[gnu::always_inline]] void see(const position::Position& p) {
        auto predicate = [&](const Node& leaf) { return predicate_holds(leaf, p); };
        bool retired = false;
        for (std::size_t i = 0; i < active_;) { // scans_[0, active_): the undecided ones
            Scan& s = scans_[i];
            step(s.when, s.plies, s.state, ply_, [&](int c) {
                const Node& cond = *s.cond[c];
                return is_position_predicate(cond) ? predicate_holds(cond, p) : holds(cond, predicate, nullptr);
            });
            if (!s.state.decided) {
                ++i;
                continue;
            }
            states_[std::size_t(s.slot)] = s.state;
            if (--active_ != i) s = scans_[active_]; // the last undecided one takes its place
            retired = true;
        }
        if (retired) watch_fewer_squares();
        if (plan_->words > 0) {
            const std::size_t at = masks_.size();
            masks_.resize(at + plan_->words);
            for (std::size_t i = 0; i < plan_->masked_predicates.size(); ++i)
                if (predicate_holds(*plan_->masked_predicates[i], p)) masks_[at + i / 64] |= std::uint64_t{1} << (i % 64);
        }
    }

    // The squares the undecided when-forms read (game::PositionWatcher::watched_squares): none
    // once all are decided, or for a game without positions. A pure when-form reads at least
    // one square unless its condition is constant: ever(false) and always(true) then need no
    // more positions to be false and true.
    [[gnu::noinline]] void watch_fewer_squares() {
        watched_squares_ = !has_start_ ? 0 : plan_->scans_at_end ? ~Bitboard{0} : 0;
        for (std::size_t i = 0; i < active_; ++i) watched_squares_ |= scans_[i].read_squares;
    }

    std::shared_ptr<const WhereExpr::Plan> plan_;
    bool has_start_ = false;
    int ply_ = 0;                      // of the last position seen
    std::vector<WhenState> states_;    // by slot: the pure when-forms' states once decided
    std::vector<Scan> scans_;          // the pure when-forms of this game
    std::size_t active_ = 0;           // scans_[0, active_) are not decided yet
    std::vector<std::uint64_t> masks_; // plan_->words a position seen, start first
};

// The expression for one game; `positions` answers its when-forms (nullptr: it has none).
bool evaluate(const Node& n, const game::GameRecord& r, const WhereWatcher* positions) {
    switch (n.kind) {
    case Node::Kind::And: return evaluate(*n.children[0], r, positions) && evaluate(*n.children[1], r, positions);
    case Node::Kind::Or: return evaluate(*n.children[0], r, positions) || evaluate(*n.children[1], r, positions);
    case Node::Kind::Not: return !evaluate(*n.children[0], r, positions);
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
    case Node::Kind::When: return positions && positions->result(n, r);
    case Node::Kind::Reaches:
    case Node::Kind::Material:
    case Node::Kind::Count:
    case Node::Kind::Pattern: return false; // only under a When node
    }
    return false;
}

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
    case Node::Kind::Material:
    case Node::Kind::Count:
    case Node::Kind::Pattern:
    case Node::Kind::When: return false;
    }
    return false;
}

} // namespace

std::variant<WhereExpr, WhereError> WhereExpr::parse(std::string_view text, std::optional<Variant> variant) {
    try {
        Parser parser(tokenize(text), variant);
        return WhereExpr(std::make_shared<const Plan>(parser.parse()));
    } catch (const ParseFailure& f) {
        return f.error;
    }
}

bool WhereExpr::matches(const game::GameRecord& record) const {
    if (!plan_->uses_positions) return evaluate(*plan_->root, record, nullptr);
    WhereWatcher watcher(plan_);
    return game::replay_into(watcher, record);
}

void WhereExpr::select_in(game::CheckOptions& options) const {
    options.select_on_tags = uses_only_tags();
    if (plan_->uses_positions) {
        options.select = nullptr;
        options.watch_positions = [plan = plan_]() -> std::unique_ptr<game::PositionWatcher> {
            return std::make_unique<WhereWatcher>(plan);
        };
    } else {
        options.watch_positions = nullptr;
        options.select = [expr = *this](const game::GameRecord& r) { return expr.matches(r); };
    }
}

bool WhereExpr::uses_positions() const { return plan_->uses_positions; }

bool WhereExpr::uses_only_tags() const { return only_tags(*plan_->root); }

} // namespace horde::select
