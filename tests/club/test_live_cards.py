"""The broadcast page's cards (club/live.py, club/clubgames.py) on a real PostgreSQL database:
the listener wakes once for every notification arrived and sends one card per game, made on its
own connection; the page's snapshot reuses the cards kept and makes again those behind."""

import asyncio
import json
import threading
import time

import pytest

from comando_host.club.clubgames import ClubGames
from comando_host.club.db import Club
from comando_host.club.live import Live
from comando_host.club.seal import Sealer
from comando_host.store.demo_games import bot_events


def sealed_game(gid, seed):
    s = Sealer(b"table key", gid)
    return [s.feed(e) for e in bot_events("teg", 4, seed=seed)]


class Feed:
    """A Live listener on its own event loop (a thread), with one spectator of the cards and
    one of the plain feed registered as its /ws sockets register them."""

    def __init__(self, url, games, batch=True):
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.live = Live(url)
        self.live.card = games.card
        if batch:   # as the broadcast routes set it: a wake's cards from one read
            self.live.cards_of = games.cards_of
        self.cards, self.plain = self._on_loop(self._queues())
        self.live.start(self.loop)
        assert self.live.listening.wait(10)

    async def _queues(self):
        cards, plain = asyncio.Queue(), asyncio.Queue()
        self.live.clients.update((cards, plain))
        self.live.carded.add(cards)
        return cards, plain

    def _on_loop(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    def heard(self, q):
        async def take():
            out = []
            while not q.empty():
                out.append(json.loads(q.get_nowait()))
            return out
        return self._on_loop(take())

    def stop(self):
        self.live.stop()
        self.loop.call_soon_threadsafe(self.loop.stop)


def club_with_games(url, n):
    club = Club(url, max_size=2)
    cid = club.create_club("live", "org", "a long password")
    tables = [club.create_table(cid, "table %d" % (i + 1))[0] for i in range(n)]
    return club, [(t, "g%d" % i, sealed_game("g%d" % i, seed=i + 1)) for i, t in enumerate(tables)]


def wait_for(what, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("not within %d s" % seconds)


@pytest.mark.parametrize("batch", [True, False], ids=["one read a wake", "a read a game"])
def test_a_burst_of_pushes_brings_every_games_last_card_and_every_notification(pg_url, batch):
    club, games = club_with_games(pg_url, 3)
    feed = Feed(pg_url, ClubGames(club), batch)
    try:
        pushed = {gid: 0 for _, gid, _ in games}
        for k in range(30):                     # pushes of three games, back to back
            for table, gid, evs in games:
                pushed[gid] = club.push(table, gid, evs[2 * k:2 * k + 2])
        cards, plain = [], []

        def all_heard():
            cards.extend(feed.heard(feed.cards))
            plain.extend(feed.heard(feed.plain))
            last = {}
            for c in cards:
                last[c["game"]] = c["seq"]
            return last == pushed and len(plain) == 90
        wait_for(all_heard)
        # the plain feed: every push's notification, once, in order
        for gid in pushed:
            assert [m["seq"] for m in plain if m["game"] == gid] == list(range(2, 61, 2))
        # the cards: a game's never go back, each is the game at that seq, a card can cover
        # several pushes (never more cards than notifications). A card is the game as stored
        # when the listener makes it: on a loaded machine the next push may have committed by
        # then, and its own notification makes the same card again, so a seq may repeat; how
        # often depends on the machine's speed, which no test may count on (issue 28)
        for gid in pushed:
            seqs = [c["seq"] for c in cards if c["game"] == gid]
            assert seqs == sorted(seqs) and seqs[-1] == 60, seqs
            assert len(seqs) <= 30, seqs    # at most one card per notification of the game
        assert len(cards) <= len(plain)
        assert all(c["card"]["seq"] == c["seq"] and c["card"]["game"] == c["game"] for c in cards)
    finally:
        feed.stop()
        club.close()


def test_the_listener_makes_cards_with_every_pool_connection_taken(pg_url):
    """A hundred spectators' snapshots at once (a server restarted under them) can hold every
    connection of the pool: the listener reads on its own and its cards still come."""
    club, games = club_with_games(pg_url, 1)
    other = Club(pg_url, max_size=1)    # another server process, storing the pushes
    feed = Feed(pg_url, ClubGames(club))
    held = [club.pool.getconn() for _ in range(club.pool.max_size)]
    try:
        table, gid, evs = games[0]
        assert other.push(table, gid, evs[:7]) == 7
        got = wait_for(lambda: feed.heard(feed.cards))
        assert got[-1]["seq"] == 7 and got[-1]["card"]["tablename"] == "table 1"
    finally:
        for conn in held:
            club.pool.putconn(conn)
        feed.stop()
        other.close()
        club.close()


def test_the_snapshot_keeps_the_cards_made_and_makes_again_those_behind(pg_url):
    club, games = club_with_games(pg_url, 2)
    page = ClubGames(club)
    try:
        for table, gid, evs in games:
            club.push(table, gid, evs[:10])
        first = page.latest_cards(club.latest_games())
        assert [(c["game"], c["seq"]) for c in first] == [("g0", 10), ("g1", 10)]
        again = page.latest_cards(club.latest_games())
        assert all(a is b for a, b in zip(first, again))     # nothing moved: the same cards
        table, gid, evs = games[1]
        club.push(table, gid, evs[10:15])                    # stored, no card made for it yet
        moved = page.latest_cards(club.latest_games())
        assert moved[0] is first[0] and (moved[1]["game"], moved[1]["seq"]) == ("g1", 15)
        assert moved[1] is not first[1] and moved[1]["tablename"] == "table 2"
    finally:
        club.close()
