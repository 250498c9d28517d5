#!/usr/bin/env python3
"""Functions longer than a limit in C++ sources: a brace-counting heuristic, no compiler.

Usage: long_functions.py [--max N] PATH...   (files or directories; .cpp .hpp .h .cc)
Prints "file:line: name: N lines" for every function (or lambda-free function body) longer
than N lines (default 80), from the first line of its signature to its closing brace, and
exits 1 if there is one. Namespace, class, struct, union, enum and extern "C" bodies are
looked into; function bodies are measured whole (their lambdas and local classes count in).
"""
import os
import re
import sys

EXTENSIONS = (".cpp", ".hpp", ".h", ".cc")
CONTAINER = re.compile(r"\b(namespace|class|struct|union|enum)\b|extern\s*\"C\"")


def strip(text):
    """Comments, string and character literals blanked out, newlines kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            close = ")" + m.group(1) + '"'
            j = text.find(close, i + m.end())
            j = n if j < 0 else j + len(close)
            out.append('""' + "".join("\n" for ch in text[i:j] if ch == "\n"))
            i = j
        elif c in "\"'":
            # a digit separator (1'000) is no character literal
            if c == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum():
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(text):
    """(start line, end line, name) of each function body outside other functions."""
    code = strip(text)
    stack = []  # per open brace: "container", "function" or "block"
    head_start = 0  # where the text before the next brace begins
    result = []
    func_open = None
    line_of = lambda pos: code.count("\n", 0, pos) + 1
    i = 0
    for i, c in enumerate(code):
        if c in ";":
            if not any(k == "function" for k, _ in stack):
                head_start = i + 1
        elif c == "{":
            inside = any(k == "function" for k, _ in stack)
            if inside:
                stack.append(("block", None))
                continue
            head = code[head_start:i]
            # a preprocessor line or an access label before the head belongs to neither
            head = re.sub(r"^\s*#.*$", "", head, flags=re.M)
            head = re.sub(r"\b(public|private|protected)\s*:(?!:)", "", head)
            stripped = head.strip()
            if CONTAINER.search(stripped) and "(" not in stripped.split("{")[0].split("=")[0][-1:] and not re.search(r"\)\s*(const|noexcept|override|final|->.*)?\s*$", stripped):
                stack.append(("container", None))
            elif re.search(r"\)\s*(const|noexcept(\s*\(.*\))?|override|final|mutable|&|&&|\s|->[^;{}]*|requires[^;{}]*|:[^;{}]*)*$", stripped, flags=re.S) and "(" in stripped and not re.search(r"=\s*$", stripped):
                start = head_start + (len(head) - len(head.lstrip()))
                m = re.search(r"([~\w:<>]+)\s*\(", stripped)
                name = m.group(1) if m else "?"
                # a constructor's initialiser list: the name before the first '('
                stack.append(("function", (line_of(start), name)))
            else:
                stack.append(("block", None))
            head_start = i + 1
        elif c == "}":
            if not stack:
                head_start = i + 1
                continue
            kind, info = stack.pop()
            if kind == "function":
                start, name = info
                result.append((start, line_of(i), name))
            if not any(k == "function" for k, _ in stack):
                head_start = i + 1
    return result


def sources(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in os.walk(path):
                for f in sorted(files):
                    if f.endswith(EXTENSIONS):
                        yield os.path.join(root, f)
        else:
            yield path


def main(argv):
    limit = 80
    if len(argv) >= 2 and argv[0] == "--max":
        limit = int(argv[1])
        argv = argv[2:]
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    found = 0
    for path in sources(argv):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for start, end, name in functions(text):
            if end - start + 1 > limit:
                print(f"{path}:{start}: {name}: {end - start + 1} lines")
                found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
