"""The game clock in the map engine (comando.engine.clocked): a La Revancha map game with a
30-minute limit ends by the closing roll (RisiKo!'s rule as issue 26 quotes it), its winner at
time counted on the map (docs/decisions/game-clock.md: most countries, a tie to most armies);
the turn timer's time-out ends a turn; bad clock options are one line."""

from mpytest import raises

from comando import clock_options as O
from comando import engine
from comando.dice import SeededDice
from comando.engine.bot import Bot
from comando.errors import IllegalMove, RulesError
import revfix

MPY_HEAP = "1024k"


def stamped_game(opts, seed=4, step=15, limit=3000):
    """A bot plays every seat; every event is stamped ``step`` seconds after the one before; a
    closing roll owed is rolled at once."""
    g = revfix.game(4, seed, opts)
    bot = Bot(SeededDice(seed + 1))
    ts = 0
    k = 0
    while g.state.phase != "over" and k < limit:
        k += 1
        ts += step
        if g.state.clock["due"]:
            g.act({"t": "close", "ts": ts})
            continue
        a = dict(bot.action(g.state))
        a["ts"] = ts
        g.act(a)
    return g


def test_revancha_map_game_30_minutes_ends_by_the_closing_roll():
    g = stamped_game({"situations": 0, "limit": 1800, "end": "roll"})
    st = g.state
    ck = st.clock
    assert st.phase == "over" and ck["at"] == 1, "the game ended at time"
    closes = [e for e in g.log if e["t"] == "close"]
    assert closes and len(closes) == ck["closes"]
    assert sum(closes[-1]["r"]) <= ck["last"][2], "the last closing roll ended it"
    for e in closes[:-1]:
        assert sum(e["r"]) > 4   # the earlier ones did not
    assert [c[2] for c in [ck["last"]]] == [min(4 + len(closes) - 1, 7)]
    # the first closing roll came with the first round that began over the limit
    first = closes[0]
    before = [e for e in g.log if e["seq"] < first["seq"] and "ts" in e]
    assert before[-1]["ts"] >= 1800
    rows = {s: (st.count(s), st.total_armies(s), 0) for s in range(st.np) if st.alive[s]}
    assert ck["won"] == O.winners("countries", rows) and st.winner == ck["won"][0]
    again = engine.fold(g.log, revfix.board())
    assert again.to_dict() == st.to_dict()


def test_engine_turn_timer_time_out():
    g = revfix.game(4, 2, {"situations": 0, "turn": 60})
    while g.state.phase == "place" and g.state.round == 0:
        s = g.state
        g.act({"t": "place", "p": s.cur, "c": s.countries_of(s.cur)[0], "n": s.reserve, "ts": 5})
    st = g.state
    p = st.cur
    t0 = st.clock["t0"]
    assert st.clock["on"] == [st.round, p]
    with raises(IllegalMove, "still has 30 s"):
        engine.check(st, {"t": "timeout", "p": p, "ts": t0 + 30})
    with raises(IllegalMove, "ran out (1 min): the time-out ends it"):
        engine.check(st, {"t": "end", "p": p, "ts": t0 + 61})
    g.act({"t": "timeout", "p": p, "ts": t0 + 60})
    assert g.state.cur != p and g.state.clock["out"] == [[p, 1]]
    assert engine.fold(g.log, revfix.board()).clock["out"] == [[p, 1]]


def test_engine_clock_options_refused_in_one_line():
    for opts, msg in (({"turn": 0}, "the turn timer must be from 10 s to 1 h, not 0 s"),
                      ({"limit": 5 * 86400}, "not 5 d"),
                      ({"limit": 600, "attime": "points"}, "by countries or armies")):
        with raises(RulesError, msg) as e:
            revfix.game(4, 1, opts)
        assert "\n" not in str(e.value)
