"""A game on the map crosses the real link as the engine's own events and the laptop folds it with
the same reducer as `comando play` (issue 12): the device end (device/link.py under MicroPython on
a pty, tests/link_device.py --events) publishes a seeded 4-player T.E.G. game; the host stores it
durably; the page's fold of the stored rows (pageview, through the table record) equals
comando.engine's fold of the log at every event: owners, armies, card counts, continents."""

from comando import engine
from comando.board import load_board
from comando_host.store.demo_games import bot_events
from comando_host.web.pageview import PageGame
from livemap_tools import LinkedGame


def test_a_map_game_over_the_link_is_folded_at_every_event(tmp_path):
    events = bot_events("teg", 4, 3)[:180]
    game = LinkedGame(str(tmp_path), str(tmp_path / "host.db"), events, every=2).start()
    try:
        assert game.wait(60)
        rows = game.store.records(game.game)
    finally:
        game.close()
    assert [r[1]["seq"] for r in rows] == [e["seq"] for e in events]
    pg = PageGame(rows, game.game)
    b = load_board("teg")
    f = engine.Folder()
    for k, ev in enumerate(events, 1):
        f.feed(ev)
        if k % 5 and k != len(events):
            continue
        v = pg.view(k)
        s = f.state
        assert v["mode"] == "engine" and v["seq"] == ev["seq"]
        assert v["owner"] == s.owner and v["armies"] == s.armies
        for p, pl in enumerate(v["players"]):
            assert pl["cards"] == len(s.hands[p]) and pl["countries"] == s.count(p)
            assert pl["continents"] == [b.continent_short(c) for c in b.continents_owned(s.owner, p)]
