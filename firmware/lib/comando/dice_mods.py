"""Dice modifiers: what changes how many dice a battle rolls (La Revancha's Snow and Tailwind
situation cards, teg-la-revancha.txt "Hostilities - Situation Cards"), as one value: ``mods``, an
int with one bit per modifier in effect, 0 (``NONE``) for none. It is the one argument
comando.combat, the odds modules and their callers take for them.

Each modifier is one row of ``MODS``: its bit, its word (the CLI's ``--snow``, the laptop's
labels), the key a roll record or an odds result carries (``"snow": 1``, ``"tw": 1``: the keys of
every log so far), its effect on the (attack, defence) dice and the device's dice-screen line (a
comando.texts key). A new modifier is a new row and its line in texts.txt (and whatever turns it
on: a situation card, a rule); combat, the odds and their callers take it as they are.
"""

import sys

if sys.implementation.name == "micropython":
    from micropython import const
else:  # CPython (a package named micropython, the unix port's, may be installed: importing it
    # loads the whole port, ~2 ms a command; issue 28)
    const = lambda x: x  # noqa: E731

NONE = const(0)
SNOW = const(1)       # the defender rolls one die more, up to four
TAILWIND = const(2)   # the attacker rolls one die more, up to four

MOST = const(4)  # "never more than 4" dice a side, whatever the modifier


def _snow(a, d):
    return a, d + 1


def _tailwind(a, d):
    return a + 1, d


# (bit, word, record key, effect: (attack dice, defence dice) -> the modified pair, screen line)
MODS = ((SNOW, "snow", "snow", _snow, "di_snow"),
        (TAILWIND, "tailwind", "tw", _tailwind, "di_tail"))


def dice(mods, a, d):
    """(attack dice, defence dice) with the modifiers of ``mods`` applied, each side capped at
    ``MOST``."""
    for row in MODS:
        if mods & row[0]:
            a, d = row[3](a, d)
            a = a if a < MOST else MOST
            d = d if d < MOST else MOST
    return a, d


def several(mods):
    """True when more than one modifier is in effect (one situation card rules a round)."""
    return mods & (mods - 1) != 0


def of_record(rec):
    """The modifiers a roll record or an odds result names by its keys (``{"snow": 1}``)."""
    mods = NONE
    for row in MODS:
        if rec.get(row[2]):
            mods |= row[0]
    return mods


def mark(rec, mods):
    """Write the keys of ``mods`` into ``rec`` (a roll record, an odds result); returns it."""
    for row in MODS:
        if mods & row[0]:
            rec[row[2]] = 1
    return rec


def of_words(on):
    """The modifiers whose words ``on`` (a dict word -> truthy, or a set of words) holds."""
    mods = NONE
    for row in MODS:
        if (on.get(row[1]) if isinstance(on, dict) else row[1] in on):
            mods |= row[0]
    return mods


def line(mods):
    """The texts key of the device's dice-screen line for ``mods`` (its first modifier's), or
    None for none."""
    for row in MODS:
        if mods & row[0]:
            return row[4]
    return None


def words(mods):
    """The words of the modifiers in ``mods``, in ``MODS`` order."""
    return [row[1] for row in MODS if mods & row[0]]
