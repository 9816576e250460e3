"""The map game's lean board on the device (comando.board_map: the packed board plus the file's
symbols, objectives and tables): for every shipped board each call the engine makes answers as
the validated Board does, and whole La Revancha and T.E.G. games by the bot give the same events
and states with either board (teg-la-revancha.txt "Attacks with Missiles": a missile's reach in
borders; "Objectives"; teg-classic.txt "9. List of Secret Objectives")."""

from mpytest import raises

from comando import engine
from comando.board import load_board, list_boards, board_path
from comando.board_map import from_files, MapBoard
from comando.board_packer import pack
from comando.dice import SeededDice
from comando.engine.bot import Bot

MPY_HEAP = "2m"


def both(bid):
    b = load_board(board_path(bid))
    with open(board_path(bid)) as f:
        m = from_files(bytes(pack(b)), f.read())
    return b, m


def owners(n, players, seed):
    d = SeededDice(seed)
    return [d.roll(1)[0] % players for _ in range(n)]


def test_every_board_answers_the_engine_as_the_board_does():
    for bid in list_boards():
        b, m = both(bid)
        assert isinstance(m, MapBoard) and m.id == b.id and m.n == b.n
        assert m.objectives == b.objectives and m.common_objective == b.common_objective
        assert m.tables == b.tables and m.card_symbols == b.card_symbols
        assert m.complete == b.complete
        for i in range(b.n):
            assert m.symbol(i) == b.symbol(i), (bid, i)
            assert m.within(i) == b.within(i), (bid, i)
            for x in range(b.n):
                assert m.distance(i, x) == b.distance(i, x), (bid, i, x)
        for seed in range(6):
            own = owners(b.n, 2, seed)
            arm = [1 + (k * 7 + seed) % 3 for k in range(b.n)]
            objs = list(b.objectives) + ([b.common_objective] if b.common_objective else [])
            for p in range(2):
                assert m.chains(own, p) == b.chains(own, p)
                for i in range(0, b.n, 5):
                    assert m.chain(own, p, i) == b.chain(own, p, i)
                    assert m.connected(own, p, i, b.n - 1) == b.connected(own, p, i, b.n - 1)
            for o in objs:
                for p in range(2):
                    assert m.occupation_met(o, own, p, arm) == b.occupation_met(o, own, p, arm)
                    assert m.occupation_met(o, own, p) == b.occupation_met(o, own, p)


def test_a_held_objective_is_met_on_either_board():
    # teg-classic.txt "9. List of Secret Objectives": occupy Africa, 5 of North America and 4
    # of Europe, checked on a table where player 0 holds everything
    b, m = both("teg")
    own = [0] * b.n
    for o in b.objectives:
        if o.get("type") == "occupy":
            assert m.occupation_met(o, own, 0) and b.occupation_met(o, own, 0)
            assert not m.occupation_met(o, own, 1)


def lockstep(rs, colours, seed, bot):
    """The same seeded game on the validated board and on the lean one, an event at a time (no
    log kept: the unix port's test heap). Returns the events played and the last state."""
    b, m = both(rs)
    players = [("P%d" % i, colours[i]) for i in range(len(colours))]
    gb = engine.new_game(b, rs, players, rng=SeededDice(seed))
    gm = engine.new_game(m, rs, players, rng=SeededDice(seed))
    assert gm.log == gb.log
    sb, sm, rb, rm = gb.state, gm.state, gb.rng, gm.rng
    gb = gm = None
    bb, bm = bot(), bot()
    n = 0
    while sb.phase != "over" and n < 4000:
        eb = engine.make(sb, bb.action(sb), rb)
        em = engine.make(sm, bm.action(sm), rm)
        assert em == eb, n
        engine.apply(sb, eb)
        engine.apply(sm, em)
        n += 1
    assert sm.to_dict() == sb.to_dict()
    return n, sm


def test_whole_games_are_the_same_on_the_lean_board():
    from comando.rulesets.revancha.bot import RevanchaBot
    cols = ("blue", "red", "black", "yellow")
    n, st = lockstep("revancha", cols, 3, lambda: RevanchaBot(SeededDice(1003)))
    assert st.phase == "over" and st.winner >= 0 and n > 100
    n, st = lockstep("teg", cols, 7, lambda: Bot(SeededDice(1007)))
    assert st.phase == "over" and st.winner >= 0 and n > 100
    # Risk regroups along chains (risk-online-12-maps.txt: "connected to it by a chain of your
    # own ground")
    n, st = lockstep("risk", ("red", "blue", "green"), 5, lambda: Bot(SeededDice(1005)))
    assert st.phase == "over" and st.winner >= 0 and n > 100


def test_a_file_that_is_not_its_packed_board_is_refused():
    b, m = both("teg")
    with open(board_path("revancha")) as f:
        text = f.read()
    with raises(ValueError):
        from_files(bytes(pack(b)), text)
    with raises(ValueError):
        from_files(b"not a board\n", text)
