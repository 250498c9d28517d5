// A move list fed to an observer as the game walk feeds a PGN game (checker.hpp: walk_moves).
#include "horde/game/checker.hpp"

#include "horde/notation/san.hpp"
#include "horde/position/board.hpp"

namespace horde::game {

namespace {

// The tags of the PGN game that a move list from `start` stands for.
std::vector<std::pair<std::string, std::string>> move_list_tags(const position::Board& start) {
    std::vector<std::pair<std::string, std::string>> tags;
    const Variant variant = start.variant();
    if (variant != Variant::Chess) tags.emplace_back("Variant", std::string(variant_title(variant)));
    // Chess960 games keep their FEN tag even from the standard array, as lichess writes them.
    const std::string fen = start.fen();
    if (variant == Variant::Chess960 || fen != position::Board(variant).fen()) {
        tags.emplace_back("SetUp", "1");
        tags.emplace_back("FEN", fen);
    }
    return tags;
}

} // namespace

GameRecord walk_moves(const position::Board& start, std::span<const Move> moves, GameObserver& observer) {
    GameRecord record;
    record.game = 1;
    record.tags = move_list_tags(start);
    record.variant = start.variant();
    record.start = start;
    observer.listening_ = true;
    observer.begin_game(record);
    observer.tags_read(record, &start);
    Game game(start);
    position::Board before = start;
    std::string san;
    for (const Move m : moves) {
        san = notation::to_san(before, m);
        game.play(m);
        record.moves.push_back(m);
        if (!observer.listening_) {
            before = game.board();
            continue;
        }
        MoveEvent event;
        event.kind = MoveEvent::Kind::Move;
        event.token = san;
        event.move = m;
        event.before = &before;
        event.after = &game.board();
        event.game = &game;
        observer.move(event);
        before = game.board();
    }
    record.final_board = game.board();
    record.adjudication = game.adjudicate();
    record.movetext_result = record.adjudication.kind == StatusKind::GameOver ? result_text(record.adjudication.result) : "*";
    observer.end_game(record);
    return record;
}

} // namespace horde::game
