"""Issue 29: what doctor and deploy tell a player who installed the package (pipx, pip) names
what that player has: `comando deploy` and `comando run`, micropython.org, the extra to add to
the wheel; never the checkout's Makefile, its hardware/README.md or `pip install -e`. In a
checkout the same advice still names `make deploy` (tests/host/test_hardware_doctor.py).
tests/host/test_install.py runs the installed package itself."""

import pytest

from comando_host.pico import firmware, mpycompat as M
from comando_host import howto, resources
from comando_host.commands import doctor as D
from test_hardware_doctor import FakeDevice, PortInfo, opener_for, run_diag

CHECKOUT_ONLY = ("make ", "Makefile", "hardware/README", "pip install -e", "git pull",
                 "python -m comando_host")


@pytest.fixture
def installed(monkeypatch):
    monkeypatch.setattr(resources, "installed", lambda: True)
    monkeypatch.setattr(resources, "version", lambda: "0.1.0")


def _says_only_installed_words(text):
    for word in CHECKOUT_ONLY:
        assert word not in text, (word, text)


def _doctor_advice():
    """Every finding doctor gives, over the situations a player meets (rendered with fixes)."""
    situations = [
        run_diag(ports=[]),                                           # no Pico
        run_diag(ports=[], bootsel=lambda: True),                     # BOOTSEL mode
        run_diag(ports=[PortInfo("/dev/ttyACM0", 0x239A, 0x80F4)]),   # CircuitPython
        run_diag(port="/dev/ttyACM0", opener=opener_for(FakeDevice("comando", fw="0.0.9"))),
        run_diag(port="/dev/ttyACM0", opener=opener_for(FakeDevice("comando", fw="9.0", v=99))),
        run_diag(port="/dev/ttyACM0", opener=opener_for(FakeDevice("repl", comando=None))),
        run_diag(port="/dev/ttyACM0", opener=opener_for(FakeDevice("repl", comando="0.1.0",
                                                                   crash="ImportError: x"))),
        run_diag(port="/dev/ttyACM0", opener=opener_for(FakeDevice("silent"))),
        [D.mpy_finding(M.Device((1, 19, 1), 6))],                     # an old MicroPython
    ]
    return [f.render() for findings in situations for f in findings]


def test_doctor_names_the_installed_commands(installed):
    advice = _doctor_advice()
    for text in advice:
        _says_only_installed_words(text)
    joined = "\n".join(advice)
    assert joined.count("'comando deploy'") >= 6 and "'comando run'" in joined
    assert "micropython.org/download/RPI_PICO" in joined


def test_doctor_in_a_checkout_still_names_the_makefile():
    joined = "\n".join(_doctor_advice())
    assert "'make deploy'" in joined and "'make run'" in joined and "hardware/README.md" in joined


def test_the_mpy_checks_name_the_installed_commands(installed):
    bundle = M.Header(6, 3, M.ARCHS.index("armv6m"), 31)
    lines = [
        M.problem(M.Device((1, 19, 1), 6), bundle),                                  # too old
        M.problem(M.Device((2, 0, 0), 7), bundle),                                   # too new
        M.advice_for_error("ValueError: incompatible .mpy file"),
    ]
    assert all(lines)
    for line in lines:
        _says_only_installed_words(line)
    assert "'comando deploy'" in lines[2] and "micropython.org" in lines[0]
    assert "pipx install --force" in lines[1]


def test_deploy_errors_name_the_installed_commands(installed):
    problems = []
    for ports, bootsel in (([], lambda: False), ([], lambda: True),
                           ([PortInfo("/dev/ttyACM0", 0x2E8A, 5), PortInfo("/dev/ttyACM1", 0x2E8A, 5)],
                            lambda: False)):
        with pytest.raises(firmware.DeployError) as err:
            firmware.find_pico(ports, bootsel)
        problems.append(str(err.value))
    for why in ("timed out", "could not enter raw repl", "something else"):
        with pytest.raises(firmware.DeployError) as err:
            firmware.probe_device(["mpremote"], runner=lambda argv, t, cwd=None: (1, "", why))
        problems.append(str(err.value))
    for text in problems:
        _says_only_installed_words(text)
    assert all("'comando deploy" in text for text in problems), problems
    assert "comando deploy --port /dev/ttyACM0" in problems[2]


def test_a_missing_extra_names_the_wheel_to_install_again(installed, monkeypatch):
    monkeypatch.setattr(firmware.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as err:
        firmware._tool("no-such-tool-here")
    _says_only_installed_words(str(err.value.code))
    assert "device extra (install Comando again with it: pipx install --force " \
           "'comando-0.1.0-py3-none-any.whl[device]'" in err.value.code
    text = str(howto.MissingExtra("the MicroPython unix port", "sim"))
    assert "sim extra" in text and "whl[sim]" in text
