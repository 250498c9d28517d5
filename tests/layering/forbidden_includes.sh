#!/usr/bin/env bash
# The layering as the build's rule: each module's target sees the headers of the modules it may
# include and no others. For every module M (given with its target's include directories, as
# the build compiles it), a file including a header of each module M links directly (the
# "links" column of docs/ARCHITECTURE.md's module table) compiles, and a file including a
# header of each module outside M's closure (what it links, and what those link) fails with
# the header not found.
# Usage: forbidden_includes.sh <project root> <c++ compiler> "<compile options>" MODULE=DIR:DIR... ...
set -uo pipefail
root=${1:?usage: forbidden_includes.sh <root> <compiler> <options> MODULE=DIRS...}
compiler=${2:?missing compiler}
read -r -a options <<< "${3-}"
shift 3
doc=$root/docs/ARCHITECTURE.md

# The table: "| `name/` | `a`, `b` | ..." (— for no link).
declare -A links
modules=()
while IFS='|' read -r _ name linked _; do
    name=$(sed -n 's/^ *`\([a-z0-9_]*\)\/` *$/\1/p' <<< "$name")
    [ -n "$name" ] || continue
    modules+=("$name")
    links[$name]=$(tr -d '`,—' <<< "$linked" | xargs)
done < <(grep '^| `[a-z0-9_]*/` |' "$doc")
[ ${#modules[@]} -ge 5 ] || { echo "forbidden_includes: fewer than 5 modules in the table of $doc" >&2; exit 2; }

closure() { # the modules $1 links, directly or not
    local -A seen=()
    local pending=(${links[$1]}) m
    while [ ${#pending[@]} -gt 0 ]; do
        m=${pending[0]}; pending=("${pending[@]:1}")
        [ -n "${seen[$m]+x}" ] && continue
        seen[$m]=1
        pending+=(${links[$m]-})
    done
    echo "${!seen[@]}"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 allowed_checked=0 forbidden_checked=0
fail() { echo "forbidden_includes: $*" >&2; failures=$((failures + 1)); }
declare -A given
for arg in "$@"; do
    module=${arg%%=*}
    given[$module]=1
    [ -n "${links[$module]+x}" ] || { fail "module '$module' of the build is not in the table of $doc"; continue; }
    IFS=: read -r -a dirs <<< "${arg#*=}"
    includes=()
    for dir in "${dirs[@]}"; do [ -n "$dir" ] && includes+=("-I$dir"); done
    reachable=" $module $(closure "$module") "
    # One file including a header of the module and of each module it links: found.
    : > "$work/allowed.cpp"
    for other in "${modules[@]}"; do
        header=$(cd "$root/lib/include" && ls horde/"$other"/*.hpp 2>/dev/null | head -1)
        [ -n "$header" ] || { fail "module '$other' has no header in lib/include/horde/$other"; continue; }
        if [ "$other" = "$module" ] || [[ " ${links[$module]} " == *" $other "* ]]; then
            printf '#include "%s"\n' "$header" >> "$work/allowed.cpp"
            allowed_checked=$((allowed_checked + 1))
        elif [[ "$reachable" != *" $other "* ]]; then
            # A header of a module outside the closure: not found.
            printf '#include "%s"\n' "$header" > "$work/probe.cpp"
            if "$compiler" "${options[@]}" "${includes[@]}" -fsyntax-only "$work/probe.cpp" 2> "$work/err"; then
                fail "module '$module' may not include '$other' (the table), yet $header was found and compiled"
            elif ! grep -qE "$header.*(No such file|not found)|(No such file|not found).*$header" "$work/err"; then
                fail "module '$module' including $header failed, but not for a header not found:"
                head -5 "$work/err" >&2
            fi
            forbidden_checked=$((forbidden_checked + 1))
        fi
    done
    if ! "$compiler" "${options[@]}" "${includes[@]}" -fsyntax-only "$work/allowed.cpp" 2> "$work/err"; then
        fail "module '$module' cannot include the headers of the modules it links:"
        head -5 "$work/err" >&2
    fi
done
for module in "${modules[@]}"; do
    [ -n "${given[$module]+x}" ] || fail "module '$module' of the table has no target in the build"
done
[ "$allowed_checked" -gt 0 ] && [ "$forbidden_checked" -gt 0 ] ||
    fail "nothing checked ($allowed_checked allowed, $forbidden_checked forbidden includes)"
if [ "$failures" -gt 0 ]; then
    echo "forbidden_includes: $failures failure(s)" >&2
    exit 1
fi
echo "forbidden_includes: ${#modules[@]} modules: $allowed_checked includes of a linked module compile, $forbidden_checked of a module outside the links are not found"
