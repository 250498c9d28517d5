// -o FILE, whole or not at all: the tree is written to a file with no name in FILE's folder
// (O_TMPFILE) and given FILE's name only when complete, so that a full disk, an error or a signal
// (even SIGKILL) never leaves a partial FILE behind, and an existing FILE is replaced in one step.
// File systems without O_TMPFILE get a named temporary file beside FILE, removed on errors.
// FILE that is not a regular file (/dev/null, a FIFO, /dev/stdout) is written directly: renaming
// over it would replace the device. A symbolic link is followed: its target is replaced, and
// a replaced FILE keeps its permissions.
#pragma once

#include "output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

namespace horde::tools::tree_tool {

class OutputFile {
public:
    // "" or "-": stdout. nullptr after "horde-tree: FILE: cannot write: REASON" on stderr.
    static std::unique_ptr<OutputFile> open(const std::string& path) {
        auto out = std::unique_ptr<OutputFile>(new OutputFile(path));
        if (path.empty()) {
            out->fd_ = 1;
            out->out_ = std::make_unique<RecordOutput>(1, "stdout");
            return out;
        }
        struct stat existing {};
        const bool exists = ::stat(path.c_str(), &existing) == 0;
        if (exists && !S_ISREG(existing.st_mode)) { // a device or a pipe: written as it is
            out->fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
            out->direct_ = true;
        } else {
            out->target_ = path;
            if (char* target = exists ? ::realpath(path.c_str(), nullptr) : nullptr) { // through a link
                out->target_ = target;
                std::free(target);
            }
            const std::string& final_path = out->target_;
            const std::size_t slash = final_path.rfind('/');
            const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : final_path.substr(0, slash);
            out->fd_ = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
            if (out->fd_ < 0) { // no O_TMPFILE here: a named file beside FILE
                out->temp_path_ = final_path + ".horde-tree-partial";
                out->fd_ = ::open(out->temp_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
            }
            if (out->fd_ >= 0 && exists) ::fchmod(out->fd_, existing.st_mode & 07777); // best effort, as cp does
        }
        if (out->fd_ < 0) {
            fmt::print(stderr, "horde-tree: {}: cannot write: {}\n", path, std::strerror(errno));
            out->temp_path_.clear();
            return nullptr;
        }
        out->owns_fd_ = true;
        out->out_ = std::make_unique<RecordOutput>(out->fd_, path);
        return out;
    }
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile() {
        out_.reset(); // its buffer goes to the nameless file (or fails quietly) before the file is closed
        if (owns_fd_ && fd_ >= 0) ::close(fd_);
        if (!temp_path_.empty()) ::unlink(temp_path_.c_str()); // not committed
    }

    bool is_terminal() const { return ::isatty(fd_) == 1; }
    void write(std::string_view data) { out_->write_records(data); } // whole records
    // Everything is written: FILE gets its name (replacing an older FILE).
    void commit() {
        out_->flush();
        if (!owns_fd_) return;
        if (direct_) {
            const int fd = std::exchange(fd_, -1);
            if (::close(fd) != 0) fail_write(path_, errno);
            return;
        }
        if (temp_path_.empty()) {
            const std::string proc = fmt::format("/proc/self/fd/{}", fd_);
            const std::string staged = fmt::format("{}.horde-tree-{}", target_, ::getpid());
            if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, staged.c_str(), AT_SYMLINK_FOLLOW) != 0) fail_write(path_, errno);
            if (::rename(staged.c_str(), target_.c_str()) != 0) {
                const int error = errno;
                ::unlink(staged.c_str());
                fail_write(path_, error);
            }
        } else if (::rename(temp_path_.c_str(), target_.c_str()) != 0) {
            fail_write(path_, errno);
        }
        temp_path_.clear();
        const int fd = std::exchange(fd_, -1);
        if (::close(fd) != 0) fail_write(path_, errno);
    }

private:
    explicit OutputFile(std::string path) : path_(std::move(path)) {}

    std::string path_;      // as given: messages name it
    std::string target_;    // the file replaced: path_, or where its symbolic link leads
    std::string temp_path_; // the fallback's named file, until committed
    int fd_ = -1;
    bool owns_fd_ = false;
    bool direct_ = false;               // FILE is a device or a pipe, written in place
    std::unique_ptr<RecordOutput> out_; // the buffering and the write errors (tools/common/output.hpp)
};

} // namespace horde::tools::tree_tool
