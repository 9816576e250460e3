"""Helpers of the club's tests: a bot game played by the real `comando play --db`."""

import json
import os
import sqlite3
import subprocess
import sys


def play_bot_game(db, seed=1, players="a,b,c,d", turns=600):
    """A whole bot game stored in ``db`` by `comando play`; its game id."""
    r = subprocess.run([sys.executable, "-m", "comando_host", "play", "--db", str(db), "--seed",
                        str(seed), "--players", players], input="bot %d\nquit\n" % turns,
                       capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, COMANDO_DB=str(db)))
    assert r.returncode == 0, r.stderr
    return stored_games(db)[-1]


def stored_games(db):
    with sqlite3.connect(str(db)) as d:
        return [r[0] for r in d.execute("SELECT id FROM games ORDER BY created")]


def stored_events(db, game):
    with sqlite3.connect(str(db)) as d:
        return [json.loads(b) for (b,) in d.execute(
            "SELECT body FROM events WHERE game=? AND kind='event' ORDER BY seq", (game,))]
