#!/usr/bin/env bash
# tag_found.sh <unit executable> <tag>: fails when no Catch2 test case carries the tag, whose
# ctest tests (discovered by tag, tests/CMakeLists.txt) would otherwise vanish without a word.
names=$("$1" --list-test-names-only "$2") || true
if [ -z "$names" ]; then
    echo "no test case is tagged $2: the tests discovered by that tag would vanish" >&2
    exit 1
fi
echo "$names"
