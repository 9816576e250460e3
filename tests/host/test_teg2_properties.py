"""Properties of the T.E.G. II combat core (rules/teg-ii.txt, "How Combat Works", "Special Unit",
"How Aircraft Fight", "War Potential Level Limits", "Attrition Rule") and of the commitments."""

from hypothesis import given, settings
from hypothesis import strategies as st

from comando.rulesets.teg2.battle import battle, combat
from comando.rulesets.teg2.command import parse, resolve
from comando.rulesets.teg2.commit import commit, new_nonce, verify
from comando.rulesets.teg2.moves import attrition
from comando.rulesets.teg2.track import apply_combat, apply_retreat, new_track

SETTINGS = settings(max_examples=150, deadline=None)


@st.composite
def side(draw):
    """A legal command for a side: (text, armies, aircraft, su)."""
    su = draw(st.booleans())
    aircraft = draw(st.integers(0, 8))
    army_clocks = 3 - su - (1 if aircraft else 0)
    if army_clocks == 1:
        # the SU and the aircraft take two clocks: the third holds every army
        values = [draw(st.integers(0, 11))]
    else:
        values = [draw(st.integers(0, 11)) for _ in range(army_clocks)]
    armies = sum(values)
    tokens = [str(v) for v in values]
    if draw(st.booleans()) and tokens:
        # one army clock as '+': the region then holds more (or exactly the same) armies
        i = draw(st.integers(0, len(tokens) - 1))
        extra = draw(st.integers(0, 30))
        armies = armies - values[i] + extra
        tokens[i] = "+"
    if aircraft and armies < aircraft:
        aircraft = armies  # never more aircraft than armies
    if aircraft == 0 and army_clocks < 3 - su:
        tokens.append("0")
    if su:
        tokens.append("SU")
    if aircraft:
        tokens.append(draw(st.sampled_from(["A%d" % aircraft, "A"])))
    if armies == 0 and not su:
        armies, tokens = 1, ["1", "0", "0"]
        aircraft = 0
    order = draw(st.permutations(tokens))
    return "/".join(order), armies, aircraft, int(su)


def kind_count(token):
    return 1 if token == "SU" else int(token.lstrip("A"))


@SETTINGS
@given(side(), side(), st.integers(3, 11), st.integers(3, 11))
def test_losses_never_negative_nor_over_the_forces(a, d, awp, dwp):
    rec = combat(a[0], d[0], att_armies=a[1], att_aircraft=a[2], att_su=a[3],
                 def_armies=d[1], def_aircraft=d[2], def_su=d[3], att_wp=awp, def_wp=dwp)
    for s, (_, armies, aircraft, su) in (("att", a), ("def", d)):
        lost, left = rec[s + "_lost"], rec[s + "_left"]
        assert all(v >= 0 for v in lost.values())
        assert lost["armies"] <= armies
        assert lost["aircraft"] + lost["excess"] <= aircraft
        assert lost["su"] == su  # an SU in the region is always played, and spent
        assert left["armies"] == armies - lost["armies"] >= 0
        assert 0 <= left["aircraft"] <= left["armies"]
        assert left["aircraft"] == aircraft - lost["aircraft"] - lost["excess"]
        before, after = rec[s + "_wp"]
        assert 3 <= after <= 11 and abs(after - before) <= 1
    for b in rec["battles"]:
        for s, o in (("att", "def"), ("def", "att")):
            assert 0 <= b[s + "_lost"] <= kind_count(b[s])
            if b["win"] != s:  # a battle's loser (or both, in a tie) loses its whole clock
                assert b[s + "_lost"] == kind_count(b[s])
            elif b[s] != "SU":  # a winner keeps something, unless it won with the SU
                assert b[s + "_lost"] < kind_count(b[s])
    assert rec["winner"] == ("att" if rec["att_won"] > rec["def_won"] else
                             "def" if rec["def_won"] > rec["att_won"] else "")
    assert rec["att_move"] == -rec["def_move"]


@SETTINGS
@given(side(), side())
def test_swapping_sides_swaps_the_result(a, d):
    r1 = combat(a[0], d[0], a[1], d[1], a[2], d[2], a[3], d[3])
    r2 = combat(d[0], a[0], d[1], a[1], d[2], a[2], d[3], a[3])
    swap = {"att": "def", "def": "att", "": ""}
    assert r2["winner"] == swap[r1["winner"]]
    assert r1["att_lost"] == r2["def_lost"] and r1["def_lost"] == r2["att_lost"]
    for b1, b2 in zip(r1["battles"], r2["battles"]):
        assert (b1["att_lost"], b1["def_lost"]) == (b2["def_lost"], b2["att_lost"])


@SETTINGS
@given(st.integers(0, 40), st.integers(0, 40))
def test_armies_battle_both_lose_the_lower(x, y):
    w, a, d = battle(str(x), str(y))
    assert a == d == min(x, y)
    assert w == ("att" if x > y else "def" if y > x else "")


@SETTINGS
@given(st.integers(1, 30), st.integers(0, 70))
def test_aircraft_are_worth_two_but_spent_whole(k, n):
    w, air, arm = battle("A%d" % k, str(n))
    assert air == min(k, (n + 1) // 2) if n <= 2 * k else air == k
    assert arm == min(n, 2 * k)
    # The aircraft win exactly when some remain after spending enough to equal the armies.
    assert (w == "att") == (k > (n + 1) // 2)
    assert (w == "def") == (n > 2 * k)


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["c", "r"]), st.integers(0, 3), st.integers(0, 3),
                          st.sampled_from(["1/4/3", "3/0/5", "5/5/0"]),
                          st.sampled_from(["4/4/2", "1/2/2", "0/1/1"])), max_size=40))
def test_track_stays_within_3_and_11(steps):
    powers = ["usa", "ussr", "china", "japan"]
    t = new_track(powers)
    for what, i, j, ca, cd in steps:
        if i == j:
            continue
        if what == "c":
            apply_combat(t, powers[i], powers[j], combat(ca, cd))
        else:
            apply_retreat(t, powers[i], powers[j])
        assert all(3 <= v <= 11 for v in t["wp"])


@SETTINGS
@given(side(), st.binary(min_size=16, max_size=32))
def test_commit_verify_round_trip(a, nonce):
    text = a[0]
    c = commit(text, nonce)
    assert len(c) == 64 and verify(c, text, nonce)
    assert verify(c, parse(text).text, nonce.hex())


@SETTINGS
@given(side(), side(), st.binary(min_size=16, max_size=16), st.binary(min_size=16, max_size=16))
def test_commit_detects_any_change(a, b, n1, n2):
    c = commit(a[0], n1)
    same_cmd = parse(a[0]).text == parse(b[0]).text
    assert verify(c, b[0], n1) == same_cmd
    assert verify(c, a[0], n2) == (n1 == n2)
    flipped = c[:5] + ("0" if c[5] != "0" else "1") + c[6:]
    assert not verify(flipped, a[0], n1)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_nonce_from_a_seeded_random(rnd):
    n = new_nonce(rnd)
    assert len(n) == 32 and int(n, 16) >= 0


@SETTINGS
@given(side())
def test_canonical_text_is_a_fixed_point(a):
    text = parse(a[0]).text
    assert parse(text).text == text
    r = resolve(text, a[1], a[2], a[3])
    assert r.entered == text


@SETTINGS
@given(st.integers(1, 200))
def test_attrition_half_plus_one(n):
    arrive, lost = attrition(n)
    assert arrive + lost == n and arrive == n // 2 + 1
    if n % 2 == 0 and n > 2:
        # "less attrition if an even number of units is brought": one more loses one more
        assert attrition(n + 1)[1] == lost + 1
