#!/usr/bin/env python3
"""Every relative link of README.md and docs/*.md resolves: the file or folder exists, and a
#anchor names a heading of the target page (GitHub's anchors: lower case, punctuation dropped,
spaces to hyphens, -1, -2, ... for repeats). Links in code blocks and code spans are text, not
links. Absolute URLs (https:, mailto:) are not fetched.

Usage: links.py <source-dir>    Exit 0 when every link resolves, 1 otherwise.
"""
import pathlib
import re
import sys


def strip_code(markdown):
    """The text without fenced code blocks and inline code spans (kept as blanks, so that
    line numbers stay)."""
    out, fenced = [], False
    for line in markdown.split("\n"):
        if re.match(r"^\s*(```|~~~)", line):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else re.sub(r"`[^`]*`", "``", line))
    return out


def slug(heading):
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text only
    text = text.lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        seen, names = {}, set()
        fenced = False
        for line in path.read_text(encoding="utf-8").split("\n"):
            if re.match(r"^\s*(```|~~~)", line):
                fenced = not fenced
                continue
            m = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                base = slug(m.group(1))
                n = seen.get(base, 0)
                names.add(base if n == 0 else f"{base}-{n}")
                seen[base] = n + 1
        cache[path] = names
    return cache[path]


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<(?:img|a)\s[^>]*?(?:src|href)=\"([^\"]+)\"|^\[[^\]]+\]:\s*(\S+)")


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    pages = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    failures, checked = [], 0
    for page in pages:
        for number, line in enumerate(strip_code(page.read_text(encoding="utf-8")), 1):
            for m in LINK.finditer(line):
                target = next(g for g in m.groups() if g is not None)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
                    continue
                checked += 1
                file_part, _, anchor = target.partition("#")
                dest = (page.parent / file_part).resolve() if file_part else page
                where = f"{page.relative_to(root)}:{number}: {target}"
                if not dest.exists():
                    failures.append(f"{where}: no such file {dest.relative_to(root) if dest.is_relative_to(root) else dest}")
                elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                    failures.append(f"{where}: no heading with the anchor #{anchor} in {dest.relative_to(root)}")
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    if failures:
        return 1
    print(f"ok: {checked} relative links in {len(pages)} pages resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
