"""Comando's laptop side: CLI, serial transport, mirror, store. CPython only."""

from comando import __version__

__all__ = ["__version__"]
