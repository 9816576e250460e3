"""The `comando` command: a table of subcommands discovered in comando_host.commands."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from comando_host import __version__, commands


class UsageError(Exception):
    """A bad argument: printed as one readable line, exit code 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="comando",
        description="Comando: dice, odds, boards and games for T.E.G., La Revancha, WAR, Risk and T.E.G. II.",
    )
    parser.add_argument("--version", action="version", version=f"comando {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:
        print(f"comando {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        # The shared core raises ValueError subclasses with messages meant for players.
        print(f"comando {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `comando odds ... | head`: the reader went away; say nothing more.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
