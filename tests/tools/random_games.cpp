// Random legal games as PGN, for the benchmarks (bench/tree.sh): N games of a variant from its
// start position, the same for the same seed on every machine (perft/random.hpp's generator).
// The first --opening plies choose among the first --width legal moves (in the library's
// generation order), each half as likely as the one before (the last as likely as the one
// before it), so that the games share openings as real games do — a few main lines with most
// of the games, many side lines with few — and an opening tree has branches with many games;
// --uniform-openings makes those choices uniform (almost every game leaves the others early).
// Later plies are uniform. A game ends at its checkmate, stalemate or automatic draw, or after
// 30..150 plies with a result drawn at random.
//   horde_random_games --games N [--seed S] [--variant chess] [--opening 10] [--width 4]
//                      [--uniform-openings]
#include "horde/game/game.hpp"
#include "horde/notation/san.hpp"
#include "horde/perft/random.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

using namespace horde;

namespace {

struct Options {
    std::uint64_t games = 1000, seed = 1;
    Variant variant = Variant::Chess;
    int opening = 10, width = 4;
    bool uniform_openings = false;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; i += 2) {
        if (std::string_view(argv[i]) == "--uniform-openings") {
            o.uniform_openings = true;
            --i;
            continue;
        }
        if (i + 1 >= argc) break;
        const std::string_view name = argv[i], value = argv[i + 1];
        if (name == "--games") o.games = std::strtoull(argv[i + 1], nullptr, 10);
        else if (name == "--seed") o.seed = std::strtoull(argv[i + 1], nullptr, 10);
        else if (name == "--opening") o.opening = std::atoi(argv[i + 1]);
        else if (name == "--width") o.width = std::atoi(argv[i + 1]);
        else if (name == "--variant" && parse_variant(value)) o.variant = *parse_variant(value);
        else {
            fmt::print(stderr, "horde_random_games: bad option {} {}\n", name, value);
            std::exit(2);
        }
    }
    return o;
}

// One game's movetext and result.
std::string play_game(const Options& o, perft::Xoshiro256StarStar& rng, std::string& result) {
    game::Game game{position::Board(o.variant)};
    const int length = 30 + int(rng.below(121));
    std::string text;
    for (int ply = 0; ply < length; ++ply) {
        const position::MoveList moves = game.board().legal_moves();
        if (moves.size() == 0) break;
        const std::uint64_t choices =
            ply < o.opening ? std::min<std::uint64_t>(std::uint64_t(o.width), moves.size()) : moves.size();
        std::uint64_t pick = 0;
        if (ply >= o.opening || o.uniform_openings) pick = rng.below(choices);
        else
            while (pick + 1 < choices && rng.below(2) == 1) ++pick; // 1/2, 1/4, ...
        const Move m = moves[std::size_t(pick)];
        if (ply % 2 == 0) text += fmt::format("{}. ", ply / 2 + 1);
        text += notation::to_san(game.board(), m);
        text += ' ';
        game.play(m);
        if (game.automatic_end_without_movegen().kind == game::StatusKind::GameOver) break;
    }
    const game::Adjudication end = game.adjudicate();
    if (end.kind == game::StatusKind::GameOver) result = std::string(game::result_text(end.result));
    else
        result = std::string(game::result_text(
            std::array{game::GameResult::WhiteWins, game::GameResult::BlackWins, game::GameResult::Draw}[rng.below(3)]));
    return text;
}

} // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    perft::Xoshiro256StarStar rng(o.seed);
    std::string out;
    for (std::uint64_t g = 1; g <= o.games; ++g) {
        std::string result;
        const std::string moves = play_game(o, rng, result);
        out += fmt::format("[Event \"random\"]\n[Site \"https://example.org/r{}\"]\n[Date \"2024.{:02}.{:02}\"]\n"
                           "[White \"w{}\"]\n[Black \"b{}\"]\n[Result \"{}\"]\n[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n",
                           g, 1 + g % 12, 1 + g % 28, g % 97, g % 89, result, 1200 + rng.below(1500), 1200 + rng.below(1500));
        if (o.variant != Variant::Chess) out += fmt::format("[Variant \"{}\"]\n", variant_name(o.variant));
        out += fmt::format("\n{}{}\n\n", moves, result);
        if (out.size() > (1 << 20)) {
            std::fwrite(out.data(), 1, out.size(), stdout);
            out.clear();
        }
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
