"""Packed boards (comando.board_pack, what the device loads): for every shipped board, every
method the packed form has answers exactly as the validated Board does (boards/README.md is the
format the Board reads; the packed file is made from that Board); the session checks a roll's
borders and La Revancha's open/closed borders the same way with either (teg-la-revancha.txt
"Hostilities - Situation Cards")."""

import os

from mpytest import raises, remove_quietly, temp_name

from comando import session as Z
from comando.session import replay
from comando.board import load_board, list_boards, default_board_id
from comando.board_pack import unpack, load_packed, EXT
from comando.board_packer import pack
from comando.dice import SeededDice
from comando.errors import BoardError, IllegalMove

MPY_HEAP = "1m"


def same(b, p):
    assert p.id == b.id and str(p.name) == str(b.name) and p.n == b.n
    assert p.continents == b.continents and tuple(p.rulesets) == tuple(b.rulesets)
    assert p.objectives == () and p.tables == {}
    for i in range(-1, b.n):
        assert p.cid(i) == b.cid(i)
        assert p.name(i) == b.name(i)
        assert p.short(i) == b.short(i)
        assert p.island(i) == b.island(i)
        assert p.continent_of(i) == b.continent_of(i)
        assert p.neighbours(i) == b.neighbours(i)
        assert p.index(b.cid(i)) == b.index(b.cid(i))
    for a in range(b.n):
        for x in range(b.n):
            assert p.is_border(a, x) == b.is_border(a, x), (b.id, a, x)
            assert p.is_internal(a, x) == b.is_internal(a, x)
            assert p.is_external(a, x) == b.is_external(a, x)
    for c in range(b.continents):
        assert p.continent_id(c) == b.continent_id(c)
        assert p.continent_name(c) == b.continent_name(c)
        assert p.continent_short(c) == b.continent_short(c)
        assert p.continent_bonus(c) == b.continent_bonus(c)
        assert p.members(c) == b.members(c)
        assert p.continent_index(b.continent_id(c)) == c
        owner = [0 if b.continent_of(i) == c else 1 for i in range(b.n)]
        assert p.owns_continent(owner, 0, c) == b.owns_continent(owner, 0, c) == True  # noqa: E712
        assert p.continents_owned(owner, 0) == b.continents_owned(owner, 0)
    assert p.borders() == b.borders()
    assert p.islands() == b.islands()


def test_every_shipped_board_packs_to_the_same_answers():
    for bid in list_boards():
        b = load_board(bid)
        data = pack(b)
        assert len(data) < 4096, (bid, len(data))  # revancha: ~3 KB
        same(b, unpack(data))


def test_unknown_ids_and_bad_files():
    p = unpack(pack(load_board("teg2_americas")))
    with raises(BoardError):
        p.index("atlantis")
    with raises(BoardError):
        p.continent_index("atlantis")
    with raises(IndexError):
        p.cid(p.n)
    with raises(ValueError):
        unpack(b'{"id": "teg"}\n')
    with raises(ValueError):
        unpack(b"")


def test_load_packed_reads_a_directory_and_misses_cleanly():
    d = temp_name("board-pack")   # the test's own directory (never the checkout's build/)
    os.mkdir(d)
    try:
        _load_packed_from(d)
    finally:
        remove_quietly(d + "/war" + EXT)
        os.rmdir(d)


def _load_packed_from(d):
    with open(d + "/war" + EXT, "wb") as f:
        f.write(pack(load_board("war")))
    p = load_packed("war", d)
    assert p is not None and p.id == "war" and p.n == 42
    # the body is read when a method first needs it, without the countries' ids and names
    # (read from the file when asked for): the same answers, a smaller body in memory
    same(load_board("war"), p)
    whole = unpack(pack(load_board("war")))
    assert len(p._d) < len(whole._d) - 500
    # a table game's board on the device: the header, then the packed board once more is asked
    from device import table_board
    t = table_board.load("war", d)
    assert t.n == 42 and t.continents == 6 and t.continent_bonus(5) == whole.continent_bonus(5)
    assert t._full is None   # (the header answered: no body, no comando.board_pack for it)
    same(load_board("war"), t)
    assert t._full is not None and table_board.load("no_such_board", d) is None
    lazy = load_packed("war", d)
    assert lazy.continents == 6 and lazy.continent_bonus(0) == whole.continent_bonus(0)
    os.remove(d + "/war" + EXT)   # the header was all it read
    with raises(OSError):
        lazy.short(0)
    assert load_packed("war", d) is None
    with open(d + "/war" + EXT, "wb") as f:
        f.write(b'{"id": "war"}\n')
    with raises(ValueError):
        load_packed("war", d)
    with raises(ValueError):
        table_board.load("war", d)
    assert load_packed("no_such_board", d) is None


def test_default_boards_come_from_the_registry():
    # one table (comando.registry.BOARDS), read by comando.board and by the device's new-game
    # screen (which imports neither comando.board nor this module for it)
    from comando.registry import BOARDS, IDS
    assert sorted(BOARDS) == sorted(IDS)
    for rs in IDS:
        assert default_board_id(rs) == BOARDS[rs]
    with raises(BoardError):
        default_board_id("chess")


def test_session_checks_borders_the_same_with_a_packed_board():
    board = load_board("revancha")
    packed = unpack(pack(board))
    for b in (board, packed):
        # card 0 is not a rest/borders card in every deck order: use the same seeded table
        t = replay.Table("revancha", ["white", "black", "red"], None, SeededDice(5), b)
        t.act({"t": "first", "r": [[6, 1, 1]]})
        while t.state.stage == Z.PLACE:
            t.act({"t": "place", "p": t.state.cur})
        t.act({"t": "round"})
        p = t.state.cur
        d = (p + 1) % 3
        arg, bra, chi = b.index("argentina"), b.index("brasil"), b.index("alaska")
        ok = {"t": "roll", "p": p, "d": d, "a": 3, "b": 2, "f": arg, "to": bra}
        bad = {"t": "roll", "p": p, "d": d, "a": 3, "b": 2, "f": arg, "to": chi}
        with raises(IllegalMove):
            Z.check(t.state, bad, b)
        try:
            Z.check(t.state, ok, b)
            res = "ok"
        except IllegalMove as e:
            res = str(e)
        if b is board:
            expect = res
        else:
            assert res == expect
