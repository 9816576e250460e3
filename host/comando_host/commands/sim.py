"""comando sim: the simulated device (the real firmware under the MicroPython unix port) on a
pseudo-terminal; prints its path, then runs until Ctrl-C (or --seconds)."""

import os
import signal
import sys
import time
from comando_host.text.lang import _


def register(sub):
    p = sub.add_parser("sim", help=_("start the simulated device on a pseudo-terminal and print its "
                       "path (then: comando connect PATH)"))
    p.add_argument("--dir", default=None, help=_("the device's storage (journal) directory "
                   "(default build/sim-device in a checkout, else in the user's data folder; kept between runs)"))
    p.add_argument("--script", default=None, help=_("a button script file (ok, roll x3, wait 500...)"))
    p.add_argument("--seed", type=int, default=None, help=_("seed the dice (reproducible games)"))
    p.add_argument("--seconds", type=float, default=None, help=_("stop after this long"))
    p.set_defaults(func=run)


def run(args):
    from comando_host.pico.exitsignals import exit_on_signals
    with exit_on_signals():   # SIGTERM, SIGHUP: the device is stopped too
        return _run(args)


def _run(args):
    from comando_host.cli import UsageError
    from comando_host import resources
    from comando_host.pico.simulator import Simulator
    if args.script and not os.path.exists(args.script):
        raise UsageError(_("no such script file: %s") % args.script)
    script = None
    if args.script:
        from comando_host.store.inputfile import SCRIPT_LIMIT, read_text
        from comando_host.pico.simulator import script_problem
        # a regular file of bounded size (a FIFO or /dev/zero would hang here); the device is
        # given the lines checked, not the path again
        script = read_text(args.script, SCRIPT_LIMIT, what=_("button script")).splitlines()
        problem = script_problem(script)
        if problem:
            raise UsageError("%s:%s" % (args.script, problem))
    root = args.dir or resources.work_dir("sim-device")
    sim = Simulator(root=root, script=script, seed=args.seed, serial=True).start()
    try:   # (from here on every exit stops the device: a closed stdout, Ctrl-C, a signal)
        print(sim.port, flush=True)
        print(_("the simulated device runs on %s (journal in %s); mirror it with: comando connect %s")
              % (sim.port, root, sim.port), file=sys.stderr, flush=True)
        end = None if args.seconds is None else time.monotonic() + args.seconds
        while sim.running() and (end is None or time.monotonic() < end):
            time.sleep(0.1)
    except KeyboardInterrupt:
        pass
    finally:
        rc = sim.stop()
    # a device ended by SIGTERM (our stop) or SIGINT (Ctrl-C reaches the whole foreground group,
    # the device with us) stopped as asked: not a crash to report
    if rc not in (0, None, -signal.SIGTERM, -signal.SIGINT):
        print(sim.log()[-2000:], file=sys.stderr)
        return 1
    return 0
