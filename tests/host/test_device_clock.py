"""The game clock on the device (issue 26), by presses in the simulator (the real firmware under
MicroPython): tests/device_scripts/revancha_clock.txt plays a La Revancha table session with a
30-minute limit to its end by the closing roll (RisiKo!'s rule as the issue quotes it: after
each round over the limit two dice end the game at 4 or less, then 5 ...), and the table names
the winner at time. The journal is the events: a replay knows the time, the rolls and the end."""

import os

from comando import clock as C
from comando import session as S
from comando.session import replay
from comando_host.pico.simulator import ROOT, run_script

SCRIPT = os.path.join(ROOT, "tests", "device_scripts", "revancha_clock.txt")


def test_revancha_30_minutes_ends_by_the_closing_roll_on_the_device(tmp_path):
    sim = run_script(SCRIPT, root=str(tmp_path / "dev"), png_dir=str(tmp_path / "png"), seed=11)
    events, good, problem = sim.journal()
    assert problem is None
    new = events[0]
    assert new["rs"] == "revancha" and new["o"]["limit"] == 1800
    assert all("ts" in e for e in events[1:]), "the device stamps every event"
    stamps = [e["ts"] for e in events[1:]]
    assert stamps == sorted(stamps)
    closes = [e for e in events if e["t"] == "close"]
    assert len(closes) == 2
    assert sum(closes[0]["r"]) > 4 and sum(closes[1]["r"]) <= 5
    # the first closing roll came after the round in which the limit fell, not before
    first = events.index(closes[0])
    assert events[first - 1]["t"] == "end" and events[first - 1]["ts"] >= 1800
    rounds_before = [e for e in events[:first] if e["t"] == "round"]
    assert len(rounds_before) == 3
    state = replay.fold(events)
    assert state.stage == S.OVER and state.clock["at"] == 1
    assert state.clock["last"] == closes[1]["r"] + [5]
    assert events[-1]["t"] == "win" and state.winner == state.colours.index("black")
    # each closing roll's threshold as the rule says: 4, then 5
    ck = C.start(new["o"], 4)
    assert C.threshold(ck) == 4
    ck["closes"] = 1
    assert C.threshold(ck) == 5
