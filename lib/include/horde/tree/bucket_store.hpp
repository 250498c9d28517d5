// Records kept apart by bucket (the first 10 bits of a Zobrist key), each bucket in the order
// its records came, in memory up to a budget and past it in an unnamed temporary file: what the
// book and the tree are both counted from, a bucket at a time, in tables that fit the cache.
#pragma once

#include "horde/tree/spill_files.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace horde::tree::detail {

// Chunks (4 KB, or less for a small budget) cut from 2 MB slabs, each aligned so that the
// kernel may back it with one huge page: a few hundred MB of records then cost a few hundred
// page faults instead of tens of thousands. A chunk given back is handed out again (a store that
// spilled refills the same memory); the slabs are unmapped by release().
class ChunkArena {
public:
    static constexpr std::size_t kMaxChunkBytes = 4096, kMinChunkBytes = 256;
    static constexpr std::size_t kSlabBytes = std::size_t(2) << 20;
    // `huge_pages`: ask for them (a small budget does not: a huge page is 2 MB of it at once).
    ChunkArena(std::size_t chunk_bytes, bool huge_pages) : chunk_bytes_(chunk_bytes), huge_pages_(huge_pages) {}
    ChunkArena(const ChunkArena&) = delete;
    ChunkArena& operator=(const ChunkArena&) = delete;
    ~ChunkArena() { release(); }
    void* take() {
        if (!free_.empty()) {
            void* chunk = free_.back();
            free_.pop_back();
            return chunk;
        }
        if (slabs_.empty() || next_in_slab_ + chunk_bytes_ > kSlabBytes) {
            slabs_.push_back(map_slab(huge_pages_));
            next_in_slab_ = 0;
        }
        void* chunk = static_cast<char*>(slabs_.back()) + next_in_slab_;
        next_in_slab_ += chunk_bytes_;
        return chunk;
    }
    void give_back(void* chunk) { free_.push_back(chunk); }
    void release();
    // One slab's worth: for data that must be contiguous (a game stream's entries).
    static void* map_slab(bool huge_pages);
    static void unmap_slab(void* slab);

    std::size_t chunk_bytes() const { return chunk_bytes_; }

private:
    std::size_t chunk_bytes_;
    bool huge_pages_;
    std::vector<void*> slabs_;
    std::size_t next_in_slab_ = 0;
    std::vector<void*> free_;
};

template <class Record> class BucketStore {
public:
    static constexpr unsigned kBucketBits = 10;
    static constexpr std::size_t kBuckets = std::size_t(1) << kBucketBits;
    static std::size_t bucket_of(std::uint64_t key) { return std::size_t(key >> (64 - kBucketBits)); }
    // The chunk size for a budget: two chunks a bucket fit in it (4 KB at most, 256 bytes at
    // least), so that a spill writes whole chunks rather than a sliver of each bucket.
    static std::size_t chunk_bytes_for(std::size_t budget) {
        std::size_t bytes = ChunkArena::kMaxChunkBytes;
        while (bytes > ChunkArena::kMinChunkBytes && 2 * kBuckets * bytes > budget) bytes /= 2;
        return bytes;
    }

    // Huge pages for a budget of 64 MB and more.
    static bool huge_pages_for(std::size_t budget) { return budget >= (std::size_t(64) << 20); }

    BucketStore(std::string temp_dir, std::size_t chunk_bytes, bool huge_pages)
        : temp_dir_(std::move(temp_dir)), arena_(chunk_bytes, huge_pages), chunk_records_(chunk_bytes / sizeof(Record)),
          buckets_(kBuckets), tails_(kBuckets) {}
    ~BucketStore() { clear(); }
    BucketStore(const BucketStore&) = delete;
    BucketStore& operator=(const BucketStore&) = delete;

    // Where bucket b's next record goes (write it at once).
    Record& append(std::size_t b) {
        Tail& tail = tails_[b];
        if (tail.next == tail.end) new_chunk(b);
        // The bucket's next cache line, asked for to write: a bucket's next record comes some
        // thousand records later, and would otherwise wait for its line from memory.
        __builtin_prefetch(reinterpret_cast<const char*>(tail.next) + 64, 1);
        return *tail.next++;
    }
    std::size_t bytes_held() const { return chunks_held_ * arena_.chunk_bytes(); }
    std::uint64_t records() const { return spilled_ + held(); } // added so far
    std::size_t spills() const { return spills_; }              // times the buckets went to disk

    // Every bucket's records to the end of the file, a segment each; their chunks are kept to be
    // filled again. Throws std::runtime_error when the file cannot take them (a full disk): the
    // store is then as it was before the call.
    void spill() {
        if (!file_) file_ = anonymous_file(temp_dir_);
        const std::uint64_t start = file_bytes_;
        for (std::size_t b = 0; b < kBuckets; ++b) {
            const std::size_t n = held(b);
            for (std::size_t c = 0; c * chunk_records_ < n; ++c) {
                const std::size_t count = std::min(chunk_records_, n - c * chunk_records_);
                if (std::fwrite(buckets_[b].chunks[c], sizeof(Record), count, file_) != count) write_failed(start);
            }
        }
        if (std::fflush(file_) != 0) write_failed(start);
        for (std::size_t b = 0; b < kBuckets; ++b) {
            Bucket& bucket = buckets_[b];
            const std::size_t n = held(b);
            if (n > 0) bucket.spilled.push_back(Segment{file_bytes_, n});
            file_bytes_ += n * sizeof(Record);
            spilled_ += n;
            for (Record* chunk : bucket.chunks) arena_.give_back(chunk);
            bucket.chunks.clear();
            tails_[b] = Tail{};
        }
        chunks_held_ = 0;
        ++spills_;
    }
    // Appends bucket b's records to `out` in the order they came: the spilled ones, then those in
    // memory. Throws std::runtime_error when spilled records cannot be read back.
    void read_bucket(std::size_t b, std::vector<Record>& out) const {
        const Bucket& bucket = buckets_[b];
        for (const Segment& s : bucket.spilled) {
            const std::size_t at = out.size();
            out.resize(at + s.count);
            read_spilled(file_, out.data() + at, s.count * sizeof(Record), s.offset, temp_dir_);
        }
        const std::size_t n = held(b);
        for (std::size_t c = 0; c * chunk_records_ < n; ++c) {
            const Record* chunk = bucket.chunks[c];
            out.insert(out.end(), chunk, chunk + std::min(chunk_records_, n - c * chunk_records_));
        }
    }
    // Bucket b's records in the order they came, as spans: fn(const Record* first, std::size_t
    // count) for each block of spilled ones (read into `block`, at most kBlockRecords at a time)
    // and each chunk held, in place. Memory: one block, however big the bucket. Throws
    // std::runtime_error when spilled records cannot be read back.
    static constexpr std::size_t kBlockRecords = 4096;
    template <class Fn> void visit_bucket(std::size_t b, std::vector<Record>& block, Fn&& fn) const {
        const Bucket& bucket = buckets_[b];
        for (const Segment& s : bucket.spilled)
            for (std::uint64_t done = 0; done < s.count;) {
                const std::size_t count = std::size_t(std::min<std::uint64_t>(kBlockRecords, s.count - done));
                block.resize(count);
                read_spilled(file_, block.data(), count * sizeof(Record), s.offset + done * sizeof(Record), temp_dir_);
                fn(static_cast<const Record*>(block.data()), count);
                done += count;
            }
        const std::size_t n = held(b);
        for (std::size_t c = 0; c * chunk_records_ < n; ++c)
            fn(static_cast<const Record*>(bucket.chunks[c]), std::min(chunk_records_, n - c * chunk_records_));
    }
    // How many records bucket b holds, spilled and in memory.
    std::uint64_t bucket_records(std::size_t b) const {
        std::uint64_t n = held(b);
        for (const Segment& s : buckets_[b].spilled) n += s.count;
        return n;
    }
    // Every record and segment dropped, the memory unmapped and the file closed.
    void clear() {
        for (Bucket& bucket : buckets_) bucket = Bucket{};
        for (Tail& tail : tails_) tail = Tail{};
        arena_.release();
        chunks_held_ = 0;
        if (file_) std::fclose(file_);
        file_ = nullptr;
        file_bytes_ = spilled_ = 0;
    }

private:
    struct Segment { // a bucket's records written in one spill
        std::uint64_t offset;
        std::uint64_t count;
    };
    struct Bucket {
        std::vector<Record*> chunks;
        std::vector<Segment> spilled;
    };
    struct Tail { // apart from the buckets, so that the 1,024 of them stay in L1
        Record* next = nullptr;
        Record* end = nullptr;
    };
    std::size_t held(std::size_t b) const {
        const Bucket& bucket = buckets_[b];
        return bucket.chunks.empty()
                   ? 0
                   : (bucket.chunks.size() - 1) * chunk_records_ + std::size_t(tails_[b].next - bucket.chunks.back());
    }
    std::uint64_t held() const {
        std::uint64_t n = 0;
        for (std::size_t b = 0; b < kBuckets; ++b) n += held(b);
        return n;
    }
    void new_chunk(std::size_t b) {
        Record* chunk = static_cast<Record*>(arena_.take());
        buckets_[b].chunks.push_back(chunk);
        ++chunks_held_;
        tails_[b] = Tail{chunk, chunk + chunk_records_};
    }
    // A failed write leaves the file's end where it was, so that the records stay held and a
    // later spill writes them again after the last whole segment.
    [[noreturn]] void write_failed(std::uint64_t start);

    std::string temp_dir_;
    ChunkArena arena_;
    std::size_t chunk_records_;
    std::vector<Bucket> buckets_;
    std::vector<Tail> tails_;
    std::size_t chunks_held_ = 0;
    std::FILE* file_ = nullptr;
    std::uint64_t file_bytes_ = 0;
    std::uint64_t spilled_ = 0;
    std::size_t spills_ = 0;
};

// Throws the error of a failed spill after setting the file's position back to `start`.
[[noreturn]] void spill_write_failed(std::FILE* file, std::uint64_t start);

template <class Record> void BucketStore<Record>::write_failed(std::uint64_t start) { spill_write_failed(file_, start); }

} // namespace horde::tree::detail
