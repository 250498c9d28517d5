#!/usr/bin/env bash
# The library's layering rule, checked over the #include lines: a module of lib/ includes only
# its own module and the modules below it. The order is the one docs/ARCHITECTURE.md gives in
# its module table (rows "| `name/` | ..." from bottom to top), so the page and the rule cannot
# drift apart. Also fails when a folder of lib/include/horde or lib/src is not in the table, or
# when more than two headers sit outside the module folders.
# The namespaces follow the folders: a file of module M opens `namespace horde::M` (and its
# nested namespaces), or forward-declares into a module at or below its own
# (`namespace horde::pgn { class PgnReader; }`); only core opens `namespace horde` itself (to
# make its vocabulary visible in every module).
# Usage: check_layers.sh <project root>
set -uo pipefail
root=${1:?usage: check_layers.sh <project root>}
doc=$root/docs/ARCHITECTURE.md
[ -f "$doc" ] || { echo "check_layers: $doc is missing" >&2; exit 2; }

# Module order from the table: the first column of rows like "| `core/` | ...".
mapfile -t modules < <(sed -n 's/^| `\([a-z0-9_]*\)\/` |.*/\1/p' "$doc")
[ ${#modules[@]} -ge 5 ] || { echo "check_layers: fewer than 5 modules in the table of $doc" >&2; exit 2; }
declare -A rank
for i in "${!modules[@]}"; do rank[${modules[$i]}]=$i; done

failures=0
fail() { echo "check_layers: $*" >&2; failures=$((failures + 1)); }

for dir in "$root"/lib/include/horde/*/ "$root"/lib/src/*/; do
    name=$(basename "$dir")
    [ -n "${rank[$name]+x}" ] || fail "${dir#"$root"/} is not a module of docs/ARCHITECTURE.md"
done
loose=$(find "$root/lib/include/horde" -maxdepth 1 -name '*.hpp' | wc -l)
[ "$loose" -le 2 ] || fail "$loose headers outside the module folders of lib/include/horde (at most 2)"

checked=0
while IFS= read -r file; do
    rel=${file#"$root"/}
    # lib/include/horde/<module>/x.hpp or lib/src/<module>/x.cpp
    case $rel in
        lib/include/horde/*/*) own=${rel#lib/include/horde/}; own=${own%%/*} ;;
        lib/src/*/*) own=${rel#lib/src/}; own=${own%%/*} ;;
        *) continue ;;
    esac
    [ -n "${rank[$own]+x}" ] || continue # reported above
    checked=$((checked + 1))
    while IFS=: read -r line target; do
        module=${target%%/*}
        if [ "$module" = "$target" ]; then
            fail "$rel:$line: includes \"horde/$target\", a header outside the module folders"
        elif [ -z "${rank[$module]+x}" ]; then
            fail "$rel:$line: includes \"horde/$target\" of unknown module '$module'"
        elif [ "${rank[$module]}" -gt "${rank[$own]}" ]; then
            fail "$rel:$line: module '$own' includes \"horde/$target\" of '$module', which is above it"
        fi
    done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"horde/' "$file" |
             sed 's/^\([0-9]*\):.*"horde\/\([^"]*\)".*/\1:\2/')
    while IFS=: read -r line ns; do
        module=${ns#horde}; module=${module#::}; module=${module%%::*}
        if [ -z "$module" ]; then
            [ "$own" = core ] || fail "$rel:$line: opens namespace horde; module '$own' has namespace horde::$own"
        elif [ -z "${rank[$module]+x}" ]; then
            fail "$rel:$line: opens namespace $ns, not a module's (module '$own' has horde::$own)"
        elif [ "${rank[$module]}" -gt "${rank[$own]}" ]; then
            fail "$rel:$line: module '$own' opens namespace $ns of '$module', which is above it"
        elif [ "$module" != "$own" ] && ! sed -n "$((line + 1))p" "$file" | grep -qE '^(class|struct) [A-Za-z_]+;$'; then
            fail "$rel:$line: module '$own' opens namespace $ns for more than a forward declaration"
        fi
    done < <(grep -nE '^[[:space:]]*namespace[[:space:]]+horde[a-z_:]*[[:space:]]*\{' "$file" |
             sed -E 's/^([0-9]+):[[:space:]]*namespace[[:space:]]+(horde[a-z_:]*).*/\1:\2/')
done < <(find "$root/lib" -type f \( -name '*.hpp' -o -name '*.cpp' -o -name '*.h' \) | sort)

[ "$checked" -gt 0 ] || { echo "check_layers: no library file found under $root/lib" >&2; exit 2; }
if [ "$failures" -gt 0 ]; then
    echo "check_layers: $failures violation(s) in $checked files (order: ${modules[*]})" >&2
    exit 1
fi
echo "check_layers: $checked files, ${#modules[@]} modules (${modules[*]}), no include above its own module, each in its own namespace"
