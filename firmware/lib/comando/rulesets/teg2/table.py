"""The table session's T.E.G. II combat events: declare, retreat, lock, reveal, rocket, launch.

Part of ``comando.session`` (same conventions; the dispatch tables there route these event types
here), in a module of its own so that a device playing another ruleset never loads this code
into its heap.
"""

from comando import turns as T
from comando.errors import ComandoError, IllegalMove
from comando.session import (ADD, BATTLE, COUNT, OVER, TURN, _get, _int, _live_seat, _need_cur,
                             _need_stage, _seat)


def _teg2():
    from comando.rulesets.teg2 import battle as teg2_battle, commit as teg2_commit
    return teg2_battle, teg2_commit


def check_declare(state, a):
    if state.rs != "teg2":
        raise IllegalMove("battle commands are T.E.G. II's: roll the dice to attack")
    _need_stage(state, "declare", TURN)
    p = _need_cur(state, a)
    d = _seat(state, a, "d", "defender")
    if d == p:
        raise IllegalMove("%s cannot fight itself" % state.colours[p])
    rg = _get(a, "rg", "the region")
    if not isinstance(rg, str) or not rg:
        raise IllegalMove("name the region where the combat takes place")
    if state.opts.get("players") == 2 and T.teg2_player(p, 2) == T.teg2_player(d, 2):
        raise IllegalMove("%s and %s are commanded by the same player" % (state.colours[p], state.colours[d]))


def apply_declare(state, e):
    state.battle = {"a": e["p"], "d": e["d"], "rg": e["rg"], "h": [None, None],
                    "cmd": [None, None], "n": [None, None], "k": [0, 0], "su": [0, 0]}
    state.stage = BATTLE


def _side(state, a):
    p = _seat(state, a)
    b = state.battle
    if p == b["a"]:
        return p, 0
    if p == b["d"]:
        return p, 1
    raise IllegalMove("%s takes no part in the combat between %s and %s"
                      % (state.colours[p], state.colours[b["a"]], state.colours[b["d"]]))


def check_retreat(state, a):
    _need_stage(state, "retreat", BATTLE)
    p, side = _side(state, a)
    if side != 1:
        raise IllegalMove("only the attacked player may retreat")
    if state.battle["h"][0] is not None or state.battle["h"][1] is not None:
        raise IllegalMove("the battle commands are set: it is too late to retreat")


def apply_retreat(state, e):
    from comando.rulesets.teg2 import track as teg2_track
    b = state.battle
    teg2_track.apply_retreat(state.track, state.colours[b["a"]], state.colours[b["d"]])
    state.lastbattle = {"a": b["a"], "d": b["d"], "rg": b["rg"], "retreat": 1,
                        "wp": [state.track["wp"][b["a"]], state.track["wp"][b["d"]]]}
    state.battle = None
    state.stage = TURN


def check_lock(state, a):
    _need_stage(state, "lock", BATTLE)
    p, side = _side(state, a)
    if state.battle["h"][side] is not None:
        raise IllegalMove("%s's battle command is already locked" % state.colours[p])
    h = _get(a, "h", "the commitment")
    if not isinstance(h, str) or len(h) != 64 or any(c not in "0123456789abcdef" for c in h):
        raise IllegalMove("a commitment is 64 lowercase hex digits (sha256)")


def apply_lock(state, e):
    state.battle["h"][0 if e["p"] == state.battle["a"] else 1] = e["h"]


def check_reveal(state, a):
    _need_stage(state, "reveal", BATTLE)
    p, side = _side(state, a)
    b = state.battle
    if b["h"][0] is None or b["h"][1] is None:
        raise IllegalMove("both players lock their commands before either reveals")
    if b["cmd"][side] is not None:
        raise IllegalMove("%s already revealed its command" % state.colours[p])
    cmd = _get(a, "cmd", "the battle command")
    nonce = _get(a, "n", "the nonce")
    k = _int(a, "k", 0, 999, "the armies in the region")
    battle, commit = _teg2()
    try:
        ok = commit.verify(b["h"][side], cmd, nonce)
    except ComandoError as e:
        raise IllegalMove(str(e))
    if not ok:
        raise IllegalMove("%s's command does not match what it locked: the commitment fails"
                          % state.colours[p])
    from comando.rulesets.teg2 import command as teg2_command
    try:
        su = teg2_command.parse(cmd, state.colours[p]).has("SU")
    except ComandoError as e:
        raise IllegalMove(str(e))
    if su and not state.track["su"][p]:
        raise IllegalMove("%s has no special unit this round (it needs war potential 5 at the "
                          "round's start)" % state.colours[p])
    other = 1 - side
    try:
        teg2_command.resolve(cmd, k, None, None, state.colours[p])
    except ComandoError as e:
        raise IllegalMove(str(e))
    if b["cmd"][other] is not None:
        _resolve(state, side, cmd, k)


def _resolve(state, side, cmd, k):
    b = state.battle
    cmds = list(b["cmd"])
    ks = list(b["k"])
    cmds[side] = cmd
    ks[side] = k
    battle, _ = _teg2()
    try:
        return battle.combat(cmds[0], cmds[1], att_armies=ks[0], def_armies=ks[1],
                             att_wp=state.track["wp"][b["a"]], def_wp=state.track["wp"][b["d"]],
                             att_name=state.colours[b["a"]], def_name=state.colours[b["d"]])
    except ComandoError as e:
        raise IllegalMove(str(e))


def apply_reveal(state, e):
    b = state.battle
    side = 0 if e["p"] == b["a"] else 1
    if b["cmd"][1 - side] is None:
        b["cmd"][side] = e["cmd"]
        b["n"][side] = e["n"]
        b["k"][side] = e["k"]
        return
    rec = _resolve(state, side, e["cmd"], e["k"])
    from comando.rulesets.teg2 import track as teg2_track
    teg2_track.apply_combat(state.track, state.colours[b["a"]], state.colours[b["d"]], rec)
    state.lastbattle = {"a": b["a"], "d": b["d"], "rg": b["rg"], "winner": rec["winner"],
                        "att": rec["att_cmd"], "def": rec["def_cmd"],
                        "lost": [rec["att_lost"]["armies"], rec["def_lost"]["armies"]],
                        "wp": [state.track["wp"][b["a"]], state.track["wp"][b["d"]]]}
    state.battle = None
    state.stage = TURN


def check_rocket(state, a):
    if state.rs != "teg2":
        raise IllegalMove("nuclear rockets are T.E.G. II's")
    _need_stage(state, "rocket", ADD)
    p = _live_seat(state, a)
    if not state.track["offer"][p]:
        if state.track["had_rocket"][p]:
            raise IllegalMove("%s already had its rocket: only one rocket per player"
                              % state.colours[p])
        raise IllegalMove("%s was not offered a rocket: it is added at the start of a round at "
                          "war potential 4 or 10" % state.colours[p])


def apply_rocket(state, e):
    from comando.rulesets.teg2 import track as teg2_track
    teg2_track.take_rocket(state.track, state.colours[e["p"]])


def check_launch(state, a):
    if state.rs != "teg2":
        raise IllegalMove("nuclear rockets are T.E.G. II's")
    _need_stage(state, "launch", TURN)
    p = _need_cur(state, a)
    if not state.track["rockets"][p]:
        if state.track["had_rocket"][p]:
            raise IllegalMove("%s's rocket is gone: \"It must be launched in the same round in "
                              "which it was added\" (rules/teg-ii.txt, Nuclear Rocket)"
                              % state.colours[p])
        raise IllegalMove("%s holds no rocket to launch" % state.colours[p])
    rg = _get(a, "rg", "the region")
    if not isinstance(rg, str) or not rg:
        raise IllegalMove("name the region the rocket is launched at")
    row = a.get("row", 0)
    if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row <= state.tally["rows"]:
        raise IllegalMove("row: the Objectives Table row hit (1-%d), 0 when none"
                          % state.tally["rows"])


def apply_launch(state, e):
    from comando.rulesets.teg2 import track as teg2_track
    teg2_track.launch_rocket(state.track, state.colours[e["p"]])
    if e.get("row") and not e.get("cl"):
        # the atomic mushroom: "A region with the atomic mushroom gives no points to anyone"
        from comando.rulesets.teg2 import tally
        state.tally = tally.copy(state.tally)
        state.tally["boom"] = state.tally["boom"] + [e["row"]]


# --- the final count (comando.rulesets.teg2.tally): asked token by token --------------------

def _sides(state):
    """Who scores together: a seat each, or with 2 players USA+China and USSR+Japan."""
    if state.opts.get("players") == 2:
        return [T.teg2_player(p, 2) for p in range(state.n)], 2
    return list(range(state.n)), state.n


def count_done(state):
    """After an answer (or the last round): when nothing is left to ask, the totals and the
    winner; the game is over."""
    from comando.rulesets.teg2 import tally
    t = state.tally
    if tally.question(t) is not None:
        return
    t = state.tally = tally.copy(t)
    sides, k = _sides(state)
    wps = None
    if state.opts.get("tie", "share") == "wp":
        wps = [0] * k
        for p in range(state.n):
            wps[sides[p]] += state.track["wp"][p]
    win = tally.finish(t, sides, k, wps)
    state.winner = sides.index(win[0])
    state.stage = OVER


def check_score(state, a):
    _need_stage(state, "score", COUNT)
    p = _seat(state, a)
    from comando.rulesets.teg2 import tally
    tally.check_score(state.tally, a, p)


def apply_score(state, e):
    from comando.rulesets.teg2 import tally
    state.tally = tally.copy(state.tally)
    tally.apply_score(state.tally, e, e["p"])
    count_done(state)
