"""`comando uf2 --firmware PATH`: one UF2 file to copy onto a Pico in BOOTSEL mode, holding the
official MicroPython image you give and Comando's files (its littlefs filesystem).

The image is MicroPython's own release for the Raspberry Pi Pico (RPI_PICO, .uf2 or .bin), checked
before anything is built (comando_host.pico.picoimage). Flashing the UF2 installs MicroPython and
Comando in one step and replaces the Pico's filesystem (a game's journal too). `make uf2
FIRMWARE=PATH` in a checkout does the same. Needs the device extra.
"""

from comando_host.cli import UsageError
from comando_host.text.lang import _


def register(sub):
    p = sub.add_parser("uf2", help=_("one UF2 for a Pico in BOOTSEL mode: the MicroPython image you "
                       "give + Comando"), description=__doc__.split("\n\n")[0])
    p.add_argument("--firmware", metavar="PATH", default=None,
                   help=_("the official MicroPython for the Raspberry Pi Pico (RPI_PICO v1.28, .uf2 or "
                        ".bin; default $COMANDO_PICO_FIRMWARE)"))
    p.add_argument("--out", default="comando.uf2", help=_("the UF2 to write (default comando.uf2)"))
    p.set_defaults(func=run)


def _line(exc) -> str:
    return str(exc).removeprefix("picoimage: ")


def run(args) -> int:
    from comando_host.pico import picoimage
    from comando_host import resources
    from comando_host.commands.deploy import build_bundle
    path = args.firmware or picoimage.firmware_path()
    if not path:
        raise UsageError(_("no MicroPython image given: download %s and pass it as --firmware PATH; "
                         "or flash that release onto the Pico yourself and run `comando deploy`")
                         % picoimage.WHERE_FROM)
    try:
        picoimage.load_firmware(path)   # a wrong file is refused before the bundle is built
    except picoimage.ImageError as exc:
        raise UsageError(_line(exc)) from None
    try:
        import littlefs  # noqa: F401
    except ImportError:
        from comando_host.howto import install_extra
        raise UsageError(_("the UF2's filesystem needs littlefs-python, part of the device extra "
                         "(%s)") % install_extra("device")) from None
    bundle = resources.work_dir("firmware", cache=True)
    build_bundle(bundle)
    try:
        print(_("comando uf2: {what}").format(what=_line(picoimage.write_uf2(bundle, path, args.out))))
    except picoimage.ImageError as exc:
        raise UsageError(_line(exc)) from None
    print(_("comando uf2: hold BOOTSEL while plugging the Pico in, then copy %s onto the RPI-RP2 drive")
          % args.out)
    return 0
