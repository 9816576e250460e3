"""Turn order for every ruleset (comando.turns). Rule citations per test."""

from mpytest import raises

from comando import turns
from comando.errors import RulesError


class FixedDice:
    def __init__(self, faces):
        self.faces = list(faces)

    def d6(self):
        return self.faces.pop(0)


def test_teg_classic_order_is_fixed_from_the_opener():
    """teg-classic.txt "4. Two Rounds to Add 8 Armies" A: the highest die opens, clockwise; every
    round (5. Beginning of Hostilities: "Again it is the turn of the first player") starts with him."""
    for rnd in (1, 2, 7):
        assert turns.round_order("teg", 2, rnd, n=4) == (2, 3, 0, 1)


def test_revancha_rotation_first_becomes_last():
    """teg-la-revancha.txt "Second Round and Following": the player who started the hostilities
    will now be the last to play, the second will now be the first; repeated every round."""
    assert turns.round_order("revancha", 1, 1, n=4) == (1, 2, 3, 0)
    assert turns.round_order("revancha", 1, 2, n=4) == (2, 3, 0, 1)
    assert turns.round_order("revancha", 1, 3, n=4) == (3, 0, 1, 2)
    assert turns.round_order("revancha", 1, 5, n=4) == (1, 2, 3, 0)
    # each round's first is the previous round's last
    for r in range(1, 8):
        prev = turns.round_order("revancha", 0, r, n=5)
        nxt = turns.round_order("revancha", 0, r + 1, n=5)
        assert prev[0] == nxt[-1] and prev[1] == nxt[0]


def test_revancha_rotation_skips_eliminated():
    alive = [True, False, True, True]
    # opener 0 -> next round the second player (seat 2, seat 1 is out) opens
    assert turns.next_round_first("revancha", 0, alive) == 2
    assert turns.order_from(2, alive) == (2, 3, 0)
    # an eliminated opener is replaced by the next live seat
    assert turns.next_round_first("teg", 1, alive) == 2
    assert turns.next_round_first("teg", 0, alive) == 0


def test_teg2_rotation_starts_with_usa_then_ussr():
    """teg-ii.txt "How the Game Continues": the second round is started by the Soviet player and
    the last in this round will be the American player."""
    assert turns.TEG2_POWERS[0] == "usa" and turns.TEG2_POWERS[1] == "ussr"
    assert turns.round_order("teg2", 0, 1, n=3) == (0, 1, 2)
    assert turns.round_order("teg2", 0, 2, n=3) == (1, 2, 0)


def test_teg2_rounds_by_players():
    """teg-ii.txt "Length of a Game"."""
    from comando.rulesets.teg2.table import player_of, rounds
    assert rounds(6) == 6
    assert rounds(5) == 5
    assert rounds(4) == 4 and rounds(4, True) == 8
    assert rounds(3) == 6
    assert turns.teg2_powers(2) == ("usa", "ussr", "china", "japan")
    assert [player_of(p, 2) for p in range(4)] == [0, 1, 0, 1]


def test_war_first_player_follows_last_card():
    """war.txt "Distribution of Armies and Territories" and "The Game": dealt clockwise from the
    distributor's left; the game begins with the player after the one who got the last card."""
    # 6 players, 42 territories: 7 each, the last card goes to the distributor -> next seat opens
    from comando.rulesets.war.table import deal_seat, first_player
    assert deal_seat(0, 6, 0) == 1
    assert deal_seat(0, 6, 41) == 0
    assert first_player(0, 6, 42) == 1
    # 4 players: 42 = 10*4 + 2; cards 40, 41 go to seats 1, 2 (distributor 0) -> seat 3 opens
    assert deal_seat(0, 4, 41) == 2
    assert first_player(0, 4, 42) == 3
    assert turns.round_order("war", 3, 5, n=4) == (3, 0, 1, 2)


def test_opening_roll_highest_wins_ties_reroll():
    assert turns.opening_winner([[3, 6, 2]]) == 1
    assert turns.opening_winner([[6, 6, 2], [4, 5, 0]]) == 1
    with raises(RulesError, "tie"):
        turns.opening_winner([[6, 6, 2]])
    with raises(RulesError, "not in the tie"):
        turns.opening_winner([[6, 6, 2], [4, 5, 3]])
    with raises(RulesError, "not a die"):
        turns.opening_winner([[7, 1]])
    with raises(RulesError, "extra"):
        turns.opening_winner([[6, 1], [2, 3]])


def test_roll_opening_with_a_source():
    rounds = turns.roll_opening(FixedDice([5, 5, 1, 2, 4]), 3)
    assert rounds == [[5, 5, 1], [2, 4, 0]]
    assert turns.opening_winner(rounds) == 1
    # a dead seat does not roll
    rounds = turns.roll_opening(FixedDice([3, 2]), 3, alive=[True, False, True])
    assert rounds == [[3, 0, 2]]


def test_placement_rounds_per_ruleset():
    """teg-classic.txt 4 (5 then 3; 2-3 players: 12 / 8); teg-la-revancha.txt "First Round" (8 then
    4) and "5. Playing with 2 or 3 People" (18 with two)."""
    assert turns.placement_rounds("teg", 4) == (5, 3)
    assert turns.placement_rounds("teg", 2) == (12,)
    assert turns.placement_rounds("teg", 3) == (8,)
    assert turns.placement_rounds("revancha", 3) == (8, 4)
    assert turns.placement_rounds("revancha", 2) == (18,)
    assert turns.placement_rounds("war", 3) == ()


def test_risk_reserves():
    """risk-online-12-maps.txt: 40 for two, 35 three, 30 four, 25 five, 20 six on World."""
    from comando import rulebook
    assert [rulebook.risk_reserve(n) for n in range(2, 7)] == [40, 35, 30, 25, 20]
    assert rulebook.risk_reserve(4, 21) == 15


def test_bad_rulesets_and_counts():
    with raises(RulesError, "unknown ruleset"):
        turns.check_ruleset("chess")
    with raises(RulesError, "not 7"):
        turns.check_players("teg", 7)
    with raises(RulesError, "not 1"):
        turns.placement_rounds("revancha", 1)
