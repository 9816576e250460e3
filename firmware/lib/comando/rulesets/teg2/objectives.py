"""T.E.G. II objectives: the five tokens, where they may go and what they score at the final count
(rules/teg-ii.txt, "Choosing Objectives", "What Each Objective Means", "Nuclear Rocket",
"End of the Game", "Playing on the Whole World Map", "Advanced Level Rules").

The rulebook never defines CONTROL, INTERVENTION and NON-INTERVENTION (its transcriber's note), so
they are TABLE RULES with defaults that follow what the book implies (docs/architecture.md,
"T.E.G. II: the table rules"); a game picks them in its options:

- ``iv`` (default 4): INTERVENTION in a region = at least ``iv`` of one's own armies (ships at
  sea) there; aircraft never count ("Advanced Level Rules": 3 ships and 2 aircraft are no
  intervention, "for which 4 or more ships had to be totalled"); an SU counts as one army (it
  "behaves exactly like an army" to be placed and to move).
- ``ni`` ("nobody", or "others"): NON-INTERVENTION scores when nobody has intervention in the
  region ("even if no one has intervention in that region"); "others" lets the token's owner
  intervene itself.
- ``ctl`` (default 1): CONTROL = being the only power with armies (ships) there, at least ``ctl``.
- A region with the atomic mushroom scores for nobody, not even NON-INTERVENTION.

A token is its index in ``TOKENS`` (what the board's ``tables.objective_tokens`` lists, same
order): 0 INTERVENTION 1, 1 INTERVENTION 3, 2 INTERVENTION 4, 3 NON-INTERVENTION 2, 4 CONTROL 5.
"""

from comando.errors import IllegalMove, RulesError

from comando.rulesets.teg2.tally import NTOKENS, TOKENS, dropped, token_name  # noqa: F401

INTERVENTION = "intervention"
NON_INTERVENTION = "non_intervention"
CONTROL = "control"
KIND_NAMES = {INTERVENTION: "INTERVENTION", NON_INTERVENTION: "NON-INTERVENTION",
              CONTROL: "CONTROL"}

IV_DEFAULT = 4
NI_MODES = ("nobody", "others")
CTL_DEFAULT = 1

RULE_ONE_PER_REGION = ("rules/teg-ii.txt, Choosing Objectives: \"The same player may not have more "
                       "than one objective per region.\"")


def tokens_from_table(tables):
    """The board's ``objective_tokens`` as TOKENS-like pairs, or TOKENS."""
    t = tables.get("objective_tokens") if isinstance(tables, dict) else None
    if not isinstance(t, list) or len(t) != NTOKENS:
        return TOKENS
    out = []
    for e in t:
        kind = e.get("kind") if isinstance(e, dict) else None
        pts = e.get("points") if isinstance(e, dict) else None
        if kind not in KIND_NAMES or not isinstance(pts, int):
            return TOKENS
        out.append((kind, pts))
    return tuple(out)


def in_play(table, players):
    """The regions of one Objectives Table in play for ``players`` powers (order kept)."""
    k = len(table) - dropped(players)
    return list(table[:k if k > 0 else 0])


def in_play_world(tables, players):
    """The whole world map ("Playing on the Whole World Map"): 6 players choose from the first 5 of
    each table, 4 or 5 from the first 4 of each (3 players: the first 4 of each too, the book
    says nothing)."""
    k = 5 if players >= 6 else 4
    out = []
    for t in tables:
        out.extend(t[:k])
    return out


def check_token(placed, k, region, regions, names=None):
    """IllegalMove unless token ``k`` may go to ``region``: ``placed`` is the player's five
    regions (-1 for a token not placed yet), ``regions`` the table's regions in play."""
    nm = names[region] if names else str(region)
    if not isinstance(k, int) or isinstance(k, bool) or k < 0 or k >= NTOKENS:
        raise IllegalMove("unknown objective token %r: 0-4 (INTERVENTION 1, INTERVENTION 3, "
                          "INTERVENTION 4, NON-INTERVENTION 2, CONTROL 5)" % (k,))
    if placed[k] >= 0:
        raise IllegalMove("the %s token is already on the table (%s)"
                          % (token_name(k), names[placed[k]] if names else placed[k]))
    if region not in regions:
        raise IllegalMove("%s is not on the Objectives Table in play: objectives go in %s "
                          "(rules/teg-ii.txt, Choosing Objectives)"
                          % (nm, ", ".join(names[r] if names else str(r) for r in regions)))
    if region in placed:
        raise IllegalMove("a second objective in %s refused: %s" % (nm, RULE_ONE_PER_REGION))


def forces(units, region, seat, np_):
    """Armies/ships (and SU) of ``seat`` in ``region``: ``units`` is flat, index region*np+seat."""
    return units[region * np_ + seat]


def has_intervention(units, region, seat, np_, iv=IV_DEFAULT):
    return units[region * np_ + seat] >= iv


def achieved(kind, units, region, seat, np_, mushroom, iv=IV_DEFAULT, ni="nobody",
             ctl=CTL_DEFAULT):
    """True when ``seat``'s objective ``kind`` in ``region`` is achieved at the final count.

    ``units`` counts armies/ships and SUs per region and seat (flat, region*np+seat; aircraft are
    never in it); ``mushroom`` is true when a rocket exploded there."""
    if mushroom:
        return False  # "A region with the atomic mushroom gives no points to anyone."
    base = region * np_
    if kind == INTERVENTION:
        return units[base + seat] >= iv
    if kind == NON_INTERVENTION:
        for q in range(np_):
            if units[base + q] >= iv and (ni == "nobody" or q != seat):
                return False
        return True
    if kind == CONTROL:
        if units[base + seat] < ctl:
            return False
        for q in range(np_):
            if q != seat and units[base + q] > 0:
                return False
        return True
    raise RulesError("unknown objective kind %r" % (kind,))


def score(tokens, units, np_, mushrooms, tokdefs=TOKENS, iv=IV_DEFAULT, ni="nobody",
          ctl=CTL_DEFAULT, seats=None):
    """The final count: (points per seat, detail) where ``tokens`` is flat seat*5+k -> region
    (-1 unplaced, or removed with a mushroom) and detail is a list of [seat, k, region, 0/1].
    ``seats`` limits the count to those seats (default all)."""
    pts = [0] * np_
    detail = []
    for p in (seats if seats is not None else range(np_)):
        for k in range(NTOKENS):
            r = tokens[p * NTOKENS + k]
            if r < 0:
                continue
            kind, value = tokdefs[k]
            ok = achieved(kind, units, r, p, np_, mushrooms[r], iv, ni, ctl)
            if ok:
                pts[p] += value
            detail.append([p, k, r, 1 if ok else 0])
    return pts, detail


def winners(totals, tiebreak=None):
    """Indices of the highest total; ``tiebreak`` (a list parallel to ``totals``) picks among the
    tied, and ties that remain are shared."""
    best = max(totals)
    top = [i for i in range(len(totals)) if totals[i] == best]
    if tiebreak is not None and len(top) > 1:
        b = max(tiebreak[i] for i in top)
        top = [i for i in top if tiebreak[i] == b]
    return top


def check_options(iv, ni, ctl):
    if not isinstance(iv, int) or isinstance(iv, bool) or iv < 1:
        raise RulesError("option iv: INTERVENTION needs a whole number of armies, 1 or more, not %r"
                         % (iv,))
    if ni not in NI_MODES:
        raise RulesError("option ni: NON-INTERVENTION is 'nobody' (nobody has intervention) or "
                         "'others' (no other power has), not %r" % (ni,))
    if not isinstance(ctl, int) or isinstance(ctl, bool) or ctl < 1:
        raise RulesError("option ctl: CONTROL needs a whole number of armies, 1 or more, not %r"
                         % (ctl,))


def describe(iv=IV_DEFAULT, ni="nobody", ctl=CTL_DEFAULT):
    """The table rules in force, one line each (shown at the end on the laptop and the device)."""
    return ["INTERVENTION: at least %d of your armies/ships there (aircraft not counted)" % iv,
            "NON-INTERVENTION: %s has intervention there" % ("nobody" if ni == "nobody"
                                                            else "no other power"),
            "CONTROL: only your armies/ships there%s" % ("" if ctl == 1 else ", at least %d" % ctl),
            "a region with the atomic mushroom scores for nobody"]
