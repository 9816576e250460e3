"""Property tests (hypothesis) of the dice combat and the odds.

- losses never exceed the dice compared; armies never go negative; the attacker keeps 1;
- a roll record always replays (check_record) and seeded rolls are reproducible;
- every odds distribution sums to 1, under every ruleset, situation and stop.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from comando import combat, dice_mods, odds
from comando.dice import FixedDice, SeededDice

SETTINGS = settings(max_examples=150, deadline=None)


@st.composite
def battles(draw, max_armies=60):
    rs = draw(st.sampled_from(combat.RULESETS))
    att = draw(st.integers(2, max_armies))
    dfn = draw(st.integers(1, max_armies))
    mods = 0
    if rs == "revancha":
        sit = draw(st.sampled_from(["", "snow", "tailwind"]))
        mods = dice_mods.of_words([sit])
    return rs, att, dfn, mods


@SETTINGS
@given(battles(), st.lists(st.integers(1, 6), min_size=8, max_size=8), st.data())
def test_roll_losses_are_bounded(battle, faces, data):
    rs, att, dfn, mods = battle
    amax, dmax = combat.max_dice(rs, att, dfn, mods)
    att_dice = data.draw(st.integers(1, amax)) if combat.RULES[rs]["att_choice"] else None
    def_dice = data.draw(st.integers(1, dmax)) if combat.RULES[rs]["def_choice"] else None
    rec = combat.roll(rs, att, dfn, FixedDice(faces), mods, att_dice, def_dice)
    compared = min(len(rec["ad"]), len(rec["dd"]))
    assert rec["al"] + rec["dl"] <= compared
    assert 0 <= rec["al"] <= compared and 0 <= rec["dl"] <= compared
    a, d = combat.after(rec)
    assert a >= 1 and d >= 0
    assert len(rec["ad"]) <= 4 and len(rec["dd"]) <= 4
    assert rec["ad"] == sorted(rec["ad"], reverse=True)
    combat.check_record(rec)
    if combat.conquered(rec):
        lo, hi = combat.record_move_limits(rec)
        assert 1 <= lo <= hi <= a - 1


@SETTINGS
@given(battles(), st.integers(0, 2 ** 64))
def test_seeded_attack_sequences_replay(battle, seed):
    rs, att, dfn, mods = battle
    runs = []
    for _ in range(2):
        dice = SeededDice(seed)
        a, d, recs = att, dfn, []
        while a >= 2 and d >= 1:
            rec = combat.roll(rs, a, d, dice, mods)
            recs.append(rec)
            a, d = combat.after(rec)
            assert a >= 1 and d >= 0
        runs.append(recs)
    assert runs[0] == runs[1]
    for rec in runs[0]:
        combat.check_record(rec)


@settings(max_examples=100, deadline=None)
@given(battles(max_armies=40), st.integers(1, 39))
def test_odds_distributions_sum_to_one(battle, stop):
    rs, att, dfn, mods = battle
    stop = min(stop, att - 1)
    res = odds.conquest(rs, att, dfn, mods, stop)
    assert abs(sum(res["att_left"]) - 1) < 1e-9
    assert abs(sum(res["def_left"]) - 1) < 1e-9
    assert abs(sum(res["conquer_att"]) + sum(res["fail_def"]) - 1) < 1e-9
    assert all(p >= 0 for p in res["att_left"] + res["def_left"])
    assert all(p == 0 for p in res["fail_att"][stop + 1:])
    assert -1e-9 <= res["exp_att_loss"] <= att - 1 + 1e-9
    assert -1e-9 <= res["exp_def_loss"] <= dfn + 1e-9
    table = odds.roll_table(rs, att, dfn, mods)
    assert abs(sum(p for _, _, p in table) - 1) < 1e-12
