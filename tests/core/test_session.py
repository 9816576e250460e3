"""The table session (comando.session): the reducer the device runs by default (no map).

Rule sources: teg-classic.txt 4-6, teg-la-revancha.txt "Hostilities - Situation Cards" and
"Second Round and Following", war.txt "The Game", risk-online-12-maps.txt, teg-ii.txt
"Course of Play", "How Combat Works", "A Special Case: Retreat", "Special Unit", "Nuclear Rocket".
"""

from mpytest import raises

from comando import session as Z
from comando.session import replay
from comando import turns
from comando.rulesets.revancha import situations as S
from comando.dice import FixedDice, SeededDice
from comando.errors import IllegalMove

MPY_HEAP = "512k"


def table(rs, colours, opts=None, seed=1):
    return replay.Table(rs, colours, opts, SeededDice(seed))


def same_after_fold(t):
    again = replay.fold(t.events)
    assert again.to_dict() == t.state.to_dict()
    twice = replay.fold(t.events)
    assert twice.to_dict() == again.to_dict()


def illegal(t, action, msg):
    """The action raises IllegalMove containing msg and changes nothing."""
    before = t.state.to_dict()
    with raises(IllegalMove, msg):
        Z.check(t.state, action)
    with raises(IllegalMove, msg):
        Z.make(t.state, action, SeededDice(99))
    assert t.state.to_dict() == before


def play_round(t):
    """Every player still to play in the round ends its turn; returns the round's order."""
    order = list(t.state.order)
    for p in order[t.state.ti:]:
        t.act({"t": "end", "p": p})
    return order


# --- T.E.G. classic ---------------------------------------------------------------------------

def test_teg_opening_placement_and_fixed_order():
    """teg-classic.txt 4: highest die first, rounds of 5 then 3, clockwise; 5: the first player
    again opens the hostilities; the order never changes."""
    t = table("teg", ["blue", "red", "black", "green"])
    assert t.state.stage == Z.OPEN
    t.act({"t": "first", "r": [[2, 6, 6, 1], [0, 3, 5, 0]]})
    assert t.state.first == 2
    assert t.state.stage == Z.PLACE and t.state.cur == 2
    assert Z.placement_armies(t.state) == 5
    for p in (2, 3, 0, 1):
        t.act({"t": "place", "p": p})
    assert Z.placement_armies(t.state) == 3
    for p in (2, 3, 0, 1):
        t.act({"t": "place", "p": p})
    assert t.state.stage == Z.ROUND
    for r in (1, 2, 3):
        t.act({"t": "round"})
        assert t.state.rnd == r
        assert play_round(t) == [2, 3, 0, 1]
    same_after_fold(t)


def test_teg_rolls_cards_elimination_and_win():
    t = table("teg", ["blue", "red", "black"], seed=5)
    t.act({"t": "first", "r": [[6, 1, 2]]})
    t.act({"t": "place", "p": 0})
    t.act({"t": "place", "p": 1})
    t.act({"t": "place", "p": 2})
    t.act({"t": "round"})
    e = t.act({"t": "roll", "p": 0, "d": 1, "a": 5, "b": 3})
    rec = e["r"]
    assert len(rec["ad"]) == 3 and len(rec["dd"]) == 3
    assert rec["al"] + rec["dl"] == 3
    assert t.state.rolls == 1 and t.state.last["p"] == 0 and t.state.last["q"] == 1
    t.act({"t": "card", "p": 0})
    illegal(t, {"t": "card", "p": 0}, "already drew a country card")
    t.act({"t": "out", "p": 1, "by": 0})
    assert t.state.alive == [1, 0, 1]
    assert t.state.order == [0, 2]
    illegal(t, {"t": "roll", "p": 0, "d": 1, "a": 5, "b": 3}, "red is out of the game")
    t.act({"t": "end", "p": 0})
    illegal(t, {"t": "win", "p": 0}, "on one's own turn")
    t.act({"t": "win", "p": 2})
    assert t.state.stage == Z.OVER and t.state.winner == 2
    illegal(t, {"t": "end", "p": 2}, "the game is over")
    same_after_fold(t)


def test_last_player_standing_wins():
    t = table("teg", ["blue", "red"])
    t.act({"t": "first", "r": [[1, 2]]})
    t.act({"t": "place", "p": 1})
    t.act({"t": "place", "p": 0})
    t.act({"t": "round"})
    t.act({"t": "out", "p": 0, "by": 1})
    assert t.state.stage == Z.OVER and t.state.winner == 1


def test_roll_with_dice_entered_by_hand():
    """A roll may carry dice rolled at the table (the record is checked, then stored)."""
    t = table("teg", ["blue", "red"])
    t.act({"t": "first", "r": [[5, 2]]})
    t.act({"t": "place", "p": 0})
    t.act({"t": "place", "p": 1})
    t.act({"t": "round"})
    rec = {"rs": "teg", "a": 4, "d": 1, "ad": [6, 3, 2], "dd": [6], "al": 1, "dl": 0}
    t.act({"t": "roll", "p": 0, "d": 1, "a": 4, "b": 1, "r": rec})
    assert t.state.last["al"] == 1
    bad = dict(rec)
    bad["al"] = 0
    bad["dl"] = 1
    illegal(t, {"t": "roll", "p": 0, "d": 1, "a": 4, "b": 1, "r": bad}, "losses")
    illegal(t, {"t": "roll", "p": 0, "d": 1, "a": 3, "b": 1, "r": rec}, "does not match")


# --- La Revancha -----------------------------------------------------------------------------

def revancha(colours=("white", "black", "red", "blue"), deck=None, seed=3):
    t = table("revancha", list(colours), seed=seed)
    if deck is not None:  # a stacked deck: replace the shuffled one with a log of our own
        e = dict(t.events[0])
        e["deck"] = deck
        t.state = replay.fold([e])
        t.events = [e]
    n = len(colours)
    t.act({"t": "first", "r": [[6] + [1] * (n - 1)]})
    for _ in turns.placement_rounds("revancha", n):
        for p in list(t.state.order):
            t.act({"t": "place", "p": p})
    return t


def stacked(top):
    rest = [c for c in range(50) if c not in top]
    return list(top) + rest


def test_revancha_rotation_and_a_card_each_round():
    """teg-la-revancha.txt "Second Round and Following": the first becomes the last; "Hostilities":
    the round's first player turns a situation card before each round."""
    t = revancha()
    orders = []
    for r in range(1, 6):
        t.act({"t": "round"})
        while t.state.stage == Z.CRISIS or t.state.stage == Z.EXTRA:
            if t.state.stage == Z.CRISIS:
                t.act({"t": "crisis"})
            else:
                t.act({"t": "extra", "p": t.state.cur, "c": 10})
        assert t.state.sit >= 0 and S.playable(t.state.sit, t.state.colours)
        orders.append(play_round(t))
    assert orders[0] == [0, 1, 2, 3]
    assert orders[1] == [1, 2, 3, 0]
    assert orders[2] == [2, 3, 0, 1]
    assert orders[4] == [0, 1, 2, 3]
    assert len(t.state.deck) <= 45
    same_after_fold(t)


def test_revancha_rest_card_of_absent_colour_redrawn():
    """REST: "If the color mentioned does not take part in the game, a new card is turned over."""
    rest_green, rest_red, snow = 49, 46, 20
    t = revancha(deck=stacked([rest_green, rest_red, snow]))
    e = t.act({"t": "round"})
    assert e["c"] == [rest_green, rest_red]  # green is absent, red plays: red rests
    assert t.state.sit == rest_red
    # red (seat 2) may not attack; others may attack red
    for p in (0, 1):
        t.act({"t": "end", "p": p})
    illegal(t, {"t": "roll", "p": 2, "d": 0, "a": 4, "b": 2}, "red rests this round")
    t.act({"t": "end", "p": 2})
    t.act({"t": "roll", "p": 3, "d": 2, "a": 4, "b": 2})
    t.act({"t": "end", "p": 3})
    e = t.act({"t": "round"})
    assert e["c"] == [snow]
    same_after_fold(t)


def test_revancha_snow_and_tailwind_dice():
    """SNOW: defenders one die more; TAILWIND: attackers one die more (max 4)."""
    t = revancha(deck=stacked([20, 24]))
    t.act({"t": "round"})
    e = t.act({"t": "roll", "p": 0, "d": 1, "a": 3, "b": 3})
    assert len(e["r"]["dd"]) == 4 and e["r"].get("snow") == 1
    play_round(t)
    t.act({"t": "round"})
    assert t.state.cur == 1
    e = t.act({"t": "roll", "p": 1, "d": 2, "a": 3, "b": 1})
    assert len(e["r"]["ad"]) == 3 and e["r"].get("tw") == 1


def test_revancha_open_and_closed_borders():
    """OPEN BORDERS: only toward another continent; CLOSED BORDERS: only inside a continent."""
    t = revancha(deck=stacked([36, 40]))
    t.act({"t": "round"})
    illegal(t, {"t": "roll", "p": 0, "d": 1, "a": 3, "b": 1, "in": 1}, "open borders")
    t.act({"t": "roll", "p": 0, "d": 1, "a": 3, "b": 1, "in": 0})
    play_round(t)
    t.act({"t": "round"})
    illegal(t, {"t": "roll", "p": 1, "d": 0, "a": 3, "b": 1, "in": 0}, "closed borders")
    t.act({"t": "roll", "p": 1, "d": 0, "a": 3, "b": 1, "in": 1})


def test_revancha_crisis_roll_bars_the_lowest_and_ties():
    """CRISIS: each player rolls; the lowest may not draw a country card; ties: none of the tied."""
    t = revancha(deck=stacked([28, 29]))
    t.act({"t": "round"})
    assert t.state.stage == Z.CRISIS
    illegal(t, {"t": "end", "p": 0}, "the crisis roll comes first")
    illegal(t, {"t": "crisis", "r": [1, 2, 3]}, "one die per player")
    illegal(t, {"t": "crisis", "r": [1, 2, 3, 7]}, "not 1 to 6")
    t.act({"t": "crisis", "r": [2, 5, 2, 6]})
    assert t.state.barred == [0, 2]
    illegal(t, {"t": "card", "p": 0}, "lowest in the crisis")
    t.act({"t": "end", "p": 0})
    t.act({"t": "card", "p": 1})
    play_round(t)
    t.act({"t": "round"})
    e = t.act({"t": "crisis"})
    assert len(e["r"]) == 4 and all(1 <= d <= 6 for d in e["r"])
    same_after_fold(t)


def test_revancha_extra_reinforcements_in_round_order():
    """EXTRA REINFORCEMENTS: half the countries, one player at a time in round order, before
    attacks; then the round's first player resumes."""
    t = revancha(deck=stacked([32]))
    t.act({"t": "round"})
    assert t.state.stage == Z.EXTRA and t.state.cur == 0
    illegal(t, {"t": "extra", "p": 1, "c": 10}, "it is white's turn")
    illegal(t, {"t": "roll", "p": 0, "d": 1, "a": 3, "b": 1}, "places extra reinforcements first")
    illegal(t, {"t": "extra", "p": 0, "c": 0}, "from 1 to 999")
    for p, c in ((0, 19), (1, 18), (2, 20), (3, 15)):
        t.act({"t": "extra", "p": p, "c": c})
    assert t.state.extra == [9, 9, 10, 7]
    assert t.state.stage == Z.TURN and t.state.cur == 0


def test_revancha_deck_reshuffles_when_spent():
    t = revancha(colours=("white", "black"))
    for _ in range(55):
        t.act({"t": "round"})
        while t.state.stage in (Z.CRISIS, Z.EXTRA):
            if t.state.stage == Z.CRISIS:
                t.act({"t": "crisis"})
            else:
                t.act({"t": "extra", "p": t.state.cur, "c": 36})
        play_round(t)
    assert any("o" in e for e in t.events)
    same_after_fold(t)


def test_revancha_stored_round_must_match_the_deck():
    t = revancha(deck=stacked([20, 24]))
    illegal(t, {"t": "round", "c": [24]}, "not the top of the deck")
    ev = {"t": "round", "seq": t.state.seq + 1}
    with raises(IllegalMove, "random field"):
        Z.check(t.state, ev)


# --- WAR, Risk --------------------------------------------------------------------------------

def test_war_distributor_and_first_round():
    """war.txt: highest die distributes; the game begins with the player after the last card;
    the first round only places armies; the order never changes."""
    t = table("war", ["white", "red", "black", "blue"])
    t.act({"t": "first", "r": [[6, 2, 3, 1]]})
    assert t.state.opts["distributor"] == 0
    assert t.state.first == 3  # 42 cards: seats 1, 2 get the last two -> seat 3 opens
    assert t.state.stage == Z.PLACE and t.state.cur == 3
    for p in (3, 0, 1, 2):
        t.act({"t": "place", "p": p})
    assert t.state.stage == Z.ROUND
    t.act({"t": "round"})
    assert t.state.rnd == 2
    illegal(t, {"t": "roll", "p": 3, "d": 0, "a": 5, "b": 2, "na": 4}, "1 to 3")
    e = t.act({"t": "roll", "p": 3, "d": 0, "a": 5, "b": 2, "na": 2})
    assert len(e["r"]["ad"]) == 2 and len(e["r"]["dd"]) == 2
    assert play_round(t) == [3, 0, 1, 2]
    same_after_fold(t)


def test_risk_deployment_three_at_a_time():
    """risk-online-12-maps.txt: 40 each with two players; by hand three at a time in rotation."""
    t = table("risk", ["red", "blue"], {"deploy": "hand"})
    t.act({"t": "first", "r": [[1, 4]]})
    assert t.state.reserve == [40, 40] and t.state.cur == 1
    places = 0
    while t.state.stage == Z.PLACE:
        assert Z.placement_armies(t.state) in (3, 1)
        t.act({"t": "place", "p": t.state.cur})
        places += 1
    assert places == 28  # 13 threes and a one, each
    assert t.state.stage == Z.ROUND
    same_after_fold(t)


def test_risk_auto_deploy_defender_choice_and_walkout():
    t = table("risk", ["red", "blue", "green"], {"deploy": "auto", "defdice": "choose"})
    t.act({"t": "first", "r": [[4, 2, 1]]})
    assert t.state.stage == Z.ROUND
    t.act({"t": "round"})
    e = t.act({"t": "roll", "p": 0, "d": 1, "a": 5, "b": 4, "nd": 1})
    assert len(e["r"]["ad"]) == 3 and len(e["r"]["dd"]) == 1
    illegal(t, {"t": "roll", "p": 0, "d": 1, "a": 5, "b": 4, "nd": 3}, "1 to 2")
    t.act({"t": "walk", "p": 1})
    assert t.state.alive == [1, 0, 1] and t.state.order == [0, 2]
    illegal(t, {"t": "win", "p": 0}, "last player holding territory")
    t.act({"t": "out", "p": 2, "by": 0})
    assert t.state.winner == 0
    same_after_fold(t)


def test_walkout_is_risk_only_and_auto_defence_refuses_choice():
    t = table("teg", ["blue", "red"])
    t.act({"t": "first", "r": [[3, 1]]})
    t.act({"t": "place", "p": 0})
    t.act({"t": "place", "p": 1})
    t.act({"t": "round"})
    illegal(t, {"t": "walk", "p": 1}, "Risk online rule")
    illegal(t, {"t": "roll", "p": 0, "d": 1, "a": 4, "b": 3, "nd": 1}, "automatic")
    illegal(t, {"t": "out", "p": 1, "by": 1}, "cannot eliminate itself")
    illegal(t, {"t": "out", "p": 0, "by": 1}, "whose turn it is")


# --- T.E.G. II ----------------------------------------------------------------------------------

def teg2(powers=("usa", "ussr", "china"), opts=None):
    t = table("teg2", list(powers), opts)
    while t.state.stage == Z.PLACE:
        t.act({"t": "place", "p": t.state.cur})
    return t


def test_teg2_objective_rounds_rotate_and_game_length():
    """teg-ii.txt "Choosing Objectives": USA places first, the USSR opens the second round...;
    "Length of a Game": 3 players play 6 rounds."""
    t = table("teg2", ["usa", "ussr", "china"])
    firsts = []
    while t.state.stage == Z.PLACE:
        firsts.append(t.state.cur)
        for _ in range(3):
            t.act({"t": "place", "p": t.state.cur})
    assert firsts == [0, 1, 2, 0, 1]
    rounds = 0
    while t.state.stage != Z.COUNT:
        t.act({"t": "round"})
        rounds += 1
        assert t.state.grants == [7, 7, 7]
        for p in list(t.state.order):
            t.act({"t": "place", "p": p})
        opener = t.state.order[0]
        assert opener == (rounds - 1) % 3
        play_round(t)
    assert rounds == 6
    illegal(t, {"t": "round"}, "the final count asks usa")
    count_all(t, [[1, 0, 0, 0, 0], [0, 0, 0, 0, 1], [0, 0, 0, 0, 0]])
    assert t.state.stage == Z.OVER
    illegal(t, {"t": "round"}, "the game is over")
    same_after_fold(t)


def count_all(t, answers):
    """Answer the final count token by token (teg-ii.txt "End of the Game")."""
    while t.state.stage == Z.COUNT:
        p = t.state.cur
        i = [j for j in range(5) if t.state.tally["ans"][p * 5 + j] < 0][0]
        t.act({"t": "score", "p": p, "i": i, "ok": answers[p][i]})


def lock_and_reveal(t, a_cmd, a_k, d_cmd, d_k):
    from comando.rulesets.teg2 import commit as teg2_commit
    b = t.state.battle
    na, nd = "11" * 16, "22" * 16
    t.act({"t": "lock", "p": b["a"], "h": teg2_commit.commit(a_cmd, na)})
    t.act({"t": "lock", "p": b["d"], "h": teg2_commit.commit(d_cmd, nd)})
    t.act({"t": "reveal", "p": b["a"], "cmd": a_cmd, "n": na, "k": a_k})
    return t.act({"t": "reveal", "p": b["d"], "cmd": d_cmd, "n": nd, "k": d_k})


def test_teg2_combat_commit_reveal_and_war_potential():
    """teg-ii.txt "How Combat Works": the Soviet 16 armies 2/+/1 against the Japanese 5/5/0 wins two
    battles: the Soviet goes up one level, the Japanese down one."""
    t = teg2(("usa", "ussr", "china", "japan"))
    t.act({"t": "round"})
    for p in (0, 1, 2, 3):
        t.act({"t": "place", "p": p})
    t.act({"t": "end", "p": 0})
    t.act({"t": "declare", "p": 1, "d": 3, "rg": "Indochina"})
    assert t.state.stage == Z.BATTLE
    illegal(t, {"t": "end", "p": 1}, "a combat between ussr and japan")
    lock_and_reveal(t, "2/+/1", 16, "5/5/0", 10)
    assert t.state.stage == Z.TURN
    assert t.state.track["wp"] == [7, 8, 7, 6]
    assert t.state.lastbattle["winner"] == "att"
    same_after_fold(t)


def test_teg2_illegal_battle_actions():
    from comando.rulesets.teg2 import commit as teg2_commit
    t = teg2()
    t.act({"t": "round"})
    for p in (0, 1, 2):
        t.act({"t": "place", "p": p})
    illegal(t, {"t": "roll", "p": 0, "d": 1, "a": 3, "b": 2}, "no dice")
    illegal(t, {"t": "declare", "p": 0, "d": 0, "rg": "Chile"}, "cannot fight itself")
    illegal(t, {"t": "declare", "p": 1, "d": 0, "rg": "Chile"}, "it is usa's turn")
    illegal(t, {"t": "declare", "p": 0, "d": 1, "rg": ""}, "name the region")
    illegal(t, {"t": "card", "p": 0}, "no country cards")
    illegal(t, {"t": "out", "p": 1, "by": 0}, "no power leaves")
    t.act({"t": "declare", "p": 0, "d": 1, "rg": "Chile"})
    illegal(t, {"t": "lock", "p": 2, "h": "0" * 64}, "takes no part")
    illegal(t, {"t": "lock", "p": 0, "h": "xyz"}, "64 lowercase hex")
    illegal(t, {"t": "reveal", "p": 0, "cmd": "1/1/1", "n": "11" * 16, "k": 3}, "both players lock")
    illegal(t, {"t": "retreat", "p": 0}, "only the attacked player")
    t.act({"t": "lock", "p": 0, "h": teg2_commit.commit("3/0/5", "aa" * 16)})
    illegal(t, {"t": "lock", "p": 0, "h": "0" * 64}, "already locked")
    illegal(t, {"t": "retreat", "p": 1}, "too late to retreat")
    t.act({"t": "lock", "p": 1, "h": teg2_commit.commit("SU/1/1", "bb" * 16)})
    illegal(t, {"t": "reveal", "p": 0, "cmd": "3/0/4", "n": "aa" * 16, "k": 8}, "does not match")
    illegal(t, {"t": "reveal", "p": 1, "cmd": "SU/1/1", "n": "bb" * 16, "k": 2}, "no special unit")
    t.act({"t": "reveal", "p": 0, "cmd": "3/0/5", "n": "aa" * 16, "k": 8})
    illegal(t, {"t": "reveal", "p": 0, "cmd": "3/0/5", "n": "aa" * 16, "k": 8}, "already revealed")


def test_teg2_retreat_moves_the_track():
    """teg-ii.txt "A Special Case: Retreat": attacker up one, the retreating player down one."""
    t = teg2()
    t.act({"t": "round"})
    for p in (0, 1, 2):
        t.act({"t": "place", "p": p})
    t.act({"t": "declare", "p": 0, "d": 2, "rg": "Peru"})
    t.act({"t": "retreat", "p": 2})
    assert t.state.track["wp"] == [8, 7, 6]
    assert t.state.stage == Z.TURN


def test_teg2_su_and_rocket_grants():
    """"Special Unit": at level 5 at a round's start, one SU; "Nuclear Rocket": at 10 or 4 the rocket
    is offered (optional), one per power per game."""
    t = teg2(("usa", "ussr", "china"))
    # drive china down to 5 by two retreats, usa up
    t.act({"t": "round"})
    for p in (0, 1, 2):
        t.act({"t": "place", "p": p})
    for _ in range(2):
        t.act({"t": "declare", "p": 0, "d": 2, "rg": "Peru"})
        t.act({"t": "retreat", "p": 2})
    assert t.state.track["wp"] == [9, 7, 5]
    play_round(t)
    t.act({"t": "round"})
    assert t.state.track["su"] == [0, 0, 1]
    illegal(t, {"t": "rocket", "p": 0}, "not offered a rocket")
    for p in list(t.state.order):
        t.act({"t": "place", "p": p})
    # ussr opens round 2; china has its SU and uses it
    t.act({"t": "declare", "p": 1, "d": 2, "rg": "Peru"})
    t.act({"t": "retreat", "p": 2})  # china 4
    t.act({"t": "end", "p": 1})
    t.act({"t": "declare", "p": 2, "d": 1, "rg": "Peru"})
    # SU wins the first battle, 1-1 ties the second, 3 beats 1 in the third: nobody wins the combat
    lock_and_reveal(t, "SU/1/1", 2, "3/1/3", 7)
    assert t.state.track["su"][2] == 0
    assert t.state.lastbattle["winner"] == ""
    assert t.state.track["wp"] == [9, 8, 4]
    play_round(t)
    t.act({"t": "round"})
    assert t.state.track["offer"] == [0, 0, 1]
    t.act({"t": "rocket", "p": 2})
    illegal(t, {"t": "rocket", "p": 2}, "already had its rocket")
    for p in list(t.state.order):
        t.act({"t": "place", "p": p})
    assert t.state.cur == 2  # round 3 is opened by China
    illegal(t, {"t": "launch", "p": 0, "rg": "Peru"}, "it is china's turn, not usa's")
    illegal(t, {"t": "launch", "p": 2}, "missing the region")
    t.act({"t": "launch", "p": 2, "rg": "Peru"})
    illegal(t, {"t": "launch", "p": 2, "rg": "Peru"}, "It must be launched in the same round")
    same_after_fold(t)


# --- undo, fold, bad input ----------------------------------------------------------------------

def test_undo_restores_an_earlier_state():
    t = table("teg", ["blue", "red"])
    t.act({"t": "first", "r": [[3, 1]]})
    t.act({"t": "place", "p": 0})
    at = t.state.seq
    before = t.state.to_dict()
    t.act({"t": "place", "p": 1})
    t.act({"t": "round"})
    t.act({"t": "undo", "to": at})
    d = t.state.to_dict()
    assert d["stage"] == before["stage"] and d["ti"] == before["ti"] and d["pround"] == before["pround"]
    assert t.state.cur == 1
    illegal(t, {"t": "undo", "to": at}, "earlier event")
    illegal(t, {"t": "undo", "to": 99}, "earlier event")
    same_after_fold(t)
    for _ in range(12):
        t.act({"t": "place", "p": t.state.cur}) if t.state.stage == Z.PLACE else None
        if t.state.stage == Z.ROUND:
            t.act({"t": "round"})
        if t.state.stage == Z.TURN:
            t.act({"t": "end", "p": t.state.cur})
    illegal(t, {"t": "undo", "to": 2}, "only the last 8 events")


def test_bad_new_sessions():
    s = Z.Session()
    for action, msg in (
        ({"t": "new", "rs": "chess", "p": ["a", "b"]}, "unknown ruleset"),
        ({"t": "new", "rs": "teg", "p": ["a"]}, "not 1"),
        ({"t": "new", "rs": "teg", "p": ["a", "a"]}, "taken twice"),
        ({"t": "new", "rs": "revancha", "p": ["white", "pink"]}, "not a La Revancha colour"),
        ({"t": "new", "rs": "teg2", "p": ["usa", "mars"]}, "not a T.E.G. II power"),
        ({"t": "new", "rs": "teg2", "p": ["ussr", "usa", "china"]}, "play in the order"),
        ({"t": "new", "rs": "teg2", "p": ["usa", "ussr"], "o": {"players": 2}}, "four powers"),
        ({"t": "new", "rs": "risk", "p": ["a", "b"], "o": {"deploy": "fast"}}, "deployment"),
        ({"t": "new", "rs": "risk", "p": ["a", "b"], "o": {"defdice": 3}}, "defender's dice"),
        ({"t": "roll"}, "first event must be 'new'"),
        ("end", "a dict"),
    ):
        with raises(IllegalMove, msg):
            Z.check(s, action)
        assert s.stage is None
    t = table("teg", ["blue", "red"])
    illegal(t, Z.new_session("teg", ["a", "b"]), "already under way")
    illegal(t, {"t": "dance"}, "unknown action")
    illegal(t, {"t": "place", "p": 0}, "roll for who starts")
    illegal(t, {"t": "first", "r": [[6, 6]]}, "tie")
    illegal(t, {"t": "first", "r": [[6, 2, 1]]}, "one die per player")


def test_illegal_turn_actions_name_the_problem():
    t = table("teg", ["blue", "red", "black"])
    t.act({"t": "first", "r": [[1, 6, 2]]})
    illegal(t, {"t": "place", "p": 0}, "it is red's turn, not blue's")
    illegal(t, {"t": "place", "p": 5}, "from 0 to 2")
    illegal(t, {"t": "place"}, "missing player")
    illegal(t, {"t": "round"}, "red is placing (placement round 1)")
    while t.state.stage == Z.PLACE:
        t.act({"t": "place", "p": t.state.cur})
    illegal(t, {"t": "end", "p": 1}, "the next round has not started")
    t.act({"t": "round"})
    illegal(t, {"t": "roll", "p": 1, "d": 1, "a": 3, "b": 2}, "its own armies")
    illegal(t, {"t": "roll", "p": 1, "d": 2, "a": 1, "b": 2}, "at least 2 armies")
    illegal(t, {"t": "roll", "p": 1, "d": 2, "a": 3}, "missing the defending armies")
    illegal(t, {"t": "roll", "p": 0, "d": 2, "a": 3, "b": 1}, "it is red's turn")
    illegal(t, {"t": "crisis"}, "not possible now")
    illegal(t, {"t": "extra", "p": 1, "c": 3}, "not possible now")
    illegal(t, {"t": "declare", "p": 1, "d": 0, "rg": "x"}, "T.E.G. II's")
    illegal(t, {"t": "rocket", "p": 1}, "T.E.G. II's")


def test_fold_rejects_out_of_order_and_bad_events():
    t = table("teg", ["blue", "red"])
    t.act({"t": "first", "r": [[3, 1]]})
    evs = list(t.events)
    with raises(IllegalMove, "expected seq 2"):
        replay.fold([evs[0], dict(evs[1], seq=5)])
    bad = dict(evs[1])
    bad["r"] = [[3, 3]]
    with raises(IllegalMove, "event 2 (first)"):
        replay.fold([evs[0], bad])
    nodice = {"t": "first", "seq": 2}
    with raises(IllegalMove, "random field"):
        replay.fold([evs[0], nodice])


def test_fixed_dice_source_for_first_and_crisis():
    t = replay.Table("teg", ["blue", "red"], None, FixedDice([4, 4, 2, 5]))
    e = t.act({"t": "first"})
    assert e["r"] == [[4, 4], [2, 5]] and t.state.first == 1
