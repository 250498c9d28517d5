// One opened input (a file, stdin or bytes in memory), decompressing as it reads.
//
// The format is recognised by the first bytes, never by the name:
//   zstd   every frame; skippable frames (magic 50..5F 2A 4D 18, as lichess dumps start with)
//          skipped; concatenated frames read one after the other
//   gzip   every member of a multi-member file
//   bzip2  every stream of a multi-stream file (pbzip2, lbzip2, cat a.bz2 b.bz2)
//   xz     every stream (and stream padding)
//   plain  anything else that looks like text
// Input that is not text is refused by open() with a message saying what it looks like: a
// binary magic we do not read (zip, 7z, PDF, PNG, ...) or a NUL byte in the first 4 KiB of the
// (decompressed) data.
//
// Memory is constant whatever the input size: one raw buffer (kRawBufferSize) plus the
// decoder's state (zstd: the frame's window, at most 128 MiB by the library's default limit
// and 8 MiB for the files zstd -19 writes; xz: the dictionary, refused above kXzMemoryLimit).
//
// A damaged or cut compressed stream: read() delivers every byte decoded before the damage,
// then returns 0 with failed() set and error() = "corrupt zstd data at compressed byte N:
// <reason>" (N: offset in the file of the compressed byte where decoding stopped).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace horde::io {

enum class Format : std::uint8_t { Plain, Zstd, Gzip, Bzip2, Xz };

// "plain", "zstd", "gzip", "bzip2", "xz".
std::string_view format_name(Format format);

class Decoder; // one compressed format's decoder (lib/src/io/decoder.hpp)

class Input {
public:
    static constexpr std::size_t kRawBufferSize = 128 * 1024;
    static constexpr std::size_t kSniffSize = 4096; // bytes inspected for NULs and magics
    static constexpr std::uint64_t kXzMemoryLimit = 1ULL << 30;

    // Opens a path or "-" (stdin); recognises the format by the first bytes, never the name.
    // On failure returns the message ("cannot open: No such file or directory",
    // "is a directory", "looks like a zip archive, not PGN or text", ...).
    static std::variant<std::unique_ptr<Input>, std::string> open(const std::string& path);
    // The same over bytes in memory (they must outlive the Input); display name "<memory>"
    // unless given. For tests and fuzzing.
    static std::variant<std::unique_ptr<Input>, std::string> open_memory(std::string_view data,
                                                                         std::string display_name = "<memory>");

    Input(const Input&) = delete;
    Input& operator=(const Input&) = delete;
    ~Input();

    // Up to n decompressed bytes into dst; 0 at the end or on error (then failed()).
    std::size_t read(char* dst, std::size_t n);
    // Up to n decompressed bytes ahead without consuming them (fewer at the end of the input
    // or before damage): to decide what the input is before reading it.
    std::string_view peek(std::size_t n);
    bool failed() const { return !error_.empty(); }
    // The input's first line with other than blanks in it, within the bytes open() looked at
    // (4 KiB), clipped to 40 bytes, its control and non-ASCII bytes as '?'; empty when they are
    // all blanks: what to quote of a file in which no game is found.
    const std::string& first_text() const { return first_text_; }
    // "corrupt zstd data at compressed byte N: <reason>", "read error: Input/output error".
    const std::string& error() const { return error_; }
    // Bytes of the file consumed so far (the compressed size for compressed input): progress.
    std::uint64_t raw_bytes_read() const;
    // Total file size when known (a regular file or memory), for progress.
    std::optional<std::uint64_t> raw_size() const { return raw_size_; }
    // Decompressed bytes delivered by read() so far.
    std::uint64_t bytes_delivered() const { return delivered_; }
    Format format() const { return format_; }
    const std::string& display_name() const { return display_name_; } // "<stdin>" for "-"

private:
    Input();
    static std::variant<std::unique_ptr<Input>, std::string> finish_open(std::unique_ptr<Input> in);
    // Refills raw_ from the source when it is used up; false at the end of the source or on a
    // read error (then error_ is set).
    bool refill_raw();
    std::size_t read_source(char* dst, std::size_t n);  // raw bytes from the fd or memory
    std::size_t read_decoded(char* dst, std::size_t n); // through the decoder (or plain)

    // source
    int fd_ = -1;
    bool owns_fd_ = false;
    std::string_view memory_;
    std::size_t memory_pos_ = 0;
    bool source_end_ = false;
    // raw bytes read from the source but not yet consumed by the decoder
    std::unique_ptr<char[]> raw_;
    std::size_t raw_len_ = 0, raw_pos_ = 0;
    std::uint64_t raw_total_ = 0; // bytes read from the source
    // decoded bytes decoded ahead by open() (the sniffed head), delivered first
    std::string head_;
    std::string first_text_;
    std::size_t head_pos_ = 0;
    std::unique_ptr<Decoder> decoder_;
    Format format_ = Format::Plain;
    std::optional<std::uint64_t> raw_size_;
    std::uint64_t delivered_ = 0;
    std::string display_name_;
    std::string error_;
    bool done_ = false;
};

} // namespace horde::io
