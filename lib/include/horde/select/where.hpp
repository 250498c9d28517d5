// --where EXPR: which games a tool acts on (horde-check, horde-list, horde-replay), one
// implementation for all three. The language (the README's "Choosing games" has examples):
//
//   expr      := term { "or" term }
//   term      := factor { "and" factor }
//   factor    := "not" factor | "(" expr ")" | call | FIELD [ OP literal | "~" regex ]
//   OP        := == != < <= > >=
//   literal   := NUMBER | STRING               STRING: "..." with \" and \\ escapes
//   regex     := STRING | i"..."               i"..." ignores case (RE2 syntax, unanchored)
//   call      := has(FIELD) | tag("NAME") OP literal | code("CODE") | position | when
//   position  := reaches("FEN") | material("SPEC") | material("SIGNATURE")
//              | material(white|black, "L") [OP N] | material_diff("L") [OP N]
//              | pattern("RANKS") | piece("L" [, "SQUARES"]) | count("L" [, "SQUARES"]) [OP N]
//   when      := final(cond) | at(PLY, cond) | ever(cond) | always(cond) | for(N, cond)
//              | then(cond, cond)        cond: an expr; no when inside a when
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
//   material("KQR v KRB+") a signature: White's pieces, 'v', Black's, letters in either case
//                         with counts; a side ending in '+' has at least these (any others)
//   material(white, "Q") >= 2, material_diff("R") == 1 (White's rooks less Black's)
//   pattern("8/8/8/3N4/8/8/8/8")  FEN-like ranks: a digit is that many empty squares, '?' any
//                         square, "[pn]" one of a set ('.' empty), "[^p]" anything but them
//   piece("P", "a-file"), count("P", "rank 7") >= 2: pieces of one letter on a square set
//                         (squares "e4", files "a-file", ranks "rank 7", "all"; default all)
// A position predicate outside a when-form means ever(...): at some position of the main
// line, the start included. final: the last position; at(PLY): the position after PLY plies
// (0: the start); always: every position; for(N): N consecutive positions; then(A, B): A at
// one position and B at a later one. A game without a valid start has no positions: every
// when-form is false. docs/selecting.md has the exact semantics.
// A piece letter of no variant is a syntax error; with a variant (--variant), a letter of
// another variant's pieces too ("'L' is not a piece in chess"). Without one, a piece the
// game's variant does not have is simply never on the board.
// A syntax error gives the 1-based column and what was expected.
#pragma once

#include "horde/game/checker.hpp"

#include <memory>
#include <optional>
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
    // variant: the --variant given, if any (piece letters must then be of its pieces).
    static std::variant<WhereExpr, WhereError> parse(std::string_view text, std::optional<Variant> variant = std::nullopt);
    // Whether the record is chosen; with position predicates, by playing its main line again
    // (a walk with select_in's options judges them as it plays the moves instead). Safe to call
    // from several threads at once.
    bool matches(const game::GameRecord& record) const;
    // Sets the checker's options to choose games by this expression: CheckOptions::select, or
    // for an expression that looks at positions CheckOptions::watch_positions (a watcher per
    // checker that judges the main line's positions in the walk's own pass); select_on_tags.
    void select_in(game::CheckOptions& options) const;
    // Whether the expression looks at positions (a when-form).
    bool uses_positions() const;
    // Whether it reads nothing but tags: it can then be decided once the tag section is read
    // (CheckOptions::select_on_tags).
    bool uses_only_tags() const;

    struct Node;
    struct Plan;

private:
    explicit WhereExpr(std::shared_ptr<const Plan> plan) : plan_(std::move(plan)) {}
    std::shared_ptr<const Plan> plan_;
};

} // namespace horde::select
