"""A game's result in one wording, for every place that tells it: ``comando games``, ``show``,
``replay``, the table record's last line (``record.py``), the text views (``engine_text.py``,
``games/teg2/text.py``) and the live page (``pageview.py``). No imports at the top: anything may
use it. ``result_words`` is the English kept in the store (language-neutral); ``result_said`` is
the same wording in the laptop's language, for a line a player reads."""

from __future__ import annotations


def result_words(names) -> str:
    """The one wording of a game's result, wherever one is told (``games``, ``show``, ``replay``,
    the last event's line, the page): "USA won", "USA and Japan share the win" (T.E.G. II's tie,
    rules/teg-ii.txt "End of the Game"), "the game is over" when nobody won."""
    names = [str(n) for n in names]
    if not names:
        return "the game is over"  # english: the store's (result_said says it to a player)
    if len(names) == 1:
        return "%s won" % names[0]
    return "%s and %s share the win" % (", ".join(names[:-1]), names[-1])  # english: the store's


def result_said(names) -> str:
    """``result_words`` in the laptop's language (the catalogues), for the text views only: the
    store and the summaries keep ``result_words``'s English."""
    from comando_host.text.lang import _   # here, not at the top: this module imports nothing
    names = [str(n) for n in names]
    if not names:
        return _("the game is over")
    if len(names) == 1:
        return _("{name} won").format(name=names[0])
    return _("{names} and {last} share the win").format(names=", ".join(names[:-1]), last=names[-1])


def engine_winners(st, who=None) -> list:
    """The winners of a game on a map (``comando.engine``): the sides at the top of T.E.G. II's
    final count (a seat, the 2-player game's player, a pair), else the one winner (named by
    ``who``, else the state's English: the store's)."""
    x = getattr(st, "x", None) or {}
    if x.get("win") and hasattr(st.rules, "sides"):
        names = st.rules.sides(st)[1]
        return [names[s] for s in x["win"]]
    return [(who or st.who)(st.winner)] if st.winner >= 0 else []
