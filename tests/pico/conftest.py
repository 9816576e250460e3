"""The emulated-Pico tests (marker ``pico``): a short selection runs in `make test`; the tests
marked ``pico_long`` too run only in `make test-pico` (COMANDO_PICO=full).

The MicroPython image comes from its user (the project holds none): without
``COMANDO_PICO_FIRMWARE`` every test here skips with one reason, and the run ends with one line
saying the chip was not tested. A variable naming a bad image fails them (its user asked for the
chip). Without node or rp2040js they skip on a developer's machine and FAIL under CI=true: CI
installs both (.ci/run), so a skip there would hide a broken rig.
"""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from picorig import PicoRig, ensure_bundle, missing, no_image  # noqa: E402
from comando_host.pico import picoimage  # noqa: E402

FULL = os.environ.get("COMANDO_PICO") == "full"


def pytest_collection_modifyitems(config, items):
    keep, drop = [], []
    for item in items:
        if item.get_closest_marker("pico_long") and not FULL:
            drop.append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


CHIP_NOT_TESTED = "the chip is not tested: "


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Every skip for want of an image reported at one place, so `-ra` folds them into one line."""
    outcome = yield
    rep = outcome.get_result()
    if rep.skipped and isinstance(rep.longrepr, tuple) and str(rep.longrepr[2]).startswith(
            "Skipped: " + CHIP_NOT_TESTED):
        rep.longrepr = (os.path.relpath(__file__), 1, rep.longrepr[2])


@pytest.fixture(scope="session")
def bundle():
    why = missing()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail("the emulated Pico cannot run on CI: " + why)
        pytest.skip("the emulated Pico cannot run here: " + why)
    why = no_image()
    if why == picoimage.NO_IMAGE:
        pytest.skip(CHIP_NOT_TESTED + why)
    if why:
        pytest.fail("COMANDO_PICO_FIRMWARE: " + why)
    return ensure_bundle()


@pytest.fixture
def pico(bundle, tmp_path):
    """A factory: ``pico(seed=7, ...)`` starts a rig (stopped at the end of the test)."""
    rigs = []

    def make(**kw):
        kw.setdefault("root", str(tmp_path / ("pico%d" % len(rigs))))
        rig = PicoRig(**kw).start()
        rigs.append(rig)
        return rig

    yield make
    for rig in rigs:
        rig.stop()
