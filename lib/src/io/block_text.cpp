#include "horde/io/block_text.hpp"

#include "horde/io/memory.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

namespace horde::io {

BlockPool::~BlockPool() {
    for (char* block : all_) delete[] block;
}

char* BlockPool::take() {
    {
        std::lock_guard lock(mutex_);
        if (!free_.empty()) {
            char* block = free_.back();
            free_.pop_back();
            return block;
        }
    }
    char* block = new char[kBlockBytes];
    populate_for_writing(block, kBlockBytes);
    std::lock_guard lock(mutex_);
    try { // room for it in free_ too, so that give never throws
        all_.reserve(all_.size() + 1);
        free_.reserve(all_.size() + 1);
    } catch (...) {
        delete[] block;
        throw;
    }
    all_.push_back(block);
    return block;
}

void BlockPool::give(char* block) {
    std::lock_guard lock(mutex_);
    free_.push_back(block); // never reallocates: take reserved room for every block
}

BlockText::BlockText(BlockText&& other) noexcept
    : pool_(other.pool_), own_pool_(std::move(other.own_pool_)), blocks_(std::move(other.blocks_)),
      begin_(std::exchange(other.begin_, nullptr)), end_(std::exchange(other.end_, nullptr)),
      limit_(std::exchange(other.limit_, nullptr)), before_(std::exchange(other.before_, 0)) {
    other.blocks_.clear();
    if (pool_ == own_pool_.get()) other.pool_ = nullptr; // its own pool went with its blocks
}

void BlockText::next_block() {
    if (!blocks_.empty()) {
        blocks_.back().used = std::size_t(end_ - begin_);
        before_ += blocks_.back().used;
    }
    if (!pool_) {
        own_pool_ = std::make_unique<BlockPool>();
        pool_ = own_pool_.get();
    }
    blocks_.reserve(blocks_.size() + 1);
    char* block = pool_->take();
    blocks_.push_back({block, 0});
    begin_ = end_ = block;
    limit_ = block + BlockPool::kBlockBytes;
}

void BlockText::append(std::string_view text) {
    while (!text.empty()) {
        const std::size_t n = std::min(text.size(), BlockPool::kBlockBytes);
        std::memcpy(room(n), text.data(), n);
        commit(n);
        text.remove_prefix(n);
    }
}

void BlockText::truncate(std::size_t size) {
    while (!blocks_.empty() && before_ >= size && before_ > 0) { // the last block goes entirely
        pool_->give(blocks_.back().data);
        blocks_.pop_back();
        Block& last = blocks_.back();
        before_ -= last.used;
        begin_ = last.data;
        end_ = begin_ + last.used;
        limit_ = begin_ + BlockPool::kBlockBytes;
    }
    end_ = begin_ + (size - before_);
}

void BlockText::clear() {
    for (const Block& b : blocks_) pool_->give(b.data);
    blocks_.clear();
    begin_ = end_ = limit_ = nullptr;
    before_ = 0;
}

} // namespace horde::io
