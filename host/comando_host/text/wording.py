"""Counts in words: "1 army", "2 armies", "1 point". The laptop's name for the shared core's
``comando.wording`` (the Pico words its counts with the same rules)."""

from comando.wording import count, noun, plural

__all__ = ["count", "noun", "plural"]
