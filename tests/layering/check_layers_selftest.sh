#!/usr/bin/env bash
# check_layers.sh must fail on a tree that breaks the rule, and pass on one that keeps it.
set -uo pipefail
script=$(dirname "$0")/check_layers.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/docs" "$work/lib/include/horde/core" "$work/lib/include/horde/game" "$work/lib/src/core"
printf '| module | x |\n| --- | --- |\n| `core/` | a |\n| `io/` | b |\n| `position/` | c |\n| `notation/` | d |\n| `game/` | e |\n' \
    > "$work/docs/ARCHITECTURE.md"
echo '#include "horde/core/types.hpp"' > "$work/lib/include/horde/game/game.hpp"
echo '#include "horde/core/types.hpp"' > "$work/lib/src/core/types.cpp"
bash "$script" "$work" > /dev/null 2>&1 || { echo "selftest: a clean tree was rejected" >&2; exit 1; }
echo '#include "horde/game/game.hpp"' > "$work/lib/src/core/types.cpp"
out=$(bash "$script" "$work" 2>&1)
[ $? -eq 1 ] || { echo "selftest: an upward include was not rejected: $out" >&2; exit 1; }
grep -q "module 'core' includes \"horde/game/game.hpp\"" <<<"$out" || { echo "selftest: unclear message: $out" >&2; exit 1; }
printf '#include "horde/core/types.hpp"\nnamespace horde::core {\n}\n' > "$work/lib/src/core/types.cpp"
printf 'namespace horde::core {\nstruct Square;\n}\nnamespace horde::game {\n}\n' > "$work/lib/include/horde/game/game.hpp"
bash "$script" "$work" > /dev/null 2>&1 || { echo "selftest: a tree with per-folder namespaces was rejected" >&2; exit 1; }
printf 'namespace horde::position {\nint f();\n}\n' > "$work/lib/include/horde/game/game.hpp"
out=$(bash "$script" "$work" 2>&1)
[ $? -eq 1 ] || { echo "selftest: a file in another module's namespace was not rejected: $out" >&2; exit 1; }
grep -q "module 'game' opens namespace horde::position for more than a forward declaration" <<<"$out" ||
    { echo "selftest: unclear message: $out" >&2; exit 1; }
printf 'namespace horde {\n}\n' > "$work/lib/include/horde/game/game.hpp"
out=$(bash "$script" "$work" 2>&1)
grep -q "opens namespace horde; module 'game' has namespace horde::game" <<<"$out" ||
    { echo "selftest: a file in namespace horde was not rejected: $out" >&2; exit 1; }
echo '#include "horde/core/types.hpp"' > "$work/lib/include/horde/game/game.hpp"
mkdir -p "$work/lib/include/horde/extra"
echo '#include "horde/core/types.hpp"' > "$work/lib/src/core/types.cpp"
bash "$script" "$work" > /dev/null 2>&1 && { echo "selftest: an unlisted folder was accepted" >&2; exit 1; }
echo "selftest: check_layers accepts the clean tree and rejects an upward include, an unlisted folder and a namespace off its folder"
