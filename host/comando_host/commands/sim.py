"""comando sim: the simulated device (the real firmware under the MicroPython unix port) on a
pseudo-terminal; prints its path, then runs until Ctrl-C (or --seconds)."""

import os
import sys
import time


def register(sub):
    p = sub.add_parser("sim", help="start the simulated device on a pseudo-terminal and print its "
                       "path (then: comando connect PATH)")
    p.add_argument("--dir", default=None, help="the device's storage (journal) directory "
                   "(default build/sim-device; kept between runs)")
    p.add_argument("--script", default=None, help="a button script file (ok, roll x3, wait 500...)")
    p.add_argument("--seed", type=int, default=None, help="seed the dice (reproducible games)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this long")
    p.set_defaults(func=run)


def run(args):
    from comando_host.exitsignals import exit_on_signals
    with exit_on_signals():   # SIGTERM, SIGHUP: the device is stopped too
        return _run(args)


def _run(args):
    from comando_host.cli import UsageError
    from comando_host.simulator import ROOT, Simulator
    if args.script and not os.path.exists(args.script):
        raise UsageError("no such script file: %s" % args.script)
    if args.script:
        from comando_host.simulator import script_problem
        with open(args.script, encoding="utf-8") as f:
            problem = script_problem(f.read().splitlines())
        if problem:
            raise UsageError("%s:%s" % (args.script, problem))
    root = args.dir or os.path.join(ROOT, "build", "sim-device")
    sim = Simulator(root=root, script=args.script, seed=args.seed, serial=True).start()
    try:   # (from here on every exit stops the device: a closed stdout, Ctrl-C, a signal)
        print(sim.port, flush=True)
        print("the simulated device runs on %s (journal in %s); mirror it with: comando connect %s"
              % (sim.port, root, sim.port), file=sys.stderr, flush=True)
        end = None if args.seconds is None else time.monotonic() + args.seconds
        while sim.running() and (end is None or time.monotonic() < end):
            time.sleep(0.1)
    except KeyboardInterrupt:
        pass
    finally:
        rc = sim.stop()
    if rc not in (0, None, -15) and not sim.running():
        print(sim.log()[-2000:], file=sys.stderr)
        return 1
    return 0
