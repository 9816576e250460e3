"""Each game's laptop side has one home, found by its registry id (issue 27, docs/laptop-games.md):
``GAME`` of ``comando_host/games/<id>``, a ``games.base.Game`` that says only what differs.

The last tests play a La Revancha-like edition with one more situation card: its laptop text (the
mark on the dice, a status line, a REPL command and its help) is one subclass in one module, and
the table record, ``status``, ``help`` and the REPL's refusals all follow it.
"""

import os
import subprocess
import sys

import pytest

from comando import dice_mods
from comando import combat, session as S
from comando.dice import SeededDice
from comando.registry import IDS
from comando.session import replay
from comando_host import games
from comando_host.games import base, revancha
from comando_host.text.record import ruleset_name, tell
from play_tools import repl

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOME = os.path.join(ROOT, "host", "comando_host", "games")


@pytest.mark.parametrize("rid", IDS)
def test_each_registry_id_has_its_laptop_module(rid):
    assert os.path.isfile(os.path.join(HOME, rid + ".py")) or \
        os.path.isfile(os.path.join(HOME, rid, "__init__.py")), rid
    game = games.get(rid)
    assert isinstance(game, base.Game) and game.id == rid
    assert games.get(rid) is game   # found once, as engine.get_rules caches a game's rules


def test_what_is_no_registry_id_gets_the_common_wording():
    """A log may name a ruleset this laptop does not know (or none): the plain Game, which adds
    nothing to any line."""
    for rid in ("chess", "", None, ["teg"], "TEG"):
        game = games.get(rid)
        assert type(game) is base.Game
        assert game.status_lines(None) == [] and game.options({"territories": 30}) == []
        assert game.place_line({}, None, None, "Ana") is None and game.dice_marks({"snow": 1}) == ""
        assert game.commands == {} and game.help == "" and game.hand_deal is None
    assert ruleset_name("chess") == "chess" and ruleset_name("") == "-"
    assert ruleset_name("teg") == "T.E.G." and ruleset_name("revancha") == "T.E.G. La Revancha"


def test_the_games_are_listed_in_the_registrys_order():
    assert [rid for rid, _ in games.every()] == list(IDS)


def _strict(tmp_path, ruleset, script):
    env = dict(os.environ, COMANDO_DB=str(tmp_path / "s.db"))
    return subprocess.run([sys.executable, "-m", "comando_host.cli", "play", "--strict",
                           "--ruleset", ruleset, "--seed", "3"],
                          input=script, capture_output=True, text=True, timeout=60, env=env)


@pytest.mark.parametrize("ruleset, name", [("teg", "T.E.G. classic"), ("teg2", "T.E.G. II")])
def test_another_games_command_names_the_game_that_has_it(tmp_path, ruleset, name):
    """`arm` is La Revancha's (rules/teg-la-revancha.txt, "Attacks with Missiles"): elsewhere it
    is refused in one line naming the game to play instead, exit 2 under --strict."""
    proc = _strict(tmp_path, ruleset, "arm 1 chile\n")
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.splitlines() == [
        "comando play: error: line 1 (arm 1 chile): arm: La Revancha only (--ruleset revancha), "
        "not %s" % name]


def test_help_adds_the_games_own_paragraph(monkeypatch, capsys):
    out = repl(monkeypatch, capsys, ["help"], "--ruleset", "war", "--seed", "1")
    assert "WAR (war.txt):" in out and "announce N attacking armies" in out
    out = repl(monkeypatch, capsys, ["help"], "--ruleset", "teg", "--seed", "1")
    assert "WAR (war.txt)" not in out and "La Revancha (teg-la-revancha.txt)" not in out
    assert "save FILE" in out   # the common commands


# -- a La Revancha-like edition with one more situation card -----------------------------------

FOG = "fog"   # the new card's flag on a roll, as "snow" and "tw" are (comando.combat.record)


def _fog_status(state):
    return ["fog: attackers see one border less"] if state.round else []


def _fog_command(session, rest):
    session.say("the fog lifts at the end of the round")


class FogEdition(revancha.Revancha):
    """Everything La Revancha says, plus its new card's words: the whole laptop side of it."""
    help = revancha.Revancha.help + "\n  fog                         the fog card's effect"
    commands = dict(revancha.Revancha.commands, fog=_fog_command)

    def dice_marks(self, r):
        return revancha.Revancha.dice_marks(self, r) + (" (fog)" if r.get(FOG) else "")

    def status_lines(self, state):
        return revancha.Revancha.status_lines(self, state) + _fog_status(state)


@pytest.fixture
def fog(monkeypatch):
    """The edition stands in for La Revancha's laptop side, as its own module's GAME would."""
    games.get("revancha")
    monkeypatch.setitem(games._GAMES, "revancha", FogEdition())


def test_a_new_cards_dice_mark_reaches_the_table_record(fog):
    t = replay.Table.__new__(replay.Table)
    t.state, t.events, t.rng, t.board = S.Session(), [], SeededDice(1), None
    t.act(dict(S.new_session("revancha", ["blue", "red", "black"]),
               deck=[20] + [c for c in range(50) if c != 20]))   # Snow turns first
    t.act({"t": "first", "r": [[6, 3, 3]]})
    for _ in range(6):
        t.act({"t": "place", "p": t.state.cur})
    t.act({"t": "round"})
    r = combat.record("revancha", 3, 1, [6, 2], [5, 1], dice_mods.SNOW)
    r[FOG] = 1
    t.act({"t": "roll", "p": 0, "d": 1, "a": 3, "b": 1, "r": r})
    rolls = [e.text for e in tell(t.events) if e.t == "roll"]
    assert len(rolls) == 1 and "vs 2 dice 5 1 (snow) (fog) - attacker loses" in rolls[0]


def test_a_new_cards_status_line_command_and_help_reach_the_repl(fog, monkeypatch, capsys):
    out = repl(monkeypatch, capsys, ["bot 12", "status", "fog", "help"], "--ruleset", "revancha",
               "--seed", "2", "--players", "A:white,B:black,C:red")
    assert "fog: attackers see one border less" in out
    assert "the fog lifts at the end of the round" in out
    assert "the fog card's effect" in out


def test_a_new_cards_command_is_refused_elsewhere_naming_its_game(fog, monkeypatch, capsys):
    out = repl(monkeypatch, capsys, ["fog"], "--ruleset", "teg", "--seed", "2")
    assert "error: fog: La Revancha only (--ruleset revancha), not T.E.G. classic" in out


def _completions(monkeypatch, rs, text):
    readline = pytest.importorskip("readline")
    import io

    from comando import engine
    from comando.board import board_path, load_board
    from comando_host.commands.play import KeyboardGame, completer_for
    g = engine.new_game(load_board(board_path(rs)), rs, [("A", "black"), ("B", "red"), ("C", "blue")],
                        rng=SeededDice(1))
    completer_for(KeyboardGame(g, out=io.StringIO()))
    complete = readline.get_completer()
    monkeypatch.setattr(readline, "get_line_buffer", lambda: text)
    out = []
    while (w := complete(text, len(out))) is not None:
        out.append(w)
    return out


def test_tab_completes_the_commands_a_game_adds_in_that_game_only(monkeypatch):
    assert _completions(monkeypatch, "revancha", "co") == ["countries", "condo"]
    assert _completions(monkeypatch, "revancha", "mi") == ["missile"]
    assert _completions(monkeypatch, "teg", "co") == ["countries"]
    assert _completions(monkeypatch, "teg", "mi") == []
