"""A packed board's header line (``boards/ID.pkb``, comando.board_pack's format): where the files
are, and the header read alone: the board's id, name, rulesets, size, continents and their
bonuses (and Risk's seats and maps), without the board's body or comando.board_pack's code. What
the device's new-game screen (Risk's maps) and a table game's board until a country is named
(device/table_board.py) need.
"""

import json

MAGIC = "comando-packed-board/1"
EXT = ".pkb"


def _candidates():
    import os
    try:
        env = os.getenv("COMANDO_BOARDS")
    except AttributeError:  # the rp2 port's os has no getenv
        env = None
    if env:
        yield env
    yield "/boards"  # the Pico bundle
    yield "boards"


def read_head(path):
    """The header line of the .pkb at ``path`` as a dict, or None when it is not one (OSError
    when there is no such file)."""
    with open(path, "rb") as f:
        line = f.readline().decode()
    if line.startswith(MAGIC + " "):
        return json.loads(line[len(MAGIC) + 1:])
    return None


def find(board_id, directory=None):
    """(header, path) of ``DIR/ID.pkb`` (DIR: ``directory``, else $COMANDO_BOARDS, /boards,
    ./boards), or None when there is no such file; ValueError when it is not a packed board."""
    for d in ((directory,) if directory else _candidates()):
        path = d.rstrip("/") + "/" + board_id + EXT
        try:
            head = read_head(path)
        except OSError:
            continue
        if head is None:
            raise ValueError("not a packed board")
        return head, path
    return None


def header(board_id, directory=None):
    """The header of ``ID.pkb`` as a dict (id, name, rulesets, n, k, bonus, and seats/maps when
    the board has them), reading only its first line; None when there is no packed board."""
    for d in ((directory,) if directory else _candidates()):
        try:
            head = read_head(d.rstrip("/") + "/" + board_id + EXT)
        except OSError:
            continue
        if head is not None:
            return head
    return None
