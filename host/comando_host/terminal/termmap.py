"""The board in a terminal: the same layout as the SVG map (``comando_host.maps.geometry``), scaled to
a character grid. Each country is a token, its code and armies (``Arg 3``), on its owner's colour
(24-bit ANSI; without colour the owner's seat letter follows: ``Arg 3A``). Tokens that would touch
move to the nearest free place on their row or the rows around it; continent names are printed
where the layout puts them.
"""

from __future__ import annotations

from comando_host.maps import svgmap
from comando_host.text.textsafe import Styled, printable

SEATS = "ABCDEFGH"


def codes(board) -> list[str]:
    """A unique 3-character code per country, from its short name."""
    out, seen = [], set()
    for i in range(board.n):
        s = "".join(ch for ch in board.short(i) if ch.isalnum()) or printable(board.cid(i))
        tries = [s[:3]] + [s[0] + s[k:k + 2] for k in range(1, max(2, len(s) - 1))] + \
                [s[:2] + ch for ch in s[2:]] + [s[:2] + str(d) for d in range(10)]
        code = next((t.ljust(3)[:3] for t in tries if t.ljust(3)[:3].lower() not in seen),
                    s[:3])
        seen.add(code.lower())
        out.append(code.ljust(3)[:3])
    return out


def _rgb(hexcol: str) -> tuple[int, int, int]:
    return int(hexcol[1:3], 16), int(hexcol[3:5], 16), int(hexcol[5:7], 16)


def render(layout, owner, armies, colours, names=None, colour=True, width=120) -> str:
    """The picture as text. ``owner``/``armies`` per country (owner -1: nobody),
    ``colours`` the players' colour ids, ``names`` their names (the legend). ``Styled`` text:
    its colours reach the terminal, while the names and board texts in it (data) are printable."""
    b = layout.board
    code = codes(b)
    height = max(12, round(width * layout.height / layout.width * 0.42))
    grid = [[" "] * width for _ in range(height)]
    paint = [[None] * width for _ in range(height)]

    def free(r, c0, n):
        if r < 0 or r >= height or c0 < 0 or c0 + n > width:
            return False
        lo, hi = max(0, c0 - 1), min(width, c0 + n + 1)   # a blank column on each side
        return all(grid[r][k] == " " for k in range(lo, hi))

    # continent names first, dim, then the countries over them wherever they meet
    labels = []
    for c in range(b.continents):
        x, y = layout.label[c]
        text = printable(b.continent_short(c))
        r = min(height - 1, round(y / layout.height * (height - 1)))
        c0 = max(0, min(width - len(text), round(x / layout.width * (width - 1)) - len(text) // 2))
        labels.append((r, c0, text))
    order = sorted(range(b.n), key=lambda i: (layout.xy[i][1], layout.xy[i][0]))
    for i in order:
        o = owner[i]
        tok = f"{code[i]}{armies[i]:>3}" if o >= 0 or armies[i] else f"{code[i]}   "
        if not colour:
            tok += SEATS[o] if 0 <= o < len(SEATS) else " "
        x, y = layout.xy[i]
        r0 = round(y / layout.height * (height - 1))
        c0 = round(x / layout.width * (width - 1)) - len(tok) // 2
        r, cc = _place(free, r0, c0, len(tok), height, width)
        for k, ch in enumerate(tok):
            grid[r][cc + k] = ch
            paint[r][cc + k] = o if o >= 0 else -2
    for r, c0, text in labels:
        if all(grid[r][k] == " " for k in range(c0, min(width, c0 + len(text)))):
            for k, ch in enumerate(text):
                if c0 + k < width:
                    grid[r][c0 + k] = ch
                    paint[r][c0 + k] = "cont"
    lines = [_ansi_line(grid[r], paint[r], colours) if colour else "".join(grid[r]).rstrip()
             for r in range(height)]
    while lines and not lines[-1].replace("\x1b[0m", "").strip():
        lines.pop()
    lines.append("")
    lines.append("   ".join(_legend(owner, colours, names, colour)) + "   (countries held)")
    return Styled("\n".join(lines))


def _place(free, r0, c0, n, height, width):
    """(row, column) for a token of ``n`` characters wanted at (r0, c0): the nearest free spot
    a few rows and columns around it, else the nearest row with room anywhere."""
    for dr in (0, 1, -1, 2, -2):
        for dc in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6):
            if free(r0 + dr, c0 + dc, n):
                return r0 + dr, c0 + dc
    # a crowded corner
    return r0 if 0 <= r0 < height else height - 1, max(0, min(width - n, c0))


def _ansi_line(chars, paint, colours):
    """One row of the picture with its colours: a colour code where the paint changes (None:
    plain, "cont": a continent's dim label, a seat or -2 for nobody: the owner's colours)."""
    out, cur = [], "x"
    for k, ch in enumerate(chars):
        p = paint[k]
        if p != cur:
            if p is None:
                out.append("\x1b[0m")
            elif p == "cont":
                out.append("\x1b[0;2;3m")
            else:
                fill, ink = (svgmap.player_colour(colours[p], p) if p >= 0
                             else svgmap.NEUTRAL)
                out.append("\x1b[0;1;48;2;%d;%d;%dm\x1b[38;2;%d;%d;%dm" % (*_rgb(fill), *_rgb(
                    ink if len(ink) == 7 else "#" + "".join(c * 2 for c in ink[1:]))))
            cur = p
        out.append(ch)
    return ("".join(out) + "\x1b[0m").rstrip()


def _legend(owner, colours, names, colour):
    """Each player's colour (or seat letter) and name, with the countries held."""
    legend = []
    for p, col in enumerate(colours):
        who = printable(names[p] if names else col)
        n = sum(1 for o in owner if o == p)
        if colour:
            fill, ink = svgmap.player_colour(col, p)
            legend.append("\x1b[48;2;%d;%d;%dm  \x1b[0m %s %d" % (*_rgb(fill), who, n))
        else:
            legend.append("%s = %s %d" % (SEATS[p] if p < len(SEATS) else "?", who, n))
    return legend
