// fuzz-input: the input layer (io::Input: plain, zstd, gzip, bzip2, xz, recognised by the
// first bytes) on arbitrary bytes, read with a small output budget, in uneven pieces, with
// peeks in between. Self-checks: read never returns more than asked; a peek shows exactly the
// bytes the next read returns; the delivered count adds up; an error comes with a message and
// ends the input; an input refused by open() says why.
#include "fuzz_support.hpp"

#include "horde/io/input.hpp"

#include <fmt/format.h>

#include <cstring>

using namespace horde;

namespace {
constexpr std::size_t kOutputBudget = 1 << 20; // decompressed bytes read per input at most
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto opened = io::Input::open_memory(fuzz::as_text(data, size));
    if (auto* refusal = std::get_if<std::string>(&opened)) {
        FUZZ_CHECK(!refusal->empty(), "open_memory refused the input without a message");
        return 0;
    }
    io::Input& input = *std::get<std::unique_ptr<io::Input>>(opened);
    FUZZ_CHECK(!io::format_name(input.format()).empty(), "a format without a name");
    std::string chunk(64 * 1024, '\0');
    std::uint64_t total = 0;
    // Piece sizes taken from the input's own bytes: 1 byte up to 64 KiB.
    for (std::size_t step = 0; total < kOutputBudget; ++step) {
        const std::size_t want = 1 + (size ? (std::size_t(data[step % size]) * 257 + step) % chunk.size() : step);
        const std::string ahead(input.peek(std::min<std::size_t>(want, io::Input::kSniffSize)));
        const std::size_t got = input.read(chunk.data(), want);
        FUZZ_CHECK(got <= want, fmt::format("read {} bytes when asked for {}", got, want));
        const std::size_t compared = std::min(got, ahead.size());
        FUZZ_CHECK(std::memcmp(ahead.data(), chunk.data(), compared) == 0, "peek showed other bytes than read returned");
        total += got;
        FUZZ_CHECK(input.bytes_delivered() == total,
                   fmt::format("{} bytes delivered, {} counted", input.bytes_delivered(), total));
        if (got == 0) break;
    }
    if (input.failed()) {
        FUZZ_CHECK(!input.error().empty(), "failed without a message");
        char byte;
        FUZZ_CHECK(input.read(&byte, 1) == 0, "a read after an error returned data");
    }
    return 0;
}
