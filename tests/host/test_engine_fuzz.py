"""Any action a player could type, legal or not: check either refuses it with IllegalMove and
changes nothing, or the event applies and the invariants hold (rules/teg-classic.txt throughout)."""

from hypothesis import given, settings, strategies as st, HealthCheck

from comando import engine
from comando.dice import SeededDice
from comando.engine.bot import Bot
from comando.errors import IllegalMove
from engine_fixtures import game
from test_engine_invariants import check_invariants

TYPES = ["place", "claim", "trade", "attack", "move", "regroup", "draw", "bonus", "end", "pact",
         "unpact", "deal", "undo", "new", "fly", None, 3]
small = st.one_of(st.integers(-3, 55), st.none(), st.text(max_size=3), st.booleans())
action = st.fixed_dictionaries(
    {"t": st.sampled_from(TYPES)},
    optional={"p": st.one_of(st.integers(-1, 6), st.text(max_size=2)), "c": small, "f": small,
              "to": small, "n": small, "q": small, "k": st.sampled_from(["c", "w", "z", "x", 1]),
              "a": small, "b": small, "id": small,
              "cards": st.one_of(st.lists(small, max_size=4), small)})


def plausible(data, s):
    """An action a player at the table might well try now: own or neighbouring countries, small
    numbers, sometimes the wrong seat. Legal or not."""
    b = s.board
    p = data.draw(st.sampled_from([s.cur] * 4 + list(range(s.np))))
    mine = s.countries_of(p) or [0]
    f = data.draw(st.sampled_from(mine))
    to = data.draw(st.sampled_from(list(b.neighbours(f)) + [data.draw(st.integers(0, s.n - 1))]))
    n = data.draw(st.integers(0, 6))
    hand = s.hands[p]
    t = data.draw(st.sampled_from(["place", "attack", "attack", "attack", "move", "regroup", "draw",
                                   "bonus", "trade", "end", "claim", "pact", "unpact"]))
    if t == "place":
        return {"t": t, "p": p, "c": data.draw(st.sampled_from([f, to])), "n": n}
    if t in ("attack", "regroup"):
        return {"t": t, "p": p, "f": f, "to": to, "n": n}
    if t == "move":
        return {"t": t, "p": p, "n": n}
    if t in ("bonus", "claim"):
        return {"t": t, "p": p, "c": data.draw(st.sampled_from(hand + [f, to]))}
    if t == "trade":
        pool = hand + [f, to]
        return {"t": t, "p": p, "cards": data.draw(st.lists(st.sampled_from(pool), min_size=2, max_size=4))}
    if t == "pact":
        return {"t": t, "p": p, "q": data.draw(st.integers(0, s.np - 1)),
                "k": data.draw(st.sampled_from(["c", "w", "z"])), "a": f, "b": to}
    if t == "unpact":
        ids = [x[0] for x in s.pacts] + [1]
        return {"t": t, "p": p, "id": data.draw(st.sampled_from(ids))}
    return {"t": t, "p": p}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(np_=st.integers(2, 6), seed=st.integers(0, 1000), steps=st.integers(0, 250),
       garbage=st.lists(action, max_size=4), deftrade=st.booleans(), data=st.data())
def test_random_actions_refused_cleanly_or_applied_soundly(np_, seed, steps, garbage, deftrade, data):
    g = game(np_, seed, {"deftrade": 1} if deftrade else None)
    bot = Bot(SeededDice(seed))
    for _ in range(steps):
        if g.state.phase == "over":
            break
        g.act(bot.action(g.state))
    for i in range(12):
        s = g.state
        a = garbage[i] if i < len(garbage) else plausible(data, s)
        before = s.to_dict()
        n = len(g.log)
        prev = s.copy()
        try:
            ev = g.act(a)
        except IllegalMove as exc:
            assert str(exc)
            assert g.state.to_dict() == before and len(g.log) == n
            continue
        check_invariants(prev, g.state, ev)
    assert engine.fold(g.log).to_dict() == g.state.to_dict()
