"""The rules' refusals in the table's language, their rulebook quotes kept as the book says them.

The map engine words its refusals in English (``comando.engine``: the device shows them too, and
the journal, the tests and the link read them). The laptop says the common ones again in the
table's language: the English is matched against the shapes below and each field (a country, a
player, a number) is carried over as it was; the rulebook citation at the end (`` (teg-classic.txt,
"ATTACKS": "...")``) is kept word for word, naming its section. A refusal no shape matches is
said as the engine said it (English: a line, never a wrong translation).
"""

from __future__ import annotations

import re

from comando_host.text.colour_words import colour
from comando_host.text.lang import N_, _, current

_SEAT = re.compile(r" \((\w+)\)$")   # the colour after a player's name in a refusal

# The citation the engine's Rules.cite appends: " (BOOK.txt..." up to the end of the line.
CITE = r" \((?:[\w-]+\.txt|rules)[,:] .*$"

# (the engine's English as a pattern, the msgid saying it with the same named fields[, the fields
# that are counts of armies: said with their noun, "8 ejércitos"])
SHAPES = [
    # a board's lookups (comando.board, board_files): a name typed wrong is every command's
    (r"(?P<board>[\w.-]+): no country called '(?P<name>.*)'", N_("{board}: no country called '{name}'")),
    (r"(?P<board>[\w.-]+): unknown country id '(?P<name>.*)'", N_("{board}: unknown country id '{name}'")),
    (r"(?P<board>[\w.-]+): no country number (?P<n>-?\d+) \(0-(?P<last>\d+)\)",
     N_("{board}: no country number {n} (0-{last})")),
    (r"(?P<board>[\w.-]+): no continent called '(?P<name>.*)'", N_("{board}: no continent called '{name}'")),
    (r"(?P<board>[\w.-]+): unknown continent id '(?P<name>.*)'", N_("{board}: unknown continent id '{name}'")),
    (r"unknown board '(?P<board>.*)' \(no (?P<path>.*); known: (?P<known>.*)\)",
     N_("unknown board '{board}' (no {path}; known: {known})")),
    (r"no default board for ruleset '(?P<rs>.*)' \(known: (?P<known>.*)\)",
     N_("no default board for ruleset '{rs}' (known: {known})")),
    (r"It is (?P<cur>.+)'s turn, not (?P<p>.+)'s", N_("It is {cur}'s turn, not {p}'s")),
    (r"(?P<what>\w+) is not allowed now: (?P<who>.+) is in the (?P<phase>\w+) phase and has "
     r"(?P<n>\d+) armies? to place", N_("{what} is not allowed now: {who} is in the {phase} phase and has {n} to place"),
     ("n",)),
    (r"(?P<what>\w+) is not allowed now: (?P<who>.+) is in the (?P<phase>\w+) phase \(claim a free country\)",
     N_("{what} is not allowed now: {who} is in the {phase} phase (claim a free country)")),
    (r"(?P<what>\w+) is not allowed now: (?P<who>.+) is in the (?P<phase>\w+) phase",
     N_("{what} is not allowed now: {who} is in the {phase} phase")),
    (r"(?P<c>.+) is not yours: place armies only on your own countries",
     N_("{c} is not yours: place armies only on your own countries")),
    (r"(?P<c>.+) is not yours: attack from one of your countries",
     N_("{c} is not yours: attack from one of your countries")),
    (r"(?P<c>.+) is yours: attack a country of another colour",
     N_("{c} is yours: attack a country of another colour")),
    (r"(?P<a>.+) does not border (?P<b>.+): attack only a neighbour",
     N_("{a} does not border {b}: attack only a neighbour")),
    (r"(?P<c>.+) has 1 army and cannot attack: it needs at least 2",
     N_("{c} has 1 army and cannot attack: it needs at least 2")),
    (r"(?P<c>.+) is not yours: regroup only between your own countries",
     N_("{c} is not yours: regroup only between your own countries")),
    (r"(?P<a>.+) does not border (?P<b>.+): armies move only to a neighbour",
     N_("{a} does not border {b}: armies move only to a neighbour")),
    (r"Place at least 1 army", N_("Place at least 1 army")),
    (r"Move at least 1 army", N_("Move at least 1 army")),
    (r"You have (?P<n>\d+) armies? to place, not (?P<m>-?\d+)", N_("You have {n} to place, not {m}"), ("n",)),
    (r"Place your (?P<n>\d+) remaining armies(?P<extra>.*) before you (?P<what>\w+)",
     N_("Place your {n} remaining armies{extra} before you {what}")),
    (r"There is no conquest to move armies into", N_("There is no conquest to move armies into")),
    (r"Move (?P<lo>\d+) to (?P<hi>\d+) armies into (?P<c>.+), not (?P<n>-?\d+)",
     N_("Move {lo} to {hi} armies into {c}, not {n}")),
    (r"You already took your card this turn", N_("You already took your card this turn")),
    (r"The game is over: (?P<who>.+) won", N_("The game is over: {who} won")),
    (r"The game is over", N_("The game is over")),
    (r"You do not hold the (?P<card>.+) card", N_("You do not hold the {card} card")),
    # La Revancha's missiles and blockades (comando.rulesets.revancha.engine; their quotes the
    # book's, teg-la-revancha.txt "Attacks with Missiles", "Blockades")
    (r"(?P<c>.+) has no missile", N_("{c} has no missile")),
    (r"(?P<c>.+) is not yours: fire from one of your countries",
     N_("{c} is not yours: fire from one of your countries")),
    (r"(?P<c>.+) is yours: a missile destroys enemy armies",
     N_("{c} is yours: a missile destroys enemy armies")),
    (r"(?P<a>.+) can reach (?P<b>.+) only over a pact's border",
     N_("{a} can reach {b} only over a pact's border")),
    (r"(?P<b>.+) is out of range from (?P<a>.+)", N_("{b} is out of range from {a}")),
    (r"(?P<c>.+) is blockaded: it may attack only the countries blockading it",
     N_("{c} is blockaded: it may attack only the countries blockading it")),
    (r"(?P<c>.+) is blockaded: no new forces may go there",
     N_("{c} is blockaded: no new forces may go there")),
    (r"(?P<c>.+) is blockaded by (?P<who>.+): it receives no armies",
     N_("{c} is blockaded by {who}: it receives no armies")),
    (r"(?P<b>.+) has (?P<n>\d+) armies and a missile from (?P<a>.+) destroys (?P<k>\d+): it may not "
     r"be fired", N_("{b} has {n} and a missile from {a} destroys {k}: it may not be fired"), ("n",)),
    (r"(?P<b>.+) holds (?P<m>\d+) missiles? and (?P<a>.+) (?P<k>\d+): the missile is stopped",
     N_("{b} holds {m} missile(s) and {a} {k}: the missile is stopped")),
    (r"(?P<who>.+) rests this round: no (?P<what>\w+)", N_("{who} rests this round: no {what}")),
    # more of the map engine's, in play (comando.engine.rules, the rulesets' engines)
    (r"(?P<c>.+) is already occupied by (?P<who>.+): claim a free country",
     N_("{c} is already occupied by {who}: claim a free country")),
    (r"(?P<c>.+) has 1 army of (?P<who>.+) left: it stays", N_("{c} has 1 army of {who} left: it stays")),
    (r"Regroup only between your own countries", N_("Regroup only between your own countries")),
    (r"Nothing to undo", N_("Nothing to undo")),
    (r"No country cards are left in the deck or the discard pile",
     N_("No country cards are left in the deck or the discard pile")),
    (r"You hold (?P<n>\d+) cards: trade three in before you take another",
     N_("You hold {n} cards: trade three in before you take another")),
    (r"You hold (?P<n>\d+) cards: trade three in before you (?P<what>\w+)",
     N_("You hold {n} cards: trade three in before you {what}")),
    (r"Trade cards in at the start of your turn, while adding armies",
     N_("Trade cards in at the start of your turn, while adding armies")),
    (r"You do not hold the (?P<card>.+) continent card", N_("You do not hold the {card} continent card")),
    (r"The (?:countries|territories) were already dealt", N_("The countries were already dealt")),
    (r"You already made an exchange this round", N_("You already made an exchange this round")),
    (r"Pacts are made once every country is occupied", N_("Pacts are made once every country is occupied")),
    (r"attack: announce how many armies attack \(1 to 3\)",
     N_("attack: announce how many armies attack (1 to 3)")),
    (r"(?P<c>.+) is not yours", N_("{c} is not yours")),   # (the shortest: after every longer one)
    (r"(?P<a>.+) does not border (?P<b>[^:]+)", N_("{a} does not border {b}")),
]
_COMPILED: list = []   # (compiled at the first refusal said in another language: an English
# game never needs them, and compiling the 32 patterns cost every `comando play` several ms; issue 28)


def _compiled() -> list:
    if not _COMPILED:
        _COMPILED.extend((re.compile("^" + shape[0] + "$"), shape[1], shape[2] if len(shape) > 2 else ())
                         for shape in SHAPES)
    return _COMPILED


# the engine's action names in a refusal ("attack is not allowed now"), said as the REPL's verbs
ACTIONS = {"attack": N_("attack"), "place": N_("place"), "end": N_("end the turn"),
           "regroup": N_("regroup"), "draw": N_("take a card"), "trade": N_("trade"),
           "move": N_("move in"), "claim": N_("claim"), "missile": N_("fire a missile")}


def say(message: str) -> str:
    """``message`` (an engine refusal, or a board's lookup error) in the current language, its
    citation as it was."""
    text = str(message)
    if current() == "en":
        return text
    m = re.search(CITE, text)
    head, cite = (text[:m.start()], text[m.start():]) if m else (text, "")
    for pattern, msgid, counts in _compiled():
        found = pattern.match(head)
        if found is None:
            continue
        fields = found.groupdict()
        for name in ("who", "cur", "p"):   # a player named with its colour: "Beto (negro)"
            if name in fields:
                fields[name] = _SEAT.sub(lambda m: " (%s)" % colour(m.group(1)), fields[name])
        if "what" in fields and fields["what"] in ACTIONS:
            fields["what"] = _(ACTIONS[fields["what"]])
        if "phase" in fields:
            from comando_host.text.engine_text import phase_word
            fields["phase"] = phase_word(fields["phase"])
        for name in counts:
            from comando_host.text.engine_text import armies
            fields[name] = armies(int(fields[name]))
        return _(msgid).format(**fields) + cite
    return text
