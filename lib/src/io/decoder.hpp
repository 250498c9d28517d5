// Internal: the decoders of the compressed formats Input reads (zstd, gzip, bzip2, xz).
#pragma once

#include "horde/io/input.hpp"

#include <cstddef>
#include <memory>
#include <string>

namespace horde::io {

// One step of decoding.
struct DecodeStep {
    std::size_t consumed = 0; // input bytes used
    std::size_t produced = 0; // output bytes written
    bool finished = false;    // the input ended at the end of a frame/member/stream: no more output
    std::string error;        // the reason, when the data is damaged or cut
};

class Decoder {
public:
    virtual ~Decoder() = default;
    // Decodes from in[0, in_len) into out[0, out_cap). `input_end`: nothing follows `in`.
    // With in_len == 0 and !input_end it may return an empty step (the caller reads more).
    // At the end of the input it flushes what is left, then reports finished, or an error
    // when the input stopped inside a frame.
    virtual DecodeStep decode(const char* in, std::size_t in_len, bool input_end, char* out, std::size_t out_cap) = 0;
};

// nullptr with `error` set when the library cannot set the decoder up (out of memory).
std::unique_ptr<Decoder> make_decoder(Format format, std::string& error);

} // namespace horde::io
