"""Issue 28: the one-shot commands' plain lines are read without argparse (comando_host/commands/_plain.py)
and must mean exactly what argparse makes of them. For a table of command lines, valid and not,
and for lines drawn at random from the commands' own words: a line _plain reads gives the same
arguments as argparse's parser; the commands' output, errors and exit codes are the same through
either reader, in English and in Spanish (--lang es, $COMANDO_LANG, the locale), in-process and
as whole processes; the plain forms are the ones read without argparse; and each command's plain
form knows every option its parser has (a new option cannot be forgotten there)."""

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from comando_host.commands import _parser, _plain
from comando_host.cli import main

SEEDED = [
    # odds: the common forms, every option, repeated options, values of every case
    ["odds", "10", "4"], ["odds", "--rules", "teg", "10", "4"], ["odds", "--rules", "RISK", "5", "3"],
    ["odds", "--json", "10", "4"], ["odds", "10", "4", "--json"], ["odds", "--stop", "3", "10", "4"],
    ["odds", "--rules", "revancha", "--snow", "6", "3"], ["odds", "--tailwind", "--rules", "revancha", "6", "3"],
    ["odds", "--rules", "war", "10", "4", "--stop", "2"], ["odds", "--rules", "teg", "--rules", "risk", "5", "5"],
    ["odds", "200", "200"],
    # odds the commands refuse themselves (a plain line still)
    ["odds", "0", "4"], ["odds", "x", "4"], ["odds", "10", "4", "--stop", "x"], ["odds", "--rules", "nope", "10", "4"],
    ["odds", "10", "4", "--stop", "12"], ["odds", "--snow", "10", "4"], ["odds", "1001", "3"], ["odds", "", "4"],
    # odds lines only argparse reads
    ["odds", "--chain", "15", "4", "3"], ["odds", "--need", "0.8", "5"], ["odds", "--board", "teg", "--chain", "argentina=15", "chile=4"],
    ["odds", "--jso", "10", "4"], ["odds", "10", "--json", "4"], ["odds", "-5", "3"], ["odds", "--rules=teg", "10", "4"],
    ["odds", "10"], ["odds"], ["odds", "10", "4", "5"], ["odds", "--", "10", "4"], ["odds", "10", "4", "--lang", "es"],
    ["odds", "--stop", "-1", "10", "4"], ["odds", "10", "4", "-x"],
    # roll
    ["roll", "--seed", "1", "3", "2"], ["roll", "--seed", "7", "--all", "10", "4"],
    ["roll", "--seed", "7", "--all", "--stop", "3", "10", "4", "--json"], ["roll", "--rules", "war", "--seed", "2", "--att-dice", "2", "4", "3"],
    ["roll", "--rules", "risk", "--seed", "3", "--def-dice", "1", "4", "3"], ["roll", "--seed", "1", "--json", "3", "2"],
    ["roll", "--rules", "revancha", "5", "3", "--seed", "1"], ["roll", "--seed", "x", "3", "2"],
    ["roll", "--seed", "1", "--all", "--att-dice", "2", "5", "3"], ["roll", "--seed", "1", "1", "2"],
    ["roll", "--seed", "-1", "3", "2"], ["roll", "3", "--seed", "1", "2"], ["roll", "3"], ["roll", "--see", "1", "3", "2"],
    # battle
    ["battle", "--att", "3/0/5", "--def", "1/2/2"],
    ["battle", "--att", "2/+/1", "--att-armies", "16", "--def", "5/5/0", "--att-wp", "7", "--def-wp", "7"],
    ["battle", "--att", "1/SU/5", "--att-su", "--def", "4/3/3"],
    ["battle", "--att", "3/A2/5", "--def", "8/4/A", "--def-aircraft", "4", "--json"],
    ["battle", "--att", "3/0/5", "--def", "1/2/2", "--att-name", "Ana", "--def-name", "Beto"],
    ["battle", "--att", "9/9/9", "--def", "1/2/2"], ["battle", "--att", "3/0/5", "--def", "1/2/2", "--att-armies", "2"],
    ["battle", "--att", "3/0/5", "--def", "1/2/2", "--att-armies", "2000"], ["battle", "--att", "3/0/5", "--def", "1/2/2", "--att-wp", "x"],
    ["battle", "--att", "3/0/5", "--def", "1/2/2", "--att-armies", "x"], ["battle", "--att", "-1/2/3", "--def", "1/2/2"],
    ["battle", "--att", "3/0/5"], ["battle", "--def", "1/2/2"], ["battle", "--att", "3/0/5", "--def", "1/2/2", "extra"],
    # games (the database: a path the test gives, see run())
    ["games"], ["games", "--db"], ["games", "--db", "DB"], ["games", "--db", "NONE"],
    # the global options
    ["--lang", "es", "odds", "10", "4"], ["--lang", "en", "roll", "--seed", "1", "3", "2"], ["--lang", "pt_BR", "games"],
    ["--lang", "fr", "odds", "10", "4"], ["--lang", "es", "--lang", "pt_BR", "odds", "5", "3"], ["--lang", "odds", "10", "4"],
    ["--lan", "es", "odds", "10", "4"], ["--lang=es", "odds", "10", "4"], ["--version"], ["odds", "--help"], ["-h"], [],
]

# The lines a user types most, which must be read without argparse.
MUST_BE_PLAIN = [
    ["odds", "--rules", "teg", "10", "4"], ["odds", "10", "4", "--json"], ["odds", "--rules", "revancha", "--snow", "6", "3"],
    ["roll", "--seed", "1", "3", "2"], ["roll", "--seed", "7", "--all", "--stop", "3", "10", "4", "--json"],
    ["battle", "--att", "3/0/5", "--def", "1/2/2"],
    ["battle", "--att", "3/A2/5", "--def", "8/4/A", "--def-aircraft", "4", "--json"],
    ["games"], ["games", "--db", "DB"], ["--lang", "es", "odds", "10", "4"],
]


def argparse_reads(words):
    """argparse's arguments for ``words`` as a dict, or None when it refuses them (or leaves
    words over, which cli refuses)."""
    try:
        args, extra = _parser.build_parser(_parser.command_in(words)).parse_known_args(words)
    except SystemExit:
        return None
    return None if extra else vars(args)


def agrees(words):
    plain = _plain.read(words)
    if plain is not None:
        assert vars(plain) == argparse_reads(words), words


@pytest.mark.parametrize("words", SEEDED, ids=" ".join)
def test_a_line_read_plainly_means_what_argparse_makes_of_it(words, capsys):
    agrees(words)
    capsys.readouterr()   # (argparse's refusals and help: not this test's)


@pytest.mark.parametrize("words", MUST_BE_PLAIN, ids=" ".join)
def test_the_common_lines_are_read_plainly(words):
    assert _plain.read(words) is not None


def test_lines_for_argparse_are_left_to_it():
    for words in (["odds", "--chain", "15", "4", "3"], ["odds", "--jso", "10", "4"], ["odds", "--help"],
                  ["odds", "--rules=teg", "10", "4"], ["battle", "--att", "-1/2/3", "--def", "1/2/2"],
                  ["battle", "--att", "3/0/5", "--def", "1/2/2", "--att-wp", "x"], ["play"], ["--version"]):
        assert _plain.read(words) is None, words


# Lines drawn from the commands' own options and values, with words that trip parsers up.
VALUES = ["10", "4", "3", "0", "1", "16", "2000", "-1", "x", "", "a b", "teg", "RISK", "war", "revancha",
          "3/0/5", "1/2/2", "2/+/1", "3/A2/5", "8/4/A", "1/SU/5", "0.8", "Ana"]
NOISE = ["play", "--lang", "es", "--chain", "--need", "--board", "--js", "--rules=war", "-h", "--help",
         "--", "-", "-5", "-1/2/3", "-a b", "=", "odds", "roll"]


@st.composite
def lines(draw, command):
    """A line of ``command``: its options with values (the required ones mostly there), its
    positionals mostly as many as it takes, side by side, now and then a word of noise."""
    spec = _plain.spec_of(command)
    options = sorted(spec.options) + spec.unplain
    value = st.sampled_from(VALUES)

    def piece(o):
        takes = o in spec.unplain or spec.options[o][1]
        return st.tuples(st.just(o), value).map(list) if takes else st.just([o])

    pieces = draw(st.lists(st.sampled_from(options).flatmap(piece), max_size=5))
    for o in spec.required:
        if draw(st.integers(0, 5)):
            pieces.append([o, draw(value)])
    pieces = draw(st.permutations(pieces))
    n = len(spec.positionals)
    count = draw(st.sampled_from([n, n, n, n - 1, n + 1])) if n else draw(st.sampled_from([0, 0, 0, 1]))
    positionals = draw(st.lists(value, min_size=max(count, 0), max_size=max(count, 0)))
    for run in ([positionals] if draw(st.integers(0, 3)) else [[w] for w in positionals]):
        pieces.insert(draw(st.integers(0, len(pieces))), run)   # (now and then split up)
    if not draw(st.integers(0, 3)):
        pieces.insert(draw(st.integers(0, len(pieces))), [draw(st.sampled_from(NOISE))])
    head = draw(st.sampled_from([[], [], ["--lang", "es"], ["--lang", "fr"], ["--lang"]]))
    return head + [command] + [w for p in pieces for w in p]


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(_plain.COMMANDS).flatmap(lines))
def test_random_lines_read_plainly_mean_what_argparse_makes_of_them(words):
    agrees(words)


def parser_options(command):
    """The option strings of ``command``'s argparse parser (but its -h/--help)."""
    sub = _parser.build_parser(command)._subparsers._group_actions[0].choices[command]
    return {s for action in sub._actions for s in action.option_strings} - {"-h", "--help"}


@pytest.mark.parametrize("command", _plain.COMMANDS)
def test_each_plain_form_knows_every_option_of_its_parser(command):
    spec = _plain.spec_of(command)
    assert set(spec.options) | set(spec.unplain) == parser_options(command)


def run(words, tmp_path, plain, capsys):
    """(exit code, stdout, stderr) of one line through main, by either reader; DB in the line
    is the played store, NONE a path where there is none."""
    db = os.environ.get("COMANDO_DB", "")
    words = [db if w == "DB" else str(tmp_path / "none.db") if w == "NONE" else w for w in words]
    try:
        code = main(words, plain=plain)
    except SystemExit as exc:   # argparse's refusals and --help
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A store holding one game (a few moves of T.E.G. played through `comando play`)."""
    import io
    path = str(tmp_path_factory.mktemp("store") / "games.db")
    stdin = sys.stdin
    sys.stdin = io.StringIO("quit\n")
    try:
        assert main(["play", "--ruleset", "teg", "--players", "Ana,Beto,Caro", "--seed", "3",
                     "--db", path]) == 0
    finally:
        sys.stdin = stdin
    return path


@pytest.fixture
def store(played, monkeypatch):
    """`games` lists the played store ($COMANDO_DB; `--db DB` names it too)."""
    monkeypatch.setenv("COMANDO_DB", played)
    return played


def same_output(words, tmp_path, capsys):
    fast = run(words, tmp_path, True, capsys)
    slow = run(words, tmp_path, False, capsys)
    assert fast == slow, words
    return fast


# Unseeded rolls differ by nature: the table's rolls are all seeded.
@pytest.mark.parametrize("words", SEEDED, ids=" ".join)
def test_the_same_output_and_exit_code_through_either_reader_in_english(words, tmp_path, capsys, monkeypatch, store):
    for var in ("COMANDO_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    same_output(words, tmp_path, capsys)


@pytest.mark.parametrize("how", ["flag", "COMANDO_LANG", "LANG"])
@pytest.mark.parametrize("words", SEEDED, ids=" ".join)
def test_the_same_output_and_exit_code_through_either_reader_in_spanish(words, how, tmp_path, capsys, monkeypatch, store):
    for var in ("COMANDO_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    if how == "flag":
        words = ["--lang", "es"] + words
    else:
        monkeypatch.setenv(how, "es" if how == "COMANDO_LANG" else "es_AR.UTF-8")
    same_output(words, tmp_path, capsys)
    if words in (["--lang", "es", "odds", "10", "4"], ["odds", "10", "4"]):
        assert "P(conquista)" in run(words, tmp_path, True, capsys)[1]   # (Spanish indeed)


# As whole processes: the installed `comando` (plain) and main(plain=False) under the same env.
PROCESS_LINES = [["odds", "--rules", "teg", "10", "4"], ["roll", "--seed", "1", "3", "2"],
                 ["battle", "--att", "3/0/5", "--def", "1/2/2"], ["games"], ["odds", "x", "4"],
                 ["odds", "10", "4", "--stop", "12"], ["battle", "--att", "9/9/9", "--def", "1/2/2"],
                 ["--lang", "fr", "odds", "10", "4"], ["roll", "--seed", "x", "3", "2"]]
ARGPARSE = [sys.executable, "-c", "import sys; from comando_host.cli import main; sys.exit(main(plain=False))"]
COMANDO = os.path.join(os.path.dirname(sys.executable), "comando")


@pytest.mark.parametrize("lang", [None, "es"])
@pytest.mark.parametrize("words", PROCESS_LINES, ids=" ".join)
def test_whole_processes_say_the_same_through_either_reader(words, lang, tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("COMANDO_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env["COMANDO_DB"] = str(tmp_path / "none.db")
    if lang:
        env["LANG"] = "es_AR.UTF-8"
    launcher = [COMANDO] if os.path.exists(COMANDO) else [sys.executable, "-m", "comando_host"]
    fast = subprocess.run(launcher + words, capture_output=True, text=True, env=env)
    slow = subprocess.run(ARGPARSE + words, capture_output=True, text=True, env=env)
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
    assert fast.stderr.count("\n") <= 1   # (one line when refused, never a traceback)
