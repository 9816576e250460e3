"""T.E.G. II objectives on the turn screen: the tokens by row, the final count token by token,
the winner and the points (teg-ii.txt "Choosing Objectives", "End of the Game"). A module of its
own: the turn screen imports it in those stages only and the app drops it when the rounds start
(``device.app.forget``), so its code is not in the heap during the rounds."""

from device import ui
from device.buttons import PRESS
from device.hal import UP, DOWN, OK, ROLL
from device.screens.base import is_step, power_name
from comando.texts import say

TOKEN_SHORT = ("ob_iv1", "ob_iv3", "ob_iv4", "ob_ni2", "ob_ctl5")   # (texts keys)
SHORT = {"china": "CHN", "japan": "JPN", "weurope": "W.EU", "eeurope": "E.EU"}


def _pick(scr):
    """The token and row the turn screen offers for the seat placing now (defaults: the next
    token in order, the first free row)."""
    from comando.rulesets.teg2 import tally
    st = scr.app.state
    t = st.tally
    key = (st.cur, tally.placed(t, st.cur))
    if getattr(scr, "tkey", None) != key:
        scr.tkey = key
        used = _kinds(scr.app, st.cur)
        free = [k for k in range(5) if k not in used]
        scr.tk = free[0] if free else 0
        scr.trow = tally.free_row(t, st.cur)
    return scr.tk, scr.trow


SECRET = 10  # app.secret keys SECRET + seat*5 + i: a hidden token's (k, nonce) until the count


def _kinds(app, seat):
    """The tokens ``seat`` placed (a hidden one's kind from the device's secrets)."""
    t = app.state.tally
    out = []
    for i in range(5):
        k = t["k"][seat * 5 + i]
        if k < 0 and t["row"][seat * 5 + i] >= 0:
            k = app.secret.get(SECRET + seat * 5 + i, (-1,))[0]
        out.append(k)
    return out


def draw_tokens(scr, fb):
    st = scr.app.state
    k, row = _pick(scr)
    ui.header(fb, say("ob_obj") % (st.pround + 1), say("ob_hidden") if st.tally["h"] else "")
    ui.center(fb, power_name(st.colours[st.cur]), 11, 2)
    ui.center(fb, say(TOKEN_SHORT[k]), 29)
    from comando.rulesets.teg2.tally import rows_of
    ui.center(fb, say("ob_rowof") % (row, rows_of(st.tally, st.cur)), 39)
    if scr.app.note:
        fb.text(ui.fit(scr.app.note, 16), 0, 48, 1)
    ui.footer(fb, say("ob_foot"))


def press_tokens(scr, b, kind):
    from comando.rulesets.teg2 import tally
    app = scr.app
    st = app.state
    t = st.tally
    k, row = _pick(scr)
    if b in (UP, DOWN) and is_step(kind):
        scr.trow = (row - 1 + (1 if b == UP else -1)) % tally.rows_of(t, st.cur) + 1
    elif b == ROLL and kind == PRESS:
        used = _kinds(app, st.cur)
        for i in range(1, 6):
            if (k + i) % 5 not in used:
                scr.tk = (k + i) % 5
                break
    elif b == OK and kind == PRESS:
        if not t["h"]:
            app.act({"t": "place", "p": st.cur, "k": k, "row": row})
            return
        # hidden objectives ("Playing with Secret Objectives"): only a commitment is journaled;
        # the token and its nonce stay on the device (secret.json) until the count reveals them
        from comando.rulesets.teg2.commit import new_nonce
        nonce = new_nonce(app.hal.urandom)
        key = SECRET + st.cur * 5 + tally.placed(t, st.cur)
        app.secret[key] = (k, nonce)
        app.save_secret()
        if app.act({"t": "place", "p": st.cur, "row": row, "h": tally.commit(k, row, nonce)}) is None:
            del app.secret[key]
            app.save_secret()


def _question(scr):
    from comando.rulesets.teg2 import tally
    st = scr.app.state
    q = tally.question(st.tally)
    if q is not None and getattr(scr, "qkey", None) != q:
        scr.qkey = q
        scr.yes = 0
    return q


_DROPPED = []


def _drop_battle_code():
    """The rounds are over: no combat comes again, so the battle commands' code leaves the heap
    before the count (the count's own code takes its place)."""
    if not _DROPPED:
        _DROPPED.append(1)
        from device.app import forget
        forget("device.screens.teg2", "comando.rulesets.teg2.battle",
               "comando.rulesets.teg2.command", "comando.rulesets.teg2.commit",
               "comando.rulesets.teg2.moves", "comando.rulesets.teg2.track")


def draw_count(scr, fb):
    _drop_battle_code()
    st = scr.app.state
    q = _question(scr)
    ui.header(fb, say("ob_count"))
    if q is None:
        return
    from comando.rulesets.teg2.tally import token
    p, i = q
    row, k, h = token(st.tally, p, i)
    if h:  # turned face up now
        k = scr.app.secret.get(SECRET + p * 5 + i, (-1,))[0]
    ui.center(fb, power_name(st.colours[p]), 11, 2)
    ui.center(fb, (say(TOKEN_SHORT[k]) if k >= 0 else say("ob_token") % (i + 1))
              + (say("ob_row") % row if row else ""), 29)
    ui.center(fb, say("ob_done") % (say("ob_yes") if scr.yes else say("ob_no")), 40)
    ui.footer(fb, say("ob_yesno"))


def press_count(scr, b, kind):
    q = _question(scr)
    if q is None or kind != PRESS:
        return
    if b in (UP, DOWN):
        scr.yes = 1 if b == UP else 0
    elif b == OK:
        from comando.rulesets.teg2.tally import token
        app = scr.app
        a = {"t": "score", "p": q[0], "i": q[1], "ok": scr.yes}
        key = SECRET + q[0] * 5 + q[1]
        if token(app.state.tally, q[0], q[1])[2]:
            k, nonce = app.secret.get(key, (-1, ""))
            a["k"] = k
            a["n"] = nonce
        if app.act(a) is not None and key in app.secret:
            del app.secret[key]  # revealed: published in the event
            app.save_secret()


def draw_over(fb, st):
    """The winner(s) and every power's points (or each player's, with 2 players)."""
    t = st.tally
    ui.header(fb, say("tu_over"), "R%d" % st.rnd)
    if not t or not t["tot"]:
        from device.screens.teg2 import Track
        Track.draw_track(fb, st, 12)
        return
    win = t["win"]
    if st.opts.get("players") == 2:
        names = ["%s+%s" % (power_name(st.colours[s])[:3], power_name(st.colours[s + 2])[:3])
                 for s in range(2)]
    else:
        names = [power_name(st.colours[s])[:7] for s in range(st.n)]
    k = len(t["tot"])
    for s in range(k):
        mark = "*" if s in win else " "
        if k <= 4:
            fb.text("%s%-8s%3d" % (mark, names[s], t["tot"][s]), 0, 11 + 9 * s, 1)
        else:  # two columns of three: short names
            short = SHORT.get(st.colours[s], names[s][:4])
            fb.text("%s%-4s%3d" % (mark, short, t["tot"][s]), 64 * (s // 3), 12 + 12 * (s % 3), 1)
    ui.footer(fb, say("ob_win1") if len(win) == 1 else say("ob_share"))
