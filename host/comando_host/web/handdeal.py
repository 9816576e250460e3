"""How a game deals its country cards, for a table that dealt its own on the page
(``pageinput.hand_deal``): which seat receives each card in turn, what the page asks, and the
game's own ``deal`` fields besides the order and the deck. The two ways the map games deal are
here; each game's ``hand_deal`` (comando_host/games/<id>) is one of them, or its own kind of it.

*Decided:* the roll rounds a deal stores (T.E.G.'s leftover cards and first player, WAR's
distributor) are recorded as one round in which the chosen seats roll 6 and the others 1: the
page records whom the table's dice favoured, not the dice. The objectives were drawn at the
table: unknown (-1) to the laptop, as a sealed deal is to its fold.
"""

from __future__ import annotations

from comando_host.text.lang import N_, _, _n


class Refused(ValueError):
    """A request the page got wrong: its message is the whole answer (nothing changed)."""


def _round(np_, chosen):
    """One roll round (flat seat, die pairs) in which exactly the ``chosen`` seats roll highest."""
    flat = []
    for s in range(np_):
        flat.append(s)
        flat.append(6 if s in chosen else 1)
    return flat


class LeftoversToDice:
    """T.E.G. classic ("2. Distribution of countries"): the cards dealt round the table, as many
    each; the few left over go to the players who roll highest; a roll names the first player.
    2-3 players claim countries one at a time instead (``claims``)."""
    ask = N_("who plays first (won the opening roll)")   # (said in the reader's language: _(ask))
    objectives_each = 1

    def claims(self, state):
        small = getattr(state.rules, "small", None)
        return bool(small and small(state))

    def counts(self, state):
        n, np_ = state.n, state.np
        left = n % np_
        each = _n("{n} country each", "{n} countries each", n // np_).format(n=n // np_)
        return each + (", " + _("{n} left over to the highest dice").format(n=left) if left else "")

    def seats(self, state, first, have):
        n, np_ = state.n, state.np
        per = n // np_
        seats = [j % np_ for j in range(per * np_)]
        extras = [p for p in range(np_) if have[p] == per + 1]
        if n % np_ and len(extras) == n % np_:
            seats += extras
        return seats, _("{n} each, the {k} left over to the highest dice").format(n=per, k=n % np_)

    def fields(self, state, first, seats, src):
        np_ = state.np
        out = {}
        extras = seats[(state.n // np_) * np_:]
        if extras:
            out["xr"] = [_round(np_, extras)]
        out["fr"] = [_round(np_, [first])]
        out["obj"] = [-1] * (np_ * self.objectives(state))
        return out

    def objectives(self, state):
        return self.objectives_each


class OneAtATime:
    """The cards dealt one at a time round the table, so the first seats dealt get one more."""
    ask = ""
    rule = ""

    def claims(self, state):
        return False

    def counts(self, state):
        n, np_ = state.n, state.np
        each = _n("{n} country each", "{n} countries each", n // np_).format(n=n // np_)
        return each + (", " + _("one more for the first {n} dealt").format(n=n % np_) if n % np_ else "")

    def order(self, state, first):
        raise NotImplementedError

    def seats(self, state, first, have):
        return self.order(state, first), _(self.rule) if self.rule else ""
