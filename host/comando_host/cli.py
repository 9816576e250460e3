"""The `comando` command: a table of subcommands discovered in comando_host.commands."""

import sys


class UsageError(Exception):
    """A bad argument: printed as one readable line, exit code 2."""


def main(argv: list[str] | None = None, plain: bool = True) -> int:
    """Run one command line (``argv``, else the process's). A plain line of `odds`, `roll`,
    `battle` or `games` is read without argparse (``commands/_plain.py``; ``plain=False``:
    argparse reads every line, as the tests compare); any other line by argparse
    (``commands/_parser.py``)."""
    from comando_host.text.textsafe import SafeStream
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(out), SafeStream(err)   # argparse echoes arguments too
    try:
        problem = _damaged_install(modules=False)
        if problem:
            print(problem, file=sys.stderr)
            return 2
        return _read_and_run(sys.argv[1:] if argv is None else list(argv), plain, out, err)
    except Exception:
        # a lost or cut module fails here, at its import or its first use: said as the damaged
        # install it is, in one line; anything else is a bug, raised as it is
        problem = _damaged_install(modules=True)
        if not problem:
            raise
        print(problem, file=sys.stderr)
        return 2
    finally:
        sys.stdout, sys.stderr = out, err


def _read_and_run(words: list, plain: bool, out, err) -> int:
    """Read the line (plainly when it is plain, else with argparse) and run its command."""
    args = None
    if plain:
        from comando_host.commands import _plain
        args = _plain.read(words)
    if args is None:
        from comando_host.commands import _parser
        _early_lang(words)   # (argparse words the help and its refusals as the parser is built)
        args, code = _parser.parse(words)
        if args is None:
            return code
    from comando_host.text import lang
    try:
        lang.choose(args.lang)
    except lang.UnknownLanguage as exc:
        print(f"comando: error: {exc}", file=sys.stderr)
        return 2
    if args.command in DRAWING:
        sys.stdout, sys.stderr = out, err
    return _run(args)


def _early_lang(words: list) -> None:
    """The language --lang (or the environment) asks for, chosen before argparse builds the
    commands' parsers: their help is said in it (`comando --lang es odds --help`). An unknown
    code is left for the choice after parsing to refuse, in one line."""
    from comando_host.text import lang
    flag = None
    rest = iter(words)
    for word in rest:   # (a global option: before the command's name)
        if word == "--lang":
            flag = next(rest, None)
            break
        if word.startswith("--lang="):
            flag = word[len("--lang="):]
            break
        if not word.startswith("-"):
            break
    try:
        lang.choose(flag)
    except lang.UnknownLanguage:
        pass


def _damaged_install(modules: bool) -> str | None:
    """One line when an installed package has lost or cut short one of its files (a board, the
    device's code; with ``modules``, a module too); None otherwise."""
    from comando_host import resources
    why = resources.damaged(modules)
    if why is None:
        return None
    return ("comando: error: the installed package is damaged: %s; %s"
            % (why, resources.REINSTALL.replace("VERSION", resources.version())))


# Commands that draw on the terminal with escape sequences of their own (the mirror, the
# simulated device); every other command's output has control characters made visible, so a
# name or a file's text cannot drive the terminal (comando_host.text.textsafe).
DRAWING = ("run", "connect", "sim")


def _failed(command: str, message: str) -> str:
    """A command's one-line refusal, "comando COMMAND: error: MESSAGE": the message in the laptop's
    language, "error:" the same token in every language (argparse's lines too: what a script or
    a reader looks for)."""
    return f"comando {command}: error: {message}"


def _run(args) -> int:
    try:
        return int(args.func(args) or 0)
    except UnicodeDecodeError as exc:
        # Commands name the file themselves where they read one; this is the last resort.
        from comando_host.text.lang import _
        print(_failed(args.command, _("a file is not UTF-8 text (byte 0x{byte:02x} at offset {offset})").format(
            byte=exc.object[exc.start], offset=exc.start)), file=sys.stderr)
        return 2
    except (UsageError, ValueError) as exc:
        # The shared core raises ValueError subclasses with messages meant for players (a
        # board's lookups said again in the chosen language: text/refusals.py)
        from comando_host.text.refusals import say
        print(_failed(args.command, say(exc)), file=sys.stderr)
        return 2
    except RuntimeError as exc:
        from comando_host.howto import MissingExtra   # (imported when one was raised)
        if not isinstance(exc, MissingExtra):
            raise
        print(_failed(args.command, str(exc)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `comando odds ... | head`: the reader went away; say nothing more.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        # (after BrokenPipeError, one of its kind) a file the user named cannot be read or
        # written: its name and the reason, one line.
        where = f"{exc.filename}: " if exc.filename else ""
        print(_failed(args.command, f"{where}{exc.strerror or exc}"), file=sys.stderr)
        return 2
    except Exception as exc:   # (last: it re-raises what is not sqlite3's)
        if type(exc).__module__ != "sqlite3":   # (sqlite3 not imported by commands without it)
            raise
        # a damaged page of a big store, met while reading it (store.check_path checks the
        # small ones whole when it opens them): nothing was changed
        from comando_host.store.db import default_path, why
        from comando_host.text.lang import _
        path = getattr(args, "db", None) or default_path()
        print(_failed(args.command, _("cannot read the game database {path}: {why}; it was left as it "
                                      "is: restore a copy, or move it aside to start a new one").format(
            path=path, why=why(exc, path))), file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
