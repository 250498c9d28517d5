// --where EXPR in horde-check, horde-list and horde-replay: the option and its syntax errors.
// The language is the library's (horde/select/where.hpp).
#pragma once

#include "horde/game/checker.hpp"
#include "horde/select/where.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace horde::tools {

inline CLI::Option* add_where_option(CLI::App& app, std::optional<std::string>& where) {
    return app.add_option("--where", where,
                          "Act only on the games for which EXPR is true, e.g. 'WhiteElo >= 2000 and status == "
                          "\"checkmate\"' (docs/selecting.md); the others are read, checked and "
                          "counted as not selected");
}

// Sets options.select (or watch_positions) from --where (piece letters judged against
// options.forced_variant, the --variant given: set it first). False after "TOOL: --where: column N: ..." on stderr, with
// the expression and a caret under the column (the caller exits with kExitUsage).
inline bool apply_where_option(std::string_view tool, const std::optional<std::string>& where, game::CheckOptions& options) {
    if (!where) return true;
    auto parsed = select::WhereExpr::parse(*where, options.forced_variant);
    if (const auto* e = std::get_if<select::WhereError>(&parsed)) {
        fmt::print(stderr, "{}: --where: column {}: {}\n  {}\n  {}^\n", tool, e->column, e->message, *where,
                   std::string(std::size_t(e->column - 1), ' '));
        return false;
    }
    std::get<select::WhereExpr>(parsed).select_in(options);
    return true;
}

} // namespace horde::tools
