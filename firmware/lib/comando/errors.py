"""Every error the shared core raises. Messages are for players and table-side engineers: they name
what is wrong (the rule, the country, the file and entry), never a bare code.

All derive from ValueError so the host CLI can print them as one line and exit 2.
"""


class ComandoError(ValueError):
    """Base of every rule, data and protocol error the core raises. A refusal of the map engine
    or a board's lookup (comando.texts.refused) also carries its number in refusals.txt and the
    values of its fields, ``.number`` and ``.args_``, for the laptop to say it in the table's
    language; any other error has neither (no class attributes: they would be heap for every
    game, T.E.G. II's too, where none is raised)."""


class RulesError(ComandoError):
    """An unknown ruleset, option or situation, or arguments the rules do not allow."""


class IllegalMove(ComandoError):
    """An action the rules forbid in this state (``check`` raises it; ``apply`` never sees it)."""


class BattleCommandError(ComandoError):
    """An impossible T.E.G. II battle command (armies not all committed, two SUs, ...)."""


class BoardError(ComandoError):
    """A board file that does not validate: the message names the file, the entry and the problem."""

    errors: list  # load_board sets every problem found (declared for the type checker)


class FrameError(ComandoError):
    """A link frame that does not decode (bad CRC, bad escape, unknown type): counted and dropped."""


class JournalError(ComandoError):
    """A journal line that does not verify (torn write, bad CRC)."""
