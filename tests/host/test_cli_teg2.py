"""`comando play --ruleset teg2` with the bot to the final count, `comando replay` of its log, and
the T.E.G. II commands at the keyboard (issue 11)."""

import json

from play_tools import run_cli as run




def test_bot_game_reaches_the_final_count_and_replay_shows_the_points(capsys, tmp_path):
    log = tmp_path / "g.jsonl"
    rc, out, err = run(capsys, ["play", "--ruleset", "teg2", "--players", "USA,USSR,China,Japan",
                                "--seed", "5", "--log", str(log)], "bot 20000\n")
    assert rc == 0, err
    assert "Final count" in out and "Game over: " in out
    first = json.loads(log.read_text().splitlines()[0])
    assert first["board"] == "teg2_house" and first["rs"] == "teg2"
    rc, rout, err = run(capsys, ["replay", str(log)])
    assert rc == 0, err
    for power in ("USA", "USSR", "China", "Japan"):
        assert any(line.strip().startswith(("* " + power + ":", power + ":"))
                   for line in rout.splitlines()), rout
    winner = [line for line in rout.splitlines() if line.startswith("Game over: ")]
    assert winner and winner[0] in out


def test_two_names_play_the_two_player_game(capsys, tmp_path):
    log = tmp_path / "two.jsonl"
    rc, out, err = run(capsys, ["play", "--ruleset", "teg2", "--players", "Ana,Beto", "--seed", "4",
                                "--log", str(log)], "bot 20000\n")
    assert rc == 0, err
    new = json.loads(log.read_text().splitlines()[0])
    assert [p["c"] for p in new["players"]] == ["usa", "ussr", "china", "japan"]
    assert [p["n"] for p in new["players"]] == ["Ana", "Beto", "Ana", "Beto"]
    assert "Ana: " in out and "Beto: " in out


def test_keyboard_commands_and_refusals(capsys):
    script = "\n".join([
        "token control argentina", "token iv1 argentina", "token iv1 chile", "token iv1 chile",
        "token iv1 brazil",
        "token iv3 argentina",          # the USA's second token in Argentina: refused
        "status",
    ]) + "\n"
    rc, out, err = run(capsys, ["play", "--ruleset", "teg2", "--seed", "1"], script)
    assert rc == 0, err
    assert "places CONTROL 5 in Argentina" in out
    assert "illegal: a second objective in Argentina refused" in out
    assert "The same player may not have more than one objective per region" in out
    assert "placement round 2 of 5" in out


def test_a_partial_board_is_refused_in_one_line(capsys):
    rc, out, err = run(capsys, ["play", "--ruleset", "teg2", "--board", "teg2_americas"])
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "partial" in err


def test_the_stored_record_follows_the_game_to_the_count(capsys, tmp_path):
    """The laptop's record and view (comando show / games, the live page) fold the engine log with
    the same rules: the final count and the winner."""
    from comando_host.text.record import Record
    from comando_host.text.view import GameView
    log = tmp_path / "g.jsonl"
    rc, out, err = run(capsys, ["play", "--ruleset", "teg2", "--players", "USA,USSR,China,Japan",
                                "--seed", "5", "--log", str(log)], "bot 20000\n")
    assert rc == 0, err
    events = [json.loads(line) for line in log.read_text().splitlines()]
    rec = Record()
    texts = [rec.feed(ev).text for ev in events]
    assert rec.mode == "engine" and rec.state.phase == "over"
    assert any("commands" in t and "wins the combat" in t for t in texts)
    v = GameView()
    for ev in events:
        v.event(ev)
    shown = "\n".join(v.summary())
    winner = [line for line in out.splitlines() if line.startswith("Game over: ")][0]
    assert winner in shown and "Final count" in shown
