"""La Revancha's missiles, every example of rules/teg-la-revancha.txt "Attacks with Missiles" and
"Attack Conditions" (Missiles), and the 4-dice example of "Development of the Attack"."""

MPY_HEAP = "1m"  # the 72-country board, its engine and a game

from comando import engine, combat
from comando.errors import IllegalMove
from mpytest import raises
from revfix import RULES, c, past_setup, arrange, turn, play, snapshot


def _nz(armies=20, phase="add", reserve=0):
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=1)
    arrange(s, {"nueva_zelandia": 0, "argentina": 0}, {"nueva_zelandia": armies, "argentina": 2})
    turn(g, 0, phase, reserve)
    return g, s


def test_replacing_armies_in_new_zealand_1_2_3_missiles():
    """"White has 20 armies in New Zealand ... 1. ... 14 armies and 1 missile. 2. ... 8 armies and
    two missiles. 3. ... 2 armies and 3 missiles." "at least one occupation army must always
    remain"."""
    for k, left in ((1, 14), (2, 8), (3, 2)):
        g, s = _nz(20)
        play(s, {"t": "arm", "p": 0, "c": c("nueva_zelandia"), "k": k, "src": "m"})
        assert s.armies[c("nueva_zelandia")] == left and s.x["mis"][c("nueva_zelandia")] == k
    g, s = _nz(20)
    before = snapshot(s)
    with raises(IllegalMove, "at least one occupation army must always remain"):
        engine.check(s, {"t": "arm", "p": 0, "c": c("nueva_zelandia"), "k": 4, "src": "m"})
    assert snapshot(s) == before


def test_six_armies_need_one_more_for_a_missile():
    """"Suppose White has 6 armies in New Zealand. It need only place one more army for it to be
    able to replace its armies with one missile. The country will thus remain with one missile and
    one army.\""""
    g, s = _nz(6, "add", 1)
    with raises(IllegalMove, "one must stay"):
        engine.check(s, {"t": "arm", "p": 0, "c": c("nueva_zelandia"), "k": 1, "src": "m"})
    play(s, {"t": "place", "p": 0, "c": c("nueva_zelandia"), "n": 1})
    play(s, {"t": "arm", "p": 0, "c": c("nueva_zelandia"), "k": 1, "src": "m"})
    assert s.armies[c("nueva_zelandia")] == 1 and s.x["mis"][c("nueva_zelandia")] == 1


def test_red_places_ten_as_one_missile_and_four_armies():
    """"Attack Conditions": "suppose the red color must place 10 armies. It may instead place one
    missile and four armies.\""""
    g, s = _nz(2, "add", 10)
    play(s, {"t": "arm", "p": 0, "c": c("argentina"), "k": 1, "src": "r"})
    assert s.to_place() == 4 and s.x["mis"][c("argentina")] == 1
    with raises(IllegalMove, "cost 12 of your new armies; you have 4"):
        engine.check(s, {"t": "arm", "p": 0, "c": c("argentina"), "k": 1 + 1, "src": "r"})
    play(s, {"t": "place", "p": 0, "c": c("argentina"), "n": 4})
    assert s.to_place() == 0 and s.armies[c("argentina")] == 6


def test_damage_by_distance_from_new_zealand():
    """"Suppose White has one missile in New Zealand: if it is launched at Tasmania, it destroys
    three armies; if it is launched at Australia, it destroys two armies; if it is launched at
    Sumatra, the Philippines or Tonga, it destroys one army.\""""
    for target, hit in (("tasmania", 3), ("australia", 2), ("sumatra", 1), ("filipinas", 1), ("tonga", 1)):
        g, s = _nz(5, "attack")
        s.x["mis"][c("nueva_zelandia")] = 1
        arrange(s, {target: 1}, {target: 10})
        play(s, {"t": "missile", "p": 0, "f": c("nueva_zelandia"), "to": c(target)})
        assert s.armies[c(target)] == 10 - hit, target
        assert s.x["mis"][c("nueva_zelandia")] == 0  # "detonated only once and leaves the board"


def test_out_of_range_refused():
    g, s = _nz(5, "attack")
    s.x["mis"][c("nueva_zelandia")] = 1
    arrange(s, {"china": 1}, {"china": 9})
    before = snapshot(s)
    with raises(IllegalMove, "up to three borders"):
        engine.check(s, {"t": "missile", "p": 0, "f": c("nueva_zelandia"), "to": c("china")})
    assert snapshot(s) == before


def test_tasmania_with_three_armies_cannot_be_hit():
    """1. "White has a missile in New Zealand and wants to detonate it in Tasmania ("Black"). But
    Tasmania has only three armies. The missile may not be detonated.\""""
    g, s = _nz(5, "attack")
    s.x["mis"][c("nueva_zelandia")] = 1
    arrange(s, {"tasmania": 1}, {"tasmania": 3})
    before = snapshot(s)
    with raises(IllegalMove, "Tasmania has only three armies. The missile may not be detonated."):
        engine.check(s, {"t": "missile", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania")})
    assert snapshot(s) == before
    s.armies[c("tasmania")] = 4
    play(s, {"t": "missile", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania")})
    assert s.armies[c("tasmania")] == 1 and s.owner[c("tasmania")] == 1  # never conquers


def test_missile_stopped_by_a_missile_unless_two_against_one():
    """"White wants to launch a missile from Argentina at Australia ("Green"). Australia has another
    missile among its forces. The attack cannot be carried out. Suppose, on the other hand, that
    Argentina has two missiles and Australia only one. One of the Argentine missiles may be
    detonated and, consequently, destroys two armies of Australia.\""""
    g, s = _nz(5, "attack")
    arrange(s, {"australia": 1}, {"australia": 7})
    s.x["mis"][c("argentina")] = 1
    s.x["mis"][c("australia")] = 1
    before = snapshot(s)
    with raises(IllegalMove, "The attack cannot be carried out"):
        engine.check(s, {"t": "missile", "p": 0, "f": c("argentina"), "to": c("australia")})
    assert snapshot(s) == before
    s.x["mis"][c("argentina")] = 2
    play(s, {"t": "missile", "p": 0, "f": c("argentina"), "to": c("australia")})
    assert s.armies[c("australia")] == 5 and s.x["mis"][c("argentina")] == 1
    assert s.x["mis"][c("australia")] == 1  # missiles never defend: none is lost


def test_captured_missile_fires_for_the_conqueror():
    """2. "New Zealand conquers Tasmania and captures the missile that was in Tasmania ... now it
    may use the captured missile to carry out a new attack.\""""
    g, s = _nz(8, "attack")
    arrange(s, {"tasmania": 1, "australia": 2}, {"tasmania": 1, "australia": 5})
    s.x["mis"][c("tasmania")] = 1
    play(s, {"t": "attack", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania"), "ad": [6, 6, 6], "dd": [1]})
    assert s.owner[c("tasmania")] == 0 and s.x["mis"][c("tasmania")] == 1
    play(s, {"t": "move", "p": 0, "n": 3})
    play(s, {"t": "missile", "p": 0, "f": c("tasmania"), "to": c("australia")})
    assert s.armies[c("australia")] == 2


def test_missile_not_moved_to_attack_only_regrouped():
    """3. "New Zealand may not move that missile to Tasmania in order to attack Australia. It may,
    however, regroup it during its regrouping stage.\""""
    g, s = _nz(8, "attack")
    arrange(s, {"tasmania": 1, "australia": 2}, {"tasmania": 1, "australia": 5})
    s.x["mis"][c("nueva_zelandia")] = 1
    play(s, {"t": "attack", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania"), "ad": [6, 6, 6], "dd": [1]})
    play(s, {"t": "move", "p": 0, "n": 3})
    assert s.x["mis"][c("nueva_zelandia")] == 1 and s.x["mis"][c("tasmania")] == 0
    play(s, {"t": "regroup", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania"), "n": 0, "m": 1})
    assert s.x["mis"][c("tasmania")] == 1 and s.phase == "regroup"
    with raises(IllegalMove, "not allowed now"):
        engine.check(s, {"t": "missile", "p": 0, "f": c("tasmania"), "to": c("australia")})
    with raises(IllegalMove, "missiles moved in this turn stay"):
        engine.check(s, {"t": "regroup", "p": 0, "f": c("tasmania"), "to": c("nueva_zelandia"), "n": 0, "m": 1})


def test_four_dice_example_and_missiles_do_not_count():
    """"Development of the Attack": 4 dice when the defender has at least 3 armies and the
    attacker at least doubles it, "missiles are not counted"; the example: White 5 5 4 2 against
    Black 4 5 2: Black loses two, White one, "The 4th die of White is not taken into account"."""
    g, s = _nz(6, "attack")
    arrange(s, {"tasmania": 1}, {"tasmania": 3})
    assert RULES.attack_dice(s, c("nueva_zelandia"), c("tasmania"), {}) == (4, 3)
    play(s, {"t": "attack", "p": 0, "f": c("nueva_zelandia"), "to": c("tasmania"),
             "ad": [5, 5, 4, 2], "dd": [4, 5, 2]})
    assert s.armies[c("nueva_zelandia")] == 5 and s.armies[c("tasmania")] == 1
    g, s = _nz(5, "attack")
    s.x["mis"][c("nueva_zelandia")] = 3  # 5 armies + 3 missiles (18 armies' worth): still 3 dice
    arrange(s, {"tasmania": 1}, {"tasmania": 3})
    assert RULES.attack_dice(s, c("nueva_zelandia"), c("tasmania"), {}) == (3, 3)
    # the three-dice example: White 6 5 1 against Black 6 4 2: "White removes two armies from New
    # Zealand and Black removes one army from Tasmania"
    assert combat.losses(4, 3, [6, 5, 1], [6, 4, 2]) == (2, 1)


def test_pact_airspace_colombia_nicaragua():
    """"1. Pacts" (Pacts and missiles): "Colombia ("White") and Nicaragua ("Black") sign a
    non-aggression pact. Colombia may not bombard El Salvador, because it would be flying over the
    airspace of the pact. Nor can it do so, for example, Chile, if it belonged to the same owner as
    Colombia.\""""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=2)
    arrange(s, {"colombia": 0, "chile": 0, "nicaragua": 1, "el_salvador": 1},
            {"colombia": 3, "chile": 3, "nicaragua": 4, "el_salvador": 5})
    s.x["mis"][c("colombia")] = 1
    s.x["mis"][c("chile")] = 1
    turn(g, 0)
    play(s, {"t": "pact", "p": 0, "q": 1, "k": "c", "a": c("colombia"), "b": c("nicaragua")})
    for f in ("colombia", "chile"):
        with raises(IllegalMove, "may not fly missiles over the borders of the pact"):
            engine.check(s, {"t": "missile", "p": 0, "f": c(f), "to": c("el_salvador")})
    with raises(IllegalMove, "do not attack each other"):
        engine.check(s, {"t": "missile", "p": 0, "f": c("colombia"), "to": c("nicaragua")})
    # the owner of Colombia from a country north of them: no pact airspace flown over
    arrange(s, {"honduras": 0}, {"honduras": 2})
    s.x["mis"][c("honduras")] = 1
    play(s, {"t": "missile", "p": 0, "f": c("honduras"), "to": c("el_salvador")})
    assert s.armies[c("el_salvador")] == 2


def test_pact_between_countries_within_three_borders_only():
    """"1. Pacts": "two non-neighboring countries may sign a pact, provided there are no more than
    three borders between the two"."""
    g = past_setup(4)
    s = g.state
    arrange(s, {}, default_owner=2)
    arrange(s, {"nueva_zelandia": 0, "sumatra": 1, "china": 1})
    turn(g, 0)
    play(s, {"t": "pact", "p": 0, "q": 1, "k": "c", "a": c("nueva_zelandia"), "b": c("sumatra")})
    before = snapshot(s)
    with raises(IllegalMove, "no more than three borders between the two"):
        engine.check(s, {"t": "pact", "p": 0, "q": 1, "k": "c", "a": c("nueva_zelandia"), "b": c("china")})
    assert snapshot(s) == before
