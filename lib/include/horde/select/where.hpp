// --where EXPR: which games a tool acts on (horde-check, horde-list, horde-replay), one
// implementation for all three. The language (the README's "Choosing games" has examples):
//
//   expr      := term { "or" term }
//   term      := factor { "and" factor }
//   factor    := "not" factor | "(" expr ")" | call | FIELD [ OP literal | "~" regex ]
//   OP        := == != < <= > >=
//   literal   := NUMBER | STRING               STRING: "..." with \" and \\ escapes
//   regex     := STRING | i"..."               i"..." ignores case (RE2 syntax, unanchored)
//   call      := has(FIELD) | tag("NAME") OP literal | code("CODE") | reaches("FEN") | material("SPEC")
//
// FIELD is a computed field (select/fields.hpp: variant, plies, valid, status, ...) or else a
// tag name. A bare FIELD is true when the field is present and not "false" or "0" (`valid`).
// Comparison is numeric when the literal is a number: a field that is absent or not a number
// is then false (WhiteElo "?"). Otherwise it compares bytes; an absent tag makes every
// comparison false (so `not Event == "x"` is how to include games without an Event tag).
//   code("illegal-move")  the game has an error or warning with that code
//   reaches("FEN")        a position of the main line (start included) has this placement and
//                         side to move; with only the first FEN field, this placement
//   material("SPEC")      a position of the main line has exactly this material: SPEC lists
//                         piece letters, White upper case, Black lower case, each with an
//                         optional count (default 1), spaces ignored: "KQ kr", "P36 kqr2b2n2p8"
//                         (Horde's start), Orda's L A H Y letters as in FEN
// A syntax error gives the 1-based column and what was expected.
#pragma once

#include "horde/game/checker.hpp"

#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace horde::select {

struct WhereError {
    int column = 0; // 1-based, in the expression
    std::string message;
};

class WhereExpr {
public:
    static std::variant<WhereExpr, WhereError> parse(std::string_view text);
    // Safe to call from several threads at once.
    bool matches(const game::GameRecord& record) const;
    // Whether the expression looks at positions (reaches, material): it then replays the moves.
    bool uses_positions() const;
    // Whether it reads nothing but tags: it can then be decided once the tag section is read
    // (CheckOptions::select_on_tags).
    bool uses_only_tags() const;

    struct Node;

private:
    explicit WhereExpr(std::shared_ptr<const Node> root) : root_(std::move(root)) {}
    std::shared_ptr<const Node> root_;
};

} // namespace horde::select
