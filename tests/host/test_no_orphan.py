"""Issue 23: `comando sim` and `comando run` start the device as a MicroPython child; on every
exit path (SIGTERM, SIGHUP, Ctrl-C, a kill -9, an exception) that child ends too: no orphan
keeps running (one ran 18 minutes). Real processes; the child is found in /proc by the device
directory in its environment, so an orphan is seen even after its parent is gone."""

import os
import signal
import subprocess
import sys
import time

import pytest

COMANDO = os.path.join(os.path.dirname(sys.executable), "comando")


def devices_on(root):
    """Pids of the live (not zombie) processes running a simulated device on ``root``."""
    want = ("COMANDO_SIM_DIR=%s" % os.path.abspath(root)).encode()
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/environ" % name, "rb") as f:
                env = f.read().split(b"\0")
            with open("/proc/%s/stat" % name) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if want in env and state not in ("Z", "X"):
            pids.append(int(name))
    return pids


def wait_until(pred, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.05)
    raise AssertionError(what)


@pytest.fixture(autouse=True)
def _no_leftovers(tmp_path):
    """A failing run leaves no device behind either: what still runs on this test's
    directories is ended (by its pid) after the test."""
    yield
    for pid in devices_on(tmp_path / "dev"):
        os.kill(pid, signal.SIGKILL)


def _env(tmp_path):
    return dict(os.environ, COMANDO_DB=str(tmp_path / "g.db"))


def _as_in_a_terminal():
    """comando as a terminal starts it: SIGINT at its default, in a process group of its own
    (so a Ctrl-C, SIGINT to the group, reaches it and its device but not pytest). A background
    job of a non-interactive shell (`make test &`, a CI runner) starts with SIGINT ignored
    (POSIX) and Python keeps an inherited SIG_IGN: comando never saw the test's SIGINT, which is
    how that case once "did not end within 30 s" (not the load)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(tmp_path, argv, root, **kw):
    proc = subprocess.Popen([COMANDO, *argv], env=_env(tmp_path), stdin=subprocess.DEVNULL,
                            stdout=kw.pop("stdout", subprocess.PIPE),
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=_as_in_a_terminal, **kw)
    wait_until(lambda: devices_on(root) or proc.poll() is not None, 60, "no device started")
    assert proc.poll() is None, proc.communicate()
    return proc


def _no_orphan(proc, root, what):
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError("comando did not end after %s" % what)
    wait_until(lambda: not devices_on(root), 10,
               "the MicroPython child %s still runs after %s" % (devices_on(root), what))


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGKILL],
                         ids=lambda s: signal.Signals(s).name)
def test_sim_ends_its_device_on_a_signal(tmp_path, sig):
    root = tmp_path / "dev"
    proc = _start(tmp_path, ["sim", "--dir", str(root), "--seed", "1"], root)
    assert proc.stdout.readline().strip()          # the device's pty path: it is up
    child = devices_on(root)
    assert child and proc.pid not in child
    proc.send_signal(sig)
    _no_orphan(proc, root, signal.Signals(sig).name)
    if sig in (signal.SIGTERM, signal.SIGHUP):      # a clean stop: 128 + the signal, no traceback
        assert proc.returncode == 128 + sig
        assert "Traceback" not in proc.stderr.read().decode()
    if sig == signal.SIGINT:                        # "runs until Ctrl-C": the way to stop it
        assert proc.returncode == 0
        assert "Traceback" not in proc.stderr.read().decode()


def test_sim_stops_cleanly_on_ctrl_c(tmp_path):
    # a Ctrl-C in the terminal: SIGINT to the foreground group, comando and its device at once
    # (the device may end of it first: that is the stop asked for, not a crash to report)
    root = tmp_path / "dev"
    proc = _start(tmp_path, ["sim", "--dir", str(root), "--seed", "1"], root)
    assert proc.stdout.readline().strip()
    os.killpg(proc.pid, signal.SIGINT)
    _no_orphan(proc, root, "a Ctrl-C")
    err = proc.stderr.read().decode().splitlines()
    assert proc.returncode == 0, "\n".join(err)
    assert len(err) == 1 and err[0].startswith("the simulated device runs on"), err


def test_sim_ends_its_device_when_its_output_is_closed(tmp_path):
    # `comando sim | head -0`: printing the pty's path fails (EPIPE) right after the device started
    root = tmp_path / "dev"
    r, w = os.pipe()
    os.close(r)
    proc = subprocess.Popen([COMANDO, "sim", "--dir", str(root)], env=_env(tmp_path),
                            stdin=subprocess.DEVNULL, stdout=w, stderr=subprocess.PIPE)
    os.close(w)
    _no_orphan(proc, root, "its stdout was closed")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: signal.Signals(s).name)
def test_run_demo_ends_its_devices_on_a_signal(tmp_path, sig):
    # the demo starts two devices one after the other: --dir names the first one's directory;
    # the second (the linked one) is signalled the same way below
    root = tmp_path / "dev"
    proc = _start(tmp_path, ["run", "--demo", "--dir", str(root), "--out", str(tmp_path / "png")],
                  root)
    proc.send_signal(sig)
    _no_orphan(proc, root, signal.Signals(sig).name)
    assert proc.returncode == 128 + sig


def test_run_demo_ends_its_devices_on_ctrl_c(tmp_path):
    root = tmp_path / "dev"
    proc = _start(tmp_path, ["run", "--demo", "--dir", str(root), "--out", str(tmp_path / "png")],
                  root)
    os.killpg(proc.pid, signal.SIGINT)
    _no_orphan(proc, root, "a Ctrl-C")
    assert proc.returncode == 130 and "Traceback" not in proc.stderr.read().decode()


def test_a_device_started_by_a_program_that_fails_ends_with_it(tmp_path):
    # an exception past every clean-up of the caller's: the device still ends at exit
    root = tmp_path / "dev"
    code = ("import sys; from comando_host.pico.simulator import Simulator; "
            "Simulator(root=sys.argv[1], serial=True).start(); "
            "raise RuntimeError('a bug after the device started')")
    proc = subprocess.run([sys.executable, "-c", code, str(root)], env=_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert "a bug after the device started" in proc.stderr
    wait_until(lambda: not devices_on(root), 10, "the device outlived the failed program")
