"""Issue 23: `comando play`'s `map` in a real terminal (a pty): the map's own colour sequences
reach the terminal as escape sequences, while an escape sequence from data (a player's name in a
resumed log) is still shown as text (^[), never obeyed."""

import json
import os
import pty
import select
import sys
import time

from comando_host.text.textsafe import SafeStream, Styled, printable

COMANDO = os.path.join(os.path.dirname(sys.executable), "comando")
CLEAR = "\x1b[2J"   # what a hostile name would do to the screen if obeyed


def _play_in_pty(tmp_path, args, lines, timeout=60):
    """`comando play ARGS` on a real pty: type ``lines`` one per prompt; every byte the terminal
    got."""
    env = dict(os.environ, COMANDO_DB=str(tmp_path / "g.db"), TERM="xterm-256color",
               COLUMNS="140", LINES="50")
    env.pop("COMANDO_COLOR", None)
    pid, fd = pty.fork()
    if pid == 0:   # the child: the command, its stdin/stdout/stderr the pty's slave side
        os.execve(COMANDO, [COMANDO, "play", *args], env)
    got, todo = b"", list(lines)
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            r, _, _ = select.select([fd], [], [], 0.2)
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:      # EIO: the child closed the pty (it exited)
                    break
                if not chunk:
                    break
                got += chunk
            if todo and got.rstrip().endswith(b">"):     # at a prompt: the next line
                os.write(fd, (todo.pop(0) + "\n").encode())
                got += b"\0"          # (so the same prompt is not answered twice)
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0, got.decode(errors="replace")
    return got.replace(b"\0", b"")


def test_map_is_in_colour_in_a_real_terminal(tmp_path):
    got = _play_in_pty(tmp_path, ["--players", "Ana:red,Beto:blue", "--seed", "3"],
                       ["map", "quit"])
    assert b"\x1b[0;1;48;2;" in got               # the owners' colours, obeyed
    assert b"\x1b[0m" in got
    assert b"^[[" not in got, "the map's own colour codes were shown as text"
    assert b"Ana" in got and b"(countries held)" in got


def test_a_name_from_a_log_is_still_shown_as_text_on_the_map(tmp_path):
    from comando import engine
    from comando.board import load_board
    from comando.dice import SeededDice
    from comando.engine import log as elog
    g = engine.new_game(load_board("teg"), "teg", [("Ana" + CLEAR, "red"), ("Beto", "blue")],
                        rng=SeededDice(5))
    path = tmp_path / "hostile.jsonl"
    elog.write_log(str(path), g.log)
    assert CLEAR in path.read_text() or "\\u001b" in path.read_text()
    got = _play_in_pty(tmp_path, ["--resume", str(path)], ["map", "quit"])
    assert b"\x1b[0;1;48;2;" in got               # the map is still in colour
    assert CLEAR.encode() not in got              # the name's sequence is not obeyed ...
    assert b"Ana^[[2J" in got                     # ... but shown


def test_only_the_projects_own_styled_text_passes_the_stream():
    import io
    raw = io.StringIO()
    out = SafeStream(raw)
    print(Styled("\x1b[1mmap\x1b[0m"), file=out)            # the project's picture: as it is
    print("name" + CLEAR, file=out)                          # data: made visible
    print(Styled("\x1b[1m") + CLEAR, file=out)               # built from it: plain text again
    assert raw.getvalue() == "\x1b[1mmap\x1b[0m\nname^[[2J\n^[[1m^[[2J\n"
    assert printable(json.dumps("x")) == '"x"'
