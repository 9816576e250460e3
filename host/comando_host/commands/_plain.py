"""The plain forms of the one-shot commands (`odds`, `roll`, `battle`, `games`) read without
argparse: argparse with the re, gettext and locale it imports costs those commands about half a
bare Python start (issue 28, docs/decisions/cli-start-imports.md).

A line is plain when argparse is sure to read each word the same way: the global ``--lang CODE``
first, then the command, then its known options spelled in full (no abbreviation, no
``--opt=value``, no ``-h``/``--help``, no ``--``), each value a word that does not start with
"-", the positionals all there and side by side, the required options given, and every value
converting with the parser's own type. The arguments are then argparse's own (the same names
and values: tests/host/test_plain_args.py compares them); any other line is None here and goes
to argparse, so every message and exit code stays argparse's.
"""

# The commands with a plain form; each module's ``plain()`` says it (and its ``register`` the
# argparse grammar it must agree with).
COMMANDS = ("odds", "roll", "battle", "games")


class Args:
    """The parsed arguments, attribute by attribute as argparse's Namespace holds them."""

    def __init__(self, values: dict):
        self.__dict__.update(values)

    def __repr__(self):
        return "Args(%r)" % self.__dict__


class Spec:
    """A command's plain form: what its ``register`` gives argparse, in the few kinds the plain
    forms use."""

    def __init__(self, func):
        self.options = {}        # option -> (dest, takes a value, convert or None)
        self.positionals = []    # dests, in order, each required
        self.required = []       # options that must be given
        self.unplain = []        # options only argparse reads (their defaults are here)
        self.defaults = {"func": func}

    def flag(self, option: str, dest: str) -> None:
        """A store_true option."""
        self.options[option] = (dest, False, None)
        self.defaults[dest] = False

    def value(self, option: str, dest: str, default=None, convert=None, required=False) -> None:
        """An option taking one value, ``convert`` being its argparse ``type``; ``default`` as
        argparse leaves it (a string default converted)."""
        self.options[option] = (dest, True, convert)
        self.defaults[dest] = default
        if required:
            self.required.append(option)

    def positional(self, dest: str) -> None:
        self.positionals.append(dest)

    def argparse_only(self, option: str, dest: str, default=None) -> None:
        """An option a line with it is not plain for (argparse reads it): its default only."""
        self.unplain.append(option)
        self.defaults[dest] = default

    def read(self, words):
        """The command's arguments as a dict, or None when the words are not plain."""
        values = dict(self.defaults)
        given, pos = set(), []
        options_after = False        # an option came after the positionals began
        i, n = 0, len(words)
        while i < n:
            word = words[i]
            if not word.startswith("-"):
                if options_after:
                    return None      # (positionals split by options: argparse's '?' differs)
                pos.append(word)
                i += 1
                continue
            known = self.options.get(word)
            if known is None:
                return None
            dest, takes, convert = known
            options_after = bool(pos)
            given.add(word)
            if not takes:
                values[dest] = True
                i += 1
                continue
            if i + 1 >= n or words[i + 1].startswith("-"):
                return None
            raw = words[i + 1]
            if convert is not None:
                try:
                    raw = convert(raw)
                except Exception:   # (argparse words the refusal)
                    return None
            values[dest] = raw
            i += 2
        if len(pos) != len(self.positionals) or any(o not in given for o in self.required):
            return None
        values.update(zip(self.positionals, pos))
        return values


def spec_of(command: str) -> Spec:
    module = __import__("comando_host.commands." + command, fromlist=("plain",))
    return module.plain()


def read(words):
    """The arguments of a plain line, or None (argparse reads it)."""
    lang, i, n = None, 0, len(words)
    while i < n and words[i] == "--lang":
        if i + 1 >= n or words[i + 1].startswith("-"):
            return None
        lang = words[i + 1]
        i += 2
    if i >= n or words[i] not in COMMANDS:
        return None
    values = spec_of(words[i]).read(words[i + 1:])
    if values is None:
        return None
    values["command"], values["lang"] = words[i], lang
    return Args(values)
