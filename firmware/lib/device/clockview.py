"""The game clock on the device's screens (comando.clock is the clock): the time left in the
turn screens' title bar, the warning before it runs out (the bar's figure blinks inverted: the
BOM has no buzzer), the closing roll's screen and the winner at time."""

from comando import clock as C
from device import ui

WARN_TURN = 20    # seconds of a turn left when the warning starts
WARN_GAME = 300   # seconds of the game left when the warning starts


def opts(st):
    o = getattr(st, "opts", None)
    return o if o is not None else st.options


def shown(app, st):
    """(text, warn) for the title bar: the turn's time left when a turn timer runs, else the
    game's; None without a clock or once the game ended at time."""
    ck = st.clock
    if ck is None or ck["at"]:
        return None
    ts = app.clock_ts()
    o = opts(st)
    t = C.turn_left(ck, o, ts)
    if t is not None:
        return C.short(t), t <= WARN_TURN
    g = C.game_left(ck, o, ts)
    if g is None:
        return None
    if g <= 0:
        return "time!", True
    return C.short(g), g <= WARN_GAME


def header_clock(fb, app, st):
    """Over the title bar's right end: the time left; a warning blinks, inverted every other
    second (the game's own seconds, so a replayed frame is the same)."""
    s = shown(app, st)
    if s is None:
        return
    text, warn = s
    w = ui.width(text) + 3
    x = ui.W - w
    blink = warn and app.clock_ts() % 2 == 0
    fb.fill_rect(x - 1, 0, w + 1, 8, 0 if blink else 1)
    if not blink:
        fb.vline(x - 1, 0, 8, 0)   # (parts it from the title's words)
    fb.text(text, x + 2, 0, 1 if blink else 0)


def draw_closing(fb, st):
    """The closing roll owed after a round over the time limit."""
    ck = st.clock
    ui.header(fb, "Time is up", "R%d" % st.rnd)
    ui.center(fb, "Closing roll", 11)
    ui.center(fb, "2 dice: sum %d" % C.threshold(ck), 22)
    ui.center(fb, "or less ends it", 31)
    if ck["last"]:
        d1, d2, th = ck["last"]
        ui.center(fb, "last %d+%d=%d > %d" % (d1, d2, d1 + d2, th), 43)
    ui.footer(fb, "ROLL/OK: roll")


def last_roll(fb, st):
    """Between rounds: the last closing roll, which let the game go on."""
    d1, d2, th = st.clock["last"]
    ui.center(fb, "closing %d+%d > %d" % (d1, d2, th), 45)


def closing_note(st):
    d1, d2, th = st.clock["last"]
    if st.clock["at"]:
        return "%d+%d=%d: game ends" % (d1, d2, d1 + d2)
    return "%d+%d=%d: play on" % (d1, d2, d1 + d2)


def draw_at_time(fb, st, pick, name):
    """The game ended at time in the table session: the table names the winner by the rule."""
    from comando.session import table_rules
    o = opts(st)
    rule = o.get("attime", table_rules(st.rs).at_time[0])
    ui.header(fb, "Over at time", "R%d" % st.rnd)
    ck = st.clock
    if ck["last"] and sum(ck["last"][:2]) <= ck["last"][2]:
        d1, d2, th = ck["last"]
        ui.center(fb, "closing %d+%d<=%d" % (d1, d2, th), 10)
    ui.center(fb, "most " + rule, 20)
    ui.center(fb, name(st.colours[pick]), 31, 2)
    ui.footer(fb, "^v who  OK: wins")
