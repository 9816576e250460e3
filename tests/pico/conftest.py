"""The emulated-Pico tests (marker ``pico``): a short selection runs in `make test`; the tests
marked ``pico_long`` too run only in `make test-pico` (COMANDO_PICO=full).

Without node or rp2040js they skip on a developer's machine and FAIL under CI=true: CI installs
both (.ci/run), so a skip there would hide a broken rig.
"""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from picorig import PicoRig, ensure_bundle, missing  # noqa: E402

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


@pytest.fixture(scope="session")
def bundle():
    why = missing()
    if why:
        if os.environ.get("CI") == "true":
            pytest.fail("the emulated Pico cannot run on CI: " + why)
        pytest.skip("the emulated Pico cannot run here: " + why)
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
