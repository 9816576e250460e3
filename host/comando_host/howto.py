"""The commands a message tells the player to run, in the words of how Comando is installed.

A source checkout has its Makefile (`make deploy`, `make run`) and its folders
(hardware/README.md); a player who installed the package (pipx, pip) has only the `comando`
command, so the same advice names `comando deploy`, `comando run` and the web page of MicroPython's
release. Messages call these when they are made, not when their module is imported.
"""

from __future__ import annotations

from comando_host import resources
from comando_host.text.lang import _

# make target -> the installed command that does the same (`comando deploy` builds its bundle)
_INSTALLED = {
    "make deploy": "comando deploy",
    "make firmware": "comando deploy",
    "make run": "comando run",
    "make uf2": "comando uf2 --firmware PATH",
}

PICO_RELEASE = "micropython.org/download/RPI_PICO"


class MissingExtra(RuntimeError):
    """A command needs a package of one of the extras that is not installed: one line, exit 2
    (cli.main prints it)."""

    def __init__(self, what: str, extra: str):
        super().__init__(_("%s is not installed: it comes with the %s extra (%s)")
                         % (what, extra, install_extra(extra)))


def command(make: str) -> str:
    """``make`` ("make deploy"...) as the player can run it here."""
    return _INSTALLED[make] if resources.installed() else make


def install_extra(extra: str) -> str:
    """How to add an extra (device, web, sim) to this install."""
    if resources.installed():
        return (_("install Comando again with it: pipx install --force "
                  "'comando-%s-py3-none-any.whl[%s]', or pip install the same")
                % (resources.version(), extra))
    return _("in the checkout: pip install -e '.[%s]'; make venv installs it") % extra


def flashing_guide() -> str:
    """Where the steps to put MicroPython on a Pico are written."""
    return PICO_RELEASE if resources.installed() else _("hardware/README.md, section 4")


def guide_note() -> str:
    """" (hardware/README.md, section 4)" after a mention of micropython.org in a checkout; an
    installed package has no such file."""
    return "" if resources.installed() else " (%s)" % flashing_guide()


def update_comando() -> str:
    """How this laptop gets a newer Comando."""
    return (_("install the newer Comando on this laptop (pipx install --force with its wheel)")
            if resources.installed() else _("update Comando on this laptop (git pull)"))
