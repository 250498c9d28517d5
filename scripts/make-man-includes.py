#!/usr/bin/env python3
"""Writes man/<tool>.h2m, the help2man include file of each tool, from its guide page
docs/<tool>.md, so that the man page and the guide say the same: the description (the guide's
first paragraph), the options grouped as in the guide's "## Options" tables, the examples (the
guide's first sh block), the exit status (its "## Exit status" table), and the sections every
tool shares (input, environment, files, see also). help2man adds the name, the synopsis and the
version at build time (man/CMakeLists.txt).

Usage: scripts/make-man-includes.py [--check]
  --check  write nothing; exit 1 when a man/<tool>.h2m differs from what the guide gives
           (the ctest docs:man-includes runs this)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TOOLS = ["horde-perft", "horde-check", "horde-list", "horde-replay", "horde-tree", "horde-db"]
CURRENT_PAGE = [""]  # the guide page being converted, for its "#anchor" links


def link_text(match):
    """A link in a man page: its text, and the file for a page of docs/."""
    text, url = match.group(1), match.group(2)
    page = url.split("#")[0] or CURRENT_PAGE[0]  # "#anchor": a section of this tool's guide
    if not page.endswith(".md") or "/" in page:
        return text
    return f"docs/{page}" if text.strip("`") == page else f"{text} (docs/{page})"


def non_ascii(text):
    return "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in text)


def roff_text(text):
    """Markdown inline text to roff: links to their text, `code` to bold, escapes."""
    text = re.sub(r"\[([^\]]+)\]\(([^)]*)\)", link_text, text)  # [text](url)
    text = re.sub(r"\[([^\]]+)\]", r"\1", text)  # [text] (reference links)
    text = text.replace("\\|", "|")
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = non_ascii(text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\\fB\1\\fR", text)
    text = re.sub(r"\*([^*]+)\*", r"\\fI\1\\fR", text)
    text = re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)
    lines = []
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith(".") or line.startswith("'"):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def sentence(comment):
    """A shell comment as the start of a sentence: its first letter in upper case."""
    comment = comment.rstrip(".")
    return comment[:1].upper() + comment[1:]


def roff_literal(text):
    line = non_ascii(text.replace("\\", "\\e").replace("-", "\\-"))
    return "\\&" + line if line.startswith((".", "'")) else line


def sections(markdown):
    """{heading: body} for the '## ' sections, and the text before the first one."""
    parts = re.split(r"^## (.+)$", markdown, flags=re.M)
    return parts[0], {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def table_rows(body):
    rows = []
    for line in body.split("\n"):
        if not line.startswith("|") or re.match(r"^\|\s*-", line):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if cells and cells[0] not in ("option", "status"):
            rows.append(cells)
    return rows


def include_file(tool):
    CURRENT_PAGE[0] = f"{tool}.md"
    guide = (ROOT / "docs" / f"{tool}.md").read_text()
    intro, secs = sections(guide)
    # The description: the paragraphs between the usage block and the first sh block.
    after_usage = intro.split("```", 2)[2] if intro.count("```") >= 2 else intro
    description = after_usage.split("```sh")[0]
    paragraphs = [p for p in re.split(r"\n\s*\n", description.strip()) if p.strip()]
    examples = re.search(r"```sh\n(.*?)```", intro, flags=re.S).group(1).strip().split("\n")

    out = ["[=DESCRIPTION]", "\n.PP\n".join(roff_text(p) for p in paragraphs), ""]

    out.append("[=OPTIONS]")
    groups = re.split(r"^### (.+)$", secs["Options"], flags=re.M)
    for i in range(1, len(groups), 2):
        # A heading is bold already: its `code` spans lose their marks rather than switch fonts.
        out.append(f'.SS "{roff_text(groups[i].strip().replace("`", ""))}"')
        for cells in table_rows(groups[i + 1]):
            out += [".TP", roff_text(cells[0]).replace("\n", " "), roff_text(cells[1])]
    out.append("")

    out.append("[INPUT]")
    out.append(roff_text(
        "Files, or standard input for none or `-`. Each may be plain text or compressed with "
        "zstd, gzip, bzip2 or xz, recognised by its first bytes, never by its name; several "
        "frames, members or streams are read in turn. A damaged or cut compressed file is "
        "reported with the byte offset where decoding stopped (exit status 2)."))
    out.append("")

    out.append("[EXAMPLES]")
    for line in examples:
        command, _, comment = line.partition("  #")
        command = command.rstrip()
        if comment:
            out += [".PP", roff_text(sentence(comment.strip()) + ":")]
        else:
            out.append(".PP")
        out += [".nf", ".RS", roff_literal(command), ".RE", ".fi"]
    out.append("")

    out.append("[EXIT STATUS]")
    for cells in table_rows(secs["Exit status"]):
        out += [".TP", roff_text(cells[0]), roff_text(cells[1])]
    out += [".PP", roff_text("Data goes to standard output; diagnostics, summaries and timing to standard error."), ""]

    out.append("[ENVIRONMENT]")
    out.append(".TP")
    out.append(roff_text("`NO_COLOR`"))
    if tool == "horde-replay":
        out.append(roff_text("When set and not empty, `--color auto` (the default) draws boards without colour."))
    else:
        out.append(roff_text(f"Has no effect: {tool} never writes colour."))
    out.append("")

    out.append("[FILES]")
    out.append(roff_text(
        f"No configuration files. Shell completions are installed in "
        f"`share/bash-completion/completions/{tool}`, `share/zsh/site-functions/_{tool}` (Debian: "
        f"`share/zsh/vendor-completions`) and `share/fish/vendor_completions.d/{tool}.fish`. The "
        f"guide, with more examples: `share/doc/horde/docs/{tool}.md` (`docs/{tool}.md` in the source "
        f"tree); the rules: `share/doc/horde/docs/RULES.md`; the FAQ: `share/doc/horde/docs/faq.md`."))
    out.append("")

    out.append("[SEE ALSO]")
    others = [t for t in TOOLS if t != tool]
    out.append(",\n".join(f".BR {t} (1)" for t in others))
    out.append("")
    return "\n".join(out)


def main():
    check = "--check" in sys.argv[1:]
    status = 0
    for tool in TOOLS:
        path = ROOT / "man" / f"{tool}.h2m"
        text = include_file(tool)
        if check:
            if not path.exists() or path.read_text() != text:
                print(f"{path.relative_to(ROOT)} is not what docs/{tool}.md gives: run scripts/make-man-includes.py", file=sys.stderr)
                status = 1
        else:
            path.write_text(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
