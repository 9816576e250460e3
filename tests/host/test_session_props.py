"""Hypothesis invariants of the table session (comando.session) for every ruleset: random tables
act random actions, legal or not; an illegal one changes nothing; a legal one keeps the session
consistent; the log folds back to the very same state."""

import random

from hypothesis import given, settings, strategies as st

from comando import session as Z
from comando.session import replay
from comando.rulesets.revancha import situations as S
from comando.rulesets.teg2 import commit as teg2_commit
from comando.dice import SeededDice
from comando.errors import IllegalMove

COLOURS = {"teg": ["blue", "red", "black", "yellow", "green", "magenta"],
           "revancha": list(S.COLOURS), "war": ["white", "red", "black", "blue", "yellow", "green"],
           "risk": ["red", "blue", "green", "pink", "grey", "teal"],
           "teg2": ["usa", "ussr", "china", "japan", "weurope", "eeurope"]}
REACHED = set()
STAGES = (Z.OPEN, Z.PLACE, Z.ROUND, Z.CRISIS, Z.EXTRA, Z.ADD, Z.TURN, Z.BATTLE, Z.OVER)


def candidates(state, k, pick):
    """A mix of actions, many legal, some not (pick(i) -> int chooses parameters)."""
    n = state.n
    p = state.cur if state.cur >= 0 else pick(n)
    q = pick(n)
    out = [
        {"t": "first"}, {"t": "place", "p": p}, {"t": "round"}, {"t": "crisis"},
        {"t": "extra", "p": p, "c": 1 + pick(30)}, {"t": "end", "p": p}, {"t": "card", "p": p},
        {"t": "roll", "p": p, "d": q, "a": 1 + pick(8), "b": 1 + pick(6), "in": pick(2)},
        {"t": "out", "p": q, "by": p}, {"t": "walk", "p": q}, {"t": "win", "p": p},
        {"t": "declare", "p": p, "d": q, "rg": "Chile"}, {"t": "retreat", "p": q},
        {"t": "rocket", "p": q}, {"t": "launch", "p": p, "rg": "Peru"},
        {"t": "undo", "to": state.at - 1 - pick(3)}, {"t": "end", "p": q},
    ]
    if state.battle is not None:
        b = state.battle
        for s, cmd, kk in ((b["a"], "3/0/5", 8), (b["d"], ("2/2/5", "4/4/1", "SU/4/5")[b["d"] % 3], 9)):
            nonce = "%032x" % (1 + s)
            out.append({"t": "lock", "p": s, "h": teg2_commit.commit(cmd, nonce)})
            out.append({"t": "reveal", "p": s, "cmd": cmd, "n": nonce, "k": kk})
    return out


def check_invariants(state):
    assert state.stage in STAGES
    assert len(state.alive) == state.n
    for s in state.order:
        assert state.alive[s], "a player out of the game is in the round's order"
    assert len(set(state.order)) == len(state.order)
    if state.stage in (Z.PLACE, Z.EXTRA, Z.ADD, Z.TURN, Z.BATTLE):
        assert 0 <= state.ti < len(state.order)
        assert state.alive[state.cur]
    if state.stage == Z.OVER and state.rs != "teg2":
        assert state.winner >= 0 and state.alive[state.winner]
    if sum(state.alive) == 1:
        assert state.stage == Z.OVER
    if state.rs == "revancha" and state.rnd > 0:
        assert 0 <= state.sit < 50 and state.turned and state.turned[-1] == state.sit
        assert all(0 <= c < 50 for c in state.deck)
    if state.rs == "teg2":
        assert all(3 <= w <= 11 for w in state.track["wp"])
        assert all(0 <= s <= 3 for s in state.track["su"])
    for s in state.barred:
        assert state.alive[s]


@settings(max_examples=60, deadline=None)
@given(rs=st.sampled_from(["teg", "revancha", "war", "risk", "teg2"]),
       n=st.integers(2, 6), seed=st.integers(0, 2 ** 31), steps=st.integers(20, 150))
def test_random_sessions_keep_invariants_and_fold_back(rs, n, seed, steps):
    walk(rs, n, seed, steps)


def walk(rs, n, seed, steps):
    opts = {}
    cols = COLOURS[rs][:n]
    if rs == "teg2" and n == 2:
        cols = COLOURS[rs][:4]
        opts["players"] = 2
    if rs == "risk":
        opts["deploy"] = "auto" if seed % 2 else "hand"
        opts["territories"] = 12
    t = replay.Table(rs, cols, opts, SeededDice(seed))
    rnd = random.Random(seed)
    seen = {1: t.state.to_dict()}

    def pick(m):
        return rnd.randrange(m) if m > 0 else 0

    for _ in range(steps):
        cands = candidates(t.state, 0, pick)
        legal = []
        for c in cands:
            try:
                Z.check(t.state, c)
                legal.append(c)
            except IllegalMove:
                pass
        if legal and pick(10) < 8:
            a = legal[pick(len(legal))]
        else:
            a = cands[pick(len(cands))]
        before = t.state.to_dict()
        try:
            Z.check(t.state, a)
        except IllegalMove as exc:
            assert str(exc)
            assert t.state.to_dict() == before
            continue
        ev = t.act(a)
        check_invariants(t.state)
        now = t.state.to_dict()
        if ev["t"] == "undo":  # back to exactly the state right after event "to"
            then = dict(seen[ev["to"]])
            now.pop("seq")
            then.pop("seq")
            assert now == then
        else:
            seen[ev["seq"]] = t.state.to_dict()
    REACHED.update(e["t"] for e in t.events)
    again = replay.fold(t.events)
    assert again.to_dict() == t.state.to_dict()
    assert replay.fold(t.events).to_dict() == again.to_dict()


def test_the_random_walk_reaches_every_event_type():
    """The property above is only worth something if the walk gets somewhere."""
    for rs in ("teg", "revancha", "war", "risk", "teg2"):
        for n in (2, 3, 4, 6):
            for seed in range(3):
                walk(rs, n, seed, 150)
    for t in ("new", "first", "place", "round", "end", "roll", "card", "crisis", "extra",
              "declare", "lock", "reveal", "out"):
        assert t in REACHED, (t, sorted(REACHED))
