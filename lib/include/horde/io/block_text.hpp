// Text written in fixed-size blocks taken from a pool that several threads share: a batch's
// output grows without being copied to a larger buffer, and the blocks a batch gives back once
// written out are the next ones taken (most recently used first), so that output is written
// into memory still in the cache and the blocks mapped stay as few as the output in flight.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

namespace horde::io {

class BlockPool {
public:
    static constexpr std::size_t kBlockBytes = 64 << 10;

    BlockPool() = default;
    ~BlockPool();
    BlockPool(const BlockPool&) = delete;
    BlockPool& operator=(const BlockPool&) = delete;

    // On any thread: the block given back last, or a new one (its pages mapped in one call).
    char* take();
    void give(char* block);

private:
    std::mutex mutex_;
    std::vector<char*> free_;
    std::vector<char*> all_;
};

// Bytes appended at the end, in blocks of `pool`; each write of at most kBlockBytes stays within
// one block (room). Gives its blocks back when cleared or destroyed.
class BlockText {
public:
    // Without a pool: blocks of a pool of its own.
    explicit BlockText(BlockPool* pool = nullptr) : pool_(pool) {}
    ~BlockText() { clear(); }
    BlockText(BlockText&& other) noexcept;
    BlockText& operator=(BlockText&&) = delete;
    BlockText(const BlockText&) = delete;
    BlockText& operator=(const BlockText&) = delete;

    // The pool of the blocks taken from now on (the text is empty).
    void use_pool(BlockPool* pool) { pool_ = pool; }
    // Room for `n` (<= kBlockBytes) more bytes at the end; commit(k) then adds k of them.
    char* room(std::size_t n) {
        if (std::size_t(limit_ - end_) < n) [[unlikely]]
            next_block();
        return end_;
    }
    void commit(std::size_t k) { end_ += k; }
    void append(std::string_view text);
    std::size_t size() const { return before_ + std::size_t(end_ - begin_); }
    bool empty() const { return size() == 0; }
    // The first `size` bytes are kept (size <= size()).
    void truncate(std::size_t size);
    // Its bytes, block by block, in order.
    template <class F> void for_each_piece(F&& f) const {
        for (std::size_t i = 0; i + 1 < blocks_.size(); ++i) f(std::string_view(blocks_[i].data, blocks_[i].used));
        if (end_ != begin_) f(std::string_view(begin_, std::size_t(end_ - begin_)));
    }
    void clear();

private:
    struct Block {
        char* data;
        std::size_t used; // set when the next block is taken (the last's is end_ - begin_)
    };
    void next_block();

    BlockPool* pool_;
    std::unique_ptr<BlockPool> own_pool_; // made when first needed without a pool
    std::vector<Block> blocks_;
    char* begin_ = nullptr; // the last block
    char* end_ = nullptr;
    char* limit_ = nullptr;
    std::size_t before_ = 0; // bytes in the blocks before the last
};

} // namespace horde::io
