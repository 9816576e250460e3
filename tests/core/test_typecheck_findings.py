"""Behaviour behind the fixes the type check (tests/host/test_typecheck.py) led to: each call
used to end in a TypeError (or, for the nonce, a silent all-zero value); now it is a clear
comando error. The rules themselves are unchanged (their tests cite the rulebooks)."""

from mpytest import raises

MPY_HEAP = "384k"  # imports the Risk engine; the default 256k left no margin

from comando import turns
from comando.rulesets.revancha import situations
from comando.rulesets.risk import engine as risk
from comando.errors import RulesError


def test_round_order_needs_alive_or_n():
    # was: (True,) * None -> TypeError
    with raises(RulesError, "number n"):
        turns.round_first("teg", 0, 1)
    with raises(RulesError, "number n"):
        turns.round_order("teg", 0, 1)
    assert turns.round_order("teg", 0, 1, n=3) == turns.round_order("teg", 0, 1, (True,) * 3)


def test_random_source_must_give_bytes():
    # was: TypeError on b[0] for a callable returning an int
    with raises(RulesError, "not 2 bytes"):
        situations.randbelow(lambda n: 7, 6)
    assert 0 <= situations.randbelow(lambda n: b"\x00\x05", 6) < 6


def test_choose_board_needs_board_ids():
    # was: iterating None -> TypeError
    with raises(RulesError, "no board ids"):
        risk.choose_board(4)
