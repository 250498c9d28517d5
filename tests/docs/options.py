#!/usr/bin/env python3
"""Every option of every tool's --help appears in its man page (the built man/<tool>.1) and in
its guide page (docs/<tool>.md), so that neither falls behind the tools.

Usage: options.py <source-dir> <tools-dir> <man-dir>
Exit 0 when every option is documented in both; 1 when one is missing; 77 (skipped) when the
guides are complete but there are no man pages (help2man was not installed at configure time).
"""
import pathlib
import re
import subprocess
import sys

TOOLS = ["horde-perft", "horde-check", "horde-list", "horde-replay", "horde-tree", "horde-db"]


def help_options(exe):
    text = subprocess.run([exe, "--help"], capture_output=True, text=True, check=True).stdout
    # A tool with subcommands (horde-db): their options too.
    subcommands = re.findall(r"^  ([a-z]+) ", text.split("\nSubcommands:\n", 1)[1], re.M) if "\nSubcommands:\n" in text else []
    for sub in subcommands:
        text += subprocess.run([exe, sub, "--help"], capture_output=True, text=True, check=True).stdout
    options = set()
    for line in text.split("\n"):
        # CLI11 lists an option as "  -d,--depth INT  Description": names up to the first blank.
        m = re.match(r"^  (-[^\s]+)", line)
        if m:
            for name in m.group(1).split(","):
                name = re.sub(r"[{=\[].*$", "", name)  # --duplicates{exact}, --variant=horde
                if re.fullmatch(r"--?[A-Za-z0-9][A-Za-z0-9-]*", name):
                    options.add(name)
    return options


def mentions(text, option):
    return re.search(r"(?<![A-Za-z0-9-])" + re.escape(option) + r"(?![A-Za-z0-9-])", text) is not None


def man_text(page):
    """The man page's text with roff's escapes undone, so that \\-\\-json reads --json."""
    text = page.read_text(encoding="utf-8", errors="replace")
    text = text.replace("\\-", "-").replace("\\e", "\\")
    return re.sub(r"\\f[BIRP]", "", text)


def main():
    source, tools, man = (pathlib.Path(a) for a in sys.argv[1:4])
    failures, man_missing, count = [], [], 0
    for tool in TOOLS:
        exe = tools / tool
        if not exe.exists():
            continue
        options = help_options(exe)
        if len(options) < 5:
            failures.append(f"{tool}: only {len(options)} options read from --help: the parsing is broken")
        count += len(options)
        guide = (source / "docs" / f"{tool}.md").read_text(encoding="utf-8")
        for o in sorted(options - {opt for opt in options if mentions(guide, opt)}):
            failures.append(f"{tool}: {o} is in --help but not in docs/{tool}.md")
        page = man / f"{tool}.1"
        if not page.exists():
            man_missing.append(tool)
            continue
        text = man_text(page)
        for o in sorted(options - {opt for opt in options if mentions(text, opt)}):
            failures.append(f"{tool}: {o} is in --help but not in its man page {page}")
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    if failures:
        return 1
    if count == 0:
        print("FAIL: no tool found in " + str(tools), file=sys.stderr)
        return 1
    if man_missing:
        print(f"skipped: the guides document all {count} options, but there are no man pages for "
              f"{', '.join(man_missing)} (help2man was not found at configure time)")
        return 77
    print(f"ok: all {count} options of the tools' --help are in their man pages and guides")
    return 0


if __name__ == "__main__":
    sys.exit(main())
