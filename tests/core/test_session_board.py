"""A table session that names the countries of a roll checks borders and La Revancha's open/closed
borders against the shipped board (teg-la-revancha.txt "Hostilities - Situation Cards": "Chile to
Australia or Alaska to Chukchi" are open-border attacks, "Argentina to Brazil or Spain to Portugal"
closed-border ones)."""

from mpytest import raises

from comando import session as Z
from comando.session import replay
from comando.board import load_board
from comando.dice import SeededDice
from comando.errors import IllegalMove

MPY_HEAP = "1m"


def table(first_card):
    board = load_board("revancha")
    t = replay.Table("revancha", ["white", "black", "red"], None, SeededDice(5), board)
    e = dict(t.events[0])
    e["deck"] = [first_card] + [c for c in range(50) if c != first_card]
    t.state = replay.fold([e], board)
    t.events = [e]
    t.act({"t": "first", "r": [[6, 1, 1]]})
    while t.state.stage == Z.PLACE:
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    return t, board


def roll(board, f, to):
    return {"t": "roll", "p": 0, "d": 1, "a": 4, "b": 2, "f": board.find(f), "to": board.find(to)}


def test_open_borders_on_the_board():
    t, b = table(36)
    t.act(roll(b, "Chile", "Australia"))
    with raises(IllegalMove, "open borders"):
        Z.check(t.state, roll(b, "Argentina", "Brasil"), b)


def test_closed_borders_on_the_board():
    t, b = table(40)
    t.act(roll(b, "Argentina", "Brasil"))
    t.act(roll(b, "España", "Portugal"))
    with raises(IllegalMove, "closed borders"):
        Z.check(t.state, roll(b, "Chile", "Australia"), b)


def test_a_roll_across_no_border_is_refused():
    t, b = table(0)
    before = t.state.to_dict()
    with raises(IllegalMove, "does not border"):
        Z.check(t.state, roll(b, "Chile", "Japón"), b)
    assert t.state.to_dict() == before
