"""The dual-runtime harness itself: these run under pytest and under MicroPython."""

from mpytest import approx, raises


def test_raises_checks_type_and_message():
    with raises(ValueError, "bad") as e:
        raise ValueError("a bad value")
    assert "bad" in str(e.value)


def test_raises_fails_when_nothing_raised():
    try:
        with raises(ValueError):
            pass
    except AssertionError as exc:
        assert "nothing was raised" in str(exc)
    else:
        raise AssertionError("raises() let a missing exception pass")


def test_raises_fails_on_wrong_message():
    try:
        with raises(ValueError, "army"):
            raise ValueError("country")
    except AssertionError as exc:
        assert "army" in str(exc)
    else:
        raise AssertionError("raises() ignored the message")


def test_approx_single_precision():
    assert approx(0.1 + 0.2, 0.3)
    assert not approx(0.3, 0.31)
