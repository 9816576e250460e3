"""The `comando` command's argparse parser: every command's full grammar, its help and its
messages. Its own module so that `cli` starts without argparse (which imports re, gettext and
locale): the four one-shot commands' plain forms are read by `commands/_plain.py` and never load it
(issue 28, docs/decisions/cli-start-imports.md); everything else is parsed here."""

from __future__ import annotations

import argparse
import sys

from comando_host import commands


def terminal_columns() -> int:
    """The terminal's width as shutil.get_terminal_size gives it (COLUMNS, else the terminal of
    stdout, else 80), without importing shutil: argparse's formatter imports it (with bz2, lzma
    and zlib) on every add_argument, a one-shot command's start paid ~2 ms for it (issue 28)."""
    import os
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


def command_names() -> list[str]:
    """The subcommands: one module or package each in comando_host/commands, named as the
    command (a listing, no imports; `play` is a package of its parts)."""
    import os
    here = os.path.dirname(commands.__file__)
    names = os.listdir(here)
    return sorted([n[:-3] for n in names if n.endswith(".py") and not n.startswith("_")]
                  + [n for n in names if not n.startswith("_")
                     and os.path.isfile(os.path.join(here, n, "__init__.py"))])


class VersionAction(argparse.Action):
    """`comando --version`: the installed package's version (its metadata), read only when asked."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from comando_host.resources import version
        print(f"comando {version()}")
        parser.exit(0)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter at the width it would pick itself (two columns short of the
    terminal's), found without shutil (terminal_columns)."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None, **kw):
        if width is None:
            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width, **kw)


class RawDescriptionHelpFormatter(argparse.RawDescriptionHelpFormatter, HelpFormatter):
    """The description kept as written (`comando battle`'s examples), at the same width."""


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: what is wrong and where the usage is, not the usage dump.
    Subcommand parsers are made of the same class (argparse copies the parent's type), with
    the shutil-free formatter unless they name another."""

    def __init__(self, *args, **kw):
        kw.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kw)

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see `{self.prog} --help`)\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or (``only``) of the one command being run: a one-shot
    command imports what it needs and nothing else (each command imports its own heavy
    modules when it runs)."""
    import importlib
    parser = Parser(
        prog="comando",
        description="Comando: dice, odds, boards and games for T.E.G., La Revancha, WAR, Risk and T.E.G. II.",
    )
    parser.add_argument("--version", action=VersionAction, help="show the version and exit")
    parser.add_argument("--lang", metavar="CODE",
                        help="the language to speak: en, es or pt_BR (default: $COMANDO_LANG, else "
                             "the locale; a game's table: its ruleset's own)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in command_names():
        if only is not None and name != only:
            continue
        module = importlib.import_module(f"{commands.__name__}.{name}")
        module.register(sub)
    return parser


def command_in(argv) -> str | None:
    """The subcommand named on the command line (the first word that is not an option), when it
    is one; else None (then `--help` and mistakes see every command)."""
    words = iter(argv)
    for word in words:
        if word in GLOBAL_VALUED:
            next(words, None)   # its value is no command
            continue
        if not word.startswith("-"):
            return word if word in command_names() else None
        if word in ("-h", "--help", "--version"):
            return None
    return None


# The global options that take a value (`comando --lang es play`: "es" is not the command).
GLOBAL_VALUED = ("--lang",)


def parse(words: list[str]):
    """(the parsed arguments, 0) by argparse, or (None, 2) once the refusal or the help is
    printed; argparse's own refusals (a SystemExit, exit 2) and --help (exit 0) pass through."""
    parser = build_parser(command_in(words))
    args, extra = parser.parse_known_args(words)
    if extra:  # name the subcommand whose arguments they are, not bare `comando`
        import sys
        where = f"comando {args.command}" if getattr(args, "command", None) else "comando"
        print(f"{where}: error: unrecognized arguments: {' '.join(extra)} "
              f"(see `{where} --help`)", file=sys.stderr)
        return None, 2
    if not getattr(args, "func", None):
        parser.print_help()
        return None, 2
    return args, 0
