"""A bot's turn on the map screen, and a human's hint (issue 26; docs/decisions/bot-turn-and-hint.md).

On the turn of a seat the engine's bot plays (the new event's ``bot``), the map screen shows the
bot's next action in words the table carries out ("red bot: 3 on Brasil", "attacks Chile from
Argentina", "moves 2 in"); the table moves its pieces and presses OK, which applies it (the
engine's check, the device's dice for an attack). An attack's odds are in the title bar, the last
roll's dice and losses above the words. A long BACK shows a human the bot's suggestion for the
current step (a message: the words and an attack's odds).

Its own module, with comando.engine.botsay and the bot, loaded only on a bot's turn or for a
hint, and forgotten on a human's turn (device.screens.map: MapTurn.sync), so a game of humans
never holds them (a Pico's heap). The bot's secret objective stays sealed: the screen shows
actions only, never the objective it pursues.
"""

from comando.engine import bot as _bot
from comando.engine import botsay
from comando.combat import compare
from device import ui
from device.buttons import PRESS
from device.hal import OK
from device.screens.base import colour_name
from comando.texts import say

# the bot's odds cache (comando.engine.bot._PC, 600 entries for the laptop's long games): a bot's
# turn asks far fewer, and the Pico's heap keeps the rest (tests/chip_heap.py's teg_bots_4p)
_bot._PC_MAX = 128

# the modules a bot's turn or a hint loads: forgotten on a human's turn (MapTurn.sync)
MODULES = ("device.botturn", "comando.engine.botsay", "comando.engine.bot", "comando.odds",
           "comando.rulesets.teg.bot", "comando.rulesets.war.bot", "comando.rulesets.revancha.bot")


def is_bot(st):
    return botsay.is_bot(st, st.cur)


def next_action(scr):
    """The bot's next action, kept per event count (a redraw does not ask the bot again)."""
    st = scr.app.state
    key = (st.seq, st.cur)
    if scr.bot_next is None or scr.bot_next[0] != key:
        scr.bot_next = (key, botsay.suggest(st))
    return scr.bot_next[1]


def draw(scr, fb):
    st = scr.app.state
    b = st.board
    a = next_action(scr)
    pc = botsay.odds(st, a)
    right = "%d%%" % pc if pc is not None else ("R%d" % st.round if st.round else "")
    left = say("bt_head") % colour_name(st.colours[st.cur])
    ui.header(fb, left, right if len(left) + len(right) < 16 else "")
    e = scr.bot_last
    y = 23
    if e and e.get("p") == st.cur and e.get("t") == "attack":
        # the last roll as the table rolled it: each side's dice, then the armies it loses
        al, dl = compare(e["ad"], e["dd"])
        fb.text("%s %s" % (b.short(e["f"])[:3], "".join(str(v) for v in e["ad"])), 0, 11, 1)
        ui.right(fb, "%s %s" % (b.short(e["to"])[:3], "".join(str(v) for v in e["dd"])), 11)
        fb.text("-%d" % al, 0, 20, 1)
        ui.right(fb, "-%d" % dl, 20)
        y = 30
    if a is not None:
        for i, ln in enumerate(ui.wrap(botsay.words(st, a), 16)[:3]):
            fb.text(ln, 0, y + i * (8 if y > 23 else 10), 1)
    ui.footer(fb, say("bt_ok"))


def button(scr, btn, kind):
    """OK applies the bot's action (the table has carried it out)."""
    if btn != OK or kind != PRESS:
        return
    app = scr.app
    st = app.state
    a = next_action(scr)
    if a is None:
        return
    p = st.cur
    t = a.get("t")
    rules = st.rules
    if rules.opt(st, "deck") and (t == "draw" or (t in ("end", "regroup") and rules.regroup_chain
                                                   and rules.card_due(st, p))):
        # the table's own deck: the table draws the bot's card and dials it (the pick list)
        scr.picking = {} if t == "draw" else a
        return
    ev = app.act(a)
    scr.bot_next = None
    if ev is None:
        return
    scr.bot_last = ev
    if t in ("draw", "end", "regroup"):
        scr.show_card(p, ev)   # the device's deck: the card it dealt the bot, for the table


def hint(app):
    """A human's hint: the bot's suggestion for the current step, as a message."""
    text = botsay.hint(app.state)
    if text:
        app.show_toast(text, 6000)
