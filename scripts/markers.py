"""Marked blocks of the Markdown records, shared by the scripts that write them.

A block is the text from a `<!-- NAME:begin … -->` line to the next `<!-- NAME:end -->`
line, both included. The begin line may carry a parenthesised note saying who writes the
block (`<!-- floats:begin (written by scripts/float-cost.py; kept by
scripts/bench-report.py) -->`); a block is found by `<!-- NAME:begin` alone, so changing a
note does not orphan it. A block is written as

    <!-- NAME:begin (NOTE) -->
    (blank line)
    BODY
    (blank line)
    <!-- NAME:end -->

Used as `sys.path.insert(0, os.path.dirname(__file__))` then `import markers`.
"""


def begin(name, note=None):
    """The begin line of block NAME, with its note in parentheses when there is one."""
    return f"<!-- {name}:begin ({note}) -->" if note else f"<!-- {name}:begin -->"


def end(name):
    """The end line of block NAME."""
    return f"<!-- {name}:end -->"


def block(name, body, note=None):
    """Block NAME holding BODY (text without markers), a blank line on either side of it."""
    body = body.strip("\n")
    return f"{begin(name, note)}\n\n{body}\n\n{end(name)}"


def find(text, name):
    """(start, stop) of block NAME in TEXT, markers included; None when TEXT has no such
    block (no begin line, or no end line after it)."""
    start = text.find(f"<!-- {name}:begin")
    if start < 0:
        return None
    stop = text.find(end(name), start)
    if stop < 0:
        return None
    return start, stop + len(end(name))


def read_block(text, name):
    """Block NAME of TEXT, markers included, or None."""
    span = find(text, name)
    return None if span is None else text[span[0]:span[1]]


def replace(text, name, new, before=None, after=None, heading=None):
    """TEXT with block NAME replaced by NEW (a whole block, markers included).

    When TEXT has no block NAME, NEW is put in: just before the first occurrence of BEFORE,
    followed by a blank line; or just after the first occurrence of AFTER, preceded by a
    blank line; or, when neither is given or found, at the end of TEXT after a blank line
    (under `## HEADING` when a heading is given), with a final newline."""
    span = find(text, name)
    if span is not None:
        return text[:span[0]] + new + text[span[1]:]
    if before is not None and before in text:
        at = text.index(before)
        return text[:at] + new + "\n\n" + text[at:]
    if after is not None and after in text:
        at = text.index(after) + len(after)
        return text[:at] + "\n\n" + new + text[at:]
    title = f"## {heading}\n\n" if heading else ""
    return text.rstrip("\n") + "\n\n" + title + new + "\n"


def splice(path, name, body, note=None, before=None, after=None, heading=None, empty=None):
    """Writes block NAME holding BODY (with NOTE on its begin line) into the file at PATH,
    replacing the block there or putting it where `replace` says; returns the block.
    EMPTY, when given, is the text of a file that does not exist yet."""
    new = block(name, body, note)
    write(path, name, new, before=before, after=after, heading=heading, empty=empty)
    return new


def write(path, name, new, before=None, after=None, heading=None, empty=None):
    """Writes NEW, a whole block NAME, into the file at PATH, as `splice` does."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        if empty is None:
            raise
        text = empty
    with open(path, "w", encoding="utf-8") as f:
        f.write(replace(text, name, new, before=before, after=after, heading=heading))
