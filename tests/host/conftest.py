"""Fixtures the host tests share: ``browser``, one headless chromium per test module
(tests/browser.py)."""

from browser import browser  # noqa: F401 (a fixture: pytest finds it here)
