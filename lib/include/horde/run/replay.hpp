// The one-thread readers that export games or build their trees, with the PGN exporter
// (report/pgn_writer.hpp) or the replay page's tree builder (report/game_tree.hpp) as the walk's
// observer. horde-replay's own run over a PGN stream is a consumer of run/pipeline.hpp, typed by
// the product its output needs (tools/horde-replay/pgn_input.cpp).
#pragma once

#include "horde/game/checker.hpp"
#include "horde/report/game_tree.hpp"
#include "horde/report/pgn_writer.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace horde::pgn {
class PgnReader;
}

namespace horde::run {

// Reads every game of `reader` through a GameChecker with `options` and hands each finished
// record to `on_game` together with its normalised PGN (report/pgn_writer.hpp: tags, blank
// line, movetext, blank line), or an empty view when the game is not exported (record.valid()
// is false: the record's errors say why). On the calling thread.
void export_pgn(pgn::PgnReader& reader, const game::CheckOptions& options,
                const std::function<void(const game::GameRecord& record, std::string_view pgn)>& on_game,
                const report::PgnExportOptions& export_options = {});

// Convenience for in-memory text: the concatenated export of the valid games; `invalid` (if
// given) receives the number of games left out.
std::string export_pgn_text(std::string_view pgn, const game::CheckOptions& options = {}, int* invalid = nullptr,
                            const report::PgnExportOptions& export_options = {});

// Reads every game of `reader` through a GameChecker with `options`; hands each record with
// its tree to `on_game` (tree: nullptr when the game is invalid; the record's errors say why).
void read_game_trees(pgn::PgnReader& reader, const game::CheckOptions& options,
                     const std::function<void(const game::GameRecord& record, const report::GameTree* tree)>& on_game);

} // namespace horde::run
