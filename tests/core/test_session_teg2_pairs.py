"""The device's T.E.G. II session with 8, 10 or 12 players on both boards, and on the whole world
map (rules/teg-ii.txt, "Game with 8 People", "Game with 10 and 12 People", "Playing on the Whole
World Map"): one device tracks both boards; the war potential is shared by the two seats of a
power; a round plays board 1 then board 2; the pairs add their points."""

MPY_HEAP = "1m"  # whole sessions of up to 12 seats with their logs (the Table keeps every event)

from mpytest import raises

from comando import session as Z
from comando.session import replay
from comando.dice import SeededDice
from comando.errors import IllegalMove
from comando.turns import TEG2_POWERS
from comando.rulesets.teg2 import commit as teg2_commit, pairs, tally

P4 = ["usa", "ussr", "china", "japan"]
EIGHT = P4 + ["usa2", "ussr2", "china2", "japan2"]


def table(powers, opts=None):
    return replay.Table("teg2", list(powers), opts, rng=SeededDice(3))


def refused(t, action, words):
    before = t.state.to_dict()
    with raises(IllegalMove, words):
        t.act(action)
    assert t.state.to_dict() == before


def place_tokens(t):
    """Each seat places its tokens 0..4 in rows 1..5 (the first free row)."""
    while t.state.stage == Z.PLACE:
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        t.act({"t": "place", "p": p, "k": k, "row": k + 1})


def finish_round(t):
    """Every seat still to act this round adds and ends (both boards)."""
    while t.state.stage in (Z.ADD, Z.TURN):
        p = t.state.cur
        t.act({"t": "place" if t.state.stage == Z.ADD else "end", "p": p})


def fight(t, a, d, a_cmd, a_k, d_cmd, d_k):
    na, nd = "11" * 16, "22" * 16
    t.act({"t": "declare", "p": a, "d": d, "rg": "r1"})
    t.act({"t": "lock", "p": a, "h": teg2_commit.commit(a_cmd, na)})
    t.act({"t": "lock", "p": d, "h": teg2_commit.commit(d_cmd, nd)})
    t.act({"t": "reveal", "p": a, "cmd": a_cmd, "n": na, "k": a_k})
    t.act({"t": "reveal", "p": d, "cmd": d_cmd, "n": nd, "k": d_k})


def test_seats_of_eight_ten_twelve():
    """Game with 8 People: "The 8 people form 4 pairs ... On each board one representative of each
    power plays"; 10: 5 pairs, 12: 6 pairs."""
    assert pairs.seats(TEG2_POWERS, 8) == EIGHT
    for n in (8, 10, 12):
        t = table(pairs.seats(TEG2_POWERS, n), {"players": n})
        assert t.state.n == n and len(t.state.track["wp"]) == n
        k = n // 2
        # each board its own Objectives Table: the Americas' 9 and the Old World's 10, cut by k
        assert t.state.tally["rows"] == 9 - tally.dropped(k)
        assert t.state.tally["rows2"] == 10 - tally.dropped(k)
    with raises(IllegalMove, "pairs"):
        table(P4 + ["usa2", "ussr2", "japan2", "china2"], {"players": 8})
    with raises(IllegalMove, "8, 10 or 12"):
        table(pairs.seats(TEG2_POWERS, 8)[:7] + ["weurope"], {"players": 7})
    with raises(IllegalMove, "no map or rows option"):
        table(EIGHT, {"players": 8, "map": "world"})
    with raises(IllegalMove, "give the option players 8"):
        table(EIGHT)


def test_tokens_on_each_boards_table_and_rotation():
    """Choosing Objectives on each board: the rows of its own table; the first round's tokens are
    placed USA first on both boards, the second round's USSR first."""
    t = table(EIGHT, {"players": 8})
    assert t.state.order == list(range(8))
    for p in range(4):
        t.act({"t": "place", "p": p, "k": 0, "row": 6})
    refused(t, {"t": "place", "p": 4, "k": 0, "row": 8}, "1 to 7")
    t.act({"t": "place", "p": 4, "k": 0, "row": 7})  # the Old World's table has 7 rows for 4
    for p in range(5, 8):
        t.act({"t": "place", "p": p, "k": 0, "row": 1})
    assert t.state.order == [1, 2, 3, 0, 5, 6, 7, 4]


def test_rounds_play_board_one_then_board_two_with_a_shared_war_potential():
    """Game with 8 People: "if a power raises or lowers its war potential level on one board ...
    at every moment the potential levels must be equal on both boards"; "each player adds the
    number of armies indicated by their war potential level at the moment they have to add"."""
    t = table(EIGHT, {"players": 8})
    place_tokens(t)
    t.act({"t": "round"})
    s = t.state
    assert s.stage == Z.ADD and s.order == [0, 1, 2, 3] and s.grants[:4] == [7, 7, 7, 7]
    for p in range(4):
        t.act({"t": "place", "p": p})
    assert s.stage == Z.TURN and s.cur == 0
    refused(t, {"t": "declare", "p": 0, "d": 5, "rg": "r1"}, "other board")
    # "How Combat Works": the USSR's 2/+/1 with 16 armies beats Japan's 5/5/0 with 10 twice
    t.act({"t": "end", "p": 0})
    fight(t, 1, 3, "2/+/1", 16, "5/5/0", 10)
    s = t.state
    assert s.track["wp"][1] == 8 and s.track["wp"][3] == 6
    assert s.track["wp"][5] == 8 and s.track["wp"][7] == 6  # the partners on board 2 too
    for p in (1, 2, 3):
        t.act({"t": "end", "p": p})
    # board 2 adds now, by the levels at this moment
    s = t.state
    assert s.stage == Z.ADD and s.order == [4, 5, 6, 7] and s.rnd == 1
    assert [s.grants[p] for p in (4, 5, 6, 7)] == [7, 8, 7, 6]
    for p in range(4, 8):
        t.act({"t": "place", "p": p})
    refused(t, {"t": "end", "p": 5}, "")
    for p in range(4, 8):
        t.act({"t": "end", "p": p})
    assert t.state.stage == Z.ROUND
    t.act({"t": "round"})
    s = t.state  # round 2: the USSR opens on both boards
    assert s.order == [1, 2, 3, 0] and [s.grants[p] for p in range(4)] == [7, 8, 7, 6]
    assert s.track["round"] == 2


def test_pairs_add_their_points_and_the_pair_wins():
    """Game with 8 People: "the points of each pair are added together. The pair with the highest
    total wins"."""
    t = table(EIGHT, {"players": 8})
    place_tokens(t)
    while t.state.stage not in (Z.COUNT, Z.OVER):
        t.act({"t": "round"})
        finish_round(t)
    assert t.state.stage == Z.COUNT and t.state.rnd == 4
    # yes: USA's CONTROL 5 (token 4) on board 1, China's on board 2, Japan's INTERVENTION 4 twice
    yes = {0: [4], 6: [4], 3: [2], 7: [2]}
    while t.state.stage == Z.COUNT:
        p, i = tally.question(t.state.tally)
        t.act({"t": "score", "p": p, "i": i, "ok": 1 if i in yes.get(p, []) else 0})
    s = t.state
    assert s.tally["pts"] == [5, 0, 0, 4, 0, 0, 5, 4]
    assert s.tally["tot"] == [5, 0, 5, 8] and s.tally["win"] == [3] and s.winner == 3


def test_mushroom_on_board_two_spares_board_one():
    """Nuclear Rocket: the mushroom's region scores for nobody - on the board where it fell."""
    t = table(EIGHT, {"players": 8})
    place_tokens(t)
    t.state.track["wp"][5] = 10  # a position: the USSR at level 10 (both boards)
    t.state.track["wp"][1] = 10
    t.act({"t": "round"})
    finish_round_board(t, 0)
    t.act({"t": "rocket", "p": 5})
    for p in range(4, 8):
        t.act({"t": "place", "p": p})
    t.act({"t": "end", "p": 4})
    refused(t, {"t": "launch", "p": 5, "rg": "r2", "row": 8}, "1-7")
    t.act({"t": "launch", "p": 5, "rg": "r2", "row": 2})
    assert t.state.tally["boom"] == [102]
    asked = set()
    finish_round(t)
    while t.state.stage not in (Z.COUNT, Z.OVER):
        t.act({"t": "round"})
        finish_round(t)
    while t.state.stage == Z.COUNT:
        p, i = tally.question(t.state.tally)
        asked.add((p, tally.token(t.state.tally, p, i)[0]))
        t.act({"t": "score", "p": p, "i": i, "ok": 1})
    assert (1, 2) in asked and (5, 2) not in asked and (4, 2) not in asked
    assert len(asked) == 40 - 4


def finish_round_board(t, board):
    while t.state.stage in (Z.ADD, Z.TURN) and (t.state.order[0] >= 4) == (board == 1):
        t.act({"t": "place" if t.state.stage == Z.ADD else "end", "p": t.state.cur})


def test_whole_world_rows():
    """Playing on the Whole World Map: "If there are 6 players, they may choose their objectives
    from 10 regions, which are the first 5 of each of the Objectives tables ... If there are 4 or 5
    players, the regions in conflict are 8"."""
    assert table(TEG2_POWERS, {"map": "world"}).state.tally["rows"] == 10
    assert table(P4 + ["weurope"], {"map": "world"}).state.tally["rows"] == 8
    assert table(P4, {"map": "world"}).state.tally["rows"] == 8
    assert table(P4, {"map": "world", "players": 2}).state.tally["rows"] == 8
    with raises(IllegalMove, "map"):
        table(P4, {"map": "mars"})
    t = table(P4, {"map": "world"})
    t.act({"t": "place", "p": 0, "k": 4, "row": 8})  # the Old World's fourth
    refused(t, {"t": "place", "p": 1, "k": 4, "row": 9}, "1 to 8")


def test_twelve_players_play_six_rounds_to_the_count():
    """Game with 10 and 12 People: "with 12 there are 6 pairs and all 6 powers take part"; each
    board plays as 6 players: 6 rounds ("If 6 play, there are 6 rounds"), every table row in play."""
    seats = pairs.seats(TEG2_POWERS, 12)
    t = table(seats, {"players": 12})
    assert t.state.tally["rows"] == 9 and t.state.tally["rows2"] == 10
    place_tokens(t)
    while t.state.stage not in (Z.COUNT, Z.OVER):
        t.act({"t": "round"})
        finish_round(t)
    assert t.state.rnd == 6 and t.state.stage == Z.COUNT
    while t.state.stage == Z.COUNT:  # every seat's CONTROL 5; Eastern Europe's INTERVENTION 1 too
        p, i = tally.question(t.state.tally)
        t.act({"t": "score", "p": p, "i": i, "ok": 1 if i == 4 or (p % 6 == 5 and i == 0) else 0})
    s = t.state
    assert s.tally["tot"] == [10, 10, 10, 10, 10, 12] and s.winner == 5 and s.tally["win"] == [5]


def test_hidden_objectives_on_both_boards():
    """Playing with Secret Objectives with 8 players: each seat's tokens face down on its own
    board's table, revealed at the count against their commitments; a forged reveal is
    tampering."""
    t = table(EIGHT, {"players": 8, "secret": 1})
    nonces = {}
    while t.state.stage == Z.PLACE:
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        row = 7 if (p >= 4 and k == 4) else k + 1  # board 2's seats use the Old World's 7th row
        n = "%02d" % (p * 5 + k) * 16
        nonces[(p, k)] = (n, row)
        if p < 4 and k == 4:
            refused(t, {"t": "place", "p": p, "row": 7, "h": tally.commit(k, 7, n)}, "1 to 6")
        t.act({"t": "place", "p": p, "row": row, "h": tally.commit(k, row, n)})
    while t.state.stage not in (Z.COUNT, Z.OVER):
        t.act({"t": "round"})
        finish_round(t)
    p, i = tally.question(t.state.tally)
    refused(t, {"t": "score", "p": p, "i": i, "ok": 1, "k": (i + 1) % 5, "n": nonces[(p, i)][0]},
            "tampering")
    while t.state.stage == Z.COUNT:
        p, i = tally.question(t.state.tally)
        t.act({"t": "score", "p": p, "i": i, "ok": 1 if (p, i) in ((5, 4), (1, 0)) else 0,
               "k": i, "n": nonces[(p, i)][0]})
    assert t.state.tally["tot"] == [0, 6, 0, 0] and t.state.winner == 1
