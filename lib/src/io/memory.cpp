#include "horde/io/memory.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace horde::io {

void populate_for_writing(void* data, std::size_t size) noexcept {
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
    const auto page = std::uintptr_t(sysconf(_SC_PAGESIZE));
    if (page == 0 || (page & (page - 1)) != 0) return;
    // Whole pages only: the ones at the ends may hold other data, and are mapped already then.
    const auto begin = (std::uintptr_t(data) + page - 1) & ~(page - 1);
    const auto end = (std::uintptr_t(data) + size) & ~(page - 1);
    if (end > begin) (void)madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE); // EINVAL before 5.14
#else
    (void)data;
    (void)size;
#endif
}

} // namespace horde::io
