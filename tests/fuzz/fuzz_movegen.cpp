// fuzz-movegen: a position from the input (first line: a FEN, tried in each variant), then a
// walk through the game tree, one input byte choosing each move. At every position the rules
// core must agree with itself:
//   * the move list, the counting sink and perft 1 give the same number;
//   * has_legal_move is that number above zero;
//   * perft 2 with and without the hash table are equal;
//   * the key updated move by move equals the key of the position read afresh from its FEN;
//   * in-check and checkers agree with the attackers of the king;
//   * no listed move leaves the mover's king attacked.
#include "fuzz_support.hpp"

#include "horde/perft/perft.hpp"

#include <fmt/format.h>

using namespace horde;

namespace {

constexpr int kMaxPlies = 48;

template <Variant V> Bitboard king_attackers(const position::Position& pos, Color side) {
    const Bitboard king = pos.pieces(side, KING);
    if (!king) return 0;
    return pos.template attackers_to<V>(lsb(king), pos.pieces(), ~side);
}

void check_position(const position::Board& board, perft::PerftHash& hash, bool deep) {
    const Variant v = board.variant();
    const position::Position& pos = board.position();
    const std::string fen = board.fen();
    const position::MoveList list = board.legal_moves();
    const std::uint64_t counted = position::count_legal_moves(v, pos);
    const std::uint64_t perft1 = perft::perft(v, pos, 1);
    FUZZ_CHECK(list.size() == counted && counted == perft1,
               fmt::format("{} {}: list {} moves, count {}, perft 1 {}", variant_name(v), fen, list.size(), counted, perft1));
    FUZZ_CHECK(position::has_legal_move(v, pos) == (counted > 0),
               fmt::format("{} {}: has_legal_move disagrees with {} moves", variant_name(v), fen, counted));

    position::with_variant(v, [&]<Variant V>() {
        const Bitboard attackers = king_attackers<V>(pos, pos.side);
        FUZZ_CHECK(board.checkers() == attackers,
                   fmt::format("{} {}: checkers differ from the king's attackers", variant_name(v), fen));
        FUZZ_CHECK(board.in_check() == (attackers != 0), fmt::format("{} {}: in_check disagrees", variant_name(v), fen));
        FUZZ_CHECK(!king_attackers<V>(pos, ~pos.side),
                   fmt::format("{} {}: the side not to move is in check", variant_name(v), fen));
        for (Move m : list) {
            position::Position after = pos;
            after.template play<V>(m);
            FUZZ_CHECK(!king_attackers<V>(after, pos.side),
                       fmt::format("{} {}: {} leaves the king attacked", variant_name(v), fen, board.uci(m)));
        }
    });

    // The key from scratch: the position read again from its own FEN.
    auto fresh = position::Board::from_fen(v, fen);
    FUZZ_CHECK(std::holds_alternative<position::Board>(fresh), fmt::format("{}: own FEN '{}' rejected", variant_name(v), fen));
    FUZZ_CHECK(std::get<position::Board>(fresh).repetition_key() == board.repetition_key(),
               fmt::format("{} {}: incremental key differs from the key computed afresh", variant_name(v), fen));

    if (deep && counted <= 64) {
        const std::uint64_t plain = perft::perft(v, pos, 2);
        perft::PerftOptions with_hash;
        with_hash.hash = &hash;
        const std::uint64_t hashed = perft::perft(v, pos, 2, with_hash);
        const std::uint64_t hashed_again = perft::perft(v, pos, 2, with_hash); // from the filled table
        FUZZ_CHECK(plain == hashed && hashed == hashed_again, fmt::format("{} {}: perft 2 is {} without hash, {} / {} with",
                                                                          variant_name(v), fen, plain, hashed, hashed_again));
        std::uint64_t divided = 0;
        for (const auto& [move, count] : perft::perft_divide(v, pos, 2)) divided += count;
        FUZZ_CHECK(divided == plain,
                   fmt::format("{} {}: divide sums to {}, perft 2 is {}", variant_name(v), fen, divided, plain));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view walk;
    const std::string_view fen = fuzz::first_line(fuzz::as_text(data, size), walk);
    for (Variant v : fuzz::ALL_VARIANTS) {
        // One table per variant: keys do not say the variant (a tool counts in one variant).
        perft::PerftHash hash(1);
        auto parsed = position::Board::from_fen(v, fen);
        auto* start = std::get_if<position::Board>(&parsed);
        if (!start) continue;
        position::Board board = *start;
        for (std::size_t ply = 0;; ++ply) {
            check_position(board, hash, ply % 8 == 0);
            if (ply >= walk.size() || ply >= kMaxPlies) break;
            const position::MoveList moves = board.legal_moves();
            if (moves.empty() || board.variant_game_over()) break;
            board.play(moves[static_cast<unsigned char>(walk[ply]) % moves.size()]);
        }
    }
    return 0;
}
