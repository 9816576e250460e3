"""Scripted sessions on the simulated device, driven only by button presses, under MicroPython:
the final journal must be exactly what the session reducer (comando.session) makes from the same
actions with the same dice, and fold to the same state.

- tests/device_scripts/teg_session.txt: a full 4-player T.E.G. classic dice session (opening roll,
  both placement rounds, three rounds of attacks, repeat rolls, attacks until conquest, a card,
  and a victory) (rules/teg-classic.txt, "Attacking Foreign Countries", "Development of an Attack").
- tests/device_scripts/teg2_round.txt: a full T.E.G. II round with two combats, each with two
  battle commands dialled in secret, committed, then revealed (rules/teg-ii.txt, "How Combat
  Works", "War Potential Level").
"""

import os

from comando import session as S
from comando import teg2_commit
from comando.dice import SeededDice
from comando_host.simulator import ROOT, run_script

SCRIPTS = os.path.join(ROOT, "tests", "device_scripts")
RANDOM_FIELDS = {"first": ("r",), "crisis": ("r",), "round": ("c", "o"), "roll": ("r",),
                 "new": ("deck",)}


def remake(events, seed):
    """The events the reducer makes from the journal's actions (random fields stripped) with the
    device's seeded dice: the engine's own account of the session."""
    state = S.Session()
    dice = SeededDice(seed)
    out = []
    for ev in events:
        action = {k: v for k, v in ev.items() if k != "seq" and k not in RANDOM_FIELDS.get(ev["t"], ())}
        e = S.make(state, action, dice)
        S.apply(state, e)
        out.append(e)
    return out, state


def run(name, seed, tmp_path):
    return run_script(os.path.join(SCRIPTS, name), root=str(tmp_path / "dev"),
                      png_dir=str(tmp_path / "png"), seed=seed)


def test_full_teg_classic_dice_session_by_buttons(tmp_path):
    sim = run("teg_session.txt", 7, tmp_path)
    events, good, problem = sim.journal()
    assert problem is None
    expected, state = remake(events, 7)
    assert events == expected
    assert S.fold(events).to_dict() == state.to_dict()
    types = [e["t"] for e in events]
    assert types[:2] == ["new", "first"] and types.count("place") == 8
    assert types.count("round") == 4 and types.count("end") >= 12
    assert types.count("roll") >= 20 and "card" in types
    assert types[-1] == "win" and state.stage == S.OVER
    # repeat rolls carry on from the counts the previous roll left
    rolls = [e for e in events if e["t"] == "roll"]
    chained = sum(1 for a, b in zip(rolls, rolls[1:])
                  if a["p"] == b["p"] and b["a"] == a["a"] - a["r"]["al"] and b["b"] == a["b"] - a["r"]["dl"])
    assert chained >= 10


def test_full_teg2_round_with_battle_commands_by_buttons(tmp_path):
    sim = run("teg2_round.txt", 7, tmp_path)
    events, good, problem = sim.journal()
    assert problem is None
    expected, state = remake(events, 7)
    assert events == expected
    assert S.fold(events).to_dict() == state.to_dict()
    types = [e["t"] for e in events]
    assert types.count("declare") == 2 and types.count("lock") == 4 and types.count("reveal") == 4
    # each combat: both locks (commitments only) before either reveal; the reveals verify
    for i, t in enumerate(types):
        if t == "declare":
            assert types[i + 1:i + 5] == ["lock", "lock", "reveal", "reveal"]
            locks, reveals = events[i + 1:i + 3], events[i + 3:i + 5]
            for lk in locks:
                assert set(lk) == {"t", "p", "h", "seq"}  # nothing of the command is published
            for lk, rv in zip(locks, reveals):
                assert lk["p"] == rv["p"] and teg2_commit.verify(lk["h"], rv["cmd"], rv["n"])
    reveals = [e for e in events if e["t"] == "reveal"]
    assert [r["cmd"] for r in reveals[:2]] == ["3/0/5", "2/2/+"]
    # USA won the first combat (3/0/5 against 2/2/2); the round ended with every power's turn
    assert state.track["wp"][0] >= 8 and state.stage == S.ROUND and state.rnd == 1
    assert types[-4:] == ["end"] * 4
    # the secrets are gone from flash once revealed
    with open(os.path.join(sim.root, "secret.json")) as f:
        assert f.read().strip() in ("{}", "")
