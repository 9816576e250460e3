"""The game clock (comando.clock, comando.session.clocked): turn timer, chess-clock budget, game
time limit, the closing roll and the winner at time.

Sources: the closing roll is RisiKo!'s official tournament rule as issue 26 quotes it ("90
minutes, then after each round two dice close the game at 4 or less, the threshold one higher
each round up to 7"); T.E.G. II's count at time is teg-ii.txt "End of the Game" ("When the last
round ends, the points of the objectives achieved by each player are counted"). The other
rulebooks (teg-classic.txt, teg-la-revancha.txt, war.txt, risk-online-12-maps.txt) say nothing of
time: docs/decisions/game-clock.md decides their winner at time.
"""

from mpytest import raises

from comando import clock as C
from comando import clock_options as O
from comando import session as Z
from comando import turns
from comando.session import replay
from comando.dice import FixedDice, SeededDice
from comando.errors import IllegalMove

MPY_HEAP = "512k"


def refused(rs, colours, opts, msg):
    """A new game with these options is refused with one line containing msg."""
    s = Z.Session()
    before = s.to_dict()
    with raises(IllegalMove, msg) as e:
        Z.check(s, Z.new_session(rs, colours, opts))
    assert "\n" not in str(e.value)
    assert s.to_dict() == before


def illegal(t, action, msg):
    before = t.state.to_dict()
    with raises(IllegalMove, msg):
        Z.check(t.state, action)
    assert t.state.to_dict() == before


def revancha_clocked(opts, seed=5):
    colours = ["white", "black", "red", "blue"]
    t = replay.Table("revancha", colours, opts, SeededDice(seed))
    t.act({"t": "first", "r": [[6, 1, 1, 1]], "ts": 20})
    ts = 20
    for _ in turns.placement_rounds("revancha", 4):
        for p in list(t.state.order):
            ts += 30
            t.act({"t": "place", "p": p, "ts": ts})
    return t, ts


def start_round(t, ts):
    t.act({"t": "round", "ts": ts})
    while t.state.stage in (Z.CRISIS, Z.EXTRA):
        if t.state.stage == Z.CRISIS:
            t.act({"t": "crisis", "ts": ts})
        else:
            t.act({"t": "extra", "p": t.state.cur, "c": 10, "ts": ts})


def same_after_fold(t):
    assert replay.fold(t.events).to_dict() == t.state.to_dict()


# --- options ----------------------------------------------------------------------------------

def test_durations_and_the_option_string():
    assert O.duration("90s") == 90
    assert O.duration("30m") == 1800
    assert O.duration("1h30m") == 5400
    assert O.duration("2d") == 2 * 86400
    with raises(C.ClockError, "needs a unit"):
        O.duration("30")
    with raises(C.ClockError, "not a clock time"):
        O.duration("half an hour")
    assert O.parse("limit:30m, end:roll, turn:2m") == {"limit": 1800, "end": "roll", "turn": 120}
    with raises(C.ClockError, "KIND:VALUE"):
        O.parse("limit=30m")
    assert O.words(120) == "2 min" and O.words(90) == "1:30" and O.words(3900) == "1 h 05" and O.words(45) == "45 s"
    assert C.short(75) == "1:15" and C.short(-3) == "0:00"


def test_a_clock_of_zero_or_of_days_is_one_line_naming_the_rule():
    cols = ["white", "black", "red"]
    refused("revancha", cols, {"turn": 0}, "the turn timer must be from 10 s to 1 h, not 0 s")
    refused("revancha", cols, {"limit": 0}, "the game time limit must be from 1 min to 12 h")
    refused("revancha", cols, {"limit": 3 * 86400}, "the game time limit must be from 1 min "
                                                   "to 12 h, not 3 d")
    refused("teg", ["blue", "red"], {"budget": 2 * 86400}, "each player's time (budget)")
    refused("teg", ["blue", "red"], {"turn": 60, "budget": 600}, "not both")
    refused("teg", ["blue", "red"], {"limit": 600, "end": "sudden"}, "'roll' (the closing roll)")
    refused("teg", ["blue", "red"], {"end": "roll"}, "needs a game time limit")
    refused("teg2", ["usa", "ussr", "china"], {"limit": 600, "attime": "countries"},
            "by points")


# --- the time limit and the closing roll --------------------------------------------------------

def test_revancha_30_minutes_ending_by_the_closing_roll():
    """RisiKo!'s closing roll (issue 26): the limit stops nothing mid-round; after the round two
    dice end the game at 4 or less, the threshold one higher each round (4, 5, 6, 7, 7...)."""
    t, ts = revancha_clocked({"limit": 1800, "end": "roll"})
    assert t.state.clock["up"] == 0
    rounds = 0
    while not t.state.clock["up"]:
        start_round(t, ts)
        rounds += 1
        for p in list(t.state.order):
            ts += 200
            t.act({"t": "end", "p": p, "ts": ts})
    # the limit fell in this round's last turns: the round was finished, a closing roll is owed
    assert t.state.stage == Z.ROUND and t.state.clock["due"] == 1
    illegal(t, {"t": "round", "ts": ts}, "the closing roll comes before the next round (4 or less")
    t.rng = FixedDice([3, 4, 6, 6, 2, 3])   # 7 > 4, 12 > 5, then 5 <= 6
    e = t.act({"t": "close", "ts": ts + 5})
    assert e["r"] == [3, 4] and t.state.clock["last"] == [3, 4, 4]
    assert t.state.stage == Z.ROUND and t.state.clock["due"] == 0
    for want in (5, 6):
        t.rng = SeededDice(rounds)
        start_round(t, ts + 10)
        for p in list(t.state.order):
            ts += 100
            t.act({"t": "end", "p": p, "ts": ts})
        assert t.state.clock["due"] == 1 and C.threshold(t.state.clock) == want
        t.rng = FixedDice([6, 6] if want == 5 else [2, 3])
        t.act({"t": "close", "ts": ts})
    assert t.state.clock["last"] == [2, 3, 6]
    assert t.state.stage == Z.OVER and t.state.clock["at"] == 1 and t.state.winner == -1
    # the table names the winner at time (the session holds no map to count)
    t.act({"t": "win", "p": 2, "ts": ts + 30})
    assert t.state.winner == 2
    same_after_fold(t)


def test_the_threshold_stops_at_seven():
    ck = C.start({"limit": 600}, 3)
    seen = []
    for n in range(6):
        ck["closes"] = n
        seen.append(C.threshold(ck))
    assert seen == [4, 5, 6, 7, 7, 7]


def test_end_by_finishing_the_round():
    t, ts = revancha_clocked({"limit": 600, "end": "round"})
    start_round(t, ts)
    order = list(t.state.order)
    t.act({"t": "end", "p": order[0], "ts": 700})   # over the limit: the round goes on
    assert t.state.stage == Z.TURN and t.state.clock["up"] == 1
    for p in order[1:]:
        t.act({"t": "end", "p": p, "ts": 720})
    assert t.state.stage == Z.OVER and t.state.clock["at"] == 1
    illegal(t, {"t": "close"}, "not possible now")
    same_after_fold(t)


def test_teg2_at_time_is_the_final_count():
    """teg-ii.txt End of the Game: the objectives' points are counted; at time, the same count
    (4 players play 4 rounds; a 5-minute limit ends the game after the first)."""
    from comando.rulesets.teg2 import tally
    t = replay.Table("teg2", ["usa", "ussr", "china", "japan"], {"limit": 300, "end": "round"},
                     SeededDice(3))
    rows = [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 3, 5, 6, 2], [6, 5, 4, 3, 2]]
    while t.state.stage == Z.PLACE:
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        t.act({"t": "place", "p": p, "k": k, "row": rows[p][k], "ts": 10})
    t.act({"t": "round", "ts": 20})
    for p in list(t.state.order):
        t.act({"t": "place", "p": p, "ts": 30})
    for p in list(t.state.order):
        t.act({"t": "end", "p": p, "ts": 310})
    assert t.state.rnd == 1 and t.state.clock["at"] == 1
    assert t.state.stage == Z.COUNT, "the count is asked token by token, as after the last round"
    same_after_fold(t)


# --- the turn timer and the budget ----------------------------------------------------------------

def test_turn_countdown_and_the_time_out_recorded():
    t, ts = revancha_clocked({"turn": 120})
    start_round(t, ts)
    p = t.state.cur
    t0 = t.state.clock["t0"]
    assert C.turn_left(t.state.clock, t.state.opts, t0 + 50) == 70
    illegal(t, {"t": "timeout", "p": p, "ts": t0 + 100}, "still has 20 s of this turn")
    illegal(t, {"t": "end", "p": p, "ts": t0 + 121}, "ran out (2 min): the time-out ends it")
    illegal(t, {"t": "end", "p": p, "ts": t0 - 1}, "goes back in time")
    illegal(t, {"t": "end", "p": p, "ts": t0 + 2 * 86400}, "not days")
    t.act({"t": "timeout", "p": p, "ts": t0 + 120})
    assert t.state.cur != p and t.state.clock["out"] == [[p, 1]]
    q = t.state.cur
    t.act({"t": "end", "p": q, "ts": t0 + 180})    # 60 s: in time
    assert t.state.clock["out"] == [[p, 1]]
    folded = replay.fold(t.events)
    assert folded.clock["out"] == [[p, 1]], "a replay knows who ran out"


def test_chess_clock_budget_spent_over_turns():
    t, ts = revancha_clocked({"budget": 300})
    start_round(t, ts)
    a = t.state.cur
    t0 = t.state.clock["t0"]
    t.act({"t": "end", "p": a, "ts": t0 + 200})
    assert t.state.clock["left"][a] == 100
    for p in list(t.state.order)[1:]:
        t.act({"t": "end", "p": p, "ts": t0 + 200})
    start_round(t, t0 + 200)
    # the next round: a's turn comes; it has 100 s left
    while t.state.cur != a:
        t.act({"t": "end", "p": t.state.cur, "ts": t0 + 200})
    t1 = t.state.clock["t0"]
    assert C.turn_left(t.state.clock, t.state.opts, t1) == 100
    t.act({"t": "timeout", "p": a, "ts": t1 + 100})
    assert t.state.clock["left"][a] == 0
    assert t.state.clock["out"][-1][0] == a
    same_after_fold(t)


def test_undo_gives_back_the_clock_of_the_event_undone():
    t, ts = revancha_clocked({"turn": 60})
    start_round(t, ts)
    p = t.state.cur
    t0 = t.state.clock["t0"]
    before = t.state.clock
    e = t.act({"t": "timeout", "p": p, "ts": t0 + 60})
    t.act({"t": "undo", "to": e["seq"] - 1})
    assert t.state.clock == before and t.state.cur == p


# --- the winner at time -------------------------------------------------------------------------

def test_winner_at_time_rules():
    rows = {0: (12, 30, 0), 1: (12, 34, 0), 2: (9, 40, 0)}
    assert O.winners("countries", rows) == [1]        # tie on countries: most armies
    assert O.winners("armies", rows) == [2]
    assert O.winners("countries", {0: (5, 9, 0), 1: (5, 9, 0)}) == [0, 1]   # shared
    assert O.winners("points", {0: (1, 1, 7), 1: (30, 30, 5)}) == [0]
    assert Z.table_rules("teg2").at_time == ("points",)
    for rs in ("teg", "revancha", "war", "risk"):
        assert Z.table_rules(rs).at_time[0] == "countries"


def test_no_clock_no_clock_state():
    t = replay.Table("teg", ["blue", "red"], None, SeededDice(1))
    assert t.state.clock is None
    illegal(t, {"t": "close"}, "")
