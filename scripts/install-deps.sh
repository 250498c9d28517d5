#!/usr/bin/env bash
# The Debian packages horde needs, in one place (the README's two commands and .ci/run use it).
# Installs only the packages that are missing; with all present it changes nothing.
#
# Usage: scripts/install-deps.sh [--perft] [--tests] [--ci] [--print]
#   (none)    what building the six tools needs
#   --perft   only what building horde-perft needs (cmake -DHORDE_TOOLS=horde-perft): the
#             README's first count, before the rest
#   --tests   also what the tests need: Catch2, help2man (man pages), the compressors, GNU
#             parallel and rsync (the --sshlogin recipes), jq, Python, Chromium (the replay-page test), librsvg2-bin, zsh and fish
#             (the completion tests), dpkg-dev (the package test), polyglot (make-book, the peer
#             horde-tree's books are compared with), nodejs (the pages' scripts parse)
#   --ci      also what .ci/run needs beyond the tests: clang and its runtime (the sanitizer and fuzz
#             tree), clang-format (layering:format; implies --tests)
#   --print   print the package list and exit, installing nothing
# Runs apt-get as root, or through sudo. Exit 0 when everything is installed, else apt-get's status.
set -euo pipefail

# horde-perft: compiler, CMake, and the libraries of its modules (CMakeLists.txt finds only
# those with -DHORDE_TOOLS=horde-perft); the other tools add the rest.
PERFT=(cmake make g++ libcli11-dev libfmt-dev libspdlog-dev libzstd-dev zlib1g-dev libbz2-dev liblzma-dev)
BUILD=("${PERFT[@]}" libsimdjson-dev libre2-dev librocksdb-dev pkg-config libcpp-httplib-dev)
TESTS=(catch2 help2man zstd xz-utils bzip2 gzip parallel rsync jq python3 python3-websocket chromium time bsdutils diffutils
       librsvg2-bin zsh fish dpkg-dev polyglot nodejs)
CI=(clang libclang-rt-14-dev clang-format)

tests=false ci=false print=false perft=false
for arg in "$@"; do
    case $arg in
        --perft) perft=true ;;
        --tests) tests=true ;;
        --ci) tests=true ci=true ;;
        --print) print=true ;;
        -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install-deps.sh: unknown option '$arg' (try --help)" >&2; exit 2 ;;
    esac
done

packages=("${BUILD[@]}")
$perft && packages=("${PERFT[@]}")
$tests && packages+=("${TESTS[@]}")
$ci && packages+=("${CI[@]}")
if $print; then
    printf '%s\n' "${packages[@]}"
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps.sh: all ${#packages[@]} packages are installed"
    exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "install-deps.sh: run as root (or install sudo) to install: ${missing[*]}" >&2; exit 2; }
    sudo=(sudo)
fi
echo "install-deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
# The build libraries need none of their recommended packages (a smaller, faster install); the
# test tools get theirs (Chromium's fonts, for one).
if $tests; then
    "${sudo[@]}" apt-get install -y -q "${missing[@]}"
else
    "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
