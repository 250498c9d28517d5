// Board diagrams: exact text for the start positions, and the shape of the SVG.
#include "horde/report/render.hpp"
#include "horde/report/svg.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

using namespace horde;

namespace {

std::size_t count(const std::string& haystack, std::string_view needle) {
    std::size_t n = 0;
    for (auto pos = haystack.find(needle); pos != std::string::npos; pos = haystack.find(needle, pos + needle.size())) ++n;
    return n;
}

position::Board board_from(Variant v, std::string_view fen) {
    auto parsed = position::Board::from_fen(v, fen);
    REQUIRE(std::holds_alternative<position::Board>(parsed));
    return std::get<position::Board>(parsed);
}

} // namespace

TEST_CASE("ASCII diagram of the Horde start position", "[render]") {
    const std::string expected = "  +-----------------+\n"
                                 "8 | r n b q k b n r |\n"
                                 "7 | p p p p p p p p |\n"
                                 "6 | . . . . . . . . |\n"
                                 "5 | . P P . . P P . |\n"
                                 "4 | P P P P P P P P |\n"
                                 "3 | P P P P P P P P |\n"
                                 "2 | P P P P P P P P |\n"
                                 "1 | P P P P P P P P |\n"
                                 "  +-----------------+\n"
                                 "    a b c d e f g h\n"
                                 "White to move\n";
    CHECK(report::render_board(position::Board(Variant::Horde)) == expected);
}

TEST_CASE("ASCII diagram of the Orda start position", "[render]") {
    const std::string expected = "  +-----------------+\n"
                                 "8 | l h a y k a h l |\n"
                                 "7 | . . . . . . . . |\n"
                                 "6 | p p p p p p p p |\n"
                                 "5 | . . . . . . . . |\n"
                                 "4 | . . . . . . . . |\n"
                                 "3 | . . . . . . . . |\n"
                                 "2 | P P P P P P P P |\n"
                                 "1 | R N B Q K B N R |\n"
                                 "  +-----------------+\n"
                                 "    a b c d e f g h\n"
                                 "White to move\n";
    CHECK(report::render_board(position::Board(Variant::Orda)) == expected);
}

TEST_CASE("Flipped ASCII diagram without coordinates, Black to move", "[render]") {
    const position::Board b = board_from(Variant::Chess, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    const std::string expected = "+-----------------+\n"
                                 "| R N B K Q B N R |\n"
                                 "| P P P . P P P P |\n"
                                 "| . . . . . . . . |\n"
                                 "| . . . P . . . . |\n"
                                 "| . . . . . . . . |\n"
                                 "| . . . . . . . . |\n"
                                 "| p p p p p p p p |\n"
                                 "| r n b k q b n r |\n"
                                 "+-----------------+\n"
                                 "Black to move\n";
    CHECK(report::render_board(b, {.flip = true, .coordinates = false}) == expected);
}

TEST_CASE("Unicode diagram of the Orda start position", "[render]") {
    const std::string expected = "  ┌─────────────────┐\n"
                                 "8 │ ⓛ ⓗ ⓐ ⓨ ♚ ⓐ ⓗ ⓛ │\n"
                                 "7 │ · · · · · · · · │\n"
                                 "6 │ ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ │\n"
                                 "5 │ · · · · · · · · │\n"
                                 "4 │ · · · · · · · · │\n"
                                 "3 │ · · · · · · · · │\n"
                                 "2 │ ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ │\n"
                                 "1 │ ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ │\n"
                                 "  └─────────────────┘\n"
                                 "    a b c d e f g h\n"
                                 "White to move\n"
                                 "Orda: ⓛ lancer, ⓐ horse archer, ⓗ kheshig, ⓨ yurt, ♚ khan (upper case Ⓗ: a White kheshig)\n";
    CHECK(report::render_board(position::Board(Variant::Orda), {.unicode = true}) == expected);
}

TEST_CASE("Every piece has its own symbol", "[render]") {
    for (bool unicode : {false, true}) {
        std::vector<std::string_view> seen;
        for (Color c : {WHITE, BLACK})
            for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) {
                const auto symbol = report::piece_symbol(make_piece(c, PieceType(pt)), unicode);
                CHECK(std::find(seen.begin(), seen.end(), symbol) == seen.end());
                seen.push_back(symbol);
            }
    }
    CHECK(report::piece_symbol(make_piece(BLACK, LANCER), false) == "l");
    CHECK(report::piece_symbol(make_piece(WHITE, KHESHIG), true) == "Ⓗ");
}

TEST_CASE("Colour diagrams use ANSI escapes only when asked", "[render]") {
    const position::Board b(Variant::Horde);
    CHECK(report::render_board(b).find('\x1b') == std::string::npos);
    CHECK(report::render_board(b, {.unicode = true}).find('\x1b') == std::string::npos);
    const std::string coloured = report::render_board(b, {.color = true});
    CHECK(count(coloured, "\x1b[0m") == 8); // one reset per rank
    CHECK(coloured.find("White to move\n") != std::string::npos);
    // Deterministic.
    CHECK(coloured == report::render_board(b, {.color = true}));
    // A highlighted move changes the shading of exactly its two squares.
    const std::string marked = report::render_board(b, {.color = true, .highlight = Move(E2, E4)});
    CHECK(marked != coloured);
}

namespace {

// Opening tags that are not self-closing must match the closing tags, name by name.
bool balanced(const std::string& svg) {
    std::vector<std::string> stack;
    std::size_t pos = 0;
    while ((pos = svg.find('<', pos)) != std::string::npos) {
        const auto end = svg.find('>', pos);
        if (end == std::string::npos) return false;
        std::string tag = svg.substr(pos + 1, end - pos - 1);
        pos = end + 1;
        if (tag.empty()) return false;
        if (tag[0] == '/') {
            if (stack.empty() || stack.back() != tag.substr(1)) return false;
            stack.pop_back();
        } else if (tag.back() != '/') {
            stack.push_back(tag.substr(0, tag.find_first_of(" \n")));
        }
    }
    return stack.empty();
}

} // namespace

TEST_CASE("SVG of the Horde start position", "[render][svg]") {
    const std::string svg = report::render_svg(position::Board(Variant::Horde));
    CHECK(svg.rfind("<svg", 0) == 0);
    CHECK(balanced(svg));
    CHECK(count(svg, "<rect class=\"square ") == 64);
    CHECK(count(svg, "class=\"square light\"") == 32);
    CHECK(count(svg, "<g class=\"piece\"") == 36 + 16);
    CHECK(count(svg, "data-piece=\"P\"") == 36);
    CHECK(count(svg, "class=\"highlight\"") == 0);
    CHECK(count(svg, "<use href=\"#piece-w-pawn\"") == 36);
    CHECK(count(svg, "<symbol ") == 7); // the white pawn and the six black chess figures
    CHECK(svg == report::render_svg(position::Board(Variant::Horde)));
}

TEST_CASE("SVG of an Orda position draws each Orda piece with its own shape", "[render][svg]") {
    // After 1. e4: a last-move highlight on two squares.
    position::Board b(Variant::Orda);
    const Move e4 = b.parse_uci("e2e4");
    REQUIRE(!e4.is_none());
    b.play(e4);
    const std::string svg = report::render_svg(b, {.last_move = e4});
    CHECK(svg.rfind("<svg", 0) == 0);
    CHECK(balanced(svg));
    CHECK(count(svg, "<rect class=\"square ") == 64);
    CHECK(count(svg, "<g class=\"piece\"") == 32);
    CHECK(count(svg, "class=\"highlight\"") == 2);
    for (std::string_view letter : {"l", "a", "h"}) CHECK(count(svg, fmt::format("data-piece=\"{}\"", letter)) == 2);
    CHECK(count(svg, "data-piece=\"y\"") == 1);
    // Each Orda piece is its own drawn figure, defined once and placed with <use>; the khan is
    // Black's king; no piece is a letter.
    for (auto [letter, figure] : {std::pair{'l', "lancer"}, {'a', "archer"}, {'h', "kheshig"}, {'y', "yurt"}, {'k', "khan"}}) {
        CHECK(count(svg, fmt::format("data-piece=\"{}\" data-square", letter)) ==
              count(svg, fmt::format("<use href=\"#piece-b-{}\"", figure)));
        CHECK(count(svg, fmt::format("<symbol id=\"piece-b-{}\"", figure)) == 1);
    }
    CHECK(count(svg, "piece-b-king") == 0);
    CHECK(count(svg, "<text") == 16); // the coordinates only
}
