"""The one map renderer: a board's layout (``comando_host.maps.geometry``) as an SVG picture.

``render(layout, view=None)`` draws the sea, each continent's area (discs around its countries
joined along its inner borders, so the area follows the layout), every border as a line (dashed
between continents; a ``wrap`` border as two stubs leaving the map's edges), the continent names
with their bonus, and every country as a disc at its place with its short name under it. With a
``view`` the discs are coloured by owner and show the armies and badges (missiles, blockades,
condominiums). The live page (``comando web``) updates this very SVG in place: country ``i`` is
``<g id="c{i}">`` holding ``.disc``, ``.army``, ``.badge``; ``comando boards svg`` prints it.
"""

from __future__ import annotations

import math
from html import escape

RADIUS = 17          # a country's disc
AREA = 40            # continent area: disc radius around each member (and half the joint width)
JOIN = 230           # members further apart than this are not joined by the area
SEA = "#dbe7f0"

# Player colours by the colour ids the boards and engines use; the text colour that reads on it.
PLAYER = {
    "blue": ("#2563eb", "#fff"), "red": ("#dc2626", "#fff"), "black": ("#27272a", "#fff"),
    "yellow": ("#facc15", "#111"), "green": ("#16a34a", "#fff"), "magenta": ("#c026d3", "#fff"),
    "white": ("#f8fafc", "#111"), "grey": ("#8b95a3", "#fff"), "orange": ("#f97316", "#111"),
    "pink": ("#f9a8d4", "#111"), "purple": ("#7c3aed", "#fff"), "brown": ("#92400e", "#fff"),
}
_SPARE = ["#0891b2", "#65a30d", "#b45309", "#9333ea", "#be123c", "#0f766e"]
NEUTRAL = ("#ffffff", "#111")


def player_colour(name: str, seat: int = 0) -> tuple[str, str]:
    """(fill, text colour) for a player's colour id; unknown ids (T.E.G. II powers, house
    colours) get a spare colour by seat, the same on every render."""
    if name in PLAYER:
        return PLAYER[name]
    return (_SPARE[seat % len(_SPARE)], "#fff")


STYLE = """
.board text{font-family:'DejaVu Sans',Verdana,sans-serif;text-anchor:middle}
.board .name{font-size:10.5px;fill:#1f2937;paint-order:stroke;stroke:#ffffffd0;stroke-width:3px}
.board .army{font-size:13px;font-weight:700;dominant-baseline:central}
.board .cont{font-size:15px;font-weight:700;fill:#334155;opacity:.75;letter-spacing:.5px}
.board .disc{stroke:#1e293b;stroke-width:1.4}
.board .border{stroke:#475569;stroke-width:1.5;opacity:.7}
.board .cross{stroke-dasharray:5 4}
.board .badge{font-size:9px;font-weight:700;fill:#7f1d1d}
.board .hot .disc{stroke:#f59e0b;stroke-width:4}
.board .country{cursor:pointer}
"""


def _f(v: float) -> str:
    return ("%.1f" % v).rstrip("0").rstrip(".")


def render(layout, view: dict | None = None, title: str | None = None,
           standalone: bool = True) -> str:
    """The SVG text. ``view`` (optional): ``owner`` [colour id or None per country], ``seat``
    [seat per country, for spare colours], ``armies`` [int or None], ``badges`` [str],
    ``hot`` [country indices to ring]."""
    b = layout.board
    W, H = layout.width, layout.height
    xy = layout.xy
    view = view or {}
    owner = view.get("owner") or [None] * b.n
    seat = view.get("seat") or [0] * b.n
    armies = view.get("armies") or [None] * b.n
    badges = view.get("badges") or [""] * b.n
    hot = set(view.get("hot") or ())
    out = []
    ns = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    out.append(f'<svg{ns} class="board" data-board="{escape(b.id)}" viewBox="0 0 {W} {H}" '
               f'width="{W}" height="{H}" role="img" aria-label="{escape(str(b.name))}">')
    out.append(f"<style>{STYLE}</style>")
    out.append(f'<rect width="{W}" height="{H}" fill="{SEA}"/>')
    if title:
        out.append(f'<text x="{W - 12}" y="{H - 10}" style="text-anchor:end;font-size:12px;'
                   f'fill:#475569">{escape(title)}</text>')
    # continent areas
    out.append('<g class="areas">')
    for c in range(b.continents):
        members = b.members(c)
        col = layout.colour[c]
        out.append(f'<g opacity=".85" fill="{col}" stroke="{col}" stroke-linecap="round" '
                   f'stroke-width="{2 * AREA}">')
        for i in members:
            x, y = xy[i]
            out.append(f'<circle cx="{x}" cy="{y}" r="{AREA}" stroke="none"/>')
        for i in members:
            for j in b.neighbours(i):
                if j > i and b.continent_of(j) == c and frozenset((i, j)) not in layout.wrap \
                        and math.dist(xy[i], xy[j]) <= JOIN:
                    out.append(f'<line x1="{xy[i][0]}" y1="{xy[i][1]}" x2="{xy[j][0]}" '
                               f'y2="{xy[j][1]}"/>')
        out.append("</g>")
    out.append("</g>")
    # borders
    out.append('<g class="borders">')
    for i, j in b.borders():
        (x1, y1), (x2, y2) = xy[i], xy[j]
        cls = "border" + ("" if b.continent_of(i) == b.continent_of(j) else " cross")
        if frozenset((i, j)) in layout.wrap:
            for (ax, ay), (bx, by) in (((x1, y1), (x2, y2)), ((x2, y2), (x1, y1))):
                edge = 0 if ax < W / 2 else W      # leave by the nearer side, towards the other
                ey = ay + (by - ay) * 0.15
                out.append(f'<line class="{cls} wrap" x1="{ax}" y1="{ay}" x2="{edge}" '
                           f'y2="{_f(ey)}"/>')
            continue
        out.append(f'<line class="{cls}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    out.append("</g>")
    for c in range(b.continents):
        x, y = layout.label[c]
        bonus = b.continent_bonus(c)
        text = b.continent_name(c) + (f" +{bonus}" if bonus else "")
        out.append(f'<text class="cont" x="{x}" y="{y}">{escape(text)}</text>')
    # countries
    out.append('<g class="countries">')
    for i in range(b.n):
        x, y = xy[i]
        fill, ink = player_colour(owner[i], seat[i]) if owner[i] else NEUTRAL
        n = armies[i]
        cls = "country hot" if i in hot else "country"
        out.append(f'<g id="c{i}" class="{cls}" data-id="{escape(b.cid(i))}" '
                   f'transform="translate({x},{y})"><title>{escape(b.name(i))}</title>'
                   f'<circle class="disc" r="{RADIUS}" fill="{fill}"/>'
                   f'<text class="army" fill="{ink}">{"" if n is None else n}</text>'
                   f'<text class="name" y="{RADIUS + 12}">{escape(b.short(i))}</text>'
                   f'<text class="badge" x="{RADIUS + 2}" y="{-RADIUS + 4}" '
                   f'style="text-anchor:start">{escape(badges[i] or "")}</text></g>')
    out.append("</g></svg>")
    return "\n".join(out)
