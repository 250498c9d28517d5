#include "horde/tree/spill_files.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace horde::tree::detail {

std::string temp_dir_or_default(const std::string& dir) {
    if (!dir.empty()) return dir;
    const char* tmp = std::getenv("TMPDIR");
    return tmp && *tmp ? tmp : "/tmp";
}

std::FILE* anonymous_file(const std::string& dir) {
    int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) { // a file system without O_TMPFILE: a named file, unlinked at once
        std::string path = dir + "/horde-tree-run.XXXXXX";
        fd = ::mkstemp(path.data());
        if (fd >= 0) ::unlink(path.c_str());
    }
    if (fd < 0) throw std::runtime_error(fmt::format("cannot create a temporary file in {}: {}", dir, std::strerror(errno)));
    std::FILE* file = ::fdopen(fd, "w+b");
    if (!file) {
        ::close(fd);
        throw std::runtime_error(fmt::format("cannot open a temporary file in {}: {}", dir, std::strerror(errno)));
    }
    return file;
}

void read_spilled(std::FILE* file, void* out, std::size_t size, std::uint64_t offset, const std::string& dir) {
    char* to = static_cast<char*>(out);
    while (size > 0) {
        const ssize_t got = ::pread(::fileno(file), to, size, off_t(offset));
        if (got <= 0)
            throw std::runtime_error(fmt::format("cannot read a spilled run back from {}: {}", dir,
                                                 got < 0 ? std::strerror(errno) : "the file is shorter than written"));
        to += got, size -= std::size_t(got), offset += std::uint64_t(got);
    }
}

} // namespace horde::tree::detail
