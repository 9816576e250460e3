"""La Revancha's situation cards in the engine (rules/teg-la-revancha.txt, "Hostilities -
Situation Cards", "A) Turn Over a Situation Card"): the round's card constrains every turn."""

MPY_HEAP = "1m"  # the 72-country board, its engine and a game

from comando import engine
from comando.rulesets.revancha import situations as sit
from comando.errors import IllegalMove
from mpytest import raises
from revfix import RULES, c, game, past_setup, arrange, turn, play, snapshot

SNOW, TAILWIND, CRISIS, EXTRA, OPEN, CLOSED = 20, 24, 28, 32, 36, 40
REST_WHITE = 44


def _table(card):
    g = past_setup(4)
    s = g.state
    s.x["sit"] = card
    arrange(s, {}, default_owner=1)
    arrange(s, {"chile": 0, "argentina": 0, "espana": 0},
            {"chile": 5, "argentina": 5, "espana": 5})
    return g, s


def test_rest_colour_only_places():
    """"REST: the color mentioned on the rest card may only place armies during its turn, but may
    not attack or regroup.\""""
    g, s = _table(REST_WHITE)
    assert s.colours[0] == "white"
    turn(g, 0)
    before = snapshot(s)
    for a in ({"t": "attack", "p": 0, "f": c("argentina"), "to": c("brasil")},
              {"t": "regroup", "p": 0, "f": c("argentina"), "to": c("chile"), "n": 1}):
        with raises(IllegalMove, "may not attack or regroup"):
            engine.check(s, a)
    assert snapshot(s) == before
    turn(g, 1)
    arrange(s, {"brasil": 1}, {"brasil": 4})
    engine.check(s, {"t": "attack", "p": 1, "f": c("brasil"), "to": c("argentina")})  # white may be attacked


def test_open_and_closed_borders_the_books_examples():
    """"OPEN BORDERS: attacks may only be made from one continent toward the outside. For example:
    Chile to Australia"; "CLOSED BORDERS: attacks may only be made within the borders of each
    continent. For example, Argentina to Brazil or Spain to Portugal.\""""
    g, s = _table(OPEN)
    turn(g, 0)
    engine.check(s, {"t": "attack", "p": 0, "f": c("chile"), "to": c("australia")})
    with raises(IllegalMove, "open borders"):
        engine.check(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("brasil")})
    g, s = _table(CLOSED)
    turn(g, 0)
    engine.check(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("brasil")})
    engine.check(s, {"t": "attack", "p": 0, "f": c("espana"), "to": c("portugal")})
    with raises(IllegalMove, "closed borders"):
        engine.check(s, {"t": "attack", "p": 0, "f": c("chile"), "to": c("australia")})


def test_snow_and_tailwind_dice_the_books_examples():
    """SNOW: "if the player has one token, it defends with two dice; if it has two armies, it
    defends with three dice; if it has three or more armies, it defends with four dice."
    TAILWIND: "if the player has two armies, it attacks with two dice; if it has three armies, it
    attacks with three dice; if it has four armies or more, it attacks with four dice.\""""
    g, s = _table(SNOW)
    for dfn, want in ((1, 2), (2, 3), (3, 4)):
        arrange(s, {"brasil": 1}, {"brasil": dfn})
        assert RULES.attack_dice(s, c("argentina"), c("brasil"), {})[1] == want
    g, s = _table(TAILWIND)
    arrange(s, {"brasil": 1}, {"brasil": 1})
    for att, want in ((2, 2), (3, 3), (4, 4), (9, 4)):
        s.armies[c("argentina")] = att
        assert RULES.attack_dice(s, c("argentina"), c("brasil"), {})[0] == want


def test_crisis_lowest_die_draws_no_card():
    """"CRISIS: each player must roll a die. The player who rolls the lowest number may not draw a
    country card during that round ... In case of a tie, none of the players who tied may draw.\""""
    g, s = _table(CRISIS)
    e = {"cr": [2, 5, 2, 6]}
    s.options["situations"] = 1
    s.x["sd"] = [CRISIS + 1] + s.x["sd"]
    RULES.turn_over(s, e)
    assert s.x["sit"] == CRISIS + 1 and s.x["bar"] == [0, 2]
    turn(g, 0)
    s.x["bar"] = [0, 2]
    play(s, {"t": "attack", "p": 0, "f": c("argentina"), "to": c("brasil"), "ad": [6, 6, 6], "dd": [1]})
    before = snapshot(s)
    with raises(IllegalMove, "may not draw a country card during that round"):
        engine.check(s, {"t": "draw", "p": 0})
    assert snapshot(s) == before


def test_extra_reinforcements_half_the_countries_in_round_order_before_attacks():
    """"EXTRA REINFORCEMENTS: all players have the right to place an extra sum of armies, equal to
    half of the countries they occupy ... one player at a time, following the round of the game
    and before attacks begin.\""""
    g = game(4, 6)
    s = g.state
    while s.round == 0:
        g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve})
    # play to the next round with an extra reinforcements card on top of the deck
    s.x["sd"] = [EXTRA] + [x for x in s.x["sd"] if x != EXTRA]
    if s.phase == "place":  # round 1 opened with extra already: place them
        while s.phase == "place":
            g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve})
    first = s.first
    for _ in range(4):
        g.act({"t": "end", "p": s.cur})
        if s.phase == "add":
            break
    assert s.round == 2 and s.x["sit"] == EXTRA and s.phase == "place" and s.x["ext"] == 1
    order = []
    while s.x["ext"]:
        order.append((s.cur, s.reserve))
        assert s.reserve == s.count(s.cur) // 2
        g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve})
    f2 = (first + 1) % 4
    assert [p for p, _ in order] == [f2, (f2 + 1) % 4, (f2 + 2) % 4, (f2 + 3) % 4]
    assert s.cur == f2 and s.phase == "add"  # "the first player in the round resumes"


def test_rest_card_of_an_absent_colour_turns_another():
    """"If the color mentioned does not take part in the game, a new card is turned over.\""""
    g, s = _table(-1)
    green = 49
    assert sit.rest_colour(green) == "green" and "green" not in s.colours
    s.x["sd"] = [green, SNOW] + [x for x in s.x["sd"] if x not in (green, SNOW)]
    s.options["situations"] = 1
    RULES.turn_over(s, {})
    assert s.x["sit"] == SNOW
