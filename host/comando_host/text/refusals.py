"""The rules' refusals in the table's language, their rulebook quotes kept as the book says them.

The map engine and the board's lookups word their refusals in English (``comando/refusals.txt``:
the device shows them, and the journal, the tests and the link read them), and the error they
raise carries the refusal's number and the values of its fields (``comando.texts.refused``:
``.number``, ``.args_``). The laptop says each again in the table's language by that number: the
table below gives every number its msgid, its fields named in the order the engine gives them (a
field ``name!r`` is shown as the engine's ``%r`` shows it). A country, a player, a number is
carried over as it was, a player's colour, an action, a phase and a count of armies or missiles
in the table's words; the rulebook citation at the end (`` (teg-classic.txt, "ATTACKS": "...")``,
the ``cite`` field) is kept word for word, naming its section. An error with no number (or a
number this table lacks) is said as the engine said it: English, never a wrong translation.
tests/host/test_refusal_words.py checks that every number of refusals.txt is here, with as many
fields, and translated in every language.
"""

from __future__ import annotations

import re

from comando_host.text.colour_words import colour
from comando_host.text.lang import N_, _, _n, current

_SEAT = re.compile(r" \((\w+)\)$")   # the colour after a player's name in a refusal
_COUNT = re.compile(r"^(-?\d+) ")   # a count in words ("3 armies"): its number

# number -> (msgid, its fields in the engine's order; a trailing ``cite`` is appended as it was)
REFUSALS = {
    1: (N_("unknown ruleset {ruleset}: the full engine plays {known}"), 'ruleset!r known'),
    2: (N_("Unknown action {t}"), 't!r'),
    3: (N_("{t} events are folded by fold()/Folder, not apply()"), 't'),
    4: (N_("no rule applies a {t} event"), 't!r'),
    5: (N_("event {seq}: the revealed objectives are malformed"), 'seq'),
    6: (N_("this log is a game on board {board}, not {board2}"), 'board!r board2!r'),
    7: (N_("new: a game needs a list of players"), ''),
    8: (N_("a second new event: one game per log"), ''),
    9: (N_("the log must begin with a new event"), ''),
    10: (N_("undo: this fold keeps no history (Folder(keep=True))"), ''),
    11: (N_("undo: nothing to undo before event {to}"), 'to!r'),
    12: (N_("undo: the log must begin with a new event"), ''),
    13: (N_("event {seq} ({event}): {why}"), 'seq event why'),
    14: (N_("{t} is not a player action"), 't'),
    15: (N_("Nothing to undo"), ''),
    16: (N_("{action}: give {what} (field {key})"), 'action what key!r'),
    17: (N_("{action}: unknown player {p} (seats are 0..{last})"), 'action p!r last'),
    18: (N_("{action}: unknown country {c}"), 'action c!r'),
    19: (N_("The game is over: {who} won"), 'who'),
    20: (N_("The game is over"), ''),
    21: (N_("It is {cur}'s turn, not {p}'s"), 'cur p'),
    22: (N_("{what} is not allowed now: {who} is in the {phase} phase{hint}"), 'what who phase hint'),
    23: (N_("Place your {left} remaining armies{extra} before you {what}"), 'left extra what cite'),
    24: (N_("You hold {n} cards: trade three in before you {what}"), 'n what cite'),
    25: (N_("{rules} is played by {lo} to {hi} players, not {n}"), 'rules lo hi n'),
    26: (N_("unknown colour {c}: {rules} colours are {known}"), 'c!r rules known'),
    27: (N_("two players chose {c}: each colour once"), 'c'),
    28: (N_("a seat's bot is 0 or 1, not {bot}"), 'bot!r'),
    29: (N_("unknown option {k} for {rules} (options: {known})"), 'k!r rules known'),
    30: (N_("option {k} takes a whole number (default {d}), not {v}"), 'k d v!r'),
    31: (N_("A {set} is three cards"), 'set cite'),
    32: (N_("trade: unknown card {c}"), 'c!r'),
    33: (N_("A {set} is three different cards"), 'set'),
    34: (N_("You do not hold the {card} card"), 'card'),
    35: (N_("{cards}: {rule}"), 'cards rule cite'),
    36: (N_("{c} is not yours: place armies only on your own countries"), 'c cite'),
    37: (N_("Place at least 1 army"), ''),
    38: (N_("You may place {armies} on {c}, not {n}: {m} must go to other continents"), 'armies c n m cite'),
    39: (N_("You have {armies} to place, not {n}"), 'armies n'),
    40: (N_("{c} is an international zone (pact #{pact_id}): leave a single army there"), 'c pact_id'),
    41: (N_("Trade cards in at the start of your turn, while adding armies"), 'cite'),
    42: (N_("The defensive trade-in comes before you take your card"), 'cite'),
    43: (N_("A defensive trade-in needs a country conquered this turn"), 'cite'),
    44: (N_("{a} is not yours: attack from one of your countries"), 'a'),
    45: (N_("{b} is yours: attack a country of another colour"), 'b'),
    46: (N_("{a} does not border {b}: attack only a neighbour"), 'a b cite'),
    47: (N_("{a} has 1 army and cannot attack: it needs at least 2"), 'a cite'),
    48: (N_("{a} may not attack {b}: {pact}"), 'a b pact'),
    49: (N_("attack: the {who} must roll {n} dice, the event has {dice}"), 'who n dice!r'),
    50: (N_("attack: {d} is not a die (1..6)"), 'd!r'),
    51: (N_("There is no conquest to move armies into"), ''),
    52: (N_("Move {lo} to {hi} armies into {c}, not {n}"), 'lo hi c n cite'),
    53: (N_("{a} is not yours"), 'a'),
    54: (N_("{b} is not yours: regroup only between your own countries"), 'b cite'),
    55: (N_("{a} does not border {b}: armies move only to a neighbour"), 'a b cite'),
    56: (N_("Move at least 1 army"), ''),
    57: (N_("{a} has {armies}, {m} of them moved there this turn and may not move again: you may move {k}"), 'a armies m k cite'),
    58: (N_("{a} has {armies}: you may move {k}, one must stay"), 'a armies k cite'),
    59: (N_("{b} is an international zone (pact #{pact_id}): you may not regroup onto it"), 'b pact_id'),
    60: (N_("You already took your card this turn"), ''),
    61: (N_("You hold {n} cards: trade three in before you take another"), 'n cite'),
    62: (N_("No country cards are left in the deck or the discard pile"), ''),
    63: (N_("draw: the reshuffled deck must be the discard pile"), ''),
    64: (N_("draw: the top card is not {card}"), 'card!r'),
    65: (N_("{action}: name the card drawn from the table's deck"), 'action'),
    66: (N_("{action}: the {card} card is not in the deck (it is in a hand or unknown)"), 'action card'),
    67: (N_("You do not hold the {card} card"), 'card'),
    68: (N_("You do not occupy {c}: the +2 needs the country and its card"), 'c cite'),
    69: (N_("You already placed the 2 armies for the {c} card"), 'c cite'),
    70: (N_("Pacts are made once every country is occupied"), ''),
    71: (N_("A pact is between two different players"), ''),
    72: (N_("A pact needs two players still in the game"), ''),
    73: (N_("A pact between countries joins a country of {who} and one of {who2}"), 'who who2'),
    74: (N_("{a} does not border {b}: a pact between countries covers one border"), 'a b cite'),
    75: (N_("{c} must border countries of both {who} and {who2} to be an international zone"), 'c who who2 cite'),
    76: (N_("Unknown pact kind {k}: c (between countries), w (world-wide), z (international zone)"), 'k!r'),
    77: (N_("That pact already exists (pact #{pact_id})"), 'pact_id'),
    78: (N_("Only {who} or {who2} may break pact #{pact_id}"), 'who who2 pact_id'),
    79: (N_("Pact #{pact_id} is already broken; it binds until {who}'s next turn ends"), 'pact_id who'),
    80: (N_("There is no pact #{pact_id}"), 'pact_id!r'),
    81: (N_("the game clock is not played in {rules}'s map engine: use the table session"), 'rules'),
    82: (N_("the game is over"), ''),
    83: (N_("the closing roll is not possible now: it comes after each round once the game time limit is reached"), ''),
    84: (N_("a stored closing roll must carry its dice (r)"), ''),
    85: (N_("the closing roll is two dice, 1 to 6 each, not {r}"), 'r!r'),
    86: (N_("the game time limit is reached: the closing roll comes first ({n} or less ends the game)"), 'n'),
    87: (N_("a time-out ends a turn of play: no turn is on the clock"), ''),
    88: (N_("it is {who}'s turn: only the player on turn times out"), 'who'),
    89: (N_("this table plays without a turn timer: no time-out"), ''),
    90: (N_("{who} still has {time} of this turn: no time-out yet"), 'who time'),
    91: (N_("{who}'s time for the turn ran out ({time}): the time-out ends it"), 'who time'),
    92: (N_("deal: the die rolls do not match the players who had to roll"), ''),
    93: (N_("deal: {d} is not a die"), 'd!r'),
    94: (N_("deal: the die rolls do not settle who is chosen"), ''),
    95: (N_("The countries were already dealt"), ''),
    96: (N_("deal: order must list every country once"), ''),
    97: (N_("deal: one different secret objective (1..15) per player"), ''),
    98: (N_("deal: the deck must hold every country card once"), ''),
    99: (N_("{c} is already occupied by {who}: claim a free country"), 'c who cite'),
    100: (N_("board {board} has no continent for {key}"), 'board key!r'),
    101: (N_("board {board} has no objective {oid}"), 'board oid!r'),
    102: (N_("The territories were already dealt"), ''),
    103: (N_("deal: {why}"), 'why'),
    104: (N_("deal: the distributor roll has one die per player"), ''),
    105: (N_("deal: order must list every territory card once"), ''),
    106: (N_("deal: the deck holds every territory card and the wildcards once"), ''),
    107: (N_("deal: one different objective per player, from those left in the draw"), ''),
    108: (N_("In the first round each player only receives and places armies: no {what}"), 'what cite'),
    109: (N_("attack: announce how many armies attack (1 to 3)"), ''),
    110: (N_("WAR gives 2 armies for a card's territory only when it is traded"), 'cite'),
    111: (N_("{board} seats at most {cap} players, not {n}: the table opens on the smallest map that fits (risk.choose_board)"), 'board cap n'),
    112: (N_("deploy is 'auto' or 'hand'"), ''),
    113: (N_("sets are 'escalating' or 'fixed'"), ''),
    114: (N_("defdice is 'auto' or 'choose'"), ''),
    115: (N_("The territories were already dealt"), ''),
    116: (N_("deal: the first player is a seat"), ''),
    117: (N_("deal: order must list every territory once"), ''),
    118: (N_("deal: the deck holds every territory card and two wilds once"), ''),
    119: (N_("deal: automatic deployment lists the armies added per territory"), ''),
    120: (N_("deal: automatic deployment must place {r} armies for seat {p}"), 'r p'),
    121: (N_("Sets are handed in at the start of your turn, before placing"), ''),
    122: (N_("Sets are handed in at the start of your turn, before placing: you already placed armies"), ''),
    123: (N_("The 2 armies go on a territory you hold that one of the three cards names"), ''),
    124: (N_("You hold {n} cards: hand in a set before you may place anything"), 'n'),
    125: (N_("You hold {n} cards after the elimination: trade a set now"), 'n'),
    126: (N_("Defence is automatic at this table: the defender rolls every die the garrison allows"), ''),
    127: (N_("The attacker rolls one die per army beyond the garrison, up to three"), ''),
    128: (N_("regroup: give the number of armies"), ''),
    129: (N_("{a} is not yours"), 'a'),
    130: (N_("{b} is not one of your other territories"), 'b'),
    131: (N_("{a} and {b} are not joined by a chain of your own territories"), 'a b'),
    132: (N_("{a} has {armies}: move 1 to {k}, one always stays behind"), 'a armies k'),
    133: (N_("You hold {n} cards after the elimination: trade a set now"), 'n'),
    134: (N_("The card is drawn by itself when a turn with a conquest ends"), ''),
    135: (N_("Risk has no card bonus outside a set"), ''),
    136: (N_("{action}: a turn with a conquest ends with a card drawn{tail}"), 'action tail'),
    137: (N_("No conquest this turn: no card"), ''),
    138: (N_("end: the reshuffled deck must be the discard pile"), ''),
    139: (N_("end: the top card is not {card}"), 'card!r'),
    140: (N_("{who} is already out of the game"), 'who'),
    141: (N_("{who} is out of the game"), 'who'),
    142: (N_("The diplomacy panel takes {known}, not {k}"), 'known k!r'),
    143: (N_("A {k} is addressed to another player"), 'k'),
    144: (N_("A diplomacy entry is a line of text (at most 120 characters)"), ''),
    145: (N_("There is no truce or carve-up #{ref} of yours to break"), 'ref!r'),
    146: (N_("choose_board: no board ids given"), ''),
    147: (N_("{who} rests this round: no {what}"), 'who what cite'),
    148: (N_("option right is -1 (the player on the right is the previous seat) or 1 (the next seat), not {v}"), 'v!r'),
    149: (N_("option {k} is 0 or 1, not {v}"), 'k v!r'),
    150: (N_("option common is a number of countries (1 to {n}), not {v}"), 'n v!r'),
    151: (N_("The countries were already dealt"), ''),
    152: (N_("deal: order must list every country once"), ''),
    153: (N_("deal: the deck must hold every country card once"), ''),
    154: (N_("deal: {objectives} per player from the {pool} in the draw for {n} players"), 'objectives pool n'),
    155: (N_("deal: the situation deck (sd) is missing"), ''),
    156: (N_("deal: {why}"), 'why'),
    157: (N_("ssh: the reshuffled situation deck is a list of the 50 cards"), ''),
    158: (N_("a crisis card: one die per player (cr)"), ''),
    159: (N_("crisis: {d} is not a die"), 'd!r'),
    160: (N_("{c} is blockaded by {who}: it receives no armies"), 'c who cite'),
    161: (N_("arm: give the number of missiles (k), at least 1"), ''),
    162: (N_("{c} is not yours: missiles go on your own countries"), 'c'),
    163: (N_("No missiles in a country in condominium (docs/architecture.md)"), ''),
    164: (N_("{missiles} cost {cost} of your new armies; you have {avail} to place on {c}"), 'missiles cost avail c cite'),
    165: (N_("{c} is blockaded: no new forces may go there"), 'c cite'),
    166: (N_("{c} is an international zone: leave a single army there"), 'c'),
    167: (N_("{c} has {n} armies: {missiles} replace {cost} and one must stay"), 'c n missiles cost cite'),
    168: (N_("arm: src is r (from the armies to place) or m (replacing armies on the map)"), ''),
    169: (N_("No missile is fired from or at a country in condominium (a roll names one occupant; docs/architecture.md)"), 'cite'),
    170: (N_("{a} is not yours: fire from one of your countries"), 'a'),
    171: (N_("{b} is yours: a missile destroys enemy armies"), 'b'),
    172: (N_("{a} has no missile"), 'a cite'),
    173: (N_("{a} may not fire at {b}: {pact}"), 'a b pact'),
    174: (N_("{a} can reach {b} only over a pact's border"), 'a b cite'),
    175: (N_("{b} is out of range from {a}"), 'b a cite'),
    176: (N_("{a} is blockaded: it may attack only the countries blockading it"), 'a cite'),
    177: (N_("{b} has {n} armies and a missile from {a} destroys {dmg}: it may not be fired"), 'b n a dmg cite'),
    178: (N_("{b} holds {missiles} and {a} {m}: the missile is stopped"), 'b missiles a m cite'),
    179: (N_("regroup: m is the number of missiles to move"), ''),
    180: (N_("regroup: give the number of armies (0 or more with missiles)"), ''),
    181: (N_("Regroup only between your own countries"), 'cite'),
    182: (N_("{a} does not border {b}: forces move only to a neighbour"), 'a b cite'),
    183: (N_("{a} may move {k} armies, not {n} (one stays; armies moved in this turn stay)"), 'a k n cite'),
    184: (N_("{a} has {missiles} that may move (missiles moved in this turn stay)"), 'a missiles cite'),
    185: (N_("{b} is an international zone: you may not regroup onto it"), 'b'),
    186: (N_("An exchange names country cards (cards) and/or continent cards (cc)"), ''),
    187: (N_("trade: unknown card {c}"), 'c!r'),
    188: (N_("You do not hold the {card} card"), 'card'),
    189: (N_("An exchange names each card once"), ''),
    190: (N_("trade: unknown continent card {k}"), 'k!r'),
    191: (N_("You do not hold the {card} continent card"), 'card'),
    192: (N_("You already made an exchange this round"), 'cite'),
    193: (N_("{known}: not one exchange"), 'known cite'),
    194: (N_("{who} rolled the lowest die of the crisis: no country card this round"), 'who cite'),
    195: (N_("{who} forgot an international zone holding no card: this card is lost"), 'who cite'),
    196: (N_("You do not hold the {card} card"), 'card'),
    197: (N_("You do not occupy {c}: the +3 needs the country and its card"), 'c cite'),
    198: (N_("You already placed the 3 armies for the {c} card (only once)"), 'c cite'),
    199: (N_("{c} is blockaded"), 'c cite'),
    200: (N_("{c} is an international zone"), 'c cite'),
    201: (N_("{who} and {who2} attack {c} to the end ({who3} rolls next) before you {what}"), 'who who2 c who3 what cite'),
    202: (N_("Pact #{pact_id} is the aggression pact's automatic non-aggression: it lasts one round (teg-la-revancha.txt, Aggression Pacts and Condominiums: \"which must be respected for one round\")"), 'pact_id'),
    203: (N_("A joint attack or its move-in is under way"), 'cite'),
    204: (N_("An aggression pact joins two different players still in the game"), ''),
    205: (N_("{b} is in condominium: attack it naming one occupant"), 'b cite'),
    206: (N_("An aggression pact conquers a country of a third party"), 'cite'),
    207: (N_("{a} is not {who}'s"), 'a who cite'),
    208: (N_("{a} does not border {b}"), 'a b cite'),
    209: (N_("{who} may not attack {b} from {a}, the condominium they share"), 'who b a cite'),
    210: (N_("Two allies attack from their own countries, or together from the condominium they share"), 'cite'),
    211: (N_("{a} may not attack {b}: {pact}"), 'a b pact'),
    212: (N_("{a} has 1 army of {who}: it cannot open the attack"), 'a who cite'),
    213: (N_("It is {who}'s roll in the joint attack on {c}"), 'who c cite'),
    214: (N_("{who} attacks {c} from {a}"), 'who c a cite'),
    215: (N_("Only one army moved into {b} for that side"), 'b'),
    216: (N_("Move 1 or 2 armies of {who} into {b}, not {n}"), 'who b n!r cite'),
    217: (N_("{a} has 1 army of {who} left: it stays"), 'a who cite'),
    218: (N_("{b} is in condominium ({who} and {who2}): name the occupant you attack (vs)"), 'b who who2 cite'),
    219: (N_("You hold {b} with {who}"), 'b who cite'),
    220: (N_("Attack the other occupant of {b}"), 'b'),
    221: (N_("{who} may not attack {b} from {a}, the condominium they share"), 'who b a cite'),
    222: (N_("{c} is not a condominium of {who}"), 'c who'),
    223: (N_("The pact inside {c} is already broken"), 'c'),
    224: (N_("{a} is not yours"), 'a'),
    225: (N_("Inside {c} you attack {who}"), 'c who'),
    226: (N_("{who} and {who2} hold {c} under their non-aggression pact"), 'who who2 c cite'),
    227: (N_("{c} has 1 army of yours and cannot attack"), 'c cite'),
    228: (N_("No missiles in a country in condominium (docs/architecture.md)"), ''),
    229: (N_("{who} regroups into {b} once {who2} has finished attacking"), 'who b who2 cite'),
    230: (N_("{a} is not {who}'s own country"), 'a who'),
    231: (N_("{a} does not border {b}"), 'a b cite'),
    232: (N_("The ally regroups armies only"), 'cite'),
    233: (N_("{a} has {armies}: move 1 to {k}, one must stay"), 'a armies k cite'),
    234: (N_("There is no international zone #{zone} (see the pacts)"), 'zone!r'),
    235: (N_("The penalty is claimed by one party of zone #{pact_id} against the other"), 'pact_id'),
    236: (N_("forget: keep is 1 (the zone stays) or 0 (it ends), the harmed player decides"), ''),
    237: (N_("forget: {who} does not hold that card"), 'who'),
    238: (N_("Unknown pact kind {k}: c (between countries), k (a continent), b (the borders of two continents), w (world-wide), z (international zone)"), 'k!r cite'),
    239: (N_("{a} and {b} are more than three borders apart"), 'a b cite'),
    240: (N_("A pact is between two different players"), ''),
    241: (N_("A pact between countries joins a country of {who} and one of {who2}"), 'who who2'),
    242: (N_("That pact already exists (pact #{pact_id})"), 'pact_id'),
    243: (N_("A pact is between two different players"), ''),
    244: (N_("A pact needs two players still in the game"), ''),
    245: (N_("pact: unknown continent {v}"), 'v!r'),
    246: (N_("A pact between borders joins two different continents"), ''),
    247: (N_("That pact already exists (pact #{pact_id})"), 'pact_id'),
    248: (N_("{who} has made {n} exchanges"), 'who n cite'),
    249: (N_("{who} already has an international zone (pact #{pact_id})"), 'who pact_id cite'),
    250: (N_("{board}: unknown country id '{name}'"), 'board name'),
    251: (N_("{board}: no country number {n} (0-{last})"), 'board n last'),
    252: (N_("{board}: no country called '{name}'"), 'board name'),
    253: (N_("{board}: unknown continent id '{name}'"), 'board name'),
    254: (N_("{board}: no continent called '{name}'"), 'board name'),
    255: (N_("no default board for ruleset '{rs}' (known: {known})"), 'rs known'),
    256: (N_("unknown board '{board}' (no {path}; known: {known})"), 'board path known'),
}

# the engine's action names in a refusal ("attack is not allowed now"), said as the REPL's verbs
ACTIONS = {"attack": N_("attack"), "place": N_("place"), "end": N_("end the turn"),
           "regroup": N_("regroup"), "draw": N_("take a card"), "trade": N_("trade"),
           "move": N_("move in"), "claim": N_("claim"), "missile": N_("fire a missile")}

# the English pieces some refusals are built of (comando.engine.rules: phase_hint; risk's card)
PIECES = {" (claim a free country)": N_(" (claim a free country)"), ": name it": N_(": name it")}
_HAS = re.compile(r"^ and has (\d+) arm(?:y|ies) to place$")   # phase_hint's other piece


def _counted(name: str, value) -> str:
    """A count in the engine's words ("3 armies", "2 missiles") in the table's."""
    m = _COUNT.match(str(value))
    if m is None:
        return str(value)
    n = int(m.group(1))
    if name == "armies":
        from comando_host.text.engine_text import armies
        return armies(n)
    if name == "missiles":
        return _n("{n} missile", "{n} missiles", n).format(n=n)
    return _n("{n} different secret objective", "{n} different secret objectives", n).format(n=n)


_PACT = re.compile(r"^pact #(\d+): ")   # the core's describe_pact: its pact's number


def _pact(text: str, state) -> str:
    """A pact the engine described (refusals 48, 173, 211), in the table's words when the game's
    state is at hand to find it by its number; else as the engine described it."""
    m = _PACT.match(text)
    if state is None or m is None:
        return text
    for pact in getattr(state, "pacts", None) or ():
        if pact[0] == int(m.group(1)):
            from comando_host.text.engine_text import pact_text
            return pact_text(state, pact)
    return text


def _word(name: str, value, state=None) -> str:
    """One field's value in the table's words (a player's colour, an action, a phase, a count)."""
    text = str(value)
    if name == "pact":
        return _pact(text, state)
    if name.startswith("who") or name in ("cur", "p"):   # a player named with its colour
        return _SEAT.sub(lambda m: " (%s)" % colour(m.group(1)), text)
    if name in ("what", "action") and text in ACTIONS:
        return _(ACTIONS[text])
    if name == "phase":
        from comando_host.text.engine_text import phase_word
        return phase_word(text)
    if name in ("armies", "missiles", "objectives"):
        return _counted(name, value)
    if name in ("hint", "tail"):
        if text in PIECES:
            return _(PIECES[text])
        m = _HAS.match(text)
        if m:
            return _(" and has {armies} to place").format(armies=_counted("armies", m.group(1) + " "))
    return text


def words(number: int, values, state=None) -> str | None:
    """Refusal ``number`` with ``values`` (the engine's, in its order) in the current language;
    None when the table has no such number or another count of fields. ``state``: the game's,
    when at hand (a pact the engine described is then said in the table's words too)."""
    found = REFUSALS.get(number)
    if found is None:
        return None
    msgid, spec = found
    names = spec.split()
    if len(names) != len(values):
        return None
    fields = {}
    for name, value in zip(names, values):
        name, _bang, conv = name.partition("!")
        fields[name] = repr(value) if conv == "r" else _word(name, value, state)
    said = _(msgid).format(**fields)
    if names and names[-1] == "cite" and "{cite}" not in msgid:
        said += fields["cite"]   # the rulebook's words, as the engine cited them
    return said


def say(error, state=None) -> str:
    """``error`` (an engine refusal, or a board's lookup error; or its text) in the current
    language, its citation as it was; ``state``: the game's, when at hand. An error with no
    number is said as the engine said it."""
    text = str(error)
    number = getattr(error, "number", None)
    if number is None or current() == "en":
        return text
    said = words(number, getattr(error, "args_", ()), state)
    return text if said is None else said
