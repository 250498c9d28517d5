#!/usr/bin/env bash
# The Debian package, end to end: builds horde_<version>_amd64.deb with `cmake --build --target
# package` (cpack -G DEB) in a portable tree (-DHORDE_PORTABLE=ON: the build tree under test when
# it is portable, as CI's build-portable is, else a tree of its own), checks it with dpkg-deb
# --info and --contents, installs it with dpkg -i, runs from the installed paths horde-perft
# --version, a perft suite (testdata/perft/*.epd), the corpus check (testdata/games against
# their sidecars) and a bash completion, and removes it with dpkg -r.
# It installs system-wide, so it runs only with CI=true (as root on CI's throwaway machine) or
# HORDE_PACKAGE_TEST=1; otherwise, and without dpkg-deb/dpkg-shlibdeps, it is skipped (77).
# Usage: package_test.sh SOURCE_DIR WORK_DIR CMAKE VERSION BUILD_DIR
set -u
SRC=$1 TREE=$2/package-build CMAKE=$3 VERSION=$4 BUILD=$5
TESTDATA=$SRC/testdata
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

if grep -q '^HORDE_PORTABLE:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null &&
   ! grep -q '^HORDE_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt"; then
    # The portable tree under test (CI's build-portable): its binaries are the ones the whole
    # suite has run on, and CI builds no second portable tree.
    TREE=$BUILD
    echo "== cpack in the portable tree under test, $TREE"
    nice "$CMAKE" --build "$TREE" -j2 --target package >"$TREE/package.log" 2>&1 ||
        { tail -n 40 "$TREE/package.log" >&2; echo "FAIL: the package build failed (log: $TREE/package.log)" >&2; exit 1; }
else
    echo "== portable build and cpack in $TREE"
    "$CMAKE" -S "$SRC" -B "$TREE" -DCMAKE_BUILD_TYPE=Release -DHORDE_PORTABLE=ON -DHORDE_TESTS=OFF >"$TREE.log" 2>&1 &&
        nice "$CMAKE" --build "$TREE" -j2 --target package >>"$TREE.log" 2>&1 ||
        { tail -n 40 "$TREE.log" >&2; echo "FAIL: the package build failed (log: $TREE.log)" >&2; exit 1; }
fi
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
for lib in libc6 libstdc++6 libzstd1 zlib1g libbz2-1.0 liblzma5 librocksdb7.8; do
    expect "Depends names $lib (dpkg-shlibdeps): $depends" grep -q "$lib" <<<"$depends"
done
description=$(dpkg-deb -f "$deb" Description)
for name in horde-perft horde-check horde-list horde-replay horde-tree horde-db; do
    expect "the Description names $name" grep -q -- "$name" <<<"$description"
done
# CPACK_PACKAGE_DESCRIPTION set from several strings is a CMake list: its lines would start with ';'.
expect "no Description line starts with ';'" bash -c '! grep -q "^ ;" <<<"$1"' _ "$description"

contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
for name in horde-perft horde-check horde-list horde-replay horde-tree horde-db; do
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
    # A perft suite per variant and the corpus check, from the installed paths (the portable
    # code paths: no BMI2, the scalar kernels).
    for v in chess horde orda; do
        expect "/usr/bin/horde-perft --epd $v.epd passes (--max-nodes 2000000)" \
            bash -c "/usr/bin/horde-perft --variant $v --epd '$TESTDATA/perft/$v.epd' --max-nodes 2000000 --threads 2 | grep -q '^[1-9][0-9]* checks, 0 mismatches, [0-9]* skipped, 0 errors'"
    done
    expect "/usr/bin/horde-perft --epd chess960.epd passes (every 8th position, depth 4)" \
        bash -c "awk 'NR % 8 == 1' '$TESTDATA/perft/chess960.epd' | /usr/bin/horde-perft --variant chess960 --epd - --depth 4 --threads 2 | grep -q '^[1-9][0-9]* checks, 0 mismatches, 0 skipped, 0 errors'"
    for f in "$TESTDATA"/games/*.pgn; do
        base=${f%.pgn}
        games=$(grep -c . "$base.jsonl")
        case $f in
        *-invalid.pgn) want_status=1 want="$games games, 0 valid, $games invalid" ;;
        *) want_status=0 want="$games games, $games valid, 0 invalid" ;;
        esac
        status=0
        /usr/bin/horde-check "$f" >/dev/null 2>"$TREE/check.err" || status=$?
        expect "/usr/bin/horde-check $(basename "$f"): exit $want_status, '$want' (the sidecar's count): exit $status, $(tail -n 1 "$TREE/check.err")" \
            bash -c "[ $status = $want_status ] && tail -n 1 '$TREE/check.err' | grep -q '^horde-check: $want,'"
    done
    # horde-tree from the installed path: the transposition fixture's start position, 4 games.
    expect "/usr/bin/horde-tree --format epd --max-ply 0 on the transposition fixture" \
        bash -c "/usr/bin/horde-tree --format epd --max-ply 0 '$TESTDATA/tree/transpositions.pgn' 2>/dev/null | grep -q '; games 4; wdl 2 1 1;\$'"
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
