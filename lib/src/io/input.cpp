// Input: opening, format recognition by magic bytes, the refusal of binary files, and reading
// (plain, or through a Decoder).
#include "horde/io/input.hpp"

#include "decoder.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace horde::io {

std::string_view format_name(Format format) {
    switch (format) {
    case Format::Plain: return "plain";
    case Format::Zstd: return "zstd";
    case Format::Gzip: return "gzip";
    case Format::Bzip2: return "bzip2";
    case Format::Xz: return "xz";
    }
    return "unknown";
}

namespace {

bool starts_with(std::string_view data, std::string_view magic) { return data.substr(0, magic.size()) == magic; }

// The compressed format whose magic `head` starts with, or nullopt.
std::optional<Format> compressed_format(std::string_view head) {
    using namespace std::string_view_literals;
    if (starts_with(head, "\x28\xB5\x2F\xFD"sv)) return Format::Zstd;
    // a skippable frame: 50..5F 2A 4D 18 (lichess dumps start with one)
    if (head.size() >= 4 && (static_cast<unsigned char>(head[0]) & 0xF0) == 0x50 && head.substr(1, 3) == "\x2A\x4D\x18"sv)
        return Format::Zstd;
    if (starts_with(head, "\x1F\x8B"sv)) return Format::Gzip;
    if (head.size() >= 4 && starts_with(head, "BZh"sv) && head[3] >= '1' && head[3] <= '9') return Format::Bzip2;
    if (starts_with(head, "\xFD"
                          "7zXZ\x00"sv))
        return Format::Xz;
    return std::nullopt;
}

// What a binary file we do not read looks like ("a zip archive"), or nullptr.
const char* binary_kind(std::string_view head) {
    using namespace std::string_view_literals;
    struct Magic {
        std::string_view bytes;
        const char* kind;
    };
    static constexpr std::array kMagics{
        Magic{"PK\x03\x04"sv, "a zip archive"},
        Magic{"PK\x05\x06"sv, "a zip archive"},
        Magic{"PK\x07\x08"sv, "a zip archive"},
        Magic{"7z\xBC\xAF\x27\x1C"sv, "a 7z archive"},
        Magic{"Rar!\x1A\x07"sv, "a RAR archive"},
        Magic{"%PDF-"sv, "a PDF document"},
        Magic{"\x89PNG\r\n\x1A\n"sv, "a PNG image"},
        Magic{"\xFF\xD8\xFF"sv, "a JPEG image"},
        Magic{"GIF87a"sv, "a GIF image"},
        Magic{"GIF89a"sv, "a GIF image"},
        Magic{"\x7F"
              "ELF"sv,
              "an executable (ELF)"},
        Magic{"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"sv, "a Microsoft Office document"},
        Magic{"SQLite format 3\x00"sv, "an SQLite database"},
        Magic{"\x04\x22\x4D\x18"sv, "lz4-compressed data (not read: decompress it first)"},
        Magic{"LZIP"sv, "lzip-compressed data (not read: decompress it first)"},
        Magic{"\x1F\x9D"sv, "compress (.Z) data (not read: decompress it first)"},
        Magic{"\xFF\xFE"sv, "UTF-16 text (convert it to UTF-8 first)"},
        Magic{"\xFE\xFF"sv, "UTF-16 text (convert it to UTF-8 first)"},
    };
    for (const Magic& m : kMagics)
        if (starts_with(head, m.bytes)) return m.kind;
    if (head.size() >= 262 && head.substr(257, 5) == "ustar"sv) return "a tar archive";
    return nullptr;
}

// The reason `head` (the first decoded bytes) is not text, or an empty string.
std::string not_text_reason(std::string_view head) {
    if (const char* kind = binary_kind(head)) return std::string("looks like ") + kind + ", not PGN or text";
    // Binary data has NUL and other control bytes all through it (random or compressed bytes one
    // in ten, UTF-16 text one in two); text, in any 8-bit encoding, next to none (DOS's end-of-file
    // byte, 0x1A, aside). A stray NUL or a few in text are the PGN reader's business (nul-byte,
    // an error of its game), wherever they are, in a short file too.
    const auto is_control = [](char c) {
        const auto b = static_cast<unsigned char>(c);
        return b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != '\v' && b != 0x1A;
    };
    const auto controls = std::size_t(std::count_if(head.begin(), head.end(), is_control));
    if (controls >= 8 && controls * 64 > head.size()) {
        const auto first = std::size_t(std::find_if(head.begin(), head.end(), is_control) - head.begin());
        return "looks like a binary file (" + std::to_string(controls) + " NUL or control bytes in its first " +
               std::to_string(head.size()) + ", the first at byte " + std::to_string(first) + "), not PGN or text";
    }
    return {};
}

// Input::first_text of the head.
std::string first_text_of(std::string_view head) {
    if (head.starts_with("\xEF\xBB\xBF")) head.remove_prefix(3); // a BOM: no text (the reader skips it)
    const std::size_t start = head.find_first_not_of(" \t\r\n\f\v");
    if (start == std::string_view::npos) return {};
    std::string line(head.substr(start, std::min<std::size_t>(head.find_first_of("\r\n", start) - start, 40)));
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.pop_back();
    for (char& c : line)
        if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) >= 127) c = '?';
    return line;
}

// The longest magic compressed_format() looks at.
constexpr std::size_t kMagicSize = 6;

// Whether a read from fd would not block.
bool readable_now(int fd) {
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0;
}

} // namespace

Input::Input() : raw_(new char[kRawBufferSize]) {}

Input::~Input() {
    if (owns_fd_) ::close(fd_);
}

std::variant<std::unique_ptr<Input>, std::string> Input::open(const std::string& path) {
    std::unique_ptr<Input> in(new Input());
    if (path == "-") {
        in->fd_ = STDIN_FILENO;
        in->display_name_ = "<stdin>";
    } else {
        in->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (in->fd_ < 0) return std::string("cannot open: ") + std::strerror(errno);
        in->owns_fd_ = true;
        in->display_name_ = path;
    }
    struct stat st {};
    if (::fstat(in->fd_, &st) == 0) {
        if (S_ISDIR(st.st_mode)) return std::string("is a directory");
        if (S_ISREG(st.st_mode)) in->raw_size_ = std::uint64_t(st.st_size);
    }
    return finish_open(std::move(in));
}

std::variant<std::unique_ptr<Input>, std::string> Input::open_memory(std::string_view data, std::string display_name) {
    std::unique_ptr<Input> in(new Input());
    in->memory_ = data;
    in->raw_size_ = data.size();
    in->display_name_ = std::move(display_name);
    return finish_open(std::move(in));
}

std::variant<std::unique_ptr<Input>, std::string> Input::finish_open(std::unique_ptr<Input> in) {
    // Read the head: kSniffSize bytes or the whole input if shorter. From a pipe or a terminal,
    // only what is there already once the magic bytes are in, so that a peer that writes a
    // line and waits for the answer is not kept waiting for 4 KiB.
    const bool streamed = in->fd_ >= 0 && !in->raw_size_;
    while (in->raw_len_ < kSniffSize && !in->source_end_) {
        if (streamed && in->raw_len_ >= kMagicSize && !readable_now(in->fd_)) break;
        const std::size_t got = in->read_source(in->raw_.get() + in->raw_len_, kRawBufferSize - in->raw_len_);
        if (in->failed()) return in->error_;
        if (got == 0) in->source_end_ = true;
        in->raw_len_ += got;
    }
    const std::string_view raw_head(in->raw_.get(), std::min(in->raw_len_, kSniffSize));
    if (const auto format = compressed_format(raw_head)) {
        in->format_ = *format;
        std::string error;
        in->decoder_ = make_decoder(*format, error);
        if (!in->decoder_) return error;
        // Decode the head to look at the text inside. A decoding error here is kept: the bytes
        // before it are delivered first, as for any later damage.
        in->head_.resize(kSniffSize);
        std::size_t have = 0;
        while (have < kSniffSize) {
            const std::size_t got = in->read_decoded(in->head_.data() + have, kSniffSize - have);
            if (got == 0) break;
            have += got;
        }
        in->head_.resize(have);
        in->first_text_ = first_text_of(in->head_);
        std::string reason = not_text_reason(in->head_);
        if (!reason.empty()) return std::string(format_name(*format)) + "-compressed data that " + reason;
        return in;
    }
    in->first_text_ = first_text_of(raw_head);
    std::string reason = not_text_reason(raw_head);
    if (!reason.empty()) return reason;
    return in;
}

std::size_t Input::read_source(char* dst, std::size_t n) {
    if (fd_ < 0) {
        const std::size_t k = std::min(n, memory_.size() - memory_pos_);
        if (k) std::memcpy(dst, memory_.data() + memory_pos_, k);
        memory_pos_ += k;
        raw_total_ += k;
        return k;
    }
    for (;;) {
        const ssize_t got = ::read(fd_, dst, n);
        if (got >= 0) {
            raw_total_ += std::uint64_t(got);
            return std::size_t(got);
        }
        if (errno == EINTR) continue;
        error_ = errno == EISDIR ? std::string("is a directory") : std::string("read error: ") + std::strerror(errno);
        return 0;
    }
}

bool Input::refill_raw() {
    if (raw_pos_ < raw_len_) return true;
    raw_pos_ = raw_len_ = 0;
    if (source_end_) return false;
    const std::size_t got = read_source(raw_.get(), kRawBufferSize);
    if (got == 0) source_end_ = true;
    raw_len_ = got;
    return got > 0;
}

std::uint64_t Input::raw_bytes_read() const { return raw_total_ - (raw_len_ - raw_pos_); }

std::size_t Input::read(char* dst, std::size_t n) {
    if (n == 0) return 0;
    if (head_pos_ < head_.size()) {
        const std::size_t k = std::min(n, head_.size() - head_pos_);
        std::memcpy(dst, head_.data() + head_pos_, k);
        head_pos_ += k;
        if (head_pos_ == head_.size()) std::string().swap(head_);
        delivered_ += k;
        return k;
    }
    const std::size_t got = read_decoded(dst, n);
    delivered_ += got;
    return got;
}

std::string_view Input::peek(std::size_t n) {
    if (head_pos_ > 0) {
        head_.erase(0, head_pos_);
        head_pos_ = 0;
    }
    while (head_.size() < n) {
        const std::size_t have = head_.size();
        head_.resize(n);
        const std::size_t got = read_decoded(head_.data() + have, n - have);
        head_.resize(have + got);
        if (got == 0) break;
    }
    return std::string_view(head_).substr(0, n);
}

std::size_t Input::read_decoded(char* dst, std::size_t n) {
    if (done_ || failed()) return 0;
    if (!decoder_) {
        // plain: what the head read left in raw_, then straight from the source
        if (raw_pos_ < raw_len_) {
            const std::size_t k = std::min(n, raw_len_ - raw_pos_);
            std::memcpy(dst, raw_.get() + raw_pos_, k);
            raw_pos_ += k;
            return k;
        }
        if (source_end_) {
            done_ = true;
            return 0;
        }
        const std::size_t got = read_source(dst, n);
        if (got == 0) done_ = source_end_ = true;
        return got;
    }
    int idle_steps = 0; // steps without progress: a decoder that stalls must not hang us
    for (;;) {
        refill_raw();
        if (failed()) return 0;
        const std::size_t avail = raw_len_ - raw_pos_;
        DecodeStep step = decoder_->decode(raw_.get() + raw_pos_, avail, source_end_ && avail == 0, dst, n);
        raw_pos_ += step.consumed;
        if (!step.error.empty()) {
            error_ = "corrupt " + std::string(format_name(format_)) + " data at compressed byte " +
                     std::to_string(raw_bytes_read()) + ": " + step.error;
            done_ = true;
            return step.produced; // the bytes before the damage still count
        }
        if (step.produced > 0) return step.produced;
        if (step.finished) {
            done_ = true;
            return 0;
        }
        if (step.consumed == 0 && ++idle_steps > 2 && (avail > 0 || source_end_)) {
            error_ = "corrupt " + std::string(format_name(format_)) + " data at compressed byte " +
                     std::to_string(raw_bytes_read()) + ": the decoder makes no progress";
            done_ = true;
            return 0;
        }
    }
}

} // namespace horde::io
