// Private to tree/: the Polyglot key's random numbers (polyglot_random.cpp says where they come from).
#pragma once

#include <cstdint>

namespace horde::tree::detail {
extern const std::uint64_t kPolyglotRandom[781];
} // namespace horde::tree::detail
