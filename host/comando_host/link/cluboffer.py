"""The club's round offered to the linked device (`comando connect --club URL --token T`,
docs/decisions/club-round-at-the-table.md): the new game of the round the organiser drew, its
ruleset, its players in seat order and its clock, sent as a command once the device is linked.
The device asks its players (its New game from the club screen) and answers when they press OK
(the game's first event) or BACK; a device playing a game that is not over refuses at once.
"""

from __future__ import annotations

from comando_host.text.lang import _

# the device's words for its answers (device/screens/cluboffer.py): protocol text, said here in
# the laptop's language
DECLINED = "the device's players declined the round"
BUSY_START = "the device is playing a game that is not over"


def new_action(rnd: dict, on_map: bool = False) -> dict:
    """The command's action: a table session's ``new`` (the seats' colours in the drawn order,
    the round's clock in ``o``), or with ``on_map`` a map game's (the players by name on the
    ruleset's board, the clock in ``opt``); ``club`` says which round and drawn table it is."""
    from comando.registry import BOARDS, COLOURS
    rs = rnd["ruleset"]
    names = list(rnd["players"])
    clock = dict(rnd.get("clock") or {})
    if rs in COLOURS:
        seats = list(COLOURS[rs][:len(names)])
    else:   # T.E.G. II seats powers in the book's order, as the device's New game does
        from comando import turns
        seats = list(turns.teg2_powers(len(names)))
        clock["players"] = len(names)
    if on_map:
        a = {"t": "new", "rs": rs, "board": BOARDS[rs],
             "players": [{"n": n, "c": c} for n, c in zip(names, seats)]}
        if clock:
            a["opt"] = clock
    else:
        a = {"t": "new", "rs": rs, "p": seats}
        if clock:
            a["o"] = clock
    a["club"] = {"r": rnd["round"], "tb": rnd["table_no"]}
    return a


class Offer:
    """Sends the round once the device is linked (``step``, the mirror's stop hook), and tells
    its answer in one line on the mirror."""

    def __init__(self, rnd: dict, on_map: bool = False):
        self.rnd = rnd
        self.action = new_action(rnd, on_map)
        self.cid = None

    def step(self, session) -> bool:
        if self.cid is None and session.sync.up and session.sync.game is not None:
            self.cid = session.submit(self.action)
            session.answers[self.cid] = self.words
        return False

    def words(self, seq, why) -> str:
        r = self.rnd
        if why is None:
            return _("the device's players started the club's round {round}, table {table} "
                     "(event #{seq})").format(round=r["round"], table=r["table_no"], seq=seq)
        if why == DECLINED:
            return _("the device's players declined the round")
        if why.startswith(BUSY_START):
            return _("the device refused the club's round: it plays a game that is not over "
                     "(its players finish it, then connect again)")
        return _("the device refused the club's round: {why}").format(why=why)


def offered_line(rnd: dict) -> str:
    """The terminal's line when the round is offered."""
    from comando_host.club.seating import words
    return _("comando connect: the club's {round}; offered to the device, whose players "
             "accept it on OK or decline it on BACK").format(round=words(rnd))
