#include "horde/report/tree_page.hpp"

#include "horde/report/json.hpp"

#include <fmt/format.h>

namespace horde::report {

std::string TreePage::begin() const {
    std::string out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>";
    out += title_;
    out += "</title></head><body><script id=\"tree\" type=\"application/json\">[\n";
    return out;
}

void TreePage::append_position(std::string& out, const tree::PositionStats& p) {
    if (positions_++) out += ",\n";
    append_tree_position_json(out, p);
}

std::string TreePage::end(std::uint64_t root) const {
    return fmt::format("\n]</script><script>const root = \"{:016x}\";</script></body></html>\n", root);
}

} // namespace horde::report
