#!/usr/bin/env bash
# check_layers.sh must fail on a tree that breaks the rule, and pass on one that keeps it.
set -uo pipefail
script=$(dirname "$0")/check_layers.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/docs" "$work/lib/include/horde/core" "$work/lib/include/horde/game" "$work/lib/src/core"
printf '| module | x |\n| --- | --- |\n| `core/` | a |\n| `io/` | b |\n| `position/` | c |\n| `notation/` | d |\n| `game/` | e |\n' \
    > "$work/docs/ARCHITECTURE.md"
game_hpp=$work/lib/include/horde/game/game.hpp
core_cpp=$work/lib/src/core/types.cpp

# expect_accepted WHAT: the tree as it is now passes.
expect_accepted() {
    bash "$script" "$work" > /dev/null 2>&1 || { echo "selftest: $1 was rejected" >&2; exit 1; }
}
# expect_rejected WHAT MESSAGE: the tree fails with status 1 and says MESSAGE (a fixed string).
expect_rejected() {
    local out status
    out=$(bash "$script" "$work" 2>&1)
    status=$?
    [ "$status" -eq 1 ] || { echo "selftest: $1 was not rejected (status $status): $out" >&2; exit 1; }
    grep -qF -- "$2" <<<"$out" || { echo "selftest: $1: unclear message: $out" >&2; exit 1; }
}

echo '#include "horde/core/types.hpp"' > "$game_hpp"
echo '#include "horde/core/types.hpp"' > "$core_cpp"
expect_accepted "a clean tree"
echo '#include "horde/game/game.hpp"' > "$core_cpp"
expect_rejected "an upward include" "module 'core' includes \"horde/game/game.hpp\""

printf '#include "horde/core/types.hpp"\nnamespace horde::core {\n}\n' > "$core_cpp"
printf 'namespace horde::core {\nstruct Square;\n}\nnamespace horde::game {\n}\n' > "$game_hpp"
expect_accepted "a tree with per-folder namespaces and a forward declaration"
printf 'namespace horde::position {\nint f();\n}\n' > "$game_hpp"
expect_rejected "a file in another module's namespace" \
    "module 'game' opens namespace horde::position for more than a forward declaration"
printf 'namespace horde {\n}\n' > "$game_hpp"
expect_rejected "a file in namespace horde" "opens namespace horde; module 'game' has namespace horde::game"

echo '#include "horde/core/types.hpp"' > "$game_hpp"
mkdir -p "$work/lib/include/horde/extra"
expect_rejected "an unlisted folder" "lib/include/horde/extra/ is not a module of docs/ARCHITECTURE.md"
echo "selftest: check_layers accepts the clean tree and rejects an upward include, an unlisted folder and a namespace off its folder"
