#include "horde/tree/bucket_store.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <new>
#include <stdexcept>
#include <stdio_ext.h>
#include <sys/mman.h>
#include <unistd.h>

namespace horde::tree::detail {

void* ChunkArena::map_slab(bool huge_pages) {
    // Twice the size mapped, to cut an aligned slab out of it.
    void* raw = ::mmap(nullptr, 2 * kSlabBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto begin = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = (begin + kSlabBytes - 1) & ~(kSlabBytes - 1);
    if (aligned > begin) ::munmap(raw, aligned - begin);
    if (begin + kSlabBytes > aligned) ::munmap(reinterpret_cast<void*>(aligned + kSlabBytes), begin + kSlabBytes - aligned);
    void* slab = reinterpret_cast<void*>(aligned);
    if (huge_pages) ::madvise(slab, kSlabBytes, MADV_HUGEPAGE); // a hint: the kernel may say no
    return slab;
}

void ChunkArena::unmap_slab(void* slab) { ::munmap(slab, kSlabBytes); }

void ChunkArena::release() {
    for (void* slab : slabs_) unmap_slab(slab);
    slabs_.clear();
    free_.clear();
    next_in_slab_ = 0;
}

void spill_write_failed(std::FILE* file, std::uint64_t start) {
    const int error = errno;
    // What the stream still buffers is dropped, and the file cut back to its last whole run.
    __fpurge(file);
    std::clearerr(file);
    if (::ftruncate(::fileno(file), off_t(start)) == 0) ::fseeko(file, off_t(start), SEEK_SET);
    throw std::runtime_error(fmt::format("cannot write a spilled run: {}", std::strerror(error ? error : EIO)));
}

} // namespace horde::tree::detail
