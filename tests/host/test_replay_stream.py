"""`comando replay` and `comando import` stream the log (issue 28: the fold keeps the state, not
every event): logstream.StreamFolder folds as engine.Folder folds, undo included; a long log's
replay costs no memory per event beyond its compact line; an import is one transaction written
in batches, and nothing of it is stored when it fails. The figures: bench/bench_replay_memory.py.
"""

import json
import os
import subprocess
import sys

import pytest

from comando import engine
from comando.board import board_path, load_board
from comando.dice import SeededDice
from comando.engine import log as elog
from comando.engine.bot import RandomBot, play
from comando.errors import IllegalMove
from comando_host.cli import main
from comando_host.store.logstream import PackedEvents, StreamFolder

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def bot_log(n, seed=0, undo_every=0):
    """A legal T.E.G. log of about ``n`` events played by the random bot; with ``undo_every``,
    an undo of the last effective event every that many moves (the undo a player asks for)."""
    board = load_board(board_path("teg"))
    g = engine.new_game(board, "teg", [("A", "blue"), ("B", "red"), ("C", "black")],
                        rng=SeededDice(seed))
    bot = RandomBot(SeededDice(seed + 1000), chunk=3)
    while len(g.log) < n and g.state.phase != "over":
        play(g, bot, limit=undo_every or n - len(g.log))
        if undo_every and g.can_undo():
            g.undo()
    return g.log


@pytest.mark.parametrize("mark", [StreamFolder.MARK, 5])
def test_stream_folder_folds_as_engine_folder_with_undos(monkeypatch, mark):
    """Every state equal, undo after undo (checkpoints every ``mark`` events: 5 puts one next
    to most undos' targets, on both sides)."""
    monkeypatch.setattr(StreamFolder, "MARK", mark)
    log = bot_log(1500, seed=3, undo_every=7)
    assert sum(1 for ev in log if ev["t"] == "undo") > 100
    a, b = engine.Folder(), StreamFolder()
    for ev in log:
        a.feed(ev)
        b.feed(ev, elog.dumps(ev).encode())
        assert b.state.to_dict() == a.state.to_dict(), ev
        assert b.base == a.base
    assert list(b.effective) == a.effective
    assert isinstance(b.effective, PackedEvents)


def test_stream_folder_refuses_an_undo_as_engine_folder_does():
    log = bot_log(200, seed=4)
    for to in (0, log[-1]["seq"], log[-1]["seq"] + 5, "3"):
        messages = []
        for folder in (engine.Folder(), StreamFolder()):
            for ev in log:
                folder.feed(ev)
            with pytest.raises(IllegalMove) as exc:
                folder.feed({"seq": log[-1]["seq"] + 1, "t": "undo", "to": to})
            messages.append(str(exc.value))
        assert messages[0] == messages[1]


def test_cli_replay_of_a_log_with_undos_is_the_engines_fold(tmp_path, capsys):
    log = bot_log(3000, seed=5, undo_every=11)
    path = tmp_path / "undo.jsonl"
    elog.write_log(str(path), log)
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(
        json.dumps(engine.fold(log).to_dict(), sort_keys=True))
    # stored, then replayed by its id (the rows written out one at a time)
    db = str(tmp_path / "g.db")
    assert main(["import", str(path), "--as", "undo", "--db", db]) == 0
    capsys.readouterr()
    assert main(["replay", "undo", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seq"] == log[-1]["seq"]


def _peak_mib(args, env):
    """The peak RSS (MiB) of `comando ARGS` run as a child (its own ru_maxrss, os.wait4)."""
    proc = subprocess.Popen([sys.executable, "-m", "comando_host"] + args, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, proc.stderr.read().decode()[-300:]
    proc.stderr.close()
    return usage.ru_maxrss / 1024.0


def test_a_long_replay_and_import_cost_no_dict_per_event(tmp_path):
    """30,000 events: held as dicts they were about 13 MiB (two lists of them: 26); streamed,
    the fold keeps their compact lines (about 3 MiB). The bound is the growth over replaying
    the same game's first events, so the interpreter's own size does not count."""
    log = bot_log(30_000, seed=6)
    big, small = tmp_path / "big.jsonl", tmp_path / "small.jsonl"
    elog.write_log(str(big), log)
    elog.write_log(str(small), log[:60])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(ROOT, "host"),
                                                       os.path.join(ROOT, "firmware", "lib")]))
    base = _peak_mib(["replay", str(small)], env)
    assert _peak_mib(["replay", str(big)], env) - base < 8
    base = _peak_mib(["import", str(small), "--db", str(tmp_path / "s.db")], env)
    assert _peak_mib(["import", str(big), "--db", str(tmp_path / "b.db")], env) - base < 10


def test_import_stores_the_whole_log_in_one_transaction(tmp_path, capsys):
    log = bot_log(5000, seed=7)
    path = tmp_path / "long.jsonl"
    elog.write_log(str(path), log)
    db = str(tmp_path / "g.db")
    assert main(["import", str(path), "--db", db]) == 0
    assert capsys.readouterr().out == "imported long: %d events\n" % len(log)
    from comando_host.store.db import Store
    store = Store(db, create=False)
    assert store.events("long") == log
    seq, players, result, _, _, n = store.summaries()["long"]
    assert seq == log[-1]["seq"] and players == ["A (blue)", "B (red)", "C (black)"]
    assert n == len(log)              # (the listing counts the events from the row)
    store.close()


def test_add_records_failing_midway_stores_nothing(tmp_path):
    from comando_host.store.db import Store
    log = bot_log(5000, seed=8)

    def records():
        for i, ev in enumerate(log):
            if i == 4500:      # after two batches of 2000 were written
                raise OSError("the disk went away")
            yield ("event", ev)
    store = Store(str(tmp_path / "g.db"))
    store.ensure_game("cut", board="teg", origin="import")
    with pytest.raises(OSError):
        store.add_records("cut", records())
    assert store.game("cut") is None and store.last_seq("cut") == 0
    assert store.add_records("cut", (("event", ev) for ev in log)) == log[-1]["seq"]
    assert store.events("cut") == log
    store.close()


def test_import_of_an_illegal_long_log_stores_nothing(tmp_path, capsys):
    log = bot_log(4000, seed=9)
    bad = dict(log[3000])
    bad["t"] = "fortify"            # an event these rules do not take here
    log[3000] = bad
    path = tmp_path / "bad.jsonl"
    elog.write_log(str(path), log)
    db = str(tmp_path / "g.db")
    rc = main(["import", str(path), "--db", db])
    err = capsys.readouterr().err
    assert rc != 0 and "not imported: event %d (fortify)" % bad["seq"] in err
    assert not os.path.exists(db)      # refused before the store is opened, as it was


def test_stream_folder_undo_on_a_log_edited_by_hand_filters_as_engine_folder():
    """Seqs that go down or are not numbers (a log edited by hand; the fold does not check
    them): the undo keeps what engine.Folder keeps, or fails as it fails."""
    log = [dict(ev) for ev in bot_log(300, seed=10)]
    log[100]["seq"] = 5                          # below the events around it
    last = log[-1]["seq"]
    cases = [("kept", log + [{"seq": last + 1, "t": "undo", "to": 150}]),
             ("text seq", [dict(ev, seq="x") if i == 200 else ev for i, ev in enumerate(log)]
              + [{"seq": last + 1, "t": "undo", "to": 150}])]
    for name, events in cases:
        results = []
        for folder in (engine.Folder(), StreamFolder()):
            try:
                for ev in events:
                    folder.feed(ev)
                results.append(("state", folder.state.to_dict(), list(folder.effective)))
            except TypeError as exc:
                results.append(("error", str(exc)))
        assert results[0] == results[1], name
    assert results[0][0] == "error"              # a str seq against an int: Folder's TypeError


def test_streamed_import_keeps_the_order_of_its_messages(tmp_path, capsys):
    """The check reads the file once, line by line, and still says what the whole-file import
    said first: a byte that is not UTF-8 anywhere before any line's problem, a line that does
    not parse before an event out of order, those before the rules."""
    log = bot_log(40, seed=12)
    lines = [elog.dumps(ev) for ev in log]

    def run(name, text_lines, tail=b""):
        path = tmp_path / name
        path.write_bytes("\n".join(text_lines).encode() + b"\n" + tail)
        rc = main(["import", str(path), "--db", str(tmp_path / "g.db")])
        return rc, capsys.readouterr().err

    rc, err = run("latin.jsonl", lines[:5] + ["not json"] + lines[5:], b"\xff\n")
    assert rc != 0 and "is not a text file" in err
    swapped = lines[:3] + [lines[4], lines[3]] + lines[5:]
    rc, err = run("order.jsonl", swapped + ["{oops"])
    assert rc != 0 and "order.jsonl:%d: not JSON" % (len(lines) + 1) in err
    rc, err = run("order2.jsonl", swapped)
    assert rc != 0 and "seq 4 comes after 5" in err
    rc, err = run("blank.jsonl", ["", "   "])
    assert rc != 0 and "empty file" in err
    assert not os.path.exists(tmp_path / "g.db")
