// io::BlockText against a std::string doing the same appends and truncations: lines that never
// straddle two blocks, truncation inside a block, at a block's end and blocks back, and the
// pool's blocks reused, the last given back first.
#include "horde/io/block_text.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using horde::io::BlockPool;
using horde::io::BlockText;

namespace {

std::string joined(const BlockText& text) {
    std::string out;
    text.for_each_piece([&](std::string_view piece) {
        CHECK(piece.size() <= BlockPool::kBlockBytes);
        out += piece;
    });
    return out;
}

// A line of `n` bytes (n - 1 letters and a line end) written through room/commit.
void write_line(BlockText& text, std::string& model, std::size_t n, char letter) {
    char* p = text.room(n);
    for (std::size_t i = 0; i + 1 < n; ++i) p[i] = letter;
    p[n - 1] = '\n';
    text.commit(n);
    model.append(n - 1, letter);
    model += '\n';
}

} // namespace

TEST_CASE("BlockText: appends and truncations read back as a string's", "[io]") {
    BlockPool pool;
    BlockText text(&pool);
    std::string model;
    std::vector<std::size_t> game_starts;
    for (int i = 0; i < 20000; ++i) {
        if (i % 37 == 0) game_starts.push_back(text.size());
        write_line(text, model, 20 + std::size_t(i * 7919) % 71, char('a' + i % 26));
        // Now and then a "game" is dropped: back to where it started, possibly blocks back.
        if (i % 53 == 52 && !game_starts.empty()) {
            const std::size_t back = game_starts.back();
            game_starts.pop_back();
            text.truncate(back);
            model.resize(back);
        }
        REQUIRE(text.size() == model.size());
    }
    CHECK(model.size() > 4 * BlockPool::kBlockBytes);
    CHECK(joined(text) == model);
    // Truncated to the start of the last block, exactly, and to nothing.
    std::size_t first_piece = 0;
    text.for_each_piece([&](std::string_view piece) {
        if (first_piece == 0) first_piece = piece.size();
    });
    text.truncate(first_piece);
    model.resize(first_piece);
    CHECK(joined(text) == model);
    write_line(text, model, 50, 'z');
    CHECK(joined(text) == model);
    text.truncate(0);
    CHECK(text.empty());
    CHECK(joined(text).empty());
    text.append("after\n");
    CHECK(joined(text) == "after\n");
}

TEST_CASE("BlockText: a text appended past a block takes a new one, and cleared gives its blocks back for reuse", "[io]") {
    BlockPool pool;
    const std::string big(BlockPool::kBlockBytes + 100, 'x');
    std::vector<const char*> first_blocks;
    {
        BlockText text(&pool);
        text.append(big);
        CHECK(text.size() == big.size());
        text.for_each_piece([&](std::string_view piece) { first_blocks.push_back(piece.data()); });
        REQUIRE(first_blocks.size() == 2);
        CHECK(joined(text) == big);
        text.clear();
        CHECK(text.empty());
    }
    // The last block given back comes first.
    BlockText again(&pool);
    again.append("one line\n");
    std::vector<const char*> blocks;
    again.for_each_piece([&](std::string_view piece) { blocks.push_back(piece.data()); });
    REQUIRE(blocks.size() == 1);
    CHECK(blocks[0] == first_blocks[1]);
    // Without a pool: blocks of its own.
    BlockText own;
    own.append(big);
    CHECK(joined(own) == big);
    BlockText moved(std::move(own));
    CHECK(joined(moved) == big);
    CHECK(own.empty());
}
