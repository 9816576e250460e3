"""Region bonuses from a board's shape: the one method every Risk map is balanced by.

    bonus = the region's border ends / 7, rounded to the nearest whole army (at least 1)

"Border ends" counts, for every territory of the region, how many neighbours it has (its
degree), summed over the region: a border inside the region counts twice (both ends are in it),
a border to another region once. So the bonus grows with the region's size (more internal
borders) and with how exposed it is (more ways in), the two things that make a region hard to
take and to hold. Applied to Risk's World map it gives exactly the printed 5/2/5/3/7/2
(North America 35/7, South America 12/7, Europe 32/7, Africa 24/7, Asia 52/7, Australia 11/7);
the divisor 7 is the only one that does (tests/host/test_risk_maps.py). Every Risk board in
boards/ declares the bonuses this method gives; the test and

    python -m comando_host.maps.region_bonus boards/risk*.json

check it (exit 1 and the region that differs when a board's declared bonus is not the method's).
"""

from __future__ import annotations

import json
import sys

DIVISOR = 7


def _neighbours(data: dict) -> dict:
    nb: dict = {c["id"]: set() for c in data["countries"]}
    if data.get("borders"):
        for a, b in data["borders"]:
            nb[a].add(b)
            nb[b].add(a)
    else:
        for c in data["countries"]:
            for o in c.get("neighbours", ()):
                nb[c["id"]].add(o)
                nb[o].add(c["id"])
    return nb


def border_ends(data: dict) -> dict:
    """{region id: the summed neighbour counts of its territories} of a board dict (JSON)."""
    nb = _neighbours(data)
    out = {k["id"]: 0 for k in data["continents"]}
    for c in data["countries"]:
        out[c["continent"]] += len(nb[c["id"]])
    return out


def bonus_for(ends: int) -> int:
    """ends / 7 rounded to the nearest integer (never a tie: 7 is odd), at least 1."""
    return max(1, (2 * ends + DIVISOR) // (2 * DIVISOR))


def region_bonuses(data: dict) -> dict:
    """{region id: bonus} by the method, for a board dict (JSON)."""
    return {k: bonus_for(v) for k, v in border_ends(data).items()}


def differences(data: dict) -> list:
    """"REGION: declared X, the method gives Y" for each region whose bonus is not the method's."""
    want = region_bonuses(data)
    return ["%s: declared %r, the method gives %d" % (k["id"], k.get("bonus"), want[k["id"]])
            for k in data["continents"] if k.get("bonus") != want[k["id"]]]


def main(argv=None) -> int:
    paths = list(sys.argv[1:] if argv is None else argv)
    if not paths:
        print("usage: python -m comando_host.maps.region_bonus BOARD.json...", file=sys.stderr)
        return 2
    bad = 0
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            ends = border_ends(data)
            diffs = differences(data)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            print("%s: cannot read the regions and borders: %s" % (path, exc))
            bad += 1
            continue
        print("%s: %s" % (path, ", ".join("%s %d/7=%d" % (k, v, bonus_for(v)) for k, v in ends.items())))
        for d in diffs:
            print("%s: %s" % (path, d))
        bad += bool(diffs)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
