// The decoders behind Input: zstd, gzip (zlib), bzip2 and xz (liblzma), each reading every
// frame, member or stream of its input one after the other.
#include "decoder.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <climits>

namespace horde::io {

namespace {

// The libraries take unsigned int (zlib, bzip2) counts: feed them at most this much at once.
constexpr std::size_t kMaxChunk = UINT_MAX / 2;
std::size_t clamp(std::size_t n) { return n < kMaxChunk ? n : kMaxChunk; }

class ZstdDecoder final : public Decoder {
public:
    ZstdDecoder() : stream_(ZSTD_createDStream()) {}
    ~ZstdDecoder() override { ZSTD_freeDStream(stream_); }
    bool ok() const { return stream_ != nullptr; }

    DecodeStep decode(const char* in, std::size_t in_len, bool input_end, char* out, std::size_t out_cap) override {
        DecodeStep step;
        if (in_len == 0 && !input_end) return step;
        ZSTD_inBuffer ib{in, in_len, 0};
        ZSTD_outBuffer ob{out, out_cap, 0};
        // With no input left, one more call flushes what the decoder holds for a full output.
        const std::size_t ret = ZSTD_decompressStream(stream_, &ob, &ib);
        step.consumed = ib.pos;
        step.produced = ob.pos;
        if (ZSTD_isError(ret)) {
            step.error = ZSTD_getErrorCode(ret) == ZSTD_error_frameParameter_windowTooLarge
                             ? "the frame needs a window over 128 MiB (written with zstd --long?), more memory than we use"
                             : ZSTD_getErrorName(ret);
            return step;
        }
        // ret == 0: a frame has just ended and everything is flushed (also skippable frames).
        if (in_len > 0 || step.produced > 0) {
            in_frame_ = ret != 0;
            return step;
        }
        if (in_frame_) step.error = "the data ends inside a frame (the file is cut short)";
        else step.finished = true;
        return step;
    }

private:
    ZSTD_DStream* stream_;
    bool in_frame_ = false;
};

class GzipDecoder final : public Decoder {
public:
    GzipDecoder() { ok_ = inflateInit2(&z_, 15 + 16) == Z_OK; } // 16: gzip wrapper only
    ~GzipDecoder() override {
        if (ok_) inflateEnd(&z_);
    }
    bool ok() const { return ok_; }

    DecodeStep decode(const char* in, std::size_t in_len, bool input_end, char* out, std::size_t out_cap) override {
        DecodeStep step;
        if (in_len == 0 && !input_end) return step;
        in_len = clamp(in_len);
        z_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        z_.avail_in = static_cast<uInt>(in_len);
        z_.next_out = reinterpret_cast<Bytef*>(out);
        z_.avail_out = static_cast<uInt>(clamp(out_cap));
        const int ret = inflate(&z_, Z_NO_FLUSH);
        step.consumed = in_len - z_.avail_in;
        step.produced = clamp(out_cap) - z_.avail_out;
        if (ret == Z_STREAM_END) {
            // the end of one member: the next bytes (if any) must be another member
            inflateReset(&z_);
            in_member_ = false;
            ++members_done_;
            return step;
        }
        if (ret == Z_OK || (ret == Z_BUF_ERROR && step.produced == 0 && step.consumed == 0 && in_len == 0)) {
            if (step.consumed > 0) in_member_ = true;
            if (in_len > 0 || step.produced > 0) return step;
            if (in_member_) step.error = "the data ends inside a member (the file is cut short)";
            else step.finished = true;
            return step;
        }
        step.error = z_.msg ? z_.msg : zError(ret);
        if (ret == Z_DATA_ERROR && !in_member_ && members_done_ > 0 && step.consumed <= 2)
            step.error = "unexpected bytes after the end of a gzip member (" + step.error + ")";
        return step;
    }

private:
    z_stream z_{};
    bool ok_ = false;
    bool in_member_ = false;
    std::uint64_t members_done_ = 0;
};

const char* bzip2_error(int ret) {
    switch (ret) {
    case BZ_DATA_ERROR: return "data integrity error (bad block or CRC)";
    case BZ_DATA_ERROR_MAGIC: return "not a bzip2 stream (bad magic bytes)";
    case BZ_MEM_ERROR: return "out of memory";
    default: return "decoder error";
    }
}

class Bzip2Decoder final : public Decoder {
public:
    Bzip2Decoder() { ok_ = BZ2_bzDecompressInit(&bz_, 0, 0) == BZ_OK; }
    ~Bzip2Decoder() override {
        if (ok_) BZ2_bzDecompressEnd(&bz_);
    }
    bool ok() const { return ok_; }

    DecodeStep decode(const char* in, std::size_t in_len, bool input_end, char* out, std::size_t out_cap) override {
        DecodeStep step;
        if (in_len == 0 && !input_end) return step;
        if (!ok_) {
            step.error = "out of memory";
            return step;
        }
        in_len = clamp(in_len);
        bz_.next_in = const_cast<char*>(in);
        bz_.avail_in = static_cast<unsigned>(in_len);
        bz_.next_out = out;
        bz_.avail_out = static_cast<unsigned>(clamp(out_cap));
        const int ret = BZ2_bzDecompress(&bz_);
        step.consumed = in_len - bz_.avail_in;
        step.produced = clamp(out_cap) - bz_.avail_out;
        if (ret == BZ_STREAM_END) {
            // one stream done; a fresh decoder for the next one, if any
            BZ2_bzDecompressEnd(&bz_);
            bz_ = bz_stream{};
            ok_ = BZ2_bzDecompressInit(&bz_, 0, 0) == BZ_OK;
            in_stream_ = false;
            ++streams_done_;
            return step;
        }
        if (ret != BZ_OK) {
            step.error = bzip2_error(ret);
            if (ret == BZ_DATA_ERROR_MAGIC && !in_stream_ && streams_done_ > 0)
                step.error = "unexpected bytes after the end of a bzip2 stream";
            return step;
        }
        if (step.consumed > 0) in_stream_ = true;
        if (in_len > 0 || step.produced > 0) return step;
        if (in_stream_) step.error = "the data ends inside a stream (the file is cut short)";
        else step.finished = true;
        return step;
    }

private:
    bz_stream bz_{};
    bool ok_ = false;
    bool in_stream_ = false;
    std::uint64_t streams_done_ = 0;
};

const char* xz_error(lzma_ret ret) {
    switch (ret) {
    case LZMA_DATA_ERROR: return "compressed data is corrupt";
    case LZMA_FORMAT_ERROR: return "not in the xz format";
    case LZMA_OPTIONS_ERROR: return "unsupported compression options";
    case LZMA_MEM_ERROR: return "out of memory";
    case LZMA_MEMLIMIT_ERROR: return "the stream needs more than 1 GiB of memory to decode";
    case LZMA_BUF_ERROR: return "the data ends inside a stream (the file is cut short)";
    default: return "decoder error";
    }
}

class XzDecoder final : public Decoder {
public:
    XzDecoder() { ok_ = lzma_stream_decoder(&s_, Input::kXzMemoryLimit, LZMA_CONCATENATED) == LZMA_OK; }
    ~XzDecoder() override { lzma_end(&s_); }
    bool ok() const { return ok_; }

    DecodeStep decode(const char* in, std::size_t in_len, bool input_end, char* out, std::size_t out_cap) override {
        DecodeStep step;
        if (finished_) {
            step.finished = true;
            return step;
        }
        if (in_len == 0 && !input_end) return step;
        s_.next_in = reinterpret_cast<const std::uint8_t*>(in);
        s_.avail_in = in_len;
        s_.next_out = reinterpret_cast<std::uint8_t*>(out);
        s_.avail_out = out_cap;
        // LZMA_CONCATENATED needs LZMA_FINISH to end; with no progress possible it returns
        // LZMA_OK once, then LZMA_BUF_ERROR (a cut file): hence the second try.
        const lzma_action action = input_end && in_len == 0 ? LZMA_FINISH : LZMA_RUN;
        lzma_ret ret = lzma_code(&s_, action);
        if (action == LZMA_FINISH && ret == LZMA_OK && s_.avail_out == out_cap) ret = lzma_code(&s_, action);
        step.consumed = in_len - s_.avail_in;
        step.produced = out_cap - s_.avail_out;
        if (ret == LZMA_STREAM_END) {
            finished_ = true;
            step.finished = step.produced == 0;
            return step;
        }
        if (ret != LZMA_OK) step.error = xz_error(ret);
        return step;
    }

private:
    lzma_stream s_ = LZMA_STREAM_INIT;
    bool ok_ = false;
    bool finished_ = false;
};

template <class D> std::unique_ptr<Decoder> make(std::string& error) {
    auto d = std::make_unique<D>();
    if (d->ok()) return d;
    error = "cannot set up the decoder (out of memory)";
    return nullptr;
}

} // namespace

std::unique_ptr<Decoder> make_decoder(Format format, std::string& error) {
    switch (format) {
    case Format::Zstd: return make<ZstdDecoder>(error);
    case Format::Gzip: return make<GzipDecoder>(error);
    case Format::Bzip2: return make<Bzip2Decoder>(error);
    case Format::Xz: return make<XzDecoder>(error);
    case Format::Plain: break;
    }
    return nullptr;
}

} // namespace horde::io
