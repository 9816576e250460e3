"""`comando play --option dice=table` (or `dice=table-faces`, issue 26): the table rolls its own
dice. An attack typed without a result is asked for: the next line is the table's result, each
side's losses (`1-1`; Enter or `ok` for the likeliest, listed first) or the faces (`6 3 1 / 5 2`,
attacker's then defender's). A result the dice cannot give is one line naming the rule
(comando.table_dice) and the question stays; `cancel` drops the attack. The results offered and
the refusal are the core's, the same the device's dice screen offers."""

from __future__ import annotations

from comando import table_dice as TD
from comando_host.cli import UsageError
from comando_host.text.lang import N_, _


def mode(state) -> str:
    return state.options.get("dice", "device")


def _counts(state, a):
    return state.rules.attack_dice(state, a["f"], a["to"], a)


def question(state, a) -> str:
    """The question of one attack: its dice, the results they can give, likeliest first."""
    na, nd = _counts(state, a)
    att, dfn = state.armies[a["f"]], state.armies[a["to"]]
    outs = TD.results(att, dfn, na, nd)
    total = 6 ** (na + nd)
    b = state.board
    said = ", ".join("%d-%d (%d%%)" % (o[0], o[1], (o[2] * 200 + total) // (2 * total))
                     for o in outs)
    head = _("the table rolls: {source} ({a}) attacks {target} ({d}), {na} dice against {nd}").format(
        source=b.name(a['f']), a=att, target=b.name(a['to']), d=dfn, na=na, nd=nd)
    if mode(state) == "table-faces":
        return head + "; " + _("type the faces, attacker's then defender's: {faces}").format(
            faces=" ".join(["N"] * na) + " / " + " ".join(["N"] * nd))
    return head + "; " + _("the losses (attacker-defender): {results}; Enter for {likeliest}, "
                           "or the faces (6 3 1 / 5 2)").format(
        results=said, likeliest="%d-%d" % (outs[0][0], outs[0][1]))


def prompt(state) -> str:
    return _("the table's result> ")


def _ints(words, what):
    out = []
    for w in words:
        try:
            out.append(int(w))
        except ValueError:
            raise UsageError(_("the table's result: {word!r} is not a number ({what})").format(
                word=w, what=_(what))) from None
    return out


def answer(state, a, line) -> dict:
    """The attack ``a`` with the table's result typed on ``line`` (UsageError for a line that is
    no result; the core refuses a result the dice cannot give when it is played)."""
    text = line.strip()
    e = dict(a)
    e["tb"] = 1
    if "/" in text:   # the faces: attacker's / defender's
        left, _sep, right = text.partition("/")
        e["ad"] = sorted(_ints(left.split(), N_("a die's face")), reverse=True)
        e["dd"] = sorted(_ints(right.split(), N_("a die's face")), reverse=True)
        return e
    if mode(state) == "table-faces":
        raise UsageError(_("this game charts the table's luck (dice=table-faces): type the faces, "
                           "attacker's then defender's, like 6 3 1 / 5 2"))
    if text.lower() in ("", "ok", "likeliest"):
        na, nd = _counts(state, a)
        best = TD.results(state.armies[a["f"]], state.armies[a["to"]], na, nd)[0]
        e["al"], e["dl"] = best[0], best[1]
        return e
    words = text.replace("-", " ").split()
    if len(words) != 2:
        raise UsageError(_("the table's result: the losses as ATTACKER-DEFENDER (like 1-1), Enter "
                           "for the likeliest, or the faces (6 3 1 / 5 2); 'cancel' drops the attack"))
    e["al"], e["dl"] = _ints(words, N_("the armies lost"))
    return e
