"""The few test helpers the shared core's tests need, for both pytest and MicroPython.

Tests in tests/core/ run twice: under pytest on CPython, and under the MicroPython unix port via
tests/mpy_runner.py. They use plain ``assert`` and these helpers, nothing pytest-specific.
"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"


class raises:
    """Context manager: ``with raises(IllegalMove, "1 army") as e: ...``.

    Checks the exception type and, when given, that ``match`` is a substring of its message.
    """

    def __init__(self, exc_type, match=None):
        self.exc_type = exc_type
        self.match = match
        self.value = None

    def __enter__(self):
        return self

    def __exit__(self, etype, value, tb):
        if etype is None:
            raise AssertionError("expected %s, nothing was raised" % self.exc_type.__name__)
        if not issubclass(etype, self.exc_type):
            return False  # a different exception: let it propagate
        self.value = value
        if self.match is not None and self.match not in str(value):
            raise AssertionError("%s raised with %r; expected the message to contain %r"
                                 % (etype.__name__, str(value), self.match))
        return True


def cpython_only(fn):
    """Mark a test that needs CPython (big data, exact fractions): the MicroPython runner skips it."""
    try:
        fn.cpython_only = True
    except AttributeError:  # MicroPython functions take no attributes: a marked callable instead
        return _CPythonOnly(fn)
    return fn


class _CPythonOnly:
    cpython_only = True

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args):
        return self.fn(*args)


def approx(a, b, tol=1e-6):
    """True when two floats agree within ``tol`` (the Pico's floats are single precision)."""
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def temp_name(tag, ext=""):
    """A path under /tmp no other process uses: ``/tmp/comando-TAG-<random>EXT`` (a test's own
    file, so two runs at once, or the CPython and MicroPython runs of one module, never share
    it). The caller removes it (``remove_quietly``)."""
    import os
    return "/tmp/comando-%s-%s%s" % (tag, "".join("%02x" % b for b in os.urandom(6)), ext)


def remove_quietly(*paths):
    import os
    for path in paths:
        try:
            os.remove(path)
        except OSError:
            pass
