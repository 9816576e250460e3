"""The table session's stages and the checks every event shares (a missing field, a number out of
range, a seat out of the game, the wrong stage or player), with the refusal that names what the
table waits for. A leaf under comando.session.rules (which re-exports it all) and
comando.session.setup.
"""

from comando.errors import IllegalMove
from comando.texts import say, text

# Stages
OPEN = "open"        # waiting for the opening roll ("first")
PLACE = "place"      # placement rounds before play (incl. Risk deployment, T.E.G. II objectives)
ROUND = "round"      # between rounds: the next event is "round"
CRISIS = "crisis"    # La Revancha crisis: everybody rolls
EXTRA = "extra"      # La Revancha extra reinforcements, one player at a time in round order
ADD = "add"          # T.E.G. II: every power adds its armies in round order
TURN = "turn"        # a player's turn
BATTLE = "battle"    # T.E.G. II: a declared combat waiting for commands
COUNT = "count"      # T.E.G. II: the final count, asked token by token
OVER = "over"


# --- the checks every event shares -----------------------------------------------------------

def field(action, key, what=None):
    """``action[key]``, or IllegalMove naming what is missing."""
    try:
        return action[key]
    except (KeyError, TypeError):
        raise IllegalMove(say("missing", action.get("t", "action") if isinstance(action, dict)
                                               else "action", what or key))


def whole(action, key, lo, hi, what=None):
    """``action[key]``, a whole number from ``lo`` to ``hi``."""
    v = field(action, key, what)
    if isinstance(v, bool) or not isinstance(v, int) or v < lo or v > hi:
        raise IllegalMove(say("whole_in", what or key, lo, hi, v))
    return v


def seat(state, action, key="p", what="player"):
    return whole(action, key, 0, state.n - 1, what)


def live_seat(state, action, key="p", what="player"):
    s = seat(state, action, key, what)
    if not state.alive[s]:
        raise IllegalMove(say("out", state.colours[s]))
    return s


def need_stage(state, t, *stages):
    if state.stage not in stages:
        raise IllegalMove(say("not_now", label(t), waiting(state)))


def need_cur(state, action):
    p = live_seat(state, action)
    if p != state.cur:
        raise IllegalMove(say("not_turn", state.colours[state.cur], state.colours[p]))
    return p


# The event types; what each is called in a refusal ("%s is not possible now") is texts.txt's
# ev_<type> (label())
LABEL = ("first", "place", "round", "crisis", "extra", "roll", "card", "end", "out", "win", "declare",
         "retreat", "lock", "reveal", "rocket", "launch", "undo", "walk", "score")


def label(t):
    """What an event type is called in a refusal ("the opening roll")."""
    return text("ev_" + t) if t in LABEL else t


def waiting(state):
    """What the table waits for, in words (the reason an event is not possible now)."""
    st = state.stage
    if st in (PLACE, EXTRA, ADD, TURN, COUNT):
        if st == PLACE:
            return say("w_place", state.colours[state.cur], state.rules.place_label(state))
        return say("w_" + st, state.colours[state.cur])
    if st == BATTLE:
        return say("w_battle", state.colours[state.battle["a"]], state.colours[state.battle["d"]])
    return text("w_" + st) if st in (OPEN, ROUND, CRISIS, OVER) else text("w_none")
