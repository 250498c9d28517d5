// The fields of a checked game that --where tests and horde-list --games prints: its tags by
// name, and the computed fields below. One definition for both, so that a table shows exactly
// what a selection compares.
//
// Computed fields (lower case; a tag of the same name is reached with tag("...") in --where):
//   variant    chess, chess960, horde, orda (absent when the Variant tag is unknown)
//   plies      legal main-line plies
//   valid      true / false
//   status     the adjudication status, as --json writes it (checkmate, ..., none)
//   result     the adjudicated result (1-0, 0-1, 1/2-1/2, * while the game goes on)
//   declared   the declared result (Result tag, else the movetext's result token, else *)
//   errors     number of errors
//   warnings   number of warnings
//   start_fen  the start position (absent when invalid)
//   final_fen  the position after the last legal main-line move (absent when no valid start)
//   game       the game's 1-based index in the input
#pragma once

#include "horde/game/checker.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace horde::select {

enum class GameField : std::uint8_t {
    Tag,
    Variant,
    Plies,
    Valid,
    Status,
    Result,
    Declared,
    Errors,
    Warnings,
    StartFen,
    FinalFen,
    Game
};

// The computed field of that name, or GameField::Tag.
GameField parse_game_field(std::string_view name);

// The text of a field (a tag when `field` is Tag: `tag` names it). Returns false when the
// field is absent (a missing tag, final_fen without a valid start, ...). `buffer` holds
// computed text; `out` views either it or the record's tag value.
bool game_field_text(const game::GameRecord& record, GameField field, std::string_view tag, std::string& buffer,
                     std::string_view& out);

} // namespace horde::select
