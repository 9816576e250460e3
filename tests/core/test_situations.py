"""La Revancha's situation deck (teg-la-revancha.txt, "Hostilities - Situation Cards")."""

from mpytest import raises

from comando import dice_mods
from comando.rulesets.revancha import situations as S
from comando.errors import IllegalMove, RulesError


class Lcg:
    """A tiny deterministic d6 source (the tests must not depend on the combat branch)."""

    def __init__(self, seed):
        self.x = seed

    def d6(self):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 16) % 6 + 1


class FakeBoard:
    def __init__(self, conts):
        self.conts = conts

    def continent_of(self, i):
        return self.conts[i]


def test_deck_composition():
    """50 cards: 20 classic combat, 4 snow, 4 tailwind, 4 crisis, 4 extra reinforcements, 4 open
    borders, 4 closed borders, 6 rest cards (one per colour)."""
    counts = [0] * 8
    for c in range(S.DECK_SIZE):
        counts[S.kind(c)] += 1
    assert counts == [20, 4, 4, 4, 4, 4, 4, 6]
    assert sorted(S.rest_colour(c) for c in range(44, 50)) == sorted(S.COLOURS)
    assert S.name(0) == "classic" and S.name(20) == "snow" and S.name(47) == "rest-blue"
    assert S.label(47) == "Rest: blue"
    with raises(RulesError, "0 to 49"):
        S.kind(50)


def test_shuffle_is_a_permutation_and_reproducible():
    a = S.shuffle(Lcg(7))
    b = S.shuffle(Lcg(7))
    assert a == b
    assert sorted(a) == list(range(50))
    assert a != list(range(50))
    S.check_order(a)
    with raises(RulesError, "twice"):
        S.check_order([0] * 50)
    with raises(RulesError, "50 cards"):
        S.check_order([0, 1])


def test_shuffle_accepts_byte_and_randrange_sources():
    state = [0]

    def fake_urandom(n):
        state[0] += 1
        return bytes(((state[0] * 37 + i * 11) & 0xFF) for i in range(n))

    d = S.shuffle(fake_urandom)
    assert sorted(d) == list(range(50))

    class R:
        def randrange(self, k):
            return k - 1

    assert sorted(S.shuffle(R())) == list(range(50))


def test_randbelow_from_d6_is_in_range_and_covers():
    src = Lcg(3)
    seen = [0] * 7
    for _ in range(700):
        seen[S.randbelow(src, 7)] += 1
    assert all(x > 50 for x in seen), seen


def test_rest_card_of_an_absent_colour_is_redrawn():
    """"If the color mentioned does not take part in the game, a new card is turned over.\""""
    deck = [48, 45, 22, 3]  # rest-yellow, rest-black, snow, classic
    assert S.draw(deck, ("white", "black")) == [48, 45]
    assert S.draw(deck, ("white", "red")) == [48, 45, 22]
    assert S.draw(deck, ("yellow",)) == [48]
    assert S.draw([48], ("red",)) == [48]  # ran out: caller reshuffles


def test_dice_mods():
    """SNOW: defenders one die more; TAILWIND: attackers one die more (comando.dice_mods)."""
    for c in range(S.DECK_SIZE):
        want = {S.SNOW: dice_mods.SNOW, S.TAILWIND: dice_mods.TAILWIND}.get(S.kind(c), 0)
        assert S.dice_mods(c) == want, c
    assert S.dice_mods(20) == dice_mods.SNOW and S.dice_mods(24) == dice_mods.TAILWIND
    assert S.dice_mods(0) == 0 and S.dice_mods(None) == 0


def test_open_and_closed_borders():
    """OPEN BORDERS: only from one continent toward the outside (Chile to Australia); CLOSED
    BORDERS: only within a continent (Argentina to Brazil)."""
    board = FakeBoard([0, 0, 1])  # 0 Argentina, 1 Brazil (S. America), 2 Australia
    internal = S.border_internal(board, 0, 1)
    external = S.border_internal(board, 0, 2)
    assert internal is True and external is False
    assert S.attack_error(36, "red", "blue", external) is None
    with raises(IllegalMove, "open borders"):
        S.check_attack(36, "red", "blue", internal)
    assert S.attack_error(40, "red", "blue", internal) is None
    with raises(IllegalMove, "closed borders"):
        S.check_attack(40, "red", "blue", external)
    # untracked map: no border check
    assert S.attack_error(40, "red", "blue", None) is None


def test_rest_colour_cannot_attack_or_regroup_but_can_be_attacked():
    """REST: the colour may only place armies during its turn, but may not attack or regroup."""
    rest_red = 44 + S.COLOURS.index("red")
    with raises(IllegalMove, "red rests this round"):
        S.check_attack(rest_red, "red", "blue", True)
    assert S.attack_error(rest_red, "blue", "red", True) is None
    assert "not regroup" in S.regroup_error(rest_red, "red")
    assert S.regroup_error(rest_red, "blue") is None


def test_crisis_lowest_and_ties():
    """CRISIS: the lowest may not draw a card; in a tie, none of the tied may draw."""
    assert S.crisis_barred([4, 2, 6]) == (1,)
    assert S.crisis_barred([1, 5, 1, 3]) == (0, 2)
    assert S.crisis_barred([3, 0, 5]) == (0,)  # seat 1 is out of the game
    assert S.crisis_barred([2, 2]) == (0, 1)


def test_extra_reinforcements_half_the_countries():
    """EXTRA REINFORCEMENTS: half of the countries they occupy."""
    assert S.extra_armies(19) == 9
    assert S.extra_armies(1) == 0
    with raises(IllegalMove, "-1 countries"):
        S.extra_armies(-1)
    assert S.needs_extra(32) and not S.needs_extra(0)
    assert S.needs_crisis_roll(28)
