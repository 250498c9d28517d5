// horde-tree --format html: one self-contained explorer page (drawn pieces, no network). The
// positions come in the tree's order (key order) and are written as they come, so that the
// page is built in constant memory: begin(), then append_position() for each, then end().
#pragma once

#include "horde/tree/opening_tree.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace horde::report {

class TreePage {
public:
    explicit TreePage(std::string title) : title_(std::move(title)) {}
    // The page up to the positions' data.
    std::string begin() const;
    // One position with its moves.
    void append_position(std::string& out, const tree::PositionStats& p);
    // The rest of the page; `root` is the position the explorer opens at.
    std::string end(std::uint64_t root) const;

private:
    std::string title_;
    std::uint64_t positions_ = 0;
};

} // namespace horde::report
