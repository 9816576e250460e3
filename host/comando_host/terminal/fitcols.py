"""A table that keeps one line a row within a terminal's width: cells are shortened with "…"
(never the ones a user types back, like a game's id), so a row never wraps onto the next line.
Widths are counted in terminal cells (a wide CJK character takes two, a combining mark none)."""

from __future__ import annotations

import unicodedata

ELLIPSIS = "…"


def cells(text: str) -> int:
    """How many terminal columns ``text`` takes."""
    n = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def cut(text: str, width: int) -> str:
    """``text`` within ``width`` columns: as it is when it fits, else its start and "…"."""
    if cells(text) <= width:
        return text
    if width <= 0:
        return ""
    out, used = [], 0
    for ch in text:
        w = cells(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip(" ," + ELLIPSIS) + ELLIPSIS


def pad(text: str, width: int, right: bool = False) -> str:
    space = " " * max(0, width - cells(text))
    return space + text if right else text + space


def shorten_name(name: str, width: int) -> str:
    """A player's "Name (colour)" cut in the name, the colour kept: "Maximil… (blue)"."""
    if cells(name) <= width:
        return name
    head, sep, tail = name.rpartition(" (")
    if sep and tail.endswith(")") and cells(tail) + 3 < width:
        return cut(head, width - cells(tail) - 2) + sep + tail
    return cut(name, width)


def join_names(names, width: int, min_name: int = 4) -> str:
    """``names`` joined with ", " within ``width`` columns: the longest name is shortened first
    (every player stays in the list while they can), then the list itself is cut."""
    names = list(names)
    if not names:
        return "-"
    limits = [cells(n) for n in names]

    def joined():
        return ", ".join(shorten_name(n, w) for n, w in zip(names, limits))

    while cells(joined()) > width:
        i = max(range(len(limits)), key=lambda k: limits[k])
        if limits[i] <= min_name:
            break
        limits[i] -= 1
    return cut(joined(), width)


def fit(head, body, width: int | None, shrink: dict, drop=(), drop_late=(), fixed=(),
        right=(), favour=None, gap: int = 2):
    """The lines of a table of ``head`` and ``body`` (rows of cells) within ``width`` columns
    (None: no limit). When it is too wide: the columns in ``drop`` go (in order) while it is;
    then the ``shrink`` columns ({name: narrowest}) are cut, the widest first; when even their
    narrowest is too wide, the ``drop_late`` columns go, one at a time (``favour``: {name:
    factor}, a column kept that many times as wide as the others while they shrink). A cell may be a
    callable ``f(width) -> str`` (a players list that shortens each name). Columns in ``fixed``
    are never cut (if even they do not fit, every line is cut at the width). ``right``: the
    columns aligned right."""
    head = list(head)
    body = [list(r) for r in body]
    favour = favour or {}

    def text(v, w=None):
        if callable(v):
            return v(w if w is not None else 10 ** 6)
        return str(v) if w is None else cut(str(v), w)

    def natural(i):
        return max(cells(text(r[i])) for r in [head] + body)

    def total(widths):
        return sum(widths) + gap * (len(widths) - 1)

    cols = list(range(len(head)))
    widths = {i: natural(i) for i in cols}
    if width is not None:
        for name in drop:
            if total([widths[i] for i in cols]) <= width:
                break
            if name in head:
                cols.remove(head.index(name))
        late = [head.index(n) for n in drop_late if n in head]
        while True:
            while total([widths[i] for i in cols]) > width:
                can = [i for i in cols if head[i] in shrink and head[i] not in fixed
                       and widths[i] > max(shrink[head[i]], cells(head[i]))]
                if not can:
                    break
                i = max(can, key=lambda k: widths[k] / favour.get(head[k], 1))
                widths[i] -= 1
            if total([widths[i] for i in cols]) <= width or not late:
                break
            cols.remove(late.pop(0))   # even the narrowest cells do not fit: one column less
            widths = {i: natural(i) for i in range(len(head))}
    lines = []
    for r in [head] + body:
        parts = [pad(text(r[i], widths[i]), widths[i], head[i] in right) for i in cols]
        line = (" " * gap).join(parts).rstrip()
        if width is not None and cells(line) > width:
            line = cut(line, width)
        lines.append(line)
    return lines
