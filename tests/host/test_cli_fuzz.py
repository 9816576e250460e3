"""Fuzzing the finished commands (odds, roll, battle, boards, play, replay) with random and mutated
arguments, files and scripts: whatever a user types, `comando` answers with an exit code 0, 1 or 2
and a readable message, never a traceback or an exception other than SystemExit.

Runs the CLI's main() in-process. Files the commands may write go to a temporary directory (the
test runs with it as the working directory)."""

import contextlib
import io
import os
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from comando_host.cli import main

pytestmark = pytest.mark.filterwarnings("ignore")

SETTINGS = settings(max_examples=100, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow])

BAD_NUMBERS = ["-1", "0", "1", "2", "3", "7", "11", "12", "-3", "99999999999999999999", "1000",
               "1001", "x", "", "3.5", "1e3", "٣", "0x10", " 4", "--", "-"]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Inputs for the fuzzers (which may overwrite them: `boards new --out FILE --force`)."""
    return make_files(tmp_path_factory.mktemp("fuzz"))


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """The same inputs, untouched, for the tests of one message each."""
    return make_files(tmp_path_factory.mktemp("clean"))


def make_files(d):
    """Good and bad inputs on disk: name -> absolute path."""
    out = {}

    def put(name, data):
        p = d / name
        p.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        out[name] = str(p)

    put("nonutf8.json", b"\xff\xfe{\x00")
    put("empty.json", b"")
    put("truncated.json", '{"id": "x", "countries": [')
    put("list.json", "[1, 2, 3]")
    put("board_bits.json", '{"id": "b", "countries": [{"id": "a", "neighbours": 3}], '
                           '"borders": [[1, 2, 3], "x"], "continents": 5}')
    put("board_no_countries.json", '{"id": "b", "name": "B", "rulesets": ["teg"]}')
    teg = os.path.join(os.path.dirname(__file__), "..", "..", "boards", "teg.json")
    with open(teg, encoding="utf-8") as f:
        text = f.read()
    put("teg_copy.json", text)
    put("teg_cut.json", text[: len(text) // 2])
    put("teg_mangled.json", text.replace('"neighbours"', '"neigbours"', 3)
        .replace('"bonus": 5', '"bonus": "five"'))
    put("garbage.jsonl", "garbage\n{]\n")
    put("not_events.jsonl", '[1]\n{"seq": 1}\n"x"\nnull\n')
    put("new_only.jsonl", '{"seq":1,"t":"new"}\n')  # no board: a device table-session log
    put("new_no_rs.jsonl", '{"seq":1,"t":"new","board":"teg","players":[{"n":"a","c":"red"},'
                           '{"n":"b","c":"blue"}]}\n')
    put("bad_new.jsonl", '{"seq":1,"t":"new","board":"nope","rs":"zzz","players":7}\n')
    put("wrong_start.jsonl", '{"seq":2,"t":"end","p":0}\n')
    # a real log, and the same log with its last line damaged
    log = d / "game.jsonl"
    with contextlib.redirect_stdout(io.StringIO()):
        sys_stdin, sys.stdin = sys.stdin, io.StringIO("bot 2\n")
        try:
            assert main(["play", "--seed", "5", "--log", str(log)]) == 0
        finally:
            sys.stdin = sys_stdin
    out["game.jsonl"] = str(log)
    lines = log.read_text().splitlines()
    put("nonutf8.jsonl", lines[0].encode() + b"\n\xff\xff\n")
    put("game_cut.jsonl", "\n".join(lines[:-1] + [lines[-1][:20]]) + "\n")
    put("game_bad_player.jsonl", "\n".join(lines[:3] + [lines[3].replace('"p":', '"p":9,"x":')])
        + "\n")
    sub = d / "adir"
    sub.mkdir()
    out["adir"] = str(sub)
    out["missing"] = str(d / "missing.json")
    out["missing_dir"] = str(d / "no" / "such" / "file.json")
    out["dir"] = str(d)
    return out


def run(argv, stdin=""):
    """main(argv) with stdin text; (exit code, stdout, stderr). Fails on any exception other
    than SystemExit, an exit code outside {0, 1, 2}, or a traceback on stderr."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        sys.stdin = old_stdin
    e = err.getvalue()
    assert code in (0, 1, 2), (argv, code, e)
    assert "Traceback" not in e, (argv, e)
    if code == 2 and e and not any("\n" in a or "\r" in a for a in argv):
        # the error is one line (argparse's help listing for a bare `comando boards` aside)
        assert len(e.strip().split("\n")) == 1 or e.startswith("usage:"), (argv, e)
    return code, out.getvalue(), e


@pytest.fixture(scope="module", autouse=True)
def in_tmp(files):
    """Run from the temporary directory: a relative --out or save FILE lands there, and so
    does the game database `replay ID` opens."""
    old, old_db = os.getcwd(), os.environ.get("COMANDO_DB")
    os.chdir(files["dir"])
    os.environ["COMANDO_DB"] = os.path.join(files["dir"], "games.sqlite")
    yield
    os.chdir(old)
    if old_db is None:
        os.environ.pop("COMANDO_DB", None)
    else:
        os.environ["COMANDO_DB"] = old_db


def file_names():
    return st.sampled_from(["nonutf8.json", "empty.json", "truncated.json", "list.json",
                            "board_bits.json", "board_no_countries.json", "teg_copy.json",
                            "teg_cut.json", "teg_mangled.json", "garbage.jsonl", "nonutf8.jsonl",
                            "not_events.jsonl", "new_only.jsonl", "new_no_rs.jsonl", "bad_new.jsonl",
                            "wrong_start.jsonl", "game.jsonl", "game_cut.jsonl",
                            "game_bad_player.jsonl", "adir", "missing", "missing_dir"])


def tokens(files):
    """One argument: a number-ish word, a file, a name, or noise."""
    return st.one_of(
        st.sampled_from(BAD_NUMBERS),
        file_names().map(lambda k: files[k]),
        st.sampled_from(["teg", "revancha", "war", "risk", "teg2", "chess", "teg2_americas",
                         "--json", "--snow", "--tailwind", "--all", "--force", "--help-me",
                         "3/0/5", "1/2/2", "+/0/1", "SU/1/1", "A2/1/1", "A/0/0", "12/0/0",
                         "-1/2/3", "a:red,b:blue", "Ana:red,Ana:red", ":", "deftrade=zz",
                         "pacts=1", "=", "argentina", "ñandú", "\x00", "é"]),
        st.text(max_size=6),
    )


def mutate(draw, base, files):
    """``base`` with a few arguments replaced, dropped or added."""
    argv = list(base)
    for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2, 3]))):
        op = draw(st.sampled_from(["replace", "drop", "insert"]))
        if op == "replace" and len(argv) > 1:
            i = draw(st.integers(1, len(argv) - 1))
            argv[i] = draw(tokens(files))
        elif op == "drop" and len(argv) > 1:
            del argv[draw(st.integers(1, len(argv) - 1))]
        else:
            argv.insert(draw(st.integers(1, len(argv))), draw(tokens(files)))
    return argv


BASES = {
    "odds": [["odds", "--rules", "revancha", "12", "5", "--snow"],
             ["odds", "10", "4", "--stop", "3", "--json"],
             ["odds", "--rules", "risk", "6", "2"]],
    "roll": [["roll", "--rules", "war", "5", "3", "--att-dice", "2", "--seed", "1"],
             ["roll", "12", "6", "--all", "--stop", "2", "--seed", "4"],
             ["roll", "--rules", "risk", "4", "2", "--def-dice", "1", "--json"]],
    "battle": [["battle", "--att", "3/0/5", "--def", "1/2/2"],
               ["battle", "--att", "2/+/1", "--att-armies", "16", "--def", "5/5/0",
                "--att-wp", "7", "--def-wp", "7"],
               ["battle", "--att", "3/A2/5", "--def", "8/4/A", "--def-aircraft", "4", "--json"],
               ["battle", "--att", "1/SU/5", "--att-su", "--def", "4/3/3"]],
    "boards": [["boards", "list"], ["boards", "show", "revancha"],
               ["boards", "show", "revancha", "--option", "uruguay_nigeria", "--json"],
               ["boards", "check", "teg_copy.json"],
               ["boards", "new", "--countries", "5", "--continents", "2"],
               ["boards", "new", "--from", "teg2_americas", "--out", "new.json", "--force"],
               ["boards", "--dir", "adir", "list"]],
    "replay": [["replay", "game.jsonl"], ["replay", "--json", "game.jsonl"],
               ["replay", "--countries", "game_cut.jsonl"]],
    "play": [["play", "--seed", "3"], ["play", "--ruleset", "war", "--players", "a:red,b:blue"],
             ["play", "--ruleset", "risk", "--option", "defdice=choose", "--seed", "1"],
             ["play", "--resume", "game.jsonl", "--log", "resumed.jsonl"],
             ["play", "--board", "teg_copy.json", "--option", "deftrade=1", "--strict"]],
}

PLAY_WORDS = ["status", "map", "cards", "objective", "claim", "place", "trade", "attack", "move",
              "regroup", "draw", "bonus", "end", "pact", "unpact", "pacts", "bot", "undo",
              "save", "help", "walk", "dip", "quit", "frobnicate"]
PLAY_ARGS = ["argentina", "brasil", "argentna", "gran bretaña", "Ana", "Player2", "world",
             "border", "zone", "wild", "on", "def", "as", "truce", "note", "#1", "3", "0", "-2",
             "99999999999", "x", "'", '"', "adir", "/no/such/dir/x.jsonl", "é", "all"]


@st.composite
def argv_for(draw, files, command):
    argv = mutate(draw, draw(st.sampled_from(BASES[command])), files)
    # a relative name of the fixture files stands for the file itself
    return [files.get(a, a) if a.endswith((".json", ".jsonl")) or a == "adir" else a
            for a in argv]


@st.composite
def script(draw):
    lines = []
    for _ in range(draw(st.integers(0, 12))):
        words = [draw(st.sampled_from(PLAY_WORDS))]
        words += draw(st.lists(st.sampled_from(PLAY_ARGS), max_size=4))
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("command", ["odds", "roll", "battle", "boards", "replay"])
def test_commands_never_crash(files, command):
    @SETTINGS
    @given(argv=argv_for(files, command))
    def check(argv):
        run(argv)

    check()


def test_play_never_crashes(files):
    @settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(argv=argv_for(files, "play"), stdin=script())
    def check(argv, stdin):
        run(argv, stdin)

    check()


def test_play_scripts_never_crash(files):
    """Good arguments, random command lines at the prompt (play reads a script from stdin)."""
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(base=st.sampled_from(BASES["play"][:3]), stdin=script())
    def check(base, stdin):
        code, out, _ = run(base, stdin)
        assert code == 0 and "Traceback" not in out

    check()


@pytest.mark.parametrize("argv, code, words", [
    (["odds", "--rules", "chess", "5", "3"], 2, "unknown ruleset 'chess'"),
    (["roll", "100000000", "3", "--all"], 2, "up to 1000 armies a side"),
    (["battle", "--att", "3/0/5", "--def", "1/2/2", "--att-wp", "x"], 2, "--att-wp"),
    (["boards", "show", "nonutf8.json"], 2, "not UTF-8"),
    (["boards", "new", "--from", "board_bits.json"], 2, "borders"),
    (["boards", "new", "--out", "missing_dir"], 2, "No such file or directory"),
    (["replay", "nonutf8.jsonl"], 1, ":2: not UTF-8"),
    (["replay", "garbage.jsonl"], 1, ":1: not a JSON event"),
    (["replay", "new_no_rs.jsonl"], 1, ":1: event 1 (new) is illegal: unknown ruleset"),
    (["replay", "new_only.jsonl"], 1, "event 1 (new)"),
    (["play", "--resume", "empty.json"], 2, "empty log"),
    (["play", "--resume", "nonutf8.jsonl"], 2, ":2: not UTF-8"),
    (["play", "--log", "missing_dir"], 2, "No such file or directory"),
    (["play", "--board", "war"], 2, "made for war"),
    (["play", "--option", "common=x"], 2, "whole number"),
    (["play", "--ruleset", "teg2", "--board", "teg2_americas"], 2, "is partial"),
    (["play", "--ruleset", "teg2", "--option", "rounds=5"], 2, "If 4 play, there are 4 or 8 rounds"),
    (["play", "--players", "Ana:red,ana:blue"], 2, "two players called 'ana'"),
    (["play", "--players", ":red,:blue"], 2, "a player without a name"),
    (["odds", "3", "2", "1"], 2, "comando odds: error: unrecognized arguments: 1"),
])
def test_bad_input_is_one_line(clean, argv, code, words):
    argv = [clean.get(a, a) for a in argv]
    got, _, err = run(argv)
    assert got == code and words in err, err
    assert len(err.strip().split("\n")) == 1


def test_play_suggests_close_country_names(clean):
    code, out, _ = run(["play", "--seed", "3"], "place 3 argentna\nplace 1 gran bretaa\n"
                                                "place 1 zzz\nsave " + clean["missing_dir"] + "\n")
    assert code == 0
    assert "no country called 'argentna'; did you mean argentina?" in out
    assert "did you mean gran_bretana?" in out
    assert "no country called 'zzz' (Tab completes" in out
    assert "error: " + clean["missing_dir"] + ": No such file or directory" in out
