// The variants that lichess, pychess and Fairy-Stockfish play and horde does not (Crazyhouse,
// Atomic, Seirawan, ...): a game of one of them is reported once ("unsupported-variant") and
// its movetext skipped, or skipped altogether with CheckOptions::skip_unsupported. Any other
// unknown name stays "unknown-variant", never skipped, so that a misspelt "Hrode" cannot pass.
#pragma once

#include <span>
#include <string_view>

namespace horde::game {

// The documented list (README, "Variants we do not play"), in their usual spelling.
std::span<const std::string_view> unsupported_variants();
// The list's spelling of `tag` when it names one of them (case, spaces, '-' and '_' ignored:
// "kingofthehill", "King of the Hill", "three-check"); empty otherwise.
std::string_view unsupported_variant(std::string_view tag);

} // namespace horde::game
