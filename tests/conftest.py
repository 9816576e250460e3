import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# tests/ for the shared helpers (micropython_tools), tests/core for mpytest, firmware/lib for the
# device package (comando itself is installed editable).
for extra in (os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "core"),
              os.path.join(ROOT, "firmware", "lib")):
    if extra not in sys.path:
        sys.path.insert(0, extra)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _own_game_database(tmp_path_factory, monkeypatch):
    """`comando play`, `make run` and `connect` record games in the one store ($COMANDO_DB, else
    the user's data directory): a test never writes into the user's own."""
    if not os.environ.get("COMANDO_DB"):
        monkeypatch.setenv("COMANDO_DB", str(tmp_path_factory.getbasetemp() / "comando-test.db"))


@pytest.fixture(autouse=True)
def _no_inherited_terminal_size(monkeypatch):
    """A test's commands see no COLUMNS or LINES it did not set itself: the developer's shell
    may export them, and pytest-xdist's workers start with COLUMNS=80 LINES=24, which would
    narrow every `comando games` table to 80 columns (a test that wants a width sets it)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture(autouse=True)
def _laptop_speaks_english(monkeypatch):
    """The laptop's tests read English: $COMANDO_LANG=en unless a test asks otherwise (a game's
    table would speak its ruleset's home language: tests/host/test_laptop_langs.py unsets it)."""
    if not os.environ.get("COMANDO_LANG"):
        monkeypatch.setenv("COMANDO_LANG", "en")
    yield
    from comando_host.text import lang
    lang.reset()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A device test leaves the texts in its game's language (comando.texts is one per process,
    as on the Pico): the next test starts in English, the laptop's and the rules' tests' own."""
    yield
    from comando import texts
    texts.set_lang("en")


def pytest_terminal_summary(terminalreporter, config):
    """One line at the end when the emulated RP2040 was not run for want of a MicroPython image
    (the project holds none: tests/pico/conftest.py). Under pytest-xdist the controller, which
    receives every worker's reports, says it once; the workers say nothing."""
    if hasattr(config, "workerinput"):
        return
    from comando_host.pico import picoimage

    pico = [r for r in terminalreporter.stats.get("skipped", [])
            if "tests/pico/" in r.nodeid.replace("\\", "/")]
    if pico and not picoimage.firmware_path():
        terminalreporter.write_line(
            "chip: not tested (%d emulated-Pico tests skipped): %s" % (len(pico), picoimage.NO_IMAGE))
