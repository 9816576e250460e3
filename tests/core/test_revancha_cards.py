"""La Revancha's country and continent cards and exchanges (rules/teg-la-revancha.txt, "3) By
exchange", "Equivalence of COUNTRY and CONTINENT CARDS", "C) Requesting a Country Card", "Uses and
Benefits of COUNTRY CARDS", "D) Requesting a CONTINENT CARD", "Requesting a COUNTRY CARD")."""

MPY_HEAP = "1m"  # the 72-country board, its engine and a game

from comando import engine
from comando.errors import IllegalMove
from comando.rulesets.revancha import cards
from mpytest import raises
from revfix import RULES, board, c, k, past_setup, arrange, turn, play, hand, with_symbol, snapshot

# The book's values, written here from the rulebook (not from the engine): "1st exchange: 6
# armies", "2nd exchange: 10 armies", "From then on, five more armies are added each time".
BOOK_VALUES = (6, 10, 15, 20, 25, 30)
SUPER = ("airplane", "ship", "tank")


def test_exchange_values_6_10_15_20():
    g = past_setup(4)
    s = g.state
    for n in range(len(BOOK_VALUES)):
        s.trades[0] = n
        assert RULES.trade_value(s, 0) == BOOK_VALUES[n]


def test_sets_symbols_wildcards_and_super_cards():
    """Three equal or three different symbols; "Cards with the soldiers symbol act as wildcards";
    "Cards with the three symbols (airplane, ship and tank) act as super cards. By themselves they
    are equivalent to one exchange.\""""
    b = board()
    air = with_symbol(("airplane",))
    tank = with_symbol(("tank",))
    ship = with_symbol(("ship",))
    sold = with_symbol(("soldiers",), 2)
    sup = with_symbol(SUPER, 2)
    assert len(sup) == 2 and c("argentina") in with_symbol(SUPER, 5)
    assert cards.is_exchange(b, air[:3], [])
    assert cards.is_exchange(b, [air[0], tank[0], ship[0]], [])
    assert not cards.is_exchange(b, [air[0], air[1], tank[0]], [])
    assert cards.is_exchange(b, [air[0], air[1], sold[0]], [])
    assert cards.is_exchange(b, [air[0], tank[0], sold[0]], [])
    assert cards.is_exchange(b, [sup[0]], [])
    assert not cards.is_exchange(b, [air[0]], [])
    assert not cards.is_exchange(b, [sup[0], air[0], tank[0]], [])  # a super card goes alone


def test_continent_card_equivalences():
    """North America, Europe and Asia "are equivalent to one exchange by themselves"; "South
    America is equal to an airplane and a tank. Africa is equal to an airplane and a ship";
    "Central America is equal to a tank. Oceania is equal to a ship.\""""
    b = board()
    air = with_symbol(("airplane",))
    tank = with_symbol(("tank",))
    ship = with_symbol(("ship",))
    for name in ("america_del_norte", "europa", "asia"):
        assert cards.is_exchange(b, [], [k(name)])
    sa, af, ca, oc = k("america_del_sur"), k("africa"), k("america_central"), k("oceania")
    assert not cards.is_exchange(b, [], [sa])
    assert cards.is_exchange(b, [ship[0]], [sa])          # airplane + tank + ship
    assert not cards.is_exchange(b, [air[0]], [sa])       # airplane, tank, airplane
    assert cards.is_exchange(b, [tank[0]], [af])          # airplane + ship + tank
    assert cards.is_exchange(b, [air[0], ship[0]], [ca])  # tank + airplane + ship
    assert cards.is_exchange(b, [ship[0], ship[1]], [oc])  # three ships
    assert cards.is_exchange(b, [air[0]], [ca, oc])       # tank + ship + airplane
    assert not cards.is_exchange(b, [], [sa, af])         # four symbols: not one exchange


def _add(g, p=0, reserve=4):
    s = turn(g, p, "add", reserve)
    return s


def test_exchange_event_gives_armies_and_only_one_per_round():
    """"No player may make more than one exchange per round, even if, combining country and
    continent cards, it had the possibility of making two.\""""
    g = past_setup(4)
    s = _add(g)
    air = with_symbol(("airplane",), 6)
    hand(s, 0, air)
    play(s, {"t": "trade", "p": 0, "cards": air[:3]})
    assert s.to_place() == 4 + 6 and s.trades[0] == 1 and s.hands[0] == air[3:]
    before = snapshot(s)
    with raises(IllegalMove, "No player may make more than one exchange per round"):
        engine.check(s, {"t": "trade", "p": 0, "cards": air[3:]})
    assert snapshot(s) == before
    s.round += 1
    play(s, {"t": "trade", "p": 0, "cards": air[3:]})
    assert s.to_place() == 4 + 6 + 10


def test_not_an_exchange_refused_with_the_rule():
    g = past_setup(4)
    s = _add(g)
    air = with_symbol(("airplane",), 2)
    tank = with_symbol(("tank",), 1)
    hand(s, 0, air + tank)
    before = snapshot(s)
    with raises(IllegalMove, "three with the same symbol"):
        engine.check(s, {"t": "trade", "p": 0, "cards": air + tank})
    with raises(IllegalMove, "You do not hold the"):
        engine.check(s, {"t": "trade", "p": 0, "cards": [], "cc": [k("asia")]})
    assert snapshot(s) == before


def test_plus_three_for_a_cards_country_on_drawing_and_at_the_end_of_a_later_turn():
    """"1. When the player simultaneously holds a country and the corresponding card, it has the
    right to place, only once, three additional armies"; "2. If, on receiving the card, the player
    already occupies that country, it adds the three armies at that moment"; "3. If the country is
    conquered in a later turn ... added at the end of its turn\""""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=1)
    arrange(s, {"argentina": 0, "chile": 1, "brasil": 1}, {"argentina": 6})
    turn(g, 0)
    play(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("chile"), "ad": [6, 6, 6], "dd": [1]})
    s.deck.remove(c("chile"))
    s.deck.append(c("chile"))  # the top card is Chile's
    play(s, {"t": "move", "p": 0, "n": 1})
    play(s, {"t": "draw", "p": 0, "card": c("chile")})
    assert s.armies[c("chile")] == 4 and s.bonused[c("chile")]  # 1 moved in + 3
    with raises(IllegalMove, "only once"):
        engine.check(s, {"t": "bonus", "p": 0, "c": c("chile")})
    # a card held before its country is taken: the 3 come at the end of that turn
    hand(s, 0, s.hands[0] + [c("brasil")])
    s.deck = [x for x in s.deck if x != c("brasil")]
    turn(g, 0)
    s.armies[c("argentina")] = 3
    play(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("brasil"), "ad": [6, 6], "dd": [1]})
    before = s.armies[c("brasil")]
    g.act({"t": "end", "p": 0})
    assert s.armies[c("brasil")] == before + 3


def test_a_card_needs_a_conquest_and_two_from_the_third_exchange():
    """"Requesting a COUNTRY CARD": "1. At least 1 country, while it has made fewer than 3
    exchanges. 2. At least 2 countries, if it has already made 3 or more exchanges.\""""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=1)
    arrange(s, {"argentina": 0}, {"argentina": 9})
    turn(g, 0)
    with raises(IllegalMove, "You conquered no country this turn"):
        engine.check(s, {"t": "draw", "p": 0})
    play(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("chile"), "ad": [6, 6, 6], "dd": [1]})
    s.trades[0] = 3
    before = snapshot(s)
    with raises(IllegalMove, "needs 2 conquests"):
        engine.check(s, {"t": "draw", "p": 0})
    assert snapshot(s) == before
    s.trades[0] = 2
    engine.check(s, {"t": "draw", "p": 0})


def test_exchange_before_a_sixth_card():
    """"While a player holds 5 or fewer country cards, there is no obligation to make an exchange,
    but it is obligatory to do so before receiving the sixth country card"."""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=1)
    arrange(s, {"argentina": 0}, {"argentina": 9})
    _add(g, 0, 0)
    air = with_symbol(("airplane",), 5)
    hand(s, 0, air)
    play(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("chile"), "ad": [6, 6, 6], "dd": [1]})
    before = snapshot(s)
    with raises(IllegalMove, "obligatory to do so before receiving the sixth country card"):
        engine.check(s, {"t": "draw", "p": 0})
    assert snapshot(s) == before
    engine.check(s, {"t": "end", "p": 0})


def test_continent_card_after_conquering_a_continent_returned_when_lost_once_per_player():
    """"D) Requesting a CONTINENT CARD": acquired on conquering a continent; "2. If the player
    loses absolute control of the continent and has not yet used the corresponding card, its
    continent card returns to the deck. If it later occupies the continent again, it recovers
    its continent card"; "1. ... once it has used it, it may not use it again"; "3. If another
    player later conquers the same continent, it acquires the continent card.\""""
    g = past_setup(4)
    s = g.state
    oc = [board().cid(i) for i in board().members(k("oceania"))]
    arrange(s, {}, default_owner=1)
    arrange(s, dict((n, 0) for n in oc if n != "tasmania"), {"nueva_zelandia": 9})
    arrange(s, {"tasmania": 1})
    turn(g, 0)
    play(s, {"t": "attack", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania"), "ad": [6, 6, 6], "dd": [1]})
    g.act({"t": "end", "p": 0})
    assert s.x["cch"][k("oceania")] == 0
    # lost unused: back to the deck
    arrange(s, {"australia": 1}, {"australia": 3})
    turn(g, 1)
    s.x["cch"][k("oceania")] = 0
    arrange(s, {"vietnam": 1}, {"vietnam": 5})
    play(s, {"t": "attack", "p": 1, "f": c("vietnam"), "to": c("filipinas"), "ad": [6, 6, 6], "dd": [1]})
    assert s.x["cch"][k("oceania")] == -1
    # used once: never again for that player; another player may take it
    s.x["ccu"][0] = 1 << k("oceania")
    arrange(s, dict((n, 0) for n in oc if n != "tasmania"), {"nueva_zelandia": 9})
    arrange(s, {"tasmania": 1})
    turn(g, 0)
    play(s, {"t": "attack", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania"), "ad": [6, 6, 6], "dd": [1]})
    g.act({"t": "end", "p": 0})
    assert s.x["cch"][k("oceania")] == -1


def test_exchange_with_a_continent_card_uses_it_up():
    g = past_setup(4)
    s = _add(g, 0, 4)
    ship = with_symbol(("ship",), 1)
    hand(s, 0, ship)
    s.x["cch"][k("america_del_sur")] = 0
    play(s, {"t": "trade", "p": 0, "cards": ship, "cc": [k("america_del_sur")]})
    assert s.x["cch"][k("america_del_sur")] == -1 and s.x["ccu"][0] == 1 << k("america_del_sur")
    assert s.to_place() == 10 and s.discard == ship
