// fuzz-moves: move lists as horde-replay and `horde-perft --moves` read them (notation/
// move_list): a FEN line (the start positions when it is valid for no variant), then the move
// list. Self-checks: the tokens are views of the text; a played list is legal move by move and
// ends in the position it reports; its moves written back as UCI, and as SAN, play again to
// the same moves; an error names a ply within the list and a token of it.
#include "fuzz_support.hpp"

#include "horde/notation/move_list.hpp"
#include "horde/notation/san.hpp"

#include <fmt/format.h>

using namespace horde;

namespace {

void check_list(const position::Board& start, std::string_view text) {
    const auto tokens = notation::move_list_tokens(text);
    for (std::string_view t : tokens) {
        FUZZ_CHECK(!t.empty(), "an empty move token");
        FUZZ_CHECK(t.data() >= text.data() && t.data() + t.size() <= text.data() + text.size(), "a token outside the text");
    }
    const auto played = notation::play_move_list(start, text);
    if (const auto* error = std::get_if<notation::MoveListError>(&played)) {
        FUZZ_CHECK(error->ply >= 1 && error->ply <= tokens.size(),
                   fmt::format("error at ply {} of a list of {} tokens", error->ply, tokens.size()));
        FUZZ_CHECK(error->token == tokens[error->ply - 1],
                   fmt::format("error names '{}', ply {} is '{}'", error->token, error->ply, tokens[error->ply - 1]));
        FUZZ_CHECK(!error->message.empty() && !diagnostic_name(error->code).empty(), "a move-list error without message or code");
        return;
    }
    const notation::PlayedMoveList& list = std::get<notation::PlayedMoveList>(played);
    FUZZ_CHECK(list.moves.size() == tokens.size(), fmt::format("{} moves from {} tokens", list.moves.size(), tokens.size()));
    position::Board board = start;
    std::string uci_text, san_text;
    for (Move m : list.moves) {
        FUZZ_CHECK(board.is_legal(m), fmt::format("{}: illegal move {} in a played list", board.fen(), board.uci(m)));
        uci_text += board.uci(m) + ' ';
        san_text += notation::to_san(board, m) + ' ';
        board.play(m);
    }
    FUZZ_CHECK(fuzz::same_position(board, list.end), "the reported end position is not where the moves lead");
    for (const std::string* again_text : {&uci_text, &san_text}) {
        const auto again = notation::play_move_list(start, *again_text);
        const auto* replayed = std::get_if<notation::PlayedMoveList>(&again);
        FUZZ_CHECK(replayed && replayed->moves == list.moves, "the moves written back do not play again: " + *again_text);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view moves;
    const std::string_view fen = fuzz::first_line(fuzz::as_text(data, size), moves);
    bool any = false;
    for (Variant v : fuzz::ALL_VARIANTS) {
        auto parsed = position::Board::from_fen(v, fen);
        if (auto* board = std::get_if<position::Board>(&parsed)) {
            check_list(*board, moves);
            any = true;
        }
    }
    if (!any)
        for (Variant v : fuzz::ALL_VARIANTS) check_list(position::Board(v), moves);
    return 0;
}
