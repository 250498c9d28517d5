// io::Input: every compressed format (several frames/members/streams), skippable frames, cut
// and damaged data, binary files refused, and the line reader on top. The compressed data is
// made here with the libraries themselves.
#include "horde/io/input.hpp"
#include "horde/io/line_input.hpp"
#include "horde/pgn/reader.hpp"

#include <catch2/catch.hpp>

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace horde;
using io::Format;
using io::Input;

namespace {

std::string corpus(const std::string& name) {
    std::ifstream f(std::string(HORDE_TESTDATA) + "/games/" + name, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string zstd_frame(std::string_view text) {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
    REQUIRE_FALSE(ZSTD_isError(n));
    out.resize(n);
    return out;
}

std::string zstd_skippable_frame(std::string_view payload) {
    std::string out("\x50\x2A\x4D\x18", 4);
    const auto n = std::uint32_t(payload.size());
    for (int i = 0; i < 4; ++i) out += char((n >> (8 * i)) & 0xFF);
    return out + std::string(payload);
}

std::string gzip_member(std::string_view text) {
    z_stream z{};
    REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out(deflateBound(&z, uLong(text.size())) + 64, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = uInt(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = uInt(out.size());
    REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

std::string bzip2_stream(std::string_view text) {
    std::string out(text.size() + text.size() / 100 + 700, '\0');
    unsigned n = unsigned(out.size());
    REQUIRE(BZ2_bzBuffToBuffCompress(out.data(), &n, const_cast<char*>(text.data()), unsigned(text.size()), 9, 0, 0) == BZ_OK);
    out.resize(n);
    return out;
}

std::string xz_stream(std::string_view text) {
    std::string out(lzma_stream_buffer_bound(text.size()), '\0');
    std::size_t n = 0;
    REQUIRE(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, nullptr, reinterpret_cast<const std::uint8_t*>(text.data()), text.size(),
                                    reinterpret_cast<std::uint8_t*>(out.data()), &n, out.size()) == LZMA_OK);
    out.resize(n);
    return out;
}

// The data must outlive the Input.
std::unique_ptr<Input> open_ok(std::string_view data) {
    auto opened = Input::open_memory(data);
    if (auto* error = std::get_if<std::string>(&opened)) FAIL("open_memory failed: " << *error);
    return std::move(std::get<std::unique_ptr<Input>>(opened));
}

std::string open_error(std::string_view data) {
    auto opened = Input::open_memory(data);
    if (auto* error = std::get_if<std::string>(&opened)) return *error;
    return "(opened)";
}

std::string read_all(Input& in, std::size_t chunk) {
    std::string out, buf(chunk, '\0');
    for (std::size_t n; (n = in.read(buf.data(), chunk)) > 0;) out.append(buf, 0, n);
    return out;
}

// Text in two halves, cut at a line start, so that each half compresses to its own frame.
std::pair<std::string, std::string> halves(const std::string& text) {
    const std::size_t mid = text.find('\n', text.size() / 2) + 1;
    return {text.substr(0, mid), text.substr(mid)};
}

struct Case {
    const char* name;
    Format format;
    std::string (*compress)(std::string_view);
};
const Case kCases[] = {
    {"zstd", Format::Zstd, zstd_frame},
    {"gzip", Format::Gzip, gzip_member},
    {"bzip2", Format::Bzip2, bzip2_stream},
    {"xz", Format::Xz, xz_stream},
};

} // namespace

TEST_CASE("Input: plain text is read back unchanged", "[input]") {
    const std::string text = corpus("horde-valid.pgn");
    for (std::size_t chunk : {1, 7, 4096, 1 << 20}) {
        auto in = open_ok(text);
        CHECK(in->format() == Format::Plain);
        CHECK(read_all(*in, chunk) == text);
        CHECK_FALSE(in->failed());
        CHECK(in->raw_bytes_read() == text.size());
        CHECK(in->raw_size() == text.size());
    }
    auto empty = open_ok("");
    char c;
    CHECK(empty->read(&c, 1) == 0);
    CHECK_FALSE(empty->failed());
}

TEST_CASE("Input: every format, several frames/members/streams, any read size", "[input]") {
    const std::string text = corpus("chess-valid.pgn");
    const auto [first, second] = halves(text);
    for (const Case& c : kCases) {
        INFO(c.name);
        const std::string data = c.compress(first) + c.compress(second);
        for (std::size_t chunk : {1, 100, 65536, 1 << 20}) {
            INFO("read size " << chunk);
            auto in = open_ok(data);
            CHECK(in->format() == c.format);
            CHECK(io::format_name(in->format()) == c.name);
            CHECK(read_all(*in, chunk) == text);
            CHECK_FALSE(in->failed());
            CHECK(in->raw_bytes_read() == data.size());
        }
    }
}

TEST_CASE("Input: zstd skippable frames (lichess dumps start with one) are skipped", "[input]") {
    const std::string text = corpus("horde-valid.pgn");
    const auto [first, second] = halves(text);
    const std::string data = zstd_skippable_frame("lichess seekable index 0123456789") + zstd_frame(first) +
                             zstd_skippable_frame(std::string(5000, '\0')) + zstd_frame(second);
    auto in = open_ok(data);
    CHECK(in->format() == Format::Zstd);
    CHECK(read_all(*in, 4096) == text);
    CHECK_FALSE(in->failed());
}

TEST_CASE("Input: a cut stream delivers the bytes before the cut, then the error with the offset", "[input]") {
    const std::string text = corpus("orda-valid.pgn");
    for (const Case& c : kCases) {
        INFO(c.name);
        const std::string whole = c.compress(text);
        const std::string cut = whole.substr(0, whole.size() * 2 / 3);
        auto in = open_ok(cut);
        const std::string got = read_all(*in, 4096);
        CHECK(got.size() < text.size());
        CHECK(text.compare(0, got.size(), got) == 0); // a prefix of the real text
        REQUIRE(in->failed());
        CHECK_THAT(in->error(), Catch::StartsWith(std::string("corrupt ") + c.name + " data at compressed byte " +
                                                  std::to_string(cut.size()) + ": "));
        char byte;
        CHECK(in->read(&byte, 1) == 0); // stays at the end
    }
}

TEST_CASE("Input: bytes after the last frame are damage, not text", "[input]") {
    const std::string text = corpus("chess-valid.pgn");
    for (const Case& c : kCases) {
        INFO(c.name);
        const std::string frame = c.compress(text);
        const std::string data = frame + "[Event \"trailing garbage\"]\n";
        auto in = open_ok(data);
        const std::string got = read_all(*in, 65536);
        CHECK(got == text);
        REQUIRE(in->failed());
        CHECK_THAT(in->error(), Catch::StartsWith(std::string("corrupt ") + c.name + " data at compressed byte "));
    }
}

TEST_CASE("Input: damaged data is reported, never a crash or a hang", "[input]") {
    const std::string text = corpus("horde-valid.pgn");
    for (const Case& c : kCases) {
        INFO(c.name);
        std::string data = c.compress(text);
        for (std::size_t i = data.size() / 3; i < data.size() / 3 + 64 && i < data.size(); ++i) data[i] = char(~data[i]);
        auto in = open_ok(data);
        const std::string got = read_all(*in, 65536);
        // zstd frames written without a checksum may decode damaged bytes to other bytes; the
        // others check every block
        if (c.format != Format::Zstd) CHECK(in->failed());
        if (!in->failed()) CHECK(got != text);
    }
}

TEST_CASE("Input: binary files are refused, saying what they look like", "[input]") {
    using namespace std::string_literals;
    CHECK(open_error("PK\x03\x04\x14\x00\x00\x00"s) == "looks like a zip archive, not PGN or text");
    CHECK(open_error("7z\xBC\xAF\x27\x1C\x00\x04"s) == "looks like a 7z archive, not PGN or text");
    CHECK(open_error("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n") == "looks like a PDF document, not PGN or text");
    CHECK(open_error("\x89PNG\r\n\x1A\n\x00\x00"s) == "looks like a PNG image, not PGN or text");
    CHECK(open_error("[Event \"x\"]\n"s + std::string(8, '\0') + "1. e4 *") ==
          "looks like a binary file (8 NUL or control bytes in its first 27, the first at byte 12), not PGN or text");
    // one stray NUL in a short file, DOS's end-of-file byte: text, read by the PGN reader
    CHECK(open_error("[Event \"x\"]\n"s + '\0' + "1. e4 *") == "(opened)");
    CHECK(open_error("[Event \"x\"]\n\n1. e4 *\n\x1a"s) == "(opened)");
    CHECK(open_error(zstd_frame("PK\x03\x04 zipped inside zstd"s)) ==
          "zstd-compressed data that looks like a zip archive, not PGN or text");
    CHECK(open_error(gzip_member(std::string(100, '\0'))) ==
          "gzip-compressed data that looks like a binary file (100 NUL or control bytes in its first 100, the first at byte "
          "0), not PGN or text");
    // a NUL byte after the first 4 KiB, or a stray one in the text of it, is the PGN reader's
    // business (nul-byte, an error of its game), not a refusal of the file
    CHECK(open_error(std::string(5000, ' ') + '\0') == "(opened)");
    std::string text = "[Event \"x\"]\n\n1. e4 {a NUL: " + std::string(1, '\0') + "} e5 *\n\n";
    while (text.size() < 6000) text += "[Event \"y\"]\n\n1. d4 d5 *\n\n";
    CHECK(open_error(text) == "(opened)");
    // UTF-16 text without its BOM: a NUL every other byte
    std::string utf16;
    for (char c : std::string("[Event \"x\"]\n")) utf16 += std::string(1, c) + '\0';
    CHECK_THAT(open_error(utf16), Catch::StartsWith("looks like a binary file"));
}

TEST_CASE("Input: open() of a missing file, a directory, and stdin's name", "[input]") {
    auto missing = Input::open("/nonexistent/horde/file.pgn");
    REQUIRE(std::holds_alternative<std::string>(missing));
    CHECK(std::get<std::string>(missing) == "cannot open: No such file or directory");
    auto dir = Input::open(HORDE_TESTDATA);
    REQUIRE(std::holds_alternative<std::string>(dir));
    CHECK(std::get<std::string>(dir) == "is a directory");
    auto file = Input::open(std::string(HORDE_TESTDATA) + "/games/chess-valid.pgn");
    REQUIRE(std::holds_alternative<std::unique_ptr<Input>>(file));
    auto& in = *std::get<std::unique_ptr<Input>>(file);
    CHECK(in.display_name() == std::string(HORDE_TESTDATA) + "/games/chess-valid.pgn");
    CHECK(in.raw_size() == corpus("chess-valid.pgn").size());
    CHECK(read_all(in, 1000) == corpus("chess-valid.pgn"));
}

TEST_CASE("Input: the PGN reader reads a compressed corpus game for game", "[input]") {
    const std::string text = corpus("horde-invalid.pgn");
    struct Count : pgn::PgnVisitor {
        std::vector<std::uint64_t> ends;
        void end_game(const pgn::GameInfo& g) { ends.push_back(g.raw_end); }
    };
    Count plain, packed;
    pgn::PgnReader::from_memory(text).read_all(plain);
    const auto [first, second] = halves(text);
    const std::string data = zstd_skippable_frame("x") + zstd_frame(first) + zstd_frame(second);
    auto in = open_ok(data);
    pgn::PgnReader reader(*in);
    reader.read_all(packed);
    CHECK_FALSE(reader.io_error());
    CHECK(packed.ends == plain.ends);
    CHECK(plain.ends.size() > 10);
}

TEST_CASE("LineReader: line endings, a last line without one, compressed lines", "[input]") {
    const std::string text = "a\r\nbb\n\n  \nccc";
    for (const std::string& data : {text, gzip_member(text)}) {
        auto in = open_ok(data);
        std::vector<std::pair<std::size_t, std::string>> lines;
        const auto error = io::for_each_line(*in, [&](std::size_t n, std::string_view l) { lines.emplace_back(n, l); });
        CHECK_FALSE(error);
        const std::vector<std::pair<std::size_t, std::string>> expected{{1, "a"}, {2, "bb"}, {5, "ccc"}};
        CHECK(lines == expected);
    }
}

TEST_CASE("LineReader: a line longer than the limit stops with an error in bounded memory", "[input]") {
    std::string data = "8/8/8/8/8/8/8/8 w - - 0 1\n";
    data += std::string(io::LineReader::kMaxLine + 10, 'a');
    data += "\nlast\n";
    auto in = open_ok(data);
    std::vector<std::size_t> seen;
    const auto error = io::for_each_line(*in, [&](std::size_t n, std::string_view) { seen.push_back(n); });
    CHECK(seen == std::vector<std::size_t>{1});
    REQUIRE(error);
    CHECK(*error == "line 2 is longer than 1 MiB (no line break): not a file of lines");
    // exactly the limit is still a line
    const std::string at_limit = std::string(io::LineReader::kMaxLine, 'b') + "\n";
    auto in2 = open_ok(at_limit);
    std::size_t length = 0;
    const auto error2 = io::for_each_line(*in2, [&](std::size_t, std::string_view l) { length = l.size(); });
    CHECK(error2.value_or("none") == "none");
    CHECK(length == io::LineReader::kMaxLine);
}

TEST_CASE("Input: damage in a line file ends the lines with the decoder's error", "[input]") {
    std::string text;
    for (int i = 0; i < 20000; ++i) text += "8/8/8/8/8/8/8/8 w - - 0 " + std::to_string(i) + "\n";
    const std::string whole = gzip_member(text);
    auto in = open_ok(whole.substr(0, whole.size() / 2));
    std::size_t count = 0;
    const auto error = io::for_each_line(*in, [&](std::size_t, std::string_view) { ++count; });
    REQUIRE(error);
    CHECK_THAT(*error, Catch::StartsWith("corrupt gzip data at compressed byte "));
    CHECK(count > 0);
    CHECK(count < 20000);
}

TEST_CASE("Input: peek looks ahead without consuming", "[input]") {
    const std::string text = corpus("chess-valid.pgn");
    const std::string packed = zstd_frame(text);
    for (const std::string* data : {&text, &packed}) {
        auto in = open_ok(*data);
        CHECK(in->peek(10) == text.substr(0, 10));
        CHECK(in->peek(100000) == text.substr(0, 100000));
        char buf[7];
        REQUIRE(in->read(buf, sizeof buf) == sizeof buf);
        CHECK(std::string_view(buf, sizeof buf) == text.substr(0, 7));
        CHECK(in->peek(5) == text.substr(7, 5));
        CHECK(read_all(*in, 333) == text.substr(7));
        CHECK(in->peek(5).empty());
    }
}

TEST_CASE("Input: mutated compressed data never crashes or hangs", "[input]") {
    // Deterministic mutations (the fuzz target does the open-ended search): flipped bytes,
    // cuts, and both, read to the end or to an output budget.
    const std::string text = corpus("horde-valid.pgn").substr(0, 20000);
    std::uint64_t state = 12345;
    auto next = [&] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return std::size_t(state >> 33);
    };
    for (const Case& c : kCases) {
        INFO(c.name);
        const std::string good = c.compress(text) + c.compress("1. e4 *\n");
        for (int round = 0; round < 150; ++round) {
            std::string data = good;
            const int flips = 1 + int(next() % 4);
            for (int i = 0; i < flips; ++i) data[next() % data.size()] = char(next());
            if (round % 3 == 0) data.resize(next() % data.size());
            auto opened = Input::open_memory(data);
            if (std::holds_alternative<std::string>(opened)) continue; // refused: fine
            Input& in = *std::get<std::unique_ptr<Input>>(opened);
            std::string out, buf(4096, '\0');
            for (std::size_t n; out.size() < 10 * text.size() && (n = in.read(buf.data(), buf.size())) > 0;)
                out.append(buf, 0, n);
            CHECK(out.size() <= 10 * text.size() + buf.size());
            if (in.failed()) CHECK_THAT(in.error(), Catch::StartsWith(std::string("corrupt ") + c.name + " data at"));
        }
    }
}
