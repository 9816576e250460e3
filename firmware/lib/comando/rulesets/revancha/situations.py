"""La Revancha's situation deck (teg-la-revancha.txt, "Hostilities - Situation Cards").

Fifty cards, numbered 0..49: 20 classic combat, 4 snow, 4 tailwind, 4 crisis, 4 extra
reinforcements, 4 open borders, 4 closed borders, and one rest card per colour. Before each round
of hostilities the round's first player turns one over; it rules the whole round. A rest card
naming a colour nobody plays (or that is out of the game) is put aside and another card is turned.

Each card's effect is data the rules consult:
- dice: ``dice_mods(card)`` -> the dice modifiers for comando.combat (comando.dice_mods: SNOW, the
  defender rolls one die more, up to four; TAILWIND, the attacker rolls one die more, up to four).
- attack legality: ``attack_error(card, attacker, defender, internal)`` -> None or the reason
  (open borders: only from one continent to another; closed borders: only inside a continent; rest:
  the resting colour may only place armies: it may not attack or regroup. The rulebook does not
  protect the resting colour from attacks, so it can still be attacked.)
- regroup legality: ``regroup_error(card, colour)``.
- card draw: ``crisis_barred(rolls)`` -> seats that may not draw a country card this round (every
  player rolls a die; the lowest may not draw; all players tied on the lowest may not draw).
- extra reinforcements: ``extra_armies(countries)`` -> half the countries held (rounded down),
  placed one player at a time in round order before attacks begin.

Randomness: ``shuffle(source)`` takes any injectable random source: a comando.dice source (``.d6()``),
an object with ``randbelow(k)``/``below(k)``/``randrange(k)`` (random.Random), or a bytes source
such as ``os.urandom``. The shuffled order is stored in an event, so a replay never reshuffles.
"""

from comando import dice_mods as mods_
from comando.errors import IllegalMove, RulesError
from comando.texts import say, text
from comando.registry import COLOURS as _REGISTRY

import sys

if sys.implementation.name == "micropython":
    from micropython import const
else:  # CPython (a package named micropython, the unix port's, may be installed: importing it
    # loads the whole port, ~2 ms a command; issue 28)
    const = lambda x: x  # noqa: E731

CLASSIC = const(0)
SNOW = const(1)
TAILWIND = const(2)
CRISIS = const(3)
EXTRA = const(4)
OPEN = const(5)
CLOSED = const(6)
REST = const(7)

KINDS = ("classic", "snow", "tailwind", "crisis", "extra", "open", "closed", "rest")
KIND_LABELS = ("Classic combat", "Snow", "Tailwind", "Crisis", "Extra reinforcements",
               "Open borders", "Closed borders", "Rest")
# How many of each kind (rest: one per colour).
COUNTS = (20, 4, 4, 4, 4, 4, 4, 6)
# La Revancha's colours, in the order of the rulebook's list of objectives.
COLOURS = _REGISTRY["revancha"]  # ("white", "black", "red", "blue", "yellow", "green")
# Each kind's first card number (a kind's cards are numbered in a row, in KINDS order) and the
# deck's size: from COUNTS, so a new kind is one entry in each tuple above.
_STARTS = tuple(sum(COUNTS[:k]) for k in range(len(COUNTS)))
DECK_SIZE = sum(COUNTS)   # 50


def kind(card):
    """The kind (CLASSIC..REST) of card number ``card``."""
    if not 0 <= card < DECK_SIZE:
        raise RulesError(say("sit_no", card, DECK_SIZE - 1))
    k = len(_STARTS) - 1
    while _STARTS[k] > card:
        k -= 1
    return k


def rest_colour(card):
    """The colour a rest card names, or None for every other card."""
    return COLOURS[card - _STARTS[REST]] if kind(card) == REST else None


def name(card):
    """A short id: 'classic', 'snow', ..., 'rest-blue'."""
    k = kind(card)
    if k == REST:
        return "rest-" + COLOURS[card - _STARTS[REST]]
    return KINDS[k]


def label(card):
    """What the screen shows: 'Snow', 'Rest: blue'."""
    k = kind(card)
    if k == REST:
        return "Rest: " + COLOURS[card - _STARTS[REST]]
    return KIND_LABELS[k]


def colour_word(colour):
    """A colour in the table's language (texts: c_<colour>; English: the colour's id)."""
    t = text("c_" + colour)
    return colour if t[:2] == "c_" else t


def describe(card):
    """One player-readable line for the card's effect (texts.txt's sit_<kind>)."""
    k = kind(card)
    if k == REST:
        return say("sit_rest", colour_word(rest_colour(card)))
    return text("sit_" + KINDS[k])


# --- randomness ----------------------------------------------------------------------------------

def randbelow(source, k):
    """A uniform int in 0..k-1 from any supported random source (see the module docstring)."""
    if k <= 0:
        raise RulesError(say("rng_empty"))
    if k == 1:
        return 0
    for meth in ("randbelow", "below", "randrange"):
        f = getattr(source, meth, None)
        if f is not None:
            return f(k)
    if getattr(source, "d6", None) is not None:
        from comando.dice import below  # (here: the device boots without loading comando.dice)
        return below(source, k)
    if callable(source):  # os.urandom-like: bytes -> int, rejection for uniformity
        limit = 65536 - 65536 % k
        while True:
            b = source(2)
            if not isinstance(b, (bytes, bytearray)) or len(b) != 2:
                raise RulesError(say("rng_bytes", b))
            v = b[0] << 8 | b[1]
            if v < limit:
                return v % k
    raise RulesError(say("rng_not", source))


def shuffle(source, cards=None):
    """A Fisher-Yates shuffle of the deck (or of ``cards``) drawn from ``source``: a new list."""
    deck = list(range(DECK_SIZE)) if cards is None else list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = randbelow(source, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def check_order(order):
    """A stored shuffle must be a permutation of the deck's cards (DECK_SIZE)."""
    if len(order) != DECK_SIZE:
        raise RulesError(say("deck_size", DECK_SIZE, len(order)))
    seen = bytearray(DECK_SIZE)
    for c in order:
        kind(c)
        if seen[c]:
            raise RulesError(say("deck_twice", c))
        seen[c] = 1


# --- drawing -------------------------------------------------------------------------------------

def playable(card, colours_in_play):
    """False for a rest card naming a colour not in the game (it is put aside, another is turned)."""
    c = rest_colour(card)
    return c is None or c in colours_in_play


def draw(deck, colours_in_play):
    """Turn cards from the top of ``deck`` (a list, top = index 0) until one is playable.

    Returns the list of cards turned (the last one rules the round); does not change ``deck``.
    Returns the cards turned so far if the deck runs out first (the caller reshuffles then)."""
    turned = []
    for c in deck:
        turned.append(c)
        if playable(c, colours_in_play):
            break
    return turned


# --- the deck in play: the one component both reducers call --------------------------------------
# The map engine (engine.py: x["sd"], the event's "ssh" and "cr") and the table session (table.py:
# state.deck, the round's "c" and "o", the crisis event's "r") turn the round's card and roll a
# crisis with these, each storing what it turned in its own keys (old logs keep them).

def reshuffle_due(deck, colours_in_play):
    """True when no card left in ``deck`` can rule a round (it is spent, or holds only rest cards
    of absent colours): the round opens on a new shuffle."""
    for c in deck:
        if playable(c, colours_in_play):
            return False
    return True


def turn_over(deck, colours_in_play, fresh=None):
    """"A) Turn Over a Situation Card": ``(turned, left)``.

    ``turned``: the cards turned from the deck the round's card came from (rest cards of absent
    colours first, the round's card last); ``left``: that deck after them, a new list. When
    ``deck`` is due a reshuffle (``reshuffle_due``) its cards are put aside and the turning goes on
    in ``fresh``, the new shuffle. RulesError when no playable card is found."""
    if fresh is not None and reshuffle_due(deck, colours_in_play):
        deck = fresh
    turned = draw(deck, colours_in_play)
    if not turned or not playable(turned[-1], colours_in_play):
        raise RulesError(say("deck_empty"))
    return turned, list(deck[len(turned):])


def crisis_dice(source, alive):
    """CRISIS: "each player rolls a die": one die per seat from ``source`` (``.d6()``), 0 for a
    seat out of the game (``alive``: truthy per seat)."""
    return [source.d6() if a else 0 for a in alive]


# --- effects -------------------------------------------------------------------------------------

# The dice modifiers each kind of card puts in effect, by kind (CLASSIC..REST).
KIND_MODS = (mods_.NONE, mods_.SNOW, mods_.TAILWIND, 0, 0, 0, 0, 0)


def dice_mods(card):
    """The dice modifiers the round's card puts in effect (comando.dice_mods), 0 for none."""
    return 0 if card is None else KIND_MODS[kind(card)]


def attack_error(card, attacker, defender, internal):
    """None when the card allows ``attacker`` (a colour) to attack ``defender`` across a border
    that is ``internal`` (both countries on one continent) or not; else the reason, for a player.
    ``internal`` may be None when the map is not tracked (borders are then not checked)."""
    if card is None:
        return None
    k = kind(card)
    if k == REST and rest_colour(card) == attacker:
        return say("rests_atk", colour_word(attacker))
    if k == OPEN and internal is True:
        return text("open_atk")
    if k == CLOSED and internal is False:
        return text("closed_atk")
    return None


def check_attack(card, attacker, defender, internal):
    err = attack_error(card, attacker, defender, internal)
    if err:
        raise IllegalMove(err)


def border_internal(board, a, b):
    """True when countries ``a`` and ``b`` (ints) are on the same continent of ``board``."""
    f = getattr(board, "is_internal_border", None)
    if f is not None:
        return bool(f(a, b))
    return board.continent_of(a) == board.continent_of(b)


def regroup_error(card, colour):
    if card is not None and kind(card) == REST and rest_colour(card) == colour:
        return say("rests_reg", colour_word(colour))
    return None


def crisis_barred(rolls):
    """Seats that may not draw a country card in a crisis round: every seat with the lowest die
    (all of them when tied). ``rolls`` has one die per seat, 0 for a seat out of the game."""
    live = [d for d in rolls if d]
    if not live:
        return ()
    low = min(live)
    return tuple(s for s, d in enumerate(rolls) if d == low)


def extra_armies(countries):
    """Extra reinforcements: half the countries held, rounded down."""
    if countries < 0:
        raise IllegalMove(say("hold_neg", countries))
    return countries // 2


def needs_crisis_roll(card):
    return card is not None and kind(card) == CRISIS


def needs_extra(card):
    return card is not None and kind(card) == EXTRA
