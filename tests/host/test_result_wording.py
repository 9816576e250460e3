"""One wording of a game's result everywhere it is told (issue 23): `comando games`, the `show`
header, body and `--replay` line, `comando replay`, the last event's line and the live page say
the same words, from comando_host.text.record.result_words. A T.E.G. II count that ties ("End of the
Game": tied players share the win under the default tie=share) and an ordinary single winner,
for a game on the map (comando play's engine, played by the bot) and a table session (the
device's reducer, answered token by token)."""

import pytest

from comando import engine
from comando.board import load_board
from comando.dice import SeededDice
from comando.engine.bot import Bot
from comando.session import replay as session_replay
from comando.rulesets.teg2 import tally
from comando_host.cli import main
from comando_host.store.demo_games import store_game
from comando_host.web.pageview import PageGame
from comando_host.text.record import Record, result_words
from comando_host.store.db import Store

POWERS4 = [("USA", "usa"), ("USSR", "ussr"), ("China", "china"), ("Japan", "japan")]


def engine_game(seed):
    """A whole T.E.G. II game on the house map, the bot playing every power."""
    g = engine.new_game(load_board("teg2_house"), "teg2", POWERS4, rng=SeededDice(seed))
    bot = Bot(SeededDice(seed + 1000))
    while g.state.phase != "over":
        g.act(bot.action(g.state))
    return list(g.log), g.state


def session_game(yes):
    """The device's T.E.G. II table session to its count; ``yes[seat]`` the token kinds the table
    says were achieved (CONTROL is kind 4: 5 points)."""
    from comando import session as Z
    t = session_replay.Table("teg2", ["usa", "ussr", "china", "japan"], rng=SeededDice(3))
    rows = [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 3, 5, 6, 2], [6, 5, 4, 3, 2]]
    while t.state.stage == Z.PLACE:
        p = t.state.cur
        k = tally.placed(t.state.tally, p)
        t.act({"t": "place", "p": p, "k": k, "row": rows[p][k]})
    while t.state.stage not in (Z.COUNT, Z.OVER):
        t.act({"t": "round"})
        for p in list(t.state.order):
            t.act({"t": "place", "p": p})
        for p in list(t.state.order):
            t.act({"t": "end", "p": p})
    while t.state.stage == Z.COUNT:
        p = t.state.cur
        i = [j for j in range(5) if t.state.tally["ans"][p * 5 + j] < 0][0]
        k = tally.token(t.state.tally, p, i)[1]
        t.act({"t": "score", "p": p, "i": i, "ok": 1 if k in yes[p] else 0})
    assert t.state.stage == Z.OVER
    return list(t.events), t.state


def _games():
    tied, st = engine_game(5)      # seed 5: USSR and China tie at 8 points
    assert st.x["win"] == [1, 2] and st.x["tot"][1] == st.x["tot"][2]
    one, st1 = engine_game(1)      # seed 1: China alone
    assert len(st1.x["win"]) == 1
    stied, sst = session_game([[4], [4], [], []])   # USA and USSR: CONTROL 5 each
    assert sst.tally["win"] == [0, 1]
    sone, _ = session_game([[4], [], [], []])
    return {"map-tied": (tied, "USSR and China share the win", ("USSR (ussr) won", "China (china) won")),
            "map-one": (one, "China won", ("China (china) won",)),
            "session-tied": (stied, "USA and USSR share the win", ("usa won", "USA won", "winner USA")),
            "session-one": (sone, "USA won", ("winner USA", "USA wins the game"))}


GAMES = _games()


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("wording") / "g.db")
    store = Store(path)
    for gid, (events, _, _) in GAMES.items():
        if "board" in events[0]:
            store_game(store, gid, events)
        else:
            store.ensure_game(gid, ruleset="teg2", origin="device")
            store.add_events(gid, events)
    store.close()
    return path


def cli(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def test_the_one_wording():
    assert result_words(["USA"]) == "USA won"
    assert result_words(["USA", "Japan"]) == "USA and Japan share the win"
    assert result_words(["USA", "China", "Japan"]) == "USA, China and Japan share the win"
    assert result_words([]) == "the game is over"


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_place_words_the_result_alike(capsys, db, gid):
    events, words, wrong = GAMES[gid]
    row = [line for line in cli(capsys, "games", "--db", db).splitlines() if line.startswith(gid + " ")]
    assert len(row) == 1 and words in row[0], row
    show = cli(capsys, "show", gid, "--db", db, "--replay")
    result = [x for x in show.splitlines() if x.startswith("result: ")]
    assert len(result) == 1 and result[0].endswith(words), result   # the header's result
    if "board" in events[0]:
        assert "now: Game over: %s." % words in show              # the header's state line
    else:
        assert "now: the game is over: %s" % words in show
    assert [x for x in show.splitlines() if x.startswith("replay: ")][0].endswith(
        words + ")")                                                # the --replay line
    last = show.rstrip().splitlines()[-1]
    assert last.endswith(" - " + words), last                       # the last event's line
    rec = Record()
    lines = [rec.feed(ev).text for ev in events]
    assert lines[-1].endswith(" - " + words) and rec.outcome() == words
    assert sum(words in x for x in lines) == 1                      # said once, at the end
    rep = cli(capsys, "replay", gid, "--db", db)
    assert words in rep
    view = PageGame([("event", e) for e in events], gid).view()
    assert view["turn"]["status"].endswith(words), view["turn"]["status"]
    for text in (row[0], show, rep, view["turn"]["status"], "\n".join(lines)):
        for bad in wrong + ("Winner:", "Shared win", "shared win:"):
            assert bad not in text, (bad, text)
