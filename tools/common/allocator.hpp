// The C library's allocator set for a tool that reads one input after another.
#pragma once

#include <cstdlib> // defines __GLIBC__ with glibc
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace horde::tools {

// Memory freed after one input is kept for the next (glibc): blocks up to 4 MB (a pipeline's
// buffers) come from the heap, not from a mapping of their own, and the heap keeps up to 32 MB
// free at its top. Without it the buffers of each input's pipeline were mapped anew, and every
// page touched again cost a page fault (11 us each on a 2-core VM): over 8 files on 2 threads,
// horde-tree took 1.11x the time and horde-list 1.28x. Larger blocks (a line of many MB) keep
// their own mapping, returned when freed: on the heap, such a block grown step by step left
// holes, and horde-list's peak on a 64 MB line passed its 32 MB bound (cli:input_faults).
// horde-check, whose peak is an issue's measure, does without it.
inline void keep_freed_memory_for_next_input() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 32 << 20);
#endif
}

} // namespace horde::tools
