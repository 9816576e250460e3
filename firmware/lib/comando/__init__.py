"""Comando's shared core: the rules, pure logic that runs on MicroPython and CPython alike.

Nothing here may import hardware, host-only modules, dataclasses or typing (except behind
``try/except ImportError``): tests/host/test_core_subset.py enforces it.
"""

__version__ = "0.1.0"
