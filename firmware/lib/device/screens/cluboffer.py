"""New game, from the club: the laptop of a club table offers the round the organiser drew (its
ruleset, the players in seat order, its clock) and the device's players accept it on OK or
refuse it on BACK (docs/decisions/club-round-at-the-table.md). Loaded when an offer arrives,
dropped when it is answered: a round comes once a game, its code need not stay in the heap."""

from device import ui
from device.buttons import PRESS
from device.hal import OK, BACK
from device.screens.base import Screen
from comando.texts import say

# The link's words to the laptop (protocol text, as comando.sync's: the laptop says them in its
# own language)
DECLINED = "the device's players declined the round"
BUSY = ("the device is playing a game that is not over: its players finish it, or start New "
        "game, before the club's round")


def busy(app):
    """True while the device plays a game that is not over (a finished one may be replaced)."""
    st = app.state
    if app.map:
        return getattr(st, "phase", None) != "over"
    return getattr(st, "stage", None) not in (None, "over")


def offer(app, cid, action):
    """The laptop's offer (command ``cid``): the confirmation screen, or why not (one line).
    An offer already on the glass gives way to the newer one (a laptop that restarted)."""
    if busy(app):
        _drop(app)   # (nothing shown: this module goes again)
        return BUSY
    top = app.top()
    if isinstance(top, ClubOffer):
        app.stack.pop()
    app.push(ClubOffer(app, cid, action))
    app.hal.log("club offer %d shown" % cid)
    return None


def lines(action):
    """The offer's lines under the title (at most 18 letters: ui.tight draws them whole)."""
    club = action.get("club") or {}
    n = len(action.get("p") or action.get("players") or ())
    out = [say("co_round") % (club.get("r", 0), club.get("tb", 0)), say("co_players") % n]
    o = action.get("opt") or action.get("o") or {}
    if not any(k in o for k in ("limit", "turn", "budget")):
        out.append(say("co_noclock"))
        return out
    from comando.clock_options import words
    if "limit" in o:
        out.append(say("co_limit") % (o["limit"] // 60) if o["limit"] % 60 == 0
                   else words(o["limit"]))
        out.append(say("co_round_e") if o.get("end") == "round" else say("co_roll"))
    if "turn" in o:
        out.append(say("co_turn") % words(o["turn"]))
    if "budget" in o:
        out.append(say("co_budget") % words(o["budget"]))
    return out


class ClubOffer(Screen):
    def __init__(self, app, cid, action):
        Screen.__init__(self, app)
        self.cid = cid
        self.action = action

    def draw(self, fb):
        self.app.speak(self.action.get("rs"))   # the round's game's language, as New game
        ui.header(fb, say("co_title"))
        for i, text in enumerate(lines(self.action)[:5]):
            ui.tight(fb, text, 0, 10 + i * 9)   # (past 16 letters: a 7-pixel pitch, to 18)
        ui.footer(fb, say("co_foot"))

    def button(self, b, kind):
        if kind != PRESS:
            return
        app = self.app
        link = app.link
        if b == OK:
            new = dict(self.action)
            del new["club"]
            if link is not None:
                link.offered = self.cid   # the new game's first event answers the command
            app.stack.remove(self)
            app.new_game(new)
            _drop(app)
        elif b == BACK:
            if link is not None:
                link.sync.command_failed(self.cid, DECLINED)
            app.stack.remove(self)
            app.dirty = True
            app.speak()
            _drop(app)


def _drop(app):
    # (the screen is off the stack: its module's code can go; App.forget, since device.link
    # imports this module and device.app that one)
    app.forget("device.screens.cluboffer")
