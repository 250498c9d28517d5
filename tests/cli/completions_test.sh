#!/usr/bin/env bash
# Shell completions and installation of the tools.
#
#   completions_test.sh options SOURCE_DIR TOOL_PATH...
#       For each built tool: every long option of `<tool> --help` (and of `<tool> SUB --help` for
#       each subcommand SUB) appears in its bash, zsh and
#       fish completion files (completions/bash/<tool>, completions/zsh/_<tool>,
#       completions/fish/<tool>.fish), every option the fish file completes exists in --help,
#       and the bash file loads (`source`).
#   completions_test.sh syntax zsh|fish SOURCE_DIR TOOL_PATH...
#       Each tool's zsh (fish) completion file passes `zsh -n` (`fish -n`): its own test
#       (cli:completions:zsh, cli:completions:fish), skipped (exit 77) when the shell is missing.
#   completions_test.sh install SOURCE_DIR BUILD_DIR CMAKE TOOL_PATH...
#       A fresh `cmake --install BUILD_DIR --prefix <temporary folder>` (the build must be
#       complete, man pages included) has, for each built tool, the program, its three
#       completion files and its man page, and sourcing the installed bash completion of
#       horde-check (or of the first tool while horde-check is not built) succeeds.
set -u

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# Long options of a tool from the option lines of its --help (and its subcommands') (CLI11: "  -h,--help  ...",
# "  --variant TEXT=horde  ..."), one per line, without the leading dashes.
long_options() {
    # A tool with subcommands (horde-db): their options too.
    { "$1" --help; for sub in $("$1" --help | awk '/^Subcommands:/ { s = 1; next } s && /^  [a-z]/ { print $1 }'); do
        "$1" "$sub" --help; done; } | grep -E '^[[:space:]]+-' | awk '{print $1}' | tr ',' '\n' | grep -E '^--[a-z]' |
        sed -e 's/^--//' -e 's/[^a-z0-9-].*$//' | sort -u
}

has_long_option() { # FILE OPTION
    grep -qE -- "(^|[^A-Za-z0-9-])--$2([^A-Za-z0-9-]|\$)" "$1"
}

check_options() {
    local src=$1
    shift
    [ $# -gt 0 ] || { echo "no tool given" >&2; exit 2; }
    local tool name bash_file zsh_file fish_file opt options before
    for tool in "$@"; do
        name=$(basename "$tool")
        before=$failures
        bash_file=$src/completions/bash/$name
        zsh_file=$src/completions/zsh/_$name
        fish_file=$src/completions/fish/$name.fish
        for f in "$bash_file" "$zsh_file" "$fish_file"; do
            [ -f "$f" ] || fail "$name: no completion file $f"
        done
        [ -f "$bash_file" ] && [ -f "$zsh_file" ] && [ -f "$fish_file" ] || continue

        options=$(long_options "$tool")
        [ -n "$options" ] || fail "$name: no long option found in --help"
        for opt in $options; do
            has_long_option "$bash_file" "$opt" || fail "$name: --$opt is missing from $bash_file"
            has_long_option "$zsh_file" "$opt" || fail "$name: --$opt is missing from $zsh_file"
            grep -qE -- "-l $opt( |\$)" "$fish_file" || fail "$name: --$opt is missing from $fish_file"
        done
        # The other way round: no completion of an option the tool does not have.
        for opt in $(grep -oE -- '-l [a-z][a-z0-9-]*' "$fish_file" | cut -c4- | sort -u); do
            grep -qx -- "$opt" <<<"$options" || fail "$name: $fish_file completes --$opt, which '$name --help' does not list"
        done

        bash -c "source '$bash_file' && complete -p '$name' >/dev/null" ||
            fail "$name: sourcing $bash_file failed or registered no completion"
        [ "$failures" -eq "$before" ] && echo "ok $name: $(wc -w <<<"$options") long options completed in bash, zsh and fish"
    done
}

check_syntax() {
    local shell=$1 src=$2 tool name file
    shift 2
    [ $# -gt 0 ] || { echo "no tool given" >&2; exit 2; }
    case $shell in
    zsh | fish) ;;
    *) echo "syntax: zsh or fish, not '$shell'" >&2; exit 2 ;;
    esac
    command -v "$shell" >/dev/null || { echo "SKIP: $shell is not installed (Debian: apt-get install $shell)"; exit 77; }
    for tool in "$@"; do
        name=$(basename "$tool")
        file=$src/completions/fish/$name.fish
        [ "$shell" = zsh ] && file=$src/completions/zsh/_$name
        if [ ! -f "$file" ]; then
            fail "$name: no completion file $file"
        elif "$shell" -n "$file"; then
            echo "ok $name: $shell -n $file"
        else
            fail "$name: $shell -n $file"
        fi
    done
}

check_install() {
    local src=$1 build=$2 cmake=$3
    shift 3
    [ $# -gt 0 ] || { echo "no tool given" >&2; exit 2; }
    local prefix
    prefix=$(mktemp -d "${TMPDIR:-/tmp}/horde-install.XXXXXX") || exit 2
    trap 'rm -rf "$prefix"' EXIT
    if ! "$cmake" --install "$build" --prefix "$prefix" >"$prefix.log" 2>&1; then
        cat "$prefix.log" >&2
        rm -f "$prefix.log"
        fail "cmake --install failed (is the build complete, man pages included?)"
        return
    fi
    rm -f "$prefix.log"
    local tool name sourced=""
    for tool in "$@"; do
        name=$(basename "$tool")
        # HORDE_DEBIAN_LAYOUT (portable builds): zsh's vendor-completions and gzipped man pages
        local zsh="share/zsh/site-functions/_$name" man="share/man/man1/$name.1" cat_man=cat
        [ -f "$prefix/share/zsh/vendor-completions/_$name" ] && zsh="share/zsh/vendor-completions/_$name"
        [ -f "$prefix/$man.gz" ] && man="$man.gz" cat_man=zcat
        for f in "bin/$name" "share/bash-completion/completions/$name" "$zsh" \
                 "share/fish/vendor_completions.d/$name.fish" "$man"; do
            [ -f "$prefix/$f" ] || fail "$name: $f is not installed"
        done
        [ -x "$prefix/bin/$name" ] && { "$prefix/bin/$name" --version >/dev/null || fail "$name: installed program fails --version"; }
        [ -f "$prefix/$man" ] && { $cat_man "$prefix/$man" | grep -q '^\.TH' || fail "$name: man page has no .TH"; }
        if [ "$name" = horde-check ] || [ -z "$sourced" ]; then sourced=$name; fi
    done
    bash -c "source '$prefix/share/bash-completion/completions/$sourced'" ||
        fail "sourcing the installed bash completion of $sourced failed"
    [ "$failures" -eq 0 ] && echo "ok install: $# tools with completions and man pages in a fresh prefix; sourced $sourced"
}

case "${1:-}" in
options) shift; check_options "$@" ;;
syntax) shift; check_syntax "$@" ;;
install) shift; check_install "$@" ;;
*) echo "usage: $0 options SOURCE_DIR TOOL... | syntax zsh|fish SOURCE_DIR TOOL... | install SOURCE_DIR BUILD_DIR CMAKE TOOL..." >&2; exit 2 ;;
esac

if [ "$failures" -gt 0 ]; then
    echo "$failures failure(s)" >&2
    exit 1
fi
