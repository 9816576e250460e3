"""Counts typed at `comando play`'s prompt: a word that reads as a number is a count, whole or
refused as one ("5.5", "1/2", "2e3", "3,5"), never taken for the start of a country's name (that
read "place 5.5 argentina" as the country "5.5 argentina")."""

from __future__ import annotations

import re

_WHOLE = re.compile(r"[+-]?\d+\Z")
_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?\Z|[+-]?\d+/\d+\Z")


def is_whole(word: str) -> bool:
    return bool(_WHOLE.match(word))


def looks_numeric(word: str) -> bool:
    """A number of any form: whole, decimal (point or comma), exponent, fraction."""
    return bool(_NUMBER.match(word))


def whole(text, what: str) -> int:
    """``text`` as a whole number; else UsageError "WHAT must be a whole number, not '5.5'"."""
    from comando_host.cli import UsageError
    from comando_host.text.lang import _
    if isinstance(text, str) and is_whole(text.strip()):
        return int(text)
    raise UsageError(_("{what} must be a whole number, not {text!r}").format(what=what, text=text))
