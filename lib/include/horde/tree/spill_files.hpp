// Temporary files for what the tree and the book spill to disk.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace horde::tree::detail {

// The directory for spilled data: `dir` when given, else $TMPDIR, else /tmp.
std::string temp_dir_or_default(const std::string& dir);

// A temporary file that has no name: it is gone when closed, or when the process ends in any
// way (a signal, a crash), so that nothing spilled is ever left behind. Throws
// std::runtime_error naming the directory when it cannot be made.
std::FILE* anonymous_file(const std::string& dir);

// Reads `size` bytes at `offset` of a spilled file into `out` (short reads are continued).
// Throws std::runtime_error naming the directory when the file cannot give them.
void read_spilled(std::FILE* file, void* out, std::size_t size, std::uint64_t offset, const std::string& dir);

} // namespace horde::tree::detail
