"""The club's games as the table's own page sees them: one ``PageGame`` (comando_host/web/pageview)
per game in this server process, fed from the club's database as events arrive, whichever server
process stored them. The broadcast page's card of a table (``card``) and a game's full page view
(``view``) both come from it, so the club words every event, battle and secret as the table does.

Each game's card is kept with the seq it shows (``cards``): the broadcast page's snapshot
(``latest_cards``) makes again only the cards of games that moved since, so a hundred spectators
reconnecting at once (a server restarted under them) cost a query each, not a fold of every game.

The club only ever holds sealed events (club/seal.py, fold.sealed_problem): the view of a deal
carries its objectives' commitments, never an objective, before the reveal that ends the game.
"""

from __future__ import annotations

import json
import threading

from comando_host.club.fold import shared_board
from comando_host.web.pageview import PageGame

CARD_KEYS = ("game", "seq", "ruleset", "rsname", "board", "boardname", "map", "owner", "armies",
             "turn", "hot")


class ClubGames:
    def __init__(self, club):
        self.club = club
        self.games: dict[str, PageGame] = {}
        self.tables: dict[str, tuple] = {}     # game -> (table id, table name)
        self.cards: dict[str, dict] = {}        # game -> its latest card made (its "seq" in it)
        self._lock = threading.Lock()           # the listener thread and the routes' threads
        self._making = threading.Lock()         # the snapshot making the cards behind

    def _follow(self, conn, gid: str):
        """The game's PageGame with every event the database holds now, or None if unknown."""
        if gid not in self.tables:
            row = conn.execute("SELECT t.id, t.name, g.ruleset, g.board FROM games g JOIN tables t"
                               " ON t.id=g.table_id WHERE g.id=%s", (gid,)).fetchone()
            if row is None:
                return None
            self.tables[gid] = (row[0], row[1])
            self.games[gid] = PageGame([], gid, {"ruleset": row[2], "board": row[3]},
                                       board=shared_board(row[3]))
        pg = self.games[gid]
        seq = pg.rows[-1][1]["seq"] if pg.rows else 0
        rows = conn.execute("SELECT body FROM events WHERE game=%s AND seq > %s ORDER BY seq",
                            (gid, seq)).fetchall()
        if rows:
            pg.extend([("event", json.loads(b)) for (b,) in rows])
        return pg

    def view(self, gid: str, at: int | None = None):
        """The full page's view of a game (after its first ``at`` events), or None."""
        with self.club._conn() as conn, self._lock:
            pg = self._follow(conn, gid)
            if pg is None:
                return None
            if at is not None and not 0 <= at <= pg.total:
                raise ValueError("at must be an integer from 0 to %d" % pg.total)
            return pg.view(at)

    def card(self, gid: str, conn=None):
        """A table's card on the broadcast page: the small map (owner and armies per country),
        the players and their colours, whose turn and the phase, the last battle; or None.
        ``conn``: a connection of the caller's own (the listener's), else one of the pool."""
        if conn is None:
            with self.club._conn() as conn:
                return self.card(gid, conn)
        with self._lock:
            if self._follow(conn, gid) is None:
                return None
            return self._card_now(gid)

    def cards_of(self, gids, conn):
        """{game: its card, or None} for the games of one wake of the live feed, on the
        listener's ``conn``: the new events of them all read in one query (and the tables of
        those new to this process in one more), whatever the number of games."""
        with self._lock:
            fresh = [g for g in gids if g not in self.tables]
            if fresh:
                for gid, tid, tname, ruleset, board in conn.execute(
                        "SELECT g.id, t.id, t.name, g.ruleset, g.board FROM games g JOIN tables t"
                        " ON t.id=g.table_id WHERE g.id = ANY(%s)", (fresh,)).fetchall():
                    self.tables[gid] = (tid, tname)
                    self.games[gid] = PageGame([], gid, {"ruleset": ruleset, "board": board},
                                               board=shared_board(board))
            known = [g for g in gids if g in self.games]
            rows = conn.execute(
                "SELECT e.game, e.body FROM events e JOIN unnest(%s::text[], %s::int[]) AS"
                " w(g, s) ON e.game = w.g AND e.seq > w.s ORDER BY e.game, e.seq",
                (known, [self._seq(g) for g in known])).fetchall() if known else []
            new = {}
            for gid, body in rows:
                new.setdefault(gid, []).append(("event", json.loads(body)))
            out = {}
            for gid in gids:
                if gid not in self.games:
                    out[gid] = None
                    continue
                try:
                    if gid in new:
                        self.games[gid].extend(new[gid])
                    out[gid] = self._card_now(gid)
                except Exception:   # noqa: BLE001 - a game the page cannot show: its next push
                    out[gid] = None
            return out

    def _seq(self, gid):
        pg = self.games[gid]
        return pg.rows[-1][1]["seq"] if pg.rows else 0

    def _card_now(self, gid):
        """The game's card at the events it holds: the one kept if it shows them already."""
        had = self.cards.get(gid)
        if had is not None and had["seq"] == self._seq(gid):
            return had
        card = self.cards[gid] = self._make_card(gid, self.games[gid].view())
        return card

    def latest_cards(self, latest):
        """The cards of ``latest`` ((game, last seq stored) pairs): each one kept if it shows
        that seq already, else made again from the database."""
        out = self._kept(latest)
        if None in out:
            # one snapshot at a time makes the cards behind, on one connection: the others
            # wait here holding none of the pool's, then take the cards it made
            with self._making:
                out = self._kept(latest)
                if None in out:
                    with self.club._conn() as conn:
                        out = [c if c is not None else self.card(gid, conn)
                               for c, (gid, _) in zip(out, latest)]
        return [c for c in out if c is not None]

    def _kept(self, latest):
        """The card kept of each (game, seq) if it shows that seq or later, else None."""
        with self._lock:
            out = []
            for gid, seq in latest:
                had = self.cards.get(gid)
                out.append(had if had is not None and had["seq"] >= seq else None)
            return out

    def _make_card(self, gid, v):
        tid, tname = self.tables[gid]
        out = {k: v.get(k) for k in CARD_KEYS}
        out["table"], out["tablename"] = tid, tname
        out["players"] = [{k: p.get(k) for k in ("name", "fill", "ink", "countries", "alive")}
                          for p in v["players"]]
        out["battle"] = v["battles"][0] if v.get("battles") else None
        return out

    def board(self, gid: str):
        """The board id a game is played on ("" when it names none), or None if unknown."""
        with self.club._conn() as conn, self._lock:
            pg = self._follow(conn, gid)
            if pg is None:
                return None
            return pg.info.get("board") or ""


def warm_up(events=12) -> None:
    """Fold the first events of a bot game as a push and a card fold them, once, as the server
    starts: the engine's, the page's and the words' first use (imports, a board read, the
    catalogues) is paid here, not by the first push of every table at once (the start burst)."""
    from comando import session  # noqa: F401 - a device's table session's fold
    from comando_host.club.fold import GameFold
    from comando_host.club.seal import Sealer
    from comando_host.store.demo_games import bot_game
    game = bot_game("teg", 4, 1, limit=events)
    sealer = Sealer(b"warm up", "warm-up")
    evs = [sealer.feed(e) for e in game.log[:events]]
    fold = GameFold()
    for e in evs:
        fold.feed(e)
    fold.public()
    board = evs[0].get("board", "")
    pg = PageGame([], "warm-up", {"ruleset": "teg", "board": board}, board=shared_board(board))
    pg.extend([("event", e) for e in evs])
    pg.view()

