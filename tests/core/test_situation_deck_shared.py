"""One situation deck for both reducers (issue 27): the map engine (comando.rulesets.revancha.engine)
and the table session (comando.rulesets.revancha.table) turn the round's card with
comando.rulesets.revancha.situations.turn_over, so from the same deck they turn the same cards.

teg-la-revancha.txt, "Hostilities - Situation Cards", "A) Turn Over a Situation Card": the round's
first player turns one card; REST: "If the color mentioned does not take part in the game, a new
card is turned over"; the deck spent, it is shuffled again.
"""

MPY_HEAP = "1m"  # the 72-country board, its engine and a table session side by side

from mpytest import raises

from comando import session as Z
from comando.session import replay
from comando import turns
from comando.dice import SeededDice
from comando.errors import RulesError
from comando.rulesets.revancha import situations as S
from comando.rulesets.revancha.engine import RULES
from revfix import past_setup

COLOURS = ("white", "black", "red", "blue")
REST_YELLOW, REST_GREEN = 48, 49   # the rest cards of the two colours nobody plays here


def _deck():
    """A full deck whose last two cards are the absent colours' rest cards: once the 48 others
    are turned it holds no playable card and is due a reshuffle."""
    top = [20, 24, 28, 32, 36, 40, 44]
    return top + [c for c in range(48) if c not in top] + [REST_YELLOW, REST_GREEN]


def _fresh():
    """The reshuffled deck, rest cards of absent colours on top (they are put aside first)."""
    top = [REST_GREEN, REST_YELLOW, 24]
    return top + [c for c in range(50) if c not in top]


def _table_rounds(rounds):
    """(card, deck left) after each round of a table session that starts on ``_deck()``."""
    t = replay.Table("revancha", list(COLOURS), None, SeededDice(3))
    e = dict(t.events[0])
    e["deck"] = _deck()
    t.state = replay.fold([e])
    t.events = [e]
    t.act({"t": "first", "r": [[6, 1, 1, 1]]})
    for _ in turns.placement_rounds("revancha", len(COLOURS)):
        for p in list(t.state.order):
            t.act({"t": "place", "p": p})
    out = []
    for _ in range(rounds):
        st = t.state
        if S.reshuffle_due(st.deck, COLOURS):
            want, _ = S.turn_over(_fresh(), COLOURS)
            t.act({"t": "round", "o": _fresh(), "c": want})
        else:
            t.act({"t": "round"})
        out.append((t.state.sit, list(t.state.deck)))
        while t.state.stage in (Z.CRISIS, Z.EXTRA):
            if t.state.stage == Z.CRISIS:
                t.act({"t": "crisis"})
            else:
                t.act({"t": "extra", "p": t.state.cur, "c": 10})
        for p in list(t.state.order)[t.state.ti:]:
            t.act({"t": "end", "p": p})
    again = replay.fold(t.events)   # the log replays to the same deck
    assert again.deck == t.state.deck and again.sit == t.state.sit
    return out


def _engine_rounds(rounds):
    """(card, deck left) after each round the map engine opens on ``_deck()``."""
    s = past_setup(4, options={"situations": 1}).state
    assert list(s.colours) == list(COLOURS)
    s.x["sd"] = _deck()
    src = SeededDice(5)
    out = []
    for _ in range(rounds):
        e = {"ssh": _fresh()} if S.reshuffle_due(s.x["sd"], COLOURS) else {}
        RULES.turn_over(s, RULES.round_fields(s, e, src))
        out.append((s.x["sit"], list(s.x["sd"])))
    return out


def test_both_reducers_turn_the_same_cards_from_the_same_deck():
    rounds = 51   # the 48 playable cards, the reshuffle, two rounds into the new deck
    table = _table_rounds(rounds)
    eng = _engine_rounds(rounds)
    assert table == eng
    cards = [c for c, _ in table]
    # the deck in order, every rest card of an absent colour put aside
    assert cards[:48] == [c for c in _deck() if c not in (REST_YELLOW, REST_GREEN)]
    # spent (only the absent colours' rest cards left): the new shuffle's absent rest cards put
    # aside, its tailwind rules the round, the next cards follow
    assert cards[48] == 24
    assert table[48][1] == _fresh()[3:]
    assert cards[49:] == _fresh()[3:5]


def test_turn_over_needs_a_playable_card():
    with raises(RulesError, "no playable card"):
        S.turn_over([REST_GREEN, REST_YELLOW], COLOURS)
    with raises(RulesError, "no playable card"):
        S.turn_over([], COLOURS)
    # a deck due a reshuffle goes on in the fresh one; one that is not ignores it
    assert S.turn_over([REST_GREEN], COLOURS, [REST_YELLOW, 3, 4]) == ([REST_YELLOW, 3], [4])
    assert S.turn_over([5, 6], COLOURS, [3, 4]) == ([5], [6])


def test_crisis_dice_one_per_seat_in_play():
    dice = S.crisis_dice(SeededDice(1), [1, 0, 1, 1])
    assert len(dice) == 4 and dice[1] == 0
    assert all(1 <= d <= 6 for i, d in enumerate(dice) if i != 1)
