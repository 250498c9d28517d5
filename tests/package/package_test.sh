#!/usr/bin/env bash
# The Debian package, end to end: configures its own portable build tree (-DHORDE_PORTABLE=ON),
# builds horde_<version>_amd64.deb with `cmake --build --target package` (cpack -G DEB),
# checks it with dpkg-deb --info and --contents, installs it with dpkg -i, runs horde-perft
# --version and a bash completion from the installed paths, and removes it with dpkg -r.
# It installs system-wide, so it runs only with CI=true (as root on CI's throwaway machine) or
# HORDE_PACKAGE_TEST=1; otherwise, and without dpkg-deb/dpkg-shlibdeps, it is skipped (77).
# Usage: package_test.sh SOURCE_DIR WORK_DIR CMAKE VERSION
set -u
SRC=$1 TREE=$2/package-build CMAKE=$3 VERSION=$4
if [ "${CI:-}" != true ] && [ "${HORDE_PACKAGE_TEST:-}" != 1 ]; then
    echo "SKIP: installs a package system-wide; runs with CI=true or HORDE_PACKAGE_TEST=1"
    exit 77
fi
for tool in dpkg dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "SKIP: no $tool (Debian: apt-get install dpkg-dev)"; exit 77; }
done
failures=0
checks=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
expect() { # expect <what> <command...>: the command succeeds
    local what=$1
    shift
    checks=$((checks + 1))
    "$@" || fail "$what"
}
[ "$(id -u)" = 0 ] || { echo "FAIL: dpkg -i needs root" >&2; exit 1; }
if dpkg-query -W -f='${Status}' horde 2>/dev/null | grep -q 'install ok installed'; then
    echo "FAIL: a horde package is installed already; remove it first (dpkg -r horde)" >&2
    exit 1
fi

echo "== portable build and cpack in $TREE"
"$CMAKE" -S "$SRC" -B "$TREE" -DCMAKE_BUILD_TYPE=Release -DHORDE_PORTABLE=ON -DHORDE_TESTS=OFF >"$TREE.log" 2>&1 &&
    nice "$CMAKE" --build "$TREE" -j2 --target package >>"$TREE.log" 2>&1 ||
    { tail -n 40 "$TREE.log" >&2; echo "FAIL: the package build failed (log: $TREE.log)" >&2; exit 1; }
deb=$TREE/horde_${VERSION}_amd64.deb
[ -f "$deb" ] || { echo "FAIL: no $deb ($(ls "$TREE"/*.deb 2>/dev/null))" >&2; exit 1; }
expect "the package tree is portable (HORDE_PORTABLE=ON)" grep -q '^HORDE_PORTABLE:BOOL=ON' "$TREE/CMakeCache.txt"
expect "no -march=native in the package build" bash -c "! grep -rq -- '-march=native' '$TREE/tools/CMakeFiles' '$TREE/lib/CMakeFiles'"

info=$(dpkg-deb --info "$deb")
echo "$info" | sed -n '/Package:/,$p'
field() { echo "$info" | sed -n "s/^ $1: //p"; }
expect "Package: horde" test "$(field Package)" = horde
expect "Version: $VERSION" test "$(field Version)" = "$VERSION"
expect "Architecture: amd64" test "$(field Architecture)" = amd64
depends=$(field Depends)
for lib in libc6 libstdc++6 libzstd1 zlib1g libbz2-1.0 liblzma5; do
    expect "Depends names $lib (dpkg-shlibdeps): $depends" grep -q "$lib" <<<"$depends"
done

contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
for name in horde-perft horde-check horde-list horde-replay; do
    for f in ./usr/bin/$name ./usr/share/man/man1/$name.1.gz ./usr/share/bash-completion/completions/$name \
             ./usr/share/zsh/vendor-completions/_$name ./usr/share/fish/vendor_completions.d/$name.fish; do
        expect "the package holds $f" grep -qx -- "$f" <<<"$contents"
    done
done
for f in ./usr/share/doc/horde/README.md ./usr/share/doc/horde/copyright; do
    expect "the package holds $f" grep -qx -- "$f" <<<"$contents"
done
expect "nothing outside /usr" bash -c "! grep -v '^\./usr/\|^\./$' <<<'$contents' | grep -q ."

echo "== dpkg -i"
checks=$((checks + 1))
if ! dpkg -i "$deb"; then
    fail "dpkg -i"
else
    version=$(/usr/bin/horde-perft --version 2>&1)
    expect "/usr/bin/horde-perft --version says $VERSION: $version" grep -q "^horde-perft $VERSION\$" <<<"$version"
    expect "horde-perft from the installed package counts perft" \
        test "$(/usr/bin/horde-perft --variant chess --depth 3 | tail -n 1 | grep -o '[0-9]*$')" = 8902
    # The installed bash completion, as bash-completion loads it: complete the options of
    # horde-perft after "--var".
    completion=$(bash -c 'source /usr/share/bash-completion/completions/horde-perft
        COMP_WORDS=(horde-perft --var); COMP_CWORD=1; COMP_LINE="horde-perft --var"; COMP_POINT=${#COMP_LINE}
        $(complete -p horde-perft | sed "s/.*-F \([^ ]*\) .*/\1/") horde-perft --var horde-perft
        echo "${COMPREPLY[*]}"')
    expect "the installed bash completion completes --var to --variant: '$completion'" grep -qw -- --variant <<<"$completion"
    expect "the installed man page is gzipped troff" bash -c "zcat /usr/share/man/man1/horde-replay.1.gz | grep -q '^\.TH'"
    echo "== dpkg -r"
    expect "dpkg -r horde" dpkg -r horde
    expect "dpkg -r removes the tools" test ! -e /usr/bin/horde-perft
    expect "dpkg -r removes the completions" test ! -e /usr/share/bash-completion/completions/horde-perft
    expect "the package is no longer installed" bash -c "! dpkg-query -W -f='\${Status}' horde 2>/dev/null | grep -q 'install ok installed'"
fi
echo "$checks checks, $failures failures"
[ "$failures" -eq 0 ]
