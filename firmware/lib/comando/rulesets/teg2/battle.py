"""T.E.G. II combat: three battles, the combat winner and the war-potential change
(rules/teg-ii.txt, "How Combat Works", "Special Unit", "How Aircraft Fight", "War Potential Level
Limits").

One battle, clock against clock:

- armies against armies (or ships against ships): the larger wins and BOTH lose the lower amount;
  equal amounts lose both what they put and nobody wins the battle (0 against 0 included).
- the SU beats any number of armies; it is spent (put out of action) and the other side loses
  everything on that clock. SU against SU: nobody wins, both SUs are spent.
- an aircraft counts as 2 armies, but whole aircraft are "spent": against n armies the aircraft
  side spends ceil(n/2) aircraft; if that takes all of them the battle is a tie ("2 aircraft
  against 3 ships is a tie"), and if the armies are more than twice the aircraft the armies win,
  losing 2 per aircraft. Aircraft against aircraft compare counts like armies.

``combat(att, dfn, ...)`` resolves both commands (comando.rulesets.teg2.command.resolve) and returns a plain
dict record (ints, strings, lists, dicts) that can go in an event and be replayed::

    {"att": "2/+/1", "def": "5/5/0",           # canonical commands as entered
     "att_cmd": "2/13/1", "def_cmd": "5/5/0",  # resolved ("+" and "A" replaced)
     "battles": [{"att": "2", "def": "5", "win": "def", "att_lost": 2, "def_lost": 2}, ...],
     "att_won": 2, "def_won": 1, "winner": "att",            # "att", "def" or "" (nobody)
     "att_move": 1, "def_move": -1,                           # war-potential steps
     "att_lost": {"armies": 7, "aircraft": 0, "su": 0, "excess": 0},
     "def_lost": {...},
     "att_left": {"armies": 9, "aircraft": 0},  "def_left": {...},
     "att_wp": [7, 8], "def_wp": [7, 6]}        # only when the levels were given

A battle's ``att_lost``/``def_lost`` count units of that clock's kind (armies, aircraft or the SU).
``excess`` is the aircraft lost after the combat because more aircraft than armies were left.

API: `battle(a_token, d_token) -> (winner, att_lost, def_lost)`, `combat(att, def, ...) -> record`,
`move_wp(level, step)` (clamped 3..11), `WP_MIN`/`WP_MAX`
"""

from comando.rulesets.teg2.command import K_AIR, K_ARMIES, K_SU, CLOCKS, clock_kind, resolve
from comando.errors import BattleCommandError

WP_MIN = 3
WP_MAX = 11

ATT = "att"
DEF = "def"
NOBODY = ""


def battle(a_token, d_token):
    """One battle between two resolved clock tokens -> (winner, att_lost, def_lost).

    winner is "att", "def" or "" (a tie); the losses count units of each clock's own kind.
    """
    ak, an = clock_kind(a_token)
    dk, dn = clock_kind(d_token)
    if an is None or dn is None:
        raise BattleCommandError("battle between unresolved clocks %r and %r: resolve the commands "
                                 "first" % (a_token, d_token))
    if ak == K_SU or dk == K_SU:
        if ak == dk:
            return NOBODY, 1, 1
        if ak == K_SU:
            return ATT, 1, dn
        return DEF, an, 1
    if ak == dk:  # armies v armies, aircraft v aircraft
        low = an if an < dn else dn
        if an > dn:
            return ATT, low, low
        if dn > an:
            return DEF, low, low
        return NOBODY, low, low
    if ak == K_AIR:
        w, air_lost, army_lost = _air_v_armies(an, dn)
        return w, air_lost, army_lost
    w, air_lost, army_lost = _air_v_armies(dn, an)
    if w == ATT:
        w = DEF
    elif w == DEF:
        w = ATT
    return w, army_lost, air_lost


def _air_v_armies(k, n):
    """k aircraft (clock "att") against n armies -> (winner, aircraft lost, armies lost)."""
    if n > 2 * k:  # the armies outnumber the aircraft's worth: all aircraft lost, 2 armies each
        return DEF, k, 2 * k
    spent = (n + 1) // 2  # whole aircraft needed to equal n armies
    if spent >= k:  # the aircraft are all spent: a tie, both lose what they put
        return NOBODY, k, n
    return ATT, spent, n


def move_wp(level, step):
    """A war-potential level moved by step (+1 win, -1 loss), kept within 3..11."""
    level += step
    if level < WP_MIN:
        return WP_MIN
    if level > WP_MAX:
        return WP_MAX
    return level


def check_wp(level, who="war potential"):
    if not isinstance(level, int) or level < WP_MIN or level > WP_MAX:
        raise BattleCommandError("%s level %r is off the track: it runs from 3 to 11"
                                 % (who, level))
    return level


def _losses():
    return {"armies": 0, "aircraft": 0, "su": 0, "excess": 0}


def _add_loss(losses, kind, n):
    if kind == K_ARMIES:
        losses["armies"] += n
    elif kind == K_AIR:
        losses["aircraft"] += n
    else:
        losses["su"] += n


def combat(att, dfn, att_armies=None, def_armies=None, att_aircraft=None, def_aircraft=None,
           att_su=None, def_su=None, att_wp=None, def_wp=None, att_name="attacker",
           def_name="defender"):
    """Resolve a combat between two battle commands (text or BattleCommand) -> plain dict record.

    The forces in the region default as in comando.rulesets.teg2.command.resolve. ``att_wp``/``def_wp``
    (3..11), when given, add "att_wp"/"def_wp" = [before, after] to the record.
    Raises BattleCommandError for an impossible command (the message names the side).
    """
    a = resolve(att, att_armies, att_aircraft, att_su, att_name)
    d = resolve(dfn, def_armies, def_aircraft, def_su, def_name)
    if att_wp is not None:
        check_wp(att_wp, att_name + " war potential")
    if def_wp is not None:
        check_wp(def_wp, def_name + " war potential")
    battles = []
    al = _losses()
    dl = _losses()
    a_won = d_won = 0
    for i in range(CLOCKS):
        at = a.clocks[i]
        dt = d.clocks[i]
        w, x, y = battle(at, dt)
        if w == ATT:
            a_won += 1
        elif w == DEF:
            d_won += 1
        _add_loss(al, clock_kind(at)[0], x)
        _add_loss(dl, clock_kind(dt)[0], y)
        battles.append({"att": at, "def": dt, "win": w, "att_lost": x, "def_lost": y})
    a_left = _left(a, al)
    d_left = _left(d, dl)
    if a_won > d_won:
        winner, a_move, d_move = ATT, 1, -1
    elif d_won > a_won:
        winner, a_move, d_move = DEF, -1, 1
    else:
        winner, a_move, d_move = NOBODY, 0, 0
    rec = {
        "att": a.entered, "def": d.entered, "att_cmd": a.text, "def_cmd": d.text,
        "battles": battles, "att_won": a_won, "def_won": d_won, "winner": winner,
        "att_move": a_move, "def_move": d_move,
        "att_lost": al, "def_lost": dl, "att_left": a_left, "def_left": d_left,
    }
    if att_wp is not None:
        rec["att_wp"] = [att_wp, move_wp(att_wp, a_move)]
    if def_wp is not None:
        rec["def_wp"] = [def_wp, move_wp(def_wp, d_move)]
    return rec


def _left(cmd, losses):
    """Forces left after the combat; aircraft over the armies left are lost ("excess")."""
    armies = cmd.armies - losses["armies"]
    aircraft = cmd.aircraft - losses["aircraft"]
    if aircraft > armies:
        losses["excess"] = aircraft - armies
        aircraft = armies
    return {"armies": armies, "aircraft": aircraft}


def total_lost(losses):
    """Units lost in a side's loss dict (armies + aircraft + SU + excess aircraft)."""
    return losses["armies"] + losses["aircraft"] + losses["su"] + losses["excess"]
