"""Whole T.E.G. II games on the simulated device, by button presses only, under MicroPython: a
4-player basic game (tests/device_scripts/teg2_game4.txt: tokens by row, a combat, four rounds)
and a 6-player advanced game (teg2_game6.txt: the level on the new-game screen, six rounds) reach
the final count, asked token by token, and a winner; the journal is what the session reducer
makes, and the laptop's mirror shows the same score (rules/teg-ii.txt, "Choosing Objectives",
"Length of a Game", advanced "Additions", "End of the Game")."""

import os

from comando import session as S
from comando.session import replay
from comando_host.text.view import GameView

from test_device_sessions import remake, run


def mirror(events):
    v = GameView(tail=200)
    for ev in events:
        v.event(ev)
    return "\n".join(v.summary() + list(v.log))


def check_game(name, tmp_path):
    sim = run(name, 7, tmp_path)
    events, good, problem = sim.journal()
    assert problem is None
    expected, state = remake(events, 7)
    assert events == expected
    assert replay.fold(events).to_dict() == state.to_dict()
    assert state.stage == S.OVER and state.tally["tot"] and state.winner >= 0
    return events, state


def test_four_player_basic_game_to_the_final_count(tmp_path):
    events, st = check_game("teg2_game4.txt", tmp_path)
    types = [e["t"] for e in events]
    assert st.rnd == 4 and types.count("round") == 4 and types.count("score") == 20
    places = [e for e in events if e["t"] == "place" and "row" in e]
    assert len(places) == 20
    assert places[0]["k"] == 4 and places[0]["row"] == 3  # the USA's CONTROL 5 in row 3
    for p in range(4):  # never two of one power's tokens in one row
        rows = [e["row"] for e in places if e["p"] == p]
        assert len(set(rows)) == 5
    assert types.count("reveal") == 2  # the combat's two commands
    # USA: CONTROL 5 + INTERVENTION 3 + NON-INTERVENTION 2; USSR: INTERVENTION 1; China:
    # INTERVENTION 4; Japan: INTERVENTION 1 + 3 (the answers of the script)
    assert st.tally["tot"] == [10, 1, 4, 4] and st.tally["win"] == [0] and st.winner == 0
    shown = mirror(events)
    assert "final count: points: USA 10, USSR 1, China 4, Japan 4 - USA won" in shown
    assert "final count: USA CONTROL 5 (row 3) achieved" in shown


def test_six_player_advanced_game_to_the_final_count(tmp_path):
    events, st = check_game("teg2_game6.txt", tmp_path)
    assert events[0]["o"]["level"] == "advanced" and st.rnd == 6
    rounds = [e for e in events if e["t"] == "round"]
    assert len(rounds) == 6
    assert [e["t"] for e in events].count("score") == 30
    assert st.tally["tot"] == [1, 1, 1, 1, 6, 1] and st.winner == 4
    assert "- Western Europe won" in mirror(events)


def test_advanced_additions_are_level_plus_three(tmp_path):
    """Advanced Level Rules, Additions: "each player always adds 3 units more than their WAR
    POTENTIAL LEVEL indicates"."""
    sim = run("teg2_game6.txt", 7, tmp_path)
    events, _, _ = sim.journal()
    state = S.Session()
    for ev in events:
        S.apply(state, ev)
        if ev["t"] == "round" and state.rnd == 1:
            assert state.grants == [10] * 6
            break
    assert os.path.exists(os.path.join(str(tmp_path / "png"), "over.png"))


def test_hidden_objectives_by_buttons(tmp_path):
    """Playing with Secret Objectives: "simply leave face down the objective tokens ... They are
    turned over only when the game has ended": the journal holds only each token's commitment
    until the count reveals it (checked against the commitment); the device's secrets are gone
    once the count is over; the same reveal with another token is refused as tampering."""
    from comando.errors import IllegalMove
    from comando.rulesets.teg2 import tally
    events, st = check_game("teg2_hidden.txt", tmp_path)
    assert events[0]["o"]["secret"] == 1
    places = [e for e in events if e["t"] == "place" and "row" in e]
    assert len(places) == 15 and all("k" not in e and len(e["h"]) == 64 for e in places)
    scores = [e for e in events if e["t"] == "score"]
    for e in scores:  # every reveal matches what was placed face down
        place = [x for x in places if x["p"] == e["p"]][e["i"]]
        assert tally.commit(e["k"], place["row"], e["n"]) == place["h"]
    assert sorted(e["k"] for e in scores if e["p"] == 0) == [0, 1, 2, 3, 4]
    assert st.tally["tot"] == [5, 9, 5] and st.winner == 1
    with open(os.path.join(str(tmp_path / "dev"), "secret.json")) as f:
        assert f.read().strip() in ("{}", "")
    # a forged reveal: the first score event with another token kind
    first = scores[0]
    i = events.index(first)
    state = replay.fold(events[:i])
    forged = dict(first)
    forged["k"] = (first["k"] + 1) % 5
    try:
        S.check(state, forged)
    except IllegalMove as exc:
        assert "tampering" in str(exc)
    else:
        raise AssertionError("a forged reveal was accepted")


def test_eight_players_on_both_boards_by_buttons(tmp_path):
    """Game with 8 People (rules/teg-ii.txt): one device tracks both boards. Four pairs, a seat
    of each power on each board, each board's tokens on its own Objectives Table (the Americas' 6
    rows in play, the Old World's 7), every round board 1 then board 2, the war potential shared
    ("at every moment the potential levels must be equal on both boards"), and "the points of each
    pair are added together. The pair with the highest total wins"; the mirror shows the same."""
    events, st = check_game("teg2_game8.txt", tmp_path)
    assert events[0]["o"]["players"] == 8 and st.n == 8 and st.rnd == 4
    assert events[0]["p"] == ["usa", "ussr", "china", "japan", "usa2", "ussr2", "china2", "japan2"]
    types = [e["t"] for e in events]
    assert types.count("round") == 4 and types.count("score") == 40
    assert st.tally["rows"] == 6 and st.tally["rows2"] == 7
    # the rounds: board 1's additions and turns, then board 2's (adds by the level then)
    r1 = types.index("round")
    seq = [(e["t"], e["p"]) for e in events[r1 + 1:r1 + 14]]
    assert seq == [("place", p) for p in range(4)] + [("end", p) for p in range(4)] + \
        [("place", p) for p in range(4, 8)] + [("declare", 4)]
    battle = [e for e in events if e["t"] == "declare"][0]
    assert (battle["p"], battle["d"]) == (4, 5)  # on board 2
    wp = st.track["wp"]
    assert wp[:4] == wp[4:] and wp[0] != 7 and wp[1] != 7  # board 2's combat moved board 1 too
    # USA: CONTROL 5 + INTERVENTION 1; USSR: CONTROL 5; China: INTERVENTION 4; Japan: NON-INT. 2
    assert st.tally["pts"] == [5, 0, 4, 0, 1, 5, 0, 2]
    assert st.tally["tot"] == [6, 5, 4, 2] and st.tally["win"] == [0] and st.winner == 0
    shown = mirror(events)
    assert "final count: points: USA 6, USSR 5, China 4, Japan 2 - USA won" in shown
    assert "final count: USA 2 INTERVENTION 1 (row 1) achieved" in shown


def test_whole_world_map_by_buttons(tmp_path):
    """Playing on the Whole World Map: "If there are 4 or 5 players, the regions in conflict are 8:
    the first 4 of each of the Objectives tables"; "Once the stage of choosing objectives is
    complete, the game proceeds as already explained" - to the final count and the winner."""
    events, st = check_game("teg2_world.txt", tmp_path)
    assert events[0]["o"]["map"] == "world" and "board" not in events[0]["o"]
    assert st.tally["rows"] == 8 and st.rnd == 4
    places = [e for e in events if e["t"] == "place" and "row" in e]
    assert places[0]["k"] == 4 and places[0]["row"] == 8  # the Old World's fourth region
    assert st.tally["tot"] == [5, 1, 0, 4] and st.winner == 0
    shown = mirror(events)
    assert "the whole world map" in shown
    assert "final count: points: USA 5, USSR 1, China 0, Japan 4 - USA won" in shown


def test_rocket_taken_and_launched_at_a_table_row_by_buttons(tmp_path):
    """Nuclear Rocket: at level 10 at a round's start the rocket is offered (adding it is
    optional: ROLL takes it); "It must be launched in the same round in which it was added"; "A
    region with the atomic mushroom gives no points to anyone": with no board loaded (the whole
    world map) the Launch screen names the Objectives Table's rows, and the count skips that row's
    tokens (tests/device_scripts/teg2_rocket.txt)."""
    events, st = check_game("teg2_rocket.txt", tmp_path)
    wins = [e for e in events if e["t"] == "reveal" and e["p"] == 1]
    assert len(wins) == 3  # three combats in round 1: the USA from 7 to 10
    rocket = [e for e in events if e["t"] == "rocket"]
    launch = [e for e in events if e["t"] == "launch"]
    assert [e["p"] for e in rocket] == [0] and len(launch) == 1
    assert launch[0]["p"] == 0 and launch[0]["row"] == 3
    rnd = [e["seq"] for e in events if e["t"] == "round"]
    assert rnd[1] < rocket[0]["seq"] < launch[0]["seq"] < rnd[2]  # both in round 2
    assert st.tally["boom"] == [3]
    scores = [e for e in events if e["t"] == "score"]
    assert len(scores) == 16  # 20 tokens, the four in row 3 not asked
    from comando.rulesets.teg2 import tally
    assert all(tally.token(st.tally, e["p"], e["i"])[0] != 3 for e in scores)
    assert st.tally["tot"] == [5, 0, 0, 0] and st.winner == 0
    shown = mirror(events)
    assert "USA launches its nuclear rocket at table row 3" in shown
