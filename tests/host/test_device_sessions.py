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
from comando.session import replay
from comando.rulesets.teg2 import commit as teg2_commit
from comando.dice import SeededDice
from comando_host.pico.simulator import ROOT, run_script

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
    assert replay.fold(events).to_dict() == state.to_dict()
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
    assert replay.fold(events).to_dict() == state.to_dict()
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


# --- independent of comando.session: what the rulebooks say, checked on the device's journal ------
# The tests above compare the device with the reducer it runs; these compare it with the rulebooks'
# own numbers and examples, written out here without the core's code.

def book_losses(att_dice, def_dice):
    """teg-classic.txt, "DEVELOPMENT OF AN ATTACK" 5-6: both sides' dice in decreasing order,
    compared pairwise (the extra dice of the side with more do not count), ties to the defender;
    one army lost per losing die."""
    a, d = sorted(att_dice, reverse=True), sorted(def_dice, reverse=True)
    al = dl = 0
    for x, y in zip(a, d):
        if x > y:
            dl += 1
        else:
            al += 1
    return al, dl


def test_book_losses_reproduce_the_teg_classic_examples():
    """teg-classic.txt, "DEVELOPMENT OF AN ATTACK", EXAMPLE 1 and EXAMPLE 2."""
    assert book_losses([5, 3, 1], [4, 3, 2]) == (2, 1)  # Green removes 2, Red removes 1
    assert book_losses([6, 3, 1], [4, 3]) == (1, 1)  # each removes one army


def fold_prefixes(events):
    """(state before event i, event i) for every event of a journal."""
    state = S.Session()
    for ev in events:
        yield state, ev
        S.apply(state, ev)


def test_teg_classic_session_follows_the_rulebook(tmp_path):
    sim = run("teg_session.txt", 7, tmp_path)
    events, good, problem = sim.journal()
    assert problem is None
    rolls = [e for e in events if e["t"] == "roll"]
    assert len(rolls) >= 20
    for e in rolls:
        r = e["r"]
        # teg-classic.txt "DEVELOPMENT OF AN ATTACK" 2-3: attack dice = attacking armies (all but
        # the occupation army) up to 3; defence dice = the defending armies up to 3
        assert len(r["ad"]) == min(3, e["a"] - 1) and len(r["dd"]) == min(3, e["b"])
        assert (r["al"], r["dl"]) == book_losses(r["ad"], r["dd"])
    # the next roll of the same attack starts from the counts those dice left; after a conquest
    # ("A. ... must move one army ... one or two more armies ... at most") the screen moves in the
    # most allowed, min(3, armies left - 1), and the next attack goes on from the country holding
    # more armies against one defender (until the defender's count is dialled)
    chained = after_conquest = 0
    for a, b in zip(rolls, rolls[1:]):
        if a["p"] != b["p"]:
            continue
        left, dleft = a["a"] - a["r"]["al"], a["b"] - a["r"]["dl"]
        if dleft > 0 and (b["a"], b["b"]) == (left, dleft):
            chained += 1
        if dleft == 0 and b["b"] == 1:
            moved = min(3, left - 1)
            assert b["a"] == max(left - moved, moved), (a, b)
            after_conquest += 1
    assert chained >= 10 and after_conquest >= 1
    # placement: teg-classic.txt "4. Two Rounds to Add 8 Armies": 5 armies each, then 3 each
    placed = [S.placement_armies(st) for st, ev in fold_prefixes(events) if ev["t"] == "place"]
    assert placed == [5] * 4 + [3] * 4
    # "5. Beginning of Hostilities" / "6. Continuation of the Game": every round opens with the
    # player who won the opening roll (the highest die) and goes clockwise
    first = events[1]["r"]
    top = max(first[0])
    opener = first[0].index(top) if first[0].count(top) == 1 else None
    orders = round_orders(events)
    assert len(orders) >= 3
    for order in orders:
        assert order == [(order[0] + k) % 4 for k in range(4)]
        if opener is not None:
            assert order[0] == opener


def round_orders(events):
    """Seats in the order they ended their turns, round by round (rounds completed in full)."""
    orders, cur = [], None
    for ev in events:
        if ev["t"] == "round":
            cur = []
            orders.append(cur)
        elif ev["t"] == "end" and cur is not None:
            cur.append(ev["p"])
    return [o for o in orders if o]


def test_la_revancha_rotation_and_placement_on_the_device(tmp_path):
    """teg-la-revancha.txt, "First Round" (8 armies, then 4) and "Second Round and Following":
    "the player who started ... will now be the last to play, and the one who was second ...
    will now be the first". Played on the device by button presses (tests/device_driver.py)."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from device_driver import revancha_game
    plan = revancha_game(seed=3, players=3, rounds=3)
    sim = run_script(plan.lines, root=str(tmp_path / "dev"), seed=3)
    events, good, problem = sim.journal()
    assert problem is None and events == plan.events
    placed = [S.placement_armies(st) for st, ev in fold_prefixes(events) if ev["t"] == "place"]
    assert placed == [8] * 3 + [4] * 3
    orders = [o for o in round_orders(events) if len(o) == 3]  # rounds nobody left
    assert len(orders) >= 2
    for prev, nxt in zip(orders, orders[1:]):
        assert nxt == prev[1:] + prev[:1]  # the opener plays last, the second opens


def book_combat(att_cmd, att_armies, def_cmd, def_armies):
    """teg-ii.txt, "How Combat Works": each battle, both lose the lower amount (a tie: both lose
    what they put); "+" commits every army not on the other two clocks; whoever won more battles
    wins the combat and moves up one war-potential level, the loser down one (a draw: no change).
    -> (armies lost per side, level step of the attacker)."""
    def clocks(cmd, armies):
        parts = cmd.split("/")
        fixed = sum(int(x) for x in parts if x != "+")
        return [armies - fixed if x == "+" else int(x) for x in parts]
    a, d = clocks(att_cmd, att_armies), clocks(def_cmd, def_armies)
    lost = won_a = won_d = 0
    for x, y in zip(a, d):
        lost += min(x, y)
        won_a += x > y
        won_d += y > x
    return (lost, lost), (won_a > won_d) - (won_d > won_a)


def test_book_combat_reproduces_the_teg_ii_examples():
    """teg-ii.txt, "How Combat Works": the three worked examples."""
    assert book_combat("3/0/5", 8, "1/2/2", 5) == ((3, 3), 1)  # 3 each, the American moves up
    assert book_combat("1/4/3", 8, "4/4/2", 10) == ((7, 7), 0)  # 7 each, levels unchanged
    assert book_combat("2/+/1", 16, "5/5/0", 10) == ((7, 7), 1)  # the Soviet moves up


def test_teg2_round_follows_the_rulebook(tmp_path):
    sim = run("teg2_round.txt", 7, tmp_path)
    events, good, problem = sim.journal()
    assert problem is None
    state = S.Session()
    combats = []
    wp0 = None
    for ev in events:
        S.apply(state, ev)
        if ev["t"] == "round" and wp0 is None:
            # "War Potential Level": every token starts facing 7
            wp0 = list(state.track["wp"])
            assert wp0 == [7] * state.n
        if ev["t"] == "reveal" and state.battle is None:
            combats.append(dict(state.lastbattle))
    assert len(combats) == 2
    reveals = [e for e in events if e["t"] == "reveal"]
    level = list(wp0)
    for i, lb in enumerate(combats):
        ra, rd = reveals[2 * i], reveals[2 * i + 1]
        if ra["p"] != lb["a"]:
            ra, rd = rd, ra
        lost, step = book_combat(ra["cmd"], ra["k"], rd["cmd"], rd["k"])
        assert tuple(lb["lost"]) == lost
        level[lb["a"]] = min(11, max(3, level[lb["a"]] + step))
        level[lb["d"]] = min(11, max(3, level[lb["d"]] - step))
        assert lb["wp"] == [level[lb["a"]], level[lb["d"]]]
    # the first combat: USA 3/0/5 with 8 armies against USSR 2/2/+ with 6 (+ = 2): both lose 2 + 0
    # + 2 and the USA, winning two battles, moves up to 8, the USSR down to 6
    assert combats[0]["lost"] == [4, 4] and combats[0]["wp"] == [8, 6]
