"""A tournament's scoring scheme, as data: a JSON file (``club/schemes/<id>.json``, or the
organiser's own file: a custom table) naming the points of each place at a table (``places``:
first, second, ...; a place past the list scores 0), a bonus for a win by the secret objective
(``objective_bonus``) and the tie-breakers, in order (``tiebreak``, of TIEBREAKS). Standings sort
by points, then each tie-breaker, then name. The scheme is checked when a tournament is made and
copied into it (a later edit of the file does not rewrite its standings).
"""

from __future__ import annotations

import json
import os

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemes")
TIEBREAKS = {
    "wins": "games won",
    "objectives": "games won by the secret objective",
    "countries": "countries held at the games' ends, all together",
}


class SchemeError(ValueError):
    """A scheme that is not one: one line naming what is wrong."""


def known() -> list[str]:
    return sorted(f[:-5] for f in os.listdir(HERE) if f.endswith(".json"))


def load(name: str) -> dict:
    """The scheme ``name`` (one of known()) or the JSON file at that path, checked."""
    path = os.path.join(HERE, name + ".json") if name in known() else name
    if not os.path.isfile(path):
        raise SchemeError("no scoring scheme %r: one of %s, or a JSON file of your own"
                          % (name, ", ".join(known())))
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise SchemeError("scoring scheme %s is not JSON: %s" % (path, " ".join(str(exc).split())))
    return check(data)


def check(data) -> dict:
    if not isinstance(data, dict):
        raise SchemeError("a scoring scheme is a JSON object with places, objective_bonus, tiebreak")
    places = data.get("places")
    if not isinstance(places, list) or not places or len(places) > 12 or not all(
            _number(p) for p in places):
        raise SchemeError("scoring scheme: places is a list of 1 to 12 numbers (first place's "
                          "points first)")
    bonus = data.get("objective_bonus", 0)
    if not _number(bonus):
        raise SchemeError("scoring scheme: objective_bonus is a number")
    tie = data.get("tiebreak", [])
    if not isinstance(tie, list) or any(t not in TIEBREAKS for t in tie):
        raise SchemeError("scoring scheme: tiebreak is a list of %s" % ", ".join(sorted(TIEBREAKS)))
    name = data.get("name", "custom")
    if not isinstance(name, str) or len(name) > 80:
        raise SchemeError("scoring scheme: name is a text of at most 80 characters")
    return {"name": name, "places": places, "objective_bonus": bonus, "tiebreak": tie}


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and -1000 <= x <= 1000


def points(scheme: dict, place: int, objective: bool) -> float:
    """A seat's points: its place's (1: the winner) plus the objective bonus of a win by it."""
    places = scheme["places"]
    p = places[place - 1] if 1 <= place <= len(places) else 0
    return p + (scheme["objective_bonus"] if objective and place == 1 else 0)


def standings(scheme: dict, rows) -> list[dict]:
    """``rows``: (player, place, objective, countries) of each seat played; the standings,
    best first, each {"rank", "player", "points", "games", "wins", "objectives", "countries"}."""
    by = {}
    for player, place, objective, countries in rows:
        s = by.setdefault(player, {"player": player, "points": 0, "games": 0, "wins": 0,
                                   "objectives": 0, "countries": 0})
        s["points"] += points(scheme, place, objective)
        s["games"] += 1
        s["wins"] += place == 1
        s["objectives"] += bool(objective and place == 1)
        s["countries"] += countries
    key = lambda s: tuple([-s["points"]] + [-s[t] for t in scheme["tiebreak"]])
    out = sorted(by.values(), key=lambda s: (key(s), s["player"]))
    for i, s in enumerate(out):
        # a tie on every criterion shares the rank (the name only orders the listing)
        s["rank"] = out[i - 1]["rank"] if i and key(out[i - 1]) == key(s) else i + 1
    return out
