#!/usr/bin/env python3
"""The ```console examples of a guide page are what the tools print: each `$ COMMAND` line is
run by bash in a temporary folder holding a link to the project's testdata/, with the built
tools (and /usr/games, for polyglot) first on PATH, and the lines shown under it must be its
standard output, or its standard output followed by its standard error. Timings ("0.004 s" at
the end of a summary line) are not compared.

Usage: examples.py <source-dir> <tools-dir> <page.md>...
Exit 0 when every example matches; 1 when one does not; 77 (skipped) when all that ran match
but a block was skipped because a program it runs (polyglot) is not installed.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

TIMING = re.compile(r"\b\d+\.\d+ s$")


def console_blocks(markdown):
    """(line number, [lines]) of each ```console block."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(markdown.split("\n"), 1):
        if current is None and line.strip() == "```console":
            current, start = [], number + 1
        elif current is not None and line.strip() == "```":
            blocks.append((start, current))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def commands(lines):
    """[(command, [lines shown under it])] of a block."""
    out = []
    for line in lines:
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return out


def normalise(lines):
    return [TIMING.sub("T s", line.rstrip()) for line in lines]


def output_lines(text):
    return text.rstrip("\n").split("\n") if text.strip("\n") else []


def main():
    source, tools = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    pages = sys.argv[3:]
    env = dict(os.environ, PATH=f"{tools}:/usr/games:{os.environ.get('PATH', '')}", NO_COLOR="1")
    failures, checked, skipped = [], 0, []
    for page in pages:
        path = source / page
        for start, lines in console_blocks(path.read_text(encoding="utf-8")):
            steps = commands(lines)
            needs = {c.split()[0] for c, _ in steps}
            missing = sorted(p for p in needs if shutil.which(p, path=env["PATH"]) is None)
            if missing:
                skipped.append(f"{page}:{start}: {', '.join(missing)} not installed")
                continue
            with tempfile.TemporaryDirectory(prefix="horde-doc-examples.") as work:
                os.symlink(source / "testdata", pathlib.Path(work) / "testdata")
                for command, shown in steps:
                    run = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True)
                    checked += 1
                    want = normalise(shown)
                    out = normalise(output_lines(run.stdout))
                    both = out + normalise(output_lines(run.stderr))
                    if want not in (out, both):
                        failures.append(f"{page}:{start}: $ {command}\n  shown:\n    " + "\n    ".join(want) +
                                        "\n  printed (stdout, then stderr):\n    " + "\n    ".join(both))
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    for s in skipped:
        print(f"skipped block {s}")
    if failures:
        return 1
    if checked == 0:
        print("FAIL: no example found in " + ", ".join(pages), file=sys.stderr)
        return 1
    print(f"ok: {checked} example commands print what {', '.join(pages)} shows")
    return 77 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
