"""The `comando` command's argparse parser: every command's full grammar, its help and its
messages. Its own module so that `cli` starts without argparse (which imports re, gettext and
locale): the four one-shot commands' plain forms are read by `commands/_plain.py` and never load it
(issue 28, docs/decisions/cli-start-imports.md); everything else is parsed here."""

from __future__ import annotations

import argparse
import sys

from comando_host import commands
from comando_host.text.lang import N_, _, _n


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
        self.exit(2, _("{prog}: error: {message} (see `{prog} --help`)").format(
            prog=self.prog, message=message) + "\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or (``only``) of the one command being run: a one-shot
    command imports what it needs and nothing else (each command imports its own heavy
    modules when it runs)."""
    import importlib
    parser = Parser(
        prog="comando",
        description=_("Comando: dice, odds, boards and games for T.E.G., La Revancha, WAR, Risk "
                      "and T.E.G. II."),
    )
    parser.add_argument("--version", action=VersionAction, help=_("show the version and exit"))
    parser.add_argument("--lang", metavar="CODE",
                        help=_("the language to speak: en, es or pt_BR (default: $COMANDO_LANG, else "
                               "the locale; a game's table: its ruleset's own)"))
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


# argparse's own words (its headings, its refusals): said through the laptop's catalogues, not
# Python's (which has no Spanish or Portuguese of its own).
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"), N_("%(prog)s: error: %(message)s\n"),
)


def speak_argparse() -> None:
    """argparse's headings and refusals in the laptop's language (its module-level gettext calls
    pointed at ours: a text the catalogues lack stays argparse's English)."""
    argparse._ = _
    argparse.ngettext = _n


def lang_in(argv) -> str | None:
    """The code of the global ``--lang CODE`` (or ``--lang=CODE``) before the command, if any."""
    words = iter(argv)
    for word in words:
        if word == "--lang":
            return next(words, None)
        if word.startswith("--lang="):
            return word[len("--lang="):]
        if not word.startswith("-") or word == "--":
            return None
    return None


def parse(words: list[str]):
    """(the parsed arguments, 0) by argparse, or (None, 2) once the refusal or the help is
    printed; argparse's own refusals (a SystemExit, exit 2) and --help (exit 0) pass through.
    The language is chosen first (--lang, $COMANDO_LANG, the locale), so every command's help
    and argparse's own words are said in it; an unknown code is refused before anything else."""
    from comando_host.text import lang
    try:
        lang.choose(lang_in(words))
    except lang.UnknownLanguage as exc:
        print(f"comando: error: {exc}", file=sys.stderr)   # english: no language known yet
        return None, 2
    speak_argparse()
    parser = build_parser(command_in(words))
    args, extra = parser.parse_known_args(words)
    if extra:  # name the subcommand whose arguments they are, not bare `comando`
        where = f"comando {args.command}" if getattr(args, "command", None) else "comando"
        print(_("{where}: error: unrecognized arguments: {words} (see `{where} --help`)").format(
            where=where, words=" ".join(extra)), file=sys.stderr)
        return None, 2
    if not getattr(args, "func", None):
        parser.print_help()
        return None, 2
    return args, 0
