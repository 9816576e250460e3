"""The device's T.E.G. II session from the objective tokens to the final count and the winner
(rules/teg-ii.txt, "Choosing Objectives", "End of the Game", "For 2 Players", "Playing with Secret
Objectives", "Nuclear Rocket"): the map is not tracked, so the table answers token by token."""

MPY_HEAP = "384k"  # whole sessions with their logs (the Table keeps every event)

from mpytest import raises

from comando import session as Z
from comando.session import replay
from comando.dice import SeededDice
from comando.errors import IllegalMove
from comando.rulesets.teg2 import tally


def table(powers, opts=None):
    return replay.Table("teg2", list(powers), opts, rng=SeededDice(3))


def refused(t, action, words):
    before = t.state.to_dict()
    with raises(IllegalMove, words):
        t.act(action)
    assert t.state.to_dict() == before


def place_tokens(t, rows_of):
    """Each seat places token k in row rows_of[seat][k] (k in order)."""
    while t.state.stage == Z.PLACE:
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        t.act({"t": "place", "p": p, "k": k, "row": rows_of[p][k]})


def play_rounds(t):
    while t.state.stage not in (Z.COUNT, Z.OVER):
        t.act({"t": "round"})
        for p in list(t.state.order):
            t.act({"t": "place", "p": p})
        for p in list(t.state.order):
            t.act({"t": "end", "p": p})


def answer(t, yes):
    """yes[seat] lists the tokens (by k) the table says were achieved."""
    while t.state.stage == Z.COUNT:
        p = t.state.cur
        i = [j for j in range(5) if t.state.tally["ans"][p * 5 + j] < 0][0]
        k = tally.token(t.state.tally, p, i)[1]
        t.act({"t": "score", "p": p, "i": i, "ok": 1 if k in yes[p] else 0})


ROWS4 = [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 3, 5, 6, 2], [6, 5, 4, 3, 2]]


def test_tokens_by_row_one_per_region():
    """Choosing Objectives: "The same player may not have more than one objective per region";
    3 or 4 players: the last 3 rows of the 9 are out."""
    t = table(["usa", "ussr", "china", "japan"])
    assert t.state.tally["rows"] == 6
    t.act({"t": "place", "p": 0, "k": 4, "row": 3})
    t.act({"t": "place", "p": 1, "k": 0, "row": 3})  # another power in the same region: fine
    t.act({"t": "place", "p": 2, "k": 0, "row": 1})
    t.act({"t": "place", "p": 3, "k": 0, "row": 1})
    refused(t, {"t": "place", "p": 1, "k": 1, "row": 3}, "The same player may not have more than one")
    refused(t, {"t": "place", "p": 1, "k": 0, "row": 4}, "already on the table")
    refused(t, {"t": "place", "p": 1, "k": 1, "row": 7}, "1 to 6")
    t5 = table(["usa", "ussr", "china", "japan", "weurope"], {"rows": 10})
    assert t5.state.tally["rows"] == 8  # the Old World's 10, INDOCHINA and PACIFIC out


def test_final_count_points_and_the_winner():
    """End of the Game: "the points of the objectives achieved by each player are counted. The
    player with the highest total score wins"."""
    t = table(["usa", "ussr", "china", "japan"])
    place_tokens(t, ROWS4)
    play_rounds(t)
    assert t.state.stage == Z.COUNT and t.state.rnd == 4 and t.state.cur == 0
    refused(t, {"t": "score", "p": 1, "i": 0, "ok": 1}, "asks seat 0")
    answer(t, [[4, 2], [0, 1, 3], [4], [2, 3]])   # CONTROL 5 + INTERVENTION 4 = 9, 1+3+2 = 6, ...
    s = t.state
    assert s.stage == Z.OVER and s.tally["pts"] == [9, 6, 5, 6] and s.winner == 0
    assert s.tally["win"] == [0]
    refused(t, {"t": "win", "p": 1}, "the game is over: usa won")
    assert replay.fold(t.events).to_dict() == s.to_dict()


def test_two_players_add_their_two_powers():
    """For 2 Players: "each player adds up the points of the objectives achieved by the two
    powers they represent"."""
    t = table(["usa", "ussr", "china", "japan"], {"players": 2})
    place_tokens(t, ROWS4)
    play_rounds(t)
    answer(t, [[4], [4], [4, 2], [0]])
    s = t.state
    assert s.tally["tot"] == [5 + 9, 5 + 1] and s.winner == 0


def test_ties_are_shared_or_broken_by_war_potential():
    t = table(["usa", "ussr", "china"])
    place_tokens(t, ROWS4)
    play_rounds(t)
    answer(t, [[4], [4], []])
    assert t.state.tally["win"] == [0, 1]
    w = table(["usa", "ussr", "china"], {"tie": "wp"})
    place_tokens(w, ROWS4)
    play_rounds(w)
    w.state.track["wp"][1] = 9  # a position: the USSR ended higher on the track
    answer(w, [[4], [4], []])
    assert w.state.tally["win"] == [1] and w.state.winner == 1


def test_the_mushroom_row_scores_nothing_and_is_not_asked():
    """Nuclear Rocket: "A region with the atomic mushroom gives no points to anyone"."""
    t = table(["usa", "ussr", "china"])
    place_tokens(t, ROWS4)
    t.state.tally["boom"] = [3]  # a position: a rocket exploded on row 3 (launch ... row 3)
    play_rounds(t)
    asked = 0
    while t.state.stage == Z.COUNT:
        p = t.state.cur
        i = [j for j in range(5) if t.state.tally["ans"][p * 5 + j] < 0
             and tally.token(t.state.tally, p, j)[0] != 3][0]
        t.act({"t": "score", "p": p, "i": i, "ok": 1})
        asked += 1
    assert asked == 15 - 3
    assert t.state.tally["pts"] == [15 - 4, 15 - 3, 15 - 3]


def test_secret_objectives_revealed_at_the_count_and_tampering_refused():
    """Playing with Secret Objectives: the tokens stay face down until the count; a reveal that
    does not match its commitment is tampering."""
    t = table(["usa", "ussr", "china"], {"secret": 1})
    nonces = {}
    refused(t, {"t": "place", "p": 0, "k": 4, "row": 1}, "face down")
    while t.state.stage == Z.PLACE:
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        n = "%02d" % (p * 5 + k) * 16
        nonces[(p, k)] = n
        t.act({"t": "place", "p": p, "row": ROWS4[p][k], "h": tally.commit(k, ROWS4[p][k], n)})
    assert t.state.tally["k"][:5] == [-1] * 5
    play_rounds(t)
    refused(t, {"t": "score", "p": 0, "i": 0, "ok": 1, "k": 4, "n": nonces[(0, 0)]}, "tampering")
    while t.state.stage == Z.COUNT:
        p = t.state.cur
        i = [j for j in range(5) if t.state.tally["ans"][p * 5 + j] < 0][0]
        t.act({"t": "score", "p": p, "i": i, "ok": 1 if i == 4 else 0, "k": i,
               "n": nonces[(p, i)]})
    assert t.state.tally["pts"] == [5, 5, 5]


def test_a_launch_on_a_table_row_leaves_the_mushroom_there():
    """Nuclear Rocket: the launch names the region; when it is a row of the Objectives Table its
    tokens score for nobody and the count does not ask them."""
    t = table(["usa", "ussr", "china"])
    place_tokens(t, ROWS4)
    t.state.track["wp"][0] = 10  # a position: the USA starts round 1 at level 10
    t.act({"t": "round"})
    t.act({"t": "rocket", "p": 0})
    for p in list(t.state.order):
        t.act({"t": "place", "p": p})
    refused(t, {"t": "launch", "p": 0, "rg": "Chile", "row": 9}, "row")
    t.act({"t": "launch", "p": 0, "rg": "Chile", "row": 3})
    assert t.state.tally["boom"] == [3]
    play_rounds_from_turn(t)
    asked = []
    while t.state.stage == Z.COUNT:
        p = t.state.cur
        i = [j for j in range(5) if t.state.tally["ans"][p * 5 + j] < 0
             and tally.token(t.state.tally, p, j)[0] != 3][0]
        asked.append(tally.token(t.state.tally, p, i)[0])
        t.act({"t": "score", "p": p, "i": i, "ok": 1})
    assert 3 not in asked and len(asked) == 12  # USA, USSR and China each had a token in row 3


def play_rounds_from_turn(t):
    for p in list(t.state.order)[t.state.ti:]:
        t.act({"t": "end", "p": p})
    play_rounds(t)
