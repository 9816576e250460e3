"""The table's own dice (comando.table_dice, issue 26): the results a battle's dice can give, the
likeliest first; a result they cannot give refused naming the rule; the roll recorded as the
table's, in the table session and in a replay.

Rule sources: teg-classic.txt "DEVELOPMENT OF AN ATTACK" (highest against highest, ties to the
defender, one army lost per pair), teg-la-revancha.txt "Development of the Attack" (4 dice) and
"Situation cards" (Snow, Tailwind), war.txt "How to Attack" (the announced armies),
risk-online-12-maps.txt (the defender's choice of dice).
"""

from mpytest import raises

from comando import combat, dice_mods, table_dice as TD
from comando import session as Z
from comando.session import replay
from comando.dice import SeededDice
from comando.errors import IllegalMove, RulesError

MPY_HEAP = "512k"


def _throws(a, d):
    """Every throw of ``a`` attack and ``d`` defence dice, one at a time (6 ** (a + d) of them:
    a list of them all would not fit a Pico-sized heap)."""
    for n in range(6 ** (a + d)):
        t = []
        for _ in range(a + d):
            t.append(n % 6 + 1)
            n //= 6
        yield t


def test_three_against_two_likeliest_first():
    """3 dice against 2: 2 pairs; of the 7776 throws 2890 cost the defender 2, 2611 one each,
    2275 the attacker 2 (comando.combat.COUNTS)."""
    a, d, outs = TD.outcomes("teg", 4, 2)
    assert (a, d) == (3, 2)
    assert outs == [(0, 2, 2890), (1, 1, 2611), (2, 0, 2275)]
    assert sum(o[2] for o in outs) == 6 ** 5


def test_outcomes_match_every_throw_by_enumeration():
    """The ways of each result are the throws that give it, counted one by one (combat.losses
    caps them: a 2-army attack with Tailwind, a 1-army defence with Snow)."""
    cases = (("teg", 3, 3, dice_mods.NONE), ("teg", 2, 1, dice_mods.NONE),
             ("revancha", 6, 3, dice_mods.NONE), ("revancha", 3, 1, dice_mods.SNOW),
             ("revancha", 2, 2, dice_mods.TAILWIND))
    for rs, att, dfn, mods in cases:
        a, d, outs = TD.outcomes(rs, att, dfn, mods)
        seen = {}
        for t in _throws(a, d):
            key = combat.losses(att, dfn, t[:a], t[a:])
            seen[key] = seen.get(key, 0) + 1
        assert {(o[0], o[1]): o[2] for o in outs} == seen, (rs, att, dfn)
        ways = [o[2] for o in outs]
        assert ways == sorted(ways, reverse=True)


def test_every_rulesets_dice():
    """La Revancha's 4 dice (at least double, defender 3+), Snow and Tailwind, WAR's announced
    armies, Risk's defender's choice: the counts are comando.combat's."""
    assert TD.outcomes("revancha", 6, 3)[:2] == (4, 3)
    assert TD.outcomes("revancha", 4, 3, dice_mods.SNOW)[:2] == (3, 4)
    assert TD.outcomes("revancha", 4, 3, dice_mods.TAILWIND)[:2] == (4, 3)
    # Snow against one army: 2 defence dice, but it can lose only its last army
    assert sorted(o[:2] for o in TD.outcomes("revancha", 3, 1, dice_mods.SNOW)[2]) == [(0, 1), (1, 1),
                                                                            (2, 0)]
    assert TD.outcomes("war", 5, 3, att_dice=1)[:2] == (1, 3)
    assert [o[:2] for o in TD.outcomes("war", 5, 3, att_dice=1)[2]] == [(1, 0), (0, 1)]
    assert TD.outcomes("risk", 5, 3, def_dice=1)[:2] == (3, 1)
    with raises(RulesError, "rolls"):
        TD.outcomes("teg", 5, 3, att_dice=1)


def test_ring_order_and_presses():
    """The preselected result is the likeliest; the second is one DOWN, the third one UP (the
    list wraps), the fourth two DOWN."""
    assert TD.ring(1) == [0]
    assert TD.ring(3) == [0, 1, 2]
    assert TD.ring(4) == [0, 1, 3, 2]
    assert TD.ring(5) == [0, 1, 3, 4, 2]
    for n in range(1, 6):
        r = TD.ring(n)
        for k in range(n):
            at = r.index(k)
            assert min(at, n - at) == TD.presses(k)


def test_a_result_the_dice_cannot_give_names_the_rule():
    with raises(RulesError, "3 attack dice against 2 defence dice compare 2 pairs"):
        TD.record("teg", 4, 2, 1, 0)
    with raises(RulesError, "not 0-3"):
        TD.record("teg", 4, 2, 0, 3)
    with raises(RulesError, "whole numbers"):
        TD.record("teg", 4, 2, -1, 0)
    rec = TD.record("teg", 4, 2, 1, 1)
    assert rec == {"rs": "teg", "a": 4, "d": 2, "ad": [0, 0, 0], "dd": [0, 0], "al": 1, "dl": 1,
                   "tb": 1}
    with raises(RulesError, "a die shows 1 to 6"):
        TD.faces_record("teg", 4, 2, [7, 1, 1], [1, 1])
    with raises(RulesError, "rolls"):
        TD.faces_record("teg", 4, 2, [6, 1], [1, 1])
    assert TD.faces_record("teg", 4, 2, [1, 6, 3], [2, 5])["dl"] == 2   # 6>5, 3>2


def test_the_option_checked():
    assert TD.check_option({}) == "device"
    assert TD.check_option({"dice": "table-faces"}) == "table-faces"
    with raises(RulesError, "device, table, table-faces"):
        TD.check_option({"dice": "bones"})


def _table(opts=None, rs="teg", colours=("blue", "red")):
    t = replay.Table(rs, list(colours), opts, SeededDice(4))
    t.act({"t": "first", "r": [[5, 2]]})
    while t.state.stage == Z.PLACE:
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    return t


def _refused(t, action, msg):
    before = t.state.to_dict()
    with raises(IllegalMove, msg):
        Z.make(t.state, action, SeededDice(9))
    assert t.state.to_dict() == before


def test_session_with_the_tables_dice():
    """A game with ``dice`` table: the device never rolls, the table's losses are stored as its
    roll (``tb``), a result the dice cannot give is refused and changes nothing, the log folds to
    the same state."""
    t = _table({"dice": "table"})
    roll = {"t": "roll", "p": 0, "d": 1, "a": 4, "b": 2}
    _refused(t, roll, "give the table's result")
    bad = dict(roll, r={"rs": "teg", "a": 4, "d": 2, "ad": [0, 0, 0], "dd": [0, 0], "al": 2,
                        "dl": 1, "tb": 1})
    _refused(t, bad, "compare 2 pairs")
    e = t.act(dict(roll, r=TD.record("teg", 4, 2, 0, 2)))
    assert t.state.last["tb"] == 1 and t.state.last["dl"] == 2
    assert combat.record_move_limits(e["r"]) == (1, 3)   # 3 dice rolled: up to 3 move in
    dev = combat.roll("teg", 4, 2, SeededDice(1))
    _refused(t, dict(roll, r=dev), "give the table's result")
    mixed = dict(TD.record("teg", 4, 2, 1, 1), ad=[6, 0, 0])
    _refused(t, dict(roll, r=mixed), "or 0 for every die")
    faces = t.act(dict(roll, r=TD.faces_record("teg", 4, 2, [6, 6, 1], [5, 2])))
    assert faces["r"]["dl"] == 2 and TD.has_faces(faces["r"])
    assert replay.fold(t.events).to_dict() == t.state.to_dict()


def test_session_charting_the_tables_luck_needs_faces():
    t = _table({"dice": "table-faces"})
    roll = {"t": "roll", "p": 0, "d": 1, "a": 4, "b": 2}
    _refused(t, dict(roll, r=TD.record("teg", 4, 2, 1, 1)), "give the faces")
    t.act(dict(roll, r=TD.faces_record("teg", 4, 2, [3, 3, 1], [5, 2])))
    assert t.state.last["al"] == 1 and t.state.last["dl"] == 1


def test_device_dice_refuse_a_tables_roll_and_old_logs_are_the_devices():
    t = _table()
    roll = {"t": "roll", "p": 0, "d": 1, "a": 4, "b": 2}
    _refused(t, dict(roll, r=TD.record("teg", 4, 2, 1, 1)), "rolls the device's dice")
    e = t.act(roll)
    assert not TD.told(e["r"]) and TD.has_faces(e["r"])
    with raises(IllegalMove, "table-faces, not 'bones'"):
        Z.check(Z.Session(), Z.new_session("teg", ["blue", "red"], {"dice": "bones"}))


def test_the_map_engine_takes_the_tables_losses_or_faces():
    """The map engine (map mode, `comando play`): an attack of a game with ``dice`` table carries
    the table's losses (``al``/``dl``, faces of 0) or its faces, marked ``tb``; a result the dice
    cannot give is refused naming the rule, nothing changed; the log folds to the same state."""
    from comando import engine
    from engine_fixtures import arrange, c, hostilities
    g = hostilities(2, options={"dice": "table"})
    s = g.state
    p = s.cur
    arrange(s, {"argentina": p, "brasil": 1 - p}, {"argentina": 5, "brasil": 2})
    a = {"t": "attack", "p": p, "f": c("argentina"), "to": c("brasil")}
    for bad, msg in ((a, "give the table's result"),
                     (dict(a, tb=1, al=2, dl=1), "compare 2 pairs"),
                     (dict(a, tb=1, al=1, dl=1, ad=[6, 0, 0]), "or 0 for every die"),
                     (dict(a, al=1, dl=1), "give the table's result")):
        before = s.to_dict()
        with raises(IllegalMove, msg):
            engine.check(s, bad)
        assert s.to_dict() == before
    e = engine.make(s, dict(a, tb=1, al=1, dl=1), None)
    assert e["ad"] == [0, 0, 0] and e["dd"] == [0, 0]
    engine.check(s, e)   # the stored event checks again (a replay)
    engine.apply(s, e)
    assert s.armies[c("argentina")] == 4 and s.armies[c("brasil")] == 1
    f = engine.make(s, dict(a, tb=1, ad=[6, 5, 1], dd=[2]), None)
    engine.apply(s, f)
    assert s.owner[c("brasil")] == p   # 6 beats 2: the last army falls, conquered


def test_wars_announced_armies_and_the_tables_losses():
    """WAR (war.txt "How to Attack", step 3: the attacker announces how many armies attack):
    the table's losses of the announced dice (``na``) are stored with that many dice; a record
    of more dice than announced, or losses the announced dice cannot give, is refused naming the
    rule, nothing changed; after a conquest at most the announced armies move in."""
    t = _table({"dice": "table"}, "war")
    p = t.state.cur
    roll = {"t": "roll", "p": p, "d": 1 - p, "a": 4, "b": 1, "na": 2}
    _refused(t, dict(roll, r=TD.record("war", 4, 1, 0, 1)), "3/1 dice, the attack 2/1")
    with raises(RulesError, "compare 1 pair"):
        TD.record("war", 4, 1, 1, 1, att_dice=2)
    e = t.act(dict(roll, r=TD.record("war", 4, 1, 0, 1, att_dice=2)))
    assert e["r"]["ad"] == [0, 0] and e["r"]["dd"] == [0] and e["r"]["tb"] == 1
    assert combat.record_move_limits(e["r"]) == (1, 2)
    assert replay.fold(t.events).to_dict() == t.state.to_dict()


def test_risks_defenders_choice_and_the_tables_losses():
    """Risk with defdice=choose (risk-online-12-maps.txt: the defender rolls 1 or 2 dice): the
    table's losses of 3 dice against the 1 chosen; without the option the choice is refused."""
    cols = ("red", "blue")
    t = _table({"dice": "table", "defdice": "choose"}, "risk", cols)
    p = t.state.cur
    roll = {"t": "roll", "p": p, "d": 1 - p, "a": 4, "b": 2, "nd": 1}
    _refused(t, dict(roll, r=TD.record("risk", 4, 2, 1, 1)), "3/2 dice, the attack 3/1")
    e = t.act(dict(roll, r=TD.record("risk", 4, 2, 1, 0, def_dice=1)))
    assert len(e["r"]["ad"]) == 3 and len(e["r"]["dd"]) == 1 and e["r"]["al"] == 1
    assert replay.fold(t.events).to_dict() == t.state.to_dict()
    auto = _table({"dice": "table"}, "risk", cols)
    _refused(auto, dict(roll, r=TD.record("risk", 4, 2, 1, 0, def_dice=1)), "dice are automatic at this table")


def test_map_picks_offer_the_attacks_a_table_dice_game_allows():
    """Map mode's lists (comando.engine.picks) in a game of the table's dice: the attacks the
    engine allows once the table tells a result, the same as with the device's dice; an attack
    from one army refused naming the rule (teg-classic.txt: at least 2 armies)."""
    from comando.engine import picks
    from engine_fixtures import arrange, c, hostilities
    for mode in ("table", "table-faces"):
        g = hostilities(2, options={"dice": mode})
        dev = hostilities(2)
        for s in (g.state, dev.state):
            p = s.cur
            arrange(s, {"argentina": p, "brasil": 1 - p, "chile": 1 - p, "peru": p},
                    {"argentina": 5, "brasil": 2, "chile": 1, "peru": 1})
        p = g.state.cur
        assert picks.sources(g.state, p) == picks.sources(dev.state, p)
        assert c("argentina") in picks.sources(g.state, p)
        assert picks.targets(g.state, c("argentina"), p) == \
            picks.targets(dev.state, c("argentina"), p)
        a = {"t": "attack", "p": p, "f": c("argentina"), "to": c("chile")}
        picks.check_attack(g.state, a)
        assert "tb" not in a   # (the action asked about is not changed)
        with raises(IllegalMove, "2"):
            picks.check_attack(g.state, dict(a, f=c("peru")))
