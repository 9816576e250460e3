"""La Revancha's aggression pacts and countries in condominium, a public ledger the engine
enforces (rules/teg-la-revancha.txt, "Aggression Pacts and Condominiums", "To attack a country in
condominium", and "B) Placing Armies on the Map": "always in its own countries or in
condominium"). Seats: 0 White, 1 Black, 2 Red, 3 Blue, 4 Yellow."""

MPY_HEAP = "1m"  # the 72-country board, its engine and a game

from comando import engine
from comando.errors import IllegalMove
from comando.rulesets.revancha import condominium as cdm
from mpytest import raises
from revfix import RULES, c, past_setup, arrange, turn, snapshot
from revfix import play as play_only
from revcheck import Checker

BLACK, RED, BLUE, YELLOW = 1, 2, 3, 4
IRAN, RUSSIA, UKRAINE, BELARUS, POLAND = c("iran"), c("rusia"), c("ucrania"), c("bielorrusia"), c("polonia")


def play(s, ev):
    """Check, apply and verify one event against tests/core/revcheck.py's invariants."""
    prev = s.copy()
    play_only(s, ev)
    Checker().step(prev, s, ev)
    return s


def refused(s, ev, words):
    before = snapshot(s)
    with raises(IllegalMove, words):
        engine.check(s, ev)
    assert snapshot(s) == before


def ukraine_game(armies=None):
    """Red holds Iran, Black Russia, Blue Ukraine and Belarus, Yellow Poland (the book's map)."""
    g = past_setup(5)
    s = g.state
    arrange(s, {}, default_owner=0)
    a = {"iran": 6, "rusia": 6, "ucrania": 2, "bielorrusia": 1, "polonia": 6}
    a.update(armies or {})
    arrange(s, {"iran": RED, "rusia": BLACK, "ucrania": BLUE, "bielorrusia": BLUE, "polonia": YELLOW}, a)
    turn(g, RED)
    return g, s


def share_ukraine(s):
    """"Iran (Red) and Russia (Black) join to attack Ukraine (Blue)", in Red's turn."""
    play(s, {"t": "aggress", "p": RED, "q": BLACK, "to": UKRAINE, "a": IRAN, "b": RUSSIA})
    play(s, {"t": "attack", "p": RED, "f": IRAN, "to": UKRAINE, "ad": [1, 1, 1], "dd": [6, 6]})
    play(s, {"t": "attack", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "ad": [6, 6, 6], "dd": [1, 1]})


def test_iran_and_russia_conquer_ukraine_in_the_books_order():
    """"1. The player whose turn it is attacks ... 2. ... the second player ... is obliged to
    attack it with its armies; this is the only occasion on which a player may attack outside its
    usual turn. 3. The attack turn returns to the first player" (Aggression Pacts and
    Condominiums; example: Iran (Red) and Russia (Black) join to attack Ukraine (Blue))."""
    g, s = ukraine_game({"iran": 5, "ucrania": 3})
    play(s, {"t": "aggress", "p": RED, "q": BLACK, "to": UKRAINE, "a": IRAN, "b": RUSSIA})
    refused(s, {"t": "attack", "p": BLACK, "f": RUSSIA, "to": UKRAINE}, "(red)'s roll")
    play(s, {"t": "attack", "p": RED, "f": IRAN, "to": UKRAINE, "ad": [6, 1, 1], "dd": [1, 1, 1]})
    assert s.armies[UKRAINE] == 2 and s.armies[IRAN] == 3
    # the ally rolls next, out of its turn; the leader may not roll twice, nor stop
    refused(s, {"t": "attack", "p": RED, "f": IRAN, "to": UKRAINE}, "the second player")
    refused(s, {"t": "end", "p": RED}, "obliged to attack")
    refused(s, {"t": "attack", "p": RED, "f": IRAN, "to": c("turquia")}, "obliged to attack")
    play(s, {"t": "attack", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "ad": [6, 6, 1], "dd": [1, 6]})
    assert s.armies[RUSSIA] == 5 and s.armies[UKRAINE] == 1
    play(s, {"t": "attack", "p": RED, "f": IRAN, "to": UKRAINE, "ad": [6, 6], "dd": [1]})
    # "it becomes a COUNTRY IN CONDOMINIUM"
    assert cdm.holders(s, UKRAINE) == (RED, BLACK)
    assert cdm.own(s, UKRAINE, RED) == 1 and cdm.own(s, UKRAINE, BLACK) == 1
    # "a minimum of one and a maximum of two armies each"
    refused(s, {"t": "move", "p": RED, "n": 3, "m": 1}, "maximum of two")
    play(s, {"t": "move", "p": RED, "n": 2, "m": 2})
    assert cdm.own(s, UKRAINE, RED) == 2 and cdm.own(s, UKRAINE, BLACK) == 2
    assert s.armies[IRAN] == 1 and s.armies[RUSSIA] == 3
    assert s.alive[BLUE]  # Blue still holds Belarus


def test_the_attack_ends_when_each_attacking_country_has_one_army():
    """"until they conquer it or until only one token remains in each 'attacking' country"."""
    g, s = ukraine_game({"iran": 2, "rusia": 2, "ucrania": 5})
    play(s, {"t": "aggress", "p": RED, "q": BLACK, "to": UKRAINE, "a": IRAN, "b": RUSSIA})
    play(s, {"t": "attack", "p": RED, "f": IRAN, "to": UKRAINE, "ad": [1], "dd": [6, 6, 6]})
    play(s, {"t": "attack", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "ad": [1], "dd": [6, 6, 6]})
    assert s.x["ag"] is None
    play(s, {"t": "end", "p": RED})  # no obligation left


def test_leader_then_ally_regroup_into_the_condominium():
    """"If the player whose turn it is wishes to regroup, it may move all the armies it wishes into
    the country in condominium ... Once the player who led the attacks has finished its
    regroupings ... its ally may also regroup armies ... this being the only case in which a
    player may regroup armies outside its turn.\""""
    g, s = ukraine_game()
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 1, "m": 1})
    play(s, {"t": "regroup", "p": RED, "f": IRAN, "to": UKRAINE, "n": 2})
    assert cdm.own(s, UKRAINE, RED) == 3
    play(s, {"t": "regroup", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "n": 2})
    assert cdm.own(s, UKRAINE, BLACK) == 3 and s.armies[RUSSIA] == 3
    # the ally's regroup closed the leader's: no more attacks nor regroups this turn
    refused(s, {"t": "regroup", "p": RED, "f": UKRAINE, "to": IRAN, "n": 1}, "card phase")
    # only toward the condominium, and only this turn
    refused(s, {"t": "regroup", "p": BLACK, "f": RUSSIA, "to": c("china"), "n": 1}, "turn")
    play(s, {"t": "end", "p": RED})
    refused(s, {"t": "regroup", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "n": 1}, "")


def test_one_conquest_by_aggression_pact_gives_no_card_two_do():
    """"The conquest of a country by means of an aggression pact does not count for drawing a card,
    except that by this method at least two countries had been conquered.\""""
    g, s = ukraine_game()
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 1, "m": 1})
    refused(s, {"t": "draw", "p": RED}, "aggression pact")
    # a second one, from the condominium both share, against Belarus (also Blue)
    s.armies[UKRAINE] = 3
    cdm.row(s, UKRAINE)[2] = 3
    play(s, {"t": "aggress", "p": RED, "q": BLACK, "to": BELARUS, "a": UKRAINE, "b": UKRAINE})
    play(s, {"t": "attack", "p": RED, "f": UKRAINE, "to": BELARUS, "ad": [6, 6], "dd": [1]})
    assert cdm.holders(s, BELARUS) == (RED, BLACK)
    play(s, {"t": "move", "p": RED, "n": 1, "m": 1})
    engine.check(s, {"t": "draw", "p": RED})


def test_allies_do_not_attack_each_other_for_one_round():
    """"During that round they may not attack each other. Only during the following round, when
    the turn of the player who joined the attacks (the holder of Russia) comes, may they attack
    each other again.\""""
    g, s = ukraine_game({"turquia": 5})
    arrange(s, {"turquia": RED}, {"turquia": 5, "iran": 6, "rusia": 6, "ucrania": 2, "polonia": 6,
                                   "bielorrusia": 1})
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 1, "m": 1})
    refused(s, {"t": "attack", "p": RED, "f": c("turquia"), "to": RUSSIA}, "attacked Ucrania together")
    pid = [p for p in s.pacts if p[1] == "a"][0][0]
    refused(s, {"t": "unpact", "p": RED, "id": pid}, "one round")
    turn(g, BLACK, rnd=2)  # Black's turn of the same round: still bound
    refused(s, {"t": "attack", "p": BLACK, "f": RUSSIA, "to": c("turquia")}, "attacked Ucrania together")
    turn(g, BLACK, rnd=3)  # the following round, the ally's turn: free again
    engine.check(s, {"t": "attack", "p": BLACK, "f": RUSSIA, "to": c("turquia")})


def test_holders_respect_the_condominium_and_the_allies_neighbours():
    """"'Red' may not attack the Black armies in Ukraine from Iran, nor may 'Black' attack the Red
    armies in Ukraine from Russia." and "the Red armies in Ukraine may not attack the Black armies
    in Russia, nor may the Black armies in Ukraine attack the Red armies in Iran.\""""
    g, s = ukraine_game()
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 2, "m": 2})
    turn(g, RED, rnd=3)
    refused(s, {"t": "attack", "p": RED, "f": IRAN, "to": UKRAINE, "vs": BLACK}, "from inside")
    refused(s, {"t": "attack", "p": RED, "f": UKRAINE, "to": RUSSIA}, "neighboring countries of their allies")
    refused(s, {"t": "attack", "p": RED, "f": UKRAINE, "to": UKRAINE, "vs": BLACK}, "from inside")
    turn(g, BLACK, rnd=4)
    refused(s, {"t": "attack", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "vs": RED}, "from inside")
    refused(s, {"t": "attack", "p": BLACK, "f": UKRAINE, "to": IRAN}, "neighboring countries of their allies")


def test_red_attacks_belarus_alone_with_its_own_armies():
    """"It is the turn of 'Red,' which wishes to attack Belarus without the help of 'Black.' It may
    use only the armies of Ukraine that belong to it, and if it conquers the country, that country
    will belong to it entirely.\""""
    g, s = ukraine_game()
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 2, "m": 2})
    turn(g, RED, rnd=3)
    cdm.row(s, UKRAINE)[2] = 9  # Black's armies never roll for Red
    play(s, {"t": "attack", "p": RED, "f": UKRAINE, "to": BELARUS, "ad": [6], "dd": [1]})
    assert s.owner[BELARUS] == RED and cdm.row(s, BELARUS) is None and s.armies[BELARUS] == 1
    assert cdm.own(s, UKRAINE, RED) == 1 and cdm.own(s, UKRAINE, BLACK) == 9
    # and Black, the co-holder, alone in its own turn: its own armies only
    turn(g, BLACK, rnd=4)
    arrange(s, {"albania": BLUE}, {"albania": 1, "ucrania": 1, "iran": 2, "rusia": 3, "bielorrusia": 1,
                                   "polonia": 6})
    cdm.row(s, UKRAINE)[2] = 3
    play(s, {"t": "attack", "p": BLACK, "f": UKRAINE, "to": c("albania"), "ad": [6, 6], "dd": [2]})
    assert s.owner[c("albania")] == BLACK
    play(s, {"t": "move", "p": BLACK, "n": 2})
    assert s.armies[c("albania")] == 2 and cdm.own(s, UKRAINE, BLACK) == 1
    assert cdm.own(s, UKRAINE, RED) == 1 and s.owner[UKRAINE] == RED


def test_joint_attack_from_the_condominium_has_no_obligation():
    """"Allies may join forces from the country in condominium to attack another country belonging
    to a third party. ... except that there is no obligation to attack the new target to the end.\""""
    g, s = ukraine_game({"bielorrusia": 3})
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 2, "m": 2})
    turn(g, RED, rnd=3)
    play(s, {"t": "aggress", "p": RED, "q": BLACK, "to": BELARUS, "a": UKRAINE, "b": UKRAINE})
    play(s, {"t": "attack", "p": RED, "f": UKRAINE, "to": BELARUS, "ad": [6], "dd": [1, 1, 1]})
    play(s, {"t": "attack", "p": BLACK, "f": UKRAINE, "to": BELARUS, "ad": [1], "dd": [6, 6]})
    assert cdm.own(s, UKRAINE, BLACK) == 1
    play(s, {"t": "end", "p": RED})


def test_yellow_expels_black_and_the_pacts_break():
    """"1. It must announce, before each roll, which of the occupants it is attacking. ... 3. ... a
    new condominium will be established between the occupant that still remains in the country and
    the new one. ... 4. ... 'Red' and 'Black' shared Ukraine, but 'Black' was expelled by 'Yellow.'
    From now on, 'Black' may attack the Red armies in Ukraine from outside, and the Red armies in
    Ukraine may attack the Black armies in the neighboring countries." (To attack a country in
    condominium)"""
    g, s = ukraine_game()
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 2, "m": 2})
    turn(g, YELLOW, rnd=3)
    refused(s, {"t": "attack", "p": YELLOW, "f": POLAND, "to": UKRAINE}, "announce")
    refused(s, {"t": "attack", "p": YELLOW, "f": POLAND, "to": UKRAINE, "vs": BLUE}, "announce")
    play(s, {"t": "attack", "p": YELLOW, "f": POLAND, "to": UKRAINE, "vs": BLACK, "ad": [6, 6, 1], "dd": [1, 1]})
    assert cdm.holders(s, UKRAINE) == (YELLOW, RED)
    assert cdm.own(s, UKRAINE, RED) == 2 and cdm.own(s, UKRAINE, YELLOW) == 1
    assert not [p for p in s.pacts if p[1] == "a"]
    play(s, {"t": "move", "p": YELLOW, "n": 3})
    assert cdm.own(s, UKRAINE, YELLOW) == 3 and s.armies[POLAND] == 3
    turn(g, BLACK, rnd=4)
    engine.check(s, {"t": "attack", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "vs": RED})
    # "the occupants may attack their condominium rival from outside and from inside"
    turn(g, YELLOW, rnd=5)
    arrange(s, {"polonia": YELLOW}, {"polonia": 3, "iran": 2, "rusia": 3, "bielorrusia": 1})
    s.armies[UKRAINE] = 3
    cdm.row(s, UKRAINE)[2] = 1
    play(s, {"t": "attack", "p": YELLOW, "f": UKRAINE, "to": UKRAINE, "vs": RED, "ad": [6, 6], "dd": [1]})
    # "If it manages to expel both occupants, the country will belong to it exclusively."
    assert cdm.row(s, UKRAINE) is None and s.owner[UKRAINE] == YELLOW and s.armies[UKRAINE] == 3


def test_red_attacks_inside_ukraine_only_after_breaking_and_waiting():
    """"This pact has no fixed duration and may be broken when one of the parties announces its
    breaking. In this case, the player who decided to break the pact must continue to respect it
    until the next turn of the other party ends." "After the pact is broken, they may attack each
    other within the borders of Ukraine.\""""
    g, s = ukraine_game()
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 2, "m": 2})
    play(s, {"t": "cbreak", "p": RED, "c": UKRAINE})
    refused(s, {"t": "cbreak", "p": RED, "c": UKRAINE}, "already broken")
    turn(g, RED, rnd=3)
    refused(s, {"t": "attack", "p": RED, "f": UKRAINE, "to": UKRAINE}, "until the next turn of the other party ends")
    turn(g, BLACK, rnd=3)
    play(s, {"t": "end", "p": BLACK})
    turn(g, RED, rnd=4)
    s.armies[UKRAINE] = 3
    cdm.row(s, UKRAINE)[2] = 1
    play(s, {"t": "attack", "p": RED, "f": UKRAINE, "to": UKRAINE, "ad": [6, 6], "dd": [1]})
    assert cdm.row(s, UKRAINE) is None and s.owner[UKRAINE] == RED and s.armies[UKRAINE] == 3
    assert s.conq == 1  # "it may count it among those necessary for drawing a card"


def test_reinforcements_go_in_condominium():
    """"These armies are distributed freely across the whole map, always in its own countries or in
    condominium" (B) Placing Armies on the Map)."""
    g, s = ukraine_game()
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 1, "m": 1})
    turn(g, BLACK, "add", reserve=4, rnd=3)
    play(s, {"t": "place", "p": BLACK, "c": UKRAINE, "n": 3})
    assert cdm.own(s, UKRAINE, BLACK) == 4 and cdm.own(s, UKRAINE, RED) == 1
    assert s.reserve == 1


def test_a_condominium_game_folds_from_its_log():
    """The ledger is plain data in the log: a game with a condominium folds to the same state."""
    g, s = ukraine_game()
    base = s.copy()
    evs = [{"t": "aggress", "p": RED, "q": BLACK, "to": UKRAINE, "a": IRAN, "b": RUSSIA},
           {"t": "attack", "p": RED, "f": IRAN, "to": UKRAINE, "ad": [1, 1, 1], "dd": [6, 6]},
           {"t": "attack", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "ad": [6, 6, 6], "dd": [1, 1]},
           {"t": "move", "p": RED, "n": 2, "m": 1},
           {"t": "regroup", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "n": 1},
           {"t": "end", "p": RED}]
    for ev in evs:
        play(s, ev)
    t = base.copy()
    for ev in evs:
        engine.apply(t, ev)
    assert t.to_dict() == s.to_dict()
    cp = s.copy()
    cdm.row(cp, UKRAINE)[2] = 99
    assert cdm.own(s, UKRAINE, BLACK) == 2  # State.copy copies the rows
    assert cdm.describe(s, cdm.row(s, UKRAINE)).startswith("Ucrania in condominium")


def test_how_a_condominium_counts_is_a_table_option():
    """"A country conquered by means of an aggression pact belongs equally to the two players. Both
    players have influence over that country, but neither has absolute control of it." The book
    does not say how it counts for the 45 countries, objectives and continents: option condo
    (docs/decisions/revancha-condominium-counts.md) - 0 (default) for neither holder, 1 for each holder."""
    for opt, expect in ((0, 0), (1, 1)):
        g = past_setup(5, options={"condo": opt})
        s = g.state
        arrange(s, {}, default_owner=0)
        arrange(s, {"iran": RED, "rusia": BLACK, "ucrania": BLUE, "bielorrusia": BLUE, "polonia": YELLOW},
                {"iran": 6, "rusia": 6, "ucrania": 2, "polonia": 6})
        turn(g, RED)
        red, black = cdm.count(s, RED), cdm.count(s, BLACK)
        share_ukraine(s)
        assert cdm.count(s, RED) == red + expect and cdm.count(s, BLACK) == black + expect
        assert RULES.reinforcements(s, BLACK)[0] == max(4, (black + expect) // 2)
    with raises(Exception, "condo"):
        past_setup(4, options={"condo": 2})


def test_the_co_holder_regroups_its_own_share_in_its_turn():
    """B) Regrouping Forces with a country in condominium: each holder moves only its own armies
    ("It may use only the armies of Ukraine that belong to it"); missiles stay out of it
    (docs/decisions/revancha-condominium-no-missiles.md)."""
    g, s = ukraine_game()
    share_ukraine(s)
    play(s, {"t": "move", "p": RED, "n": 2, "m": 2})
    turn(g, BLACK, rnd=3)
    play(s, {"t": "regroup", "p": BLACK, "f": RUSSIA, "to": UKRAINE, "n": 2})
    assert cdm.own(s, UKRAINE, BLACK) == 4 and cdm.own(s, UKRAINE, RED) == 2
    refused(s, {"t": "regroup", "p": BLACK, "f": UKRAINE, "to": RUSSIA, "n": 3}, "moved there this turn")
    play(s, {"t": "regroup", "p": BLACK, "f": UKRAINE, "to": RUSSIA, "n": 2})
    assert cdm.own(s, UKRAINE, BLACK) == 2 and s.armies[RUSSIA] == 4 and cdm.own(s, UKRAINE, RED) == 2
    turn(g, YELLOW, rnd=4)
    refused(s, {"t": "missile", "p": YELLOW, "f": POLAND, "to": UKRAINE}, "condominium")
    turn(g, RED, "add", reserve=6, rnd=5)
    refused(s, {"t": "arm", "p": RED, "c": UKRAINE, "k": 1, "src": "r"}, "No missiles")


def test_an_ally_bound_by_a_pact_with_the_target_cannot_join():
    """"1. Pacts": a non-aggression pact binds in an aggression pact too (Black and Blue's world
    pact keeps Black out of the attack on Ukraine)."""
    g, s = ukraine_game()
    s.pacts.append([1, "w", BLACK, BLUE, -1, -1, -1, 0])
    refused(s, {"t": "aggress", "p": RED, "q": BLACK, "to": UKRAINE, "a": IRAN, "b": RUSSIA},
            "world non-aggression between")


def test_a_resting_ally_does_not_join():
    """Hostilities - Situation Cards: "REST: the color mentioned on the rest card ... may not attack
    or regroup" - nor roll in an aggression pact."""
    from comando.rulesets.revancha import situations as sit
    g, s = ukraine_game()
    s.x["sit"] = [k for k in range(sit.DECK_SIZE) if sit.kind(k) == sit.REST and sit.rest_colour(k) == "black"][0]
    refused(s, {"t": "aggress", "p": RED, "q": BLACK, "to": UKRAINE, "a": IRAN, "b": RUSSIA}, "REST")


def test_an_aggression_pact_obeys_open_and_closed_borders():
    """Each ally's attack is an attack: "OPEN BORDERS: attacks may only be made from one continent
    toward the outside"; "CLOSED BORDERS: attacks may only be made within the borders of each
    continent" (teg-la-revancha.txt, Hostilities - Situation Cards). Iran (Red) is in Asia, Poland
    (Yellow) and Ukraine (Blue) in Europe; the refusal names the card, nothing changes."""
    closed, opened = 40, 36  # a CLOSED and an OPEN BORDERS card of the situation deck
    ev = {"t": "aggress", "p": RED, "q": YELLOW, "to": UKRAINE, "a": IRAN, "b": POLAND}
    g, s = ukraine_game()
    s.x["sit"] = closed
    refused(s, ev, "closed borders")  # Iran -> Ukraine leaves Asia
    g, s = ukraine_game()
    s.x["sit"] = opened
    refused(s, ev, "open borders")  # Poland -> Ukraine stays in Europe
    g, s = ukraine_game()
    s.x["sit"] = opened
    play(s, {"t": "aggress", "p": RED, "q": BLACK, "to": UKRAINE, "a": IRAN, "b": RUSSIA})
    assert s.x["ag"][0] == UKRAINE


def test_an_aggression_pact_is_not_launched_from_a_condominium_shared_with_the_victim():
    """"Holders of countries in condominium may not attack from there the neighboring countries of
    their allies" (teg-la-revancha.txt, Aggression Pacts and Condominiums): not in a joint attack
    either. Red holds Iran with Blue under their pact; Red and Black may not attack Blue's Ukraine
    from Iran."""
    g, s = ukraine_game()
    cdm.ensure(s)
    s.x["cd"].append([IRAN, BLUE, 2, -1, 0])
    refused(s, {"t": "aggress", "p": RED, "q": BLACK, "to": UKRAINE, "a": IRAN, "b": RUSSIA},
            "the condominium they share")
