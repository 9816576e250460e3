"""`comando deploy`: Comando onto a Raspberry Pi Pico that runs MicroPython, over USB (mpremote).

The bundle (comando_host.pico.firmware: the device's code compiled by mpy-cross, the boards packed) is
built from this installation's files, its .mpy format checked against the Pico's MicroPython,
then copied. `make deploy` in a checkout does the same. Needs the device extra.
"""

from comando_host.cli import UsageError
from comando_host.text.lang import _


def register(sub):
    p = sub.add_parser("deploy", help=_("copy Comando onto a Pico that runs MicroPython (USB, mpremote)"),
                       description=__doc__.split("\n\n")[0])
    p.add_argument("--port", default=None,
                   help=_("the Pico's serial port (default: the one Pico on USB; comando doctor finds it)"))
    p.add_argument("--out", default=None,
                   help=_("where the bundle is built (default: build/firmware in a checkout, else the "
                        "user's cache folder)"))
    p.set_defaults(func=run)


def build_bundle(out: str) -> None:
    """The Pico bundle in ``out``; UsageError (one line) when a tool it needs is missing."""
    from comando_host.pico import firmware
    try:
        firmware.build(out)
    except SystemExit as exc:   # firmware's own one-line errors (a missing mpy-cross...)
        if isinstance(exc.code, str):
            raise UsageError(exc.code.removeprefix("firmware: ")) from None
        raise


def run(args) -> int:
    from comando_host.pico import firmware
    from comando_host import resources
    out = args.out or resources.work_dir("firmware", cache=True)
    build_bundle(out)
    return firmware.deploy(out, args.port)
