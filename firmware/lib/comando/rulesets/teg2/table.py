"""T.E.G. II in the table session (teg-ii.txt): the powers in their fixed order, five rounds
placing objectives, armies added by war potential at every round's start, a game of fixed length
won on points, and the combat events: declare, retreat, lock, reveal, rocket, launch.

``RULES`` is the table session's plug-in (comando.session.rules.TableRules); the combat events'
handlers are this module's functions.
"""

from comando import turns as T
from comando.errors import ComandoError, IllegalMove, RulesError
from comando.session.rules import (ADD, BATTLE, COUNT, OVER, PLACE, TURN, TableRules, field as _get,
                                   whole as _int, live_seat as _live_seat, need_cur as _need_cur,
                                   need_stage as _need_stage, seat as _seat, to_round)

OBJECTIVES = 5  # objective-placing rounds before play ("Choosing Objectives")


def _pairs(state):
    """The pairs module when 8, 10 or 12 players play both boards (comando.rulesets.teg2.pairs),
    else None."""
    if state.opts.get("players", state.n) >= 8:
        from comando.rulesets.teg2 import pairs
        return pairs
    return None


def _teg2():
    from comando.rulesets.teg2 import battle as teg2_battle, commit as teg2_commit
    return teg2_battle, teg2_commit


def check_declare(state, a):
    _need_stage(state, "declare", TURN)
    p = _need_cur(state, a)
    d = _seat(state, a, "d", "defender")
    if d == p:
        raise IllegalMove("%s cannot fight itself" % state.colours[p])
    rg = _get(a, "rg", "the region")
    if not isinstance(rg, str) or not rg:
        raise IllegalMove("name the region where the combat takes place")
    if state.opts.get("players") == 2 and player_of(p, 2) == player_of(d, 2):
        raise IllegalMove("%s and %s are commanded by the same player" % (state.colours[p], state.colours[d]))
    pairs = _pairs(state)
    if pairs:
        pairs.check_declare(state, p, d)


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
    state.track = teg2_track.copied(state.track)  # replaced, not changed: snapshots share it
    teg2_track.apply_retreat(state.track, state.colours[b["a"]], state.colours[b["d"]])
    _share(state, b)
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
    state.track = teg2_track.copied(state.track)
    teg2_track.apply_combat(state.track, state.colours[b["a"]], state.colours[b["d"]], rec)
    _share(state, b)
    state.lastbattle = {"a": b["a"], "d": b["d"], "rg": b["rg"], "winner": rec["winner"],
                        "att": rec["att_cmd"], "def": rec["def_cmd"],
                        "lost": [rec["att_lost"]["armies"], rec["def_lost"]["armies"]],
                        "wp": [state.track["wp"][b["a"]], state.track["wp"][b["d"]]]}
    state.battle = None
    state.stage = TURN


def _share(state, b):
    pairs = _pairs(state)
    if pairs:  # both boards keep the power's level
        pairs.share(state, (b["a"], b["d"]))


def check_rocket(state, a):
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
    state.track = teg2_track.copied(state.track)
    teg2_track.take_rocket(state.track, state.colours[e["p"]])


def check_launch(state, a):
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
    rows = state.tally["rows2"] if p >= state.tally.get("b2", 99) else state.tally["rows"]
    if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row <= rows:
        raise IllegalMove("row: the Objectives Table row hit (1-%d), 0 when none" % rows)


def apply_launch(state, e):
    from comando.rulesets.teg2 import track as teg2_track
    state.track = teg2_track.copied(state.track)
    teg2_track.launch_rocket(state.track, state.colours[e["p"]])
    if e.get("row") and not e.get("cl"):
        # the atomic mushroom: "A region with the atomic mushroom gives no points to anyone"
        from comando.rulesets.teg2 import tally
        state.tally = tally.copy(state.tally, ())
        state.tally["boom"] = state.tally["boom"] + [tally.boom_key(state.tally, e["p"], e["row"])]


# --- the final count (comando.rulesets.teg2.tally): asked token by token --------------------

def _sides(state):
    """Who scores together: a seat each, or with 2 players USA+China and USSR+Japan."""
    if state.opts.get("players") == 2:
        return [player_of(p, 2) for p in range(state.n)], 2
    if _pairs(state):  # "the points of each pair are added together"
        k = state.n // 2
        return [p % k for p in range(state.n)], k
    return list(range(state.n)), state.n


def count_done(state):
    """After an answer (or the last round): when nothing is left to ask, the totals and the
    winner; the game is over."""
    from comando.rulesets.teg2 import tally
    t = state.tally
    if tally.question(t) is not None:
        return
    t = state.tally = tally.copy(t, ())  # pts, tot, win: new lists
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
    state.tally = tally.copy(state.tally, ("k", "ans"))
    tally.apply_score(state.tally, e, e["p"])
    count_done(state)


def adds(state, seat):
    """Armies a T.E.G. II power adds this round (its war-potential level)."""
    return state.grants[seat] if state.grants else 0


def rounds_total(state):
    """Rounds in this game (rounds())."""
    return rounds(state.opts.get("players", state.n), bool(state.opts.get("long")))


def rounds(n, long_game=False):
    """Rounds in a T.E.G. II game (teg-ii.txt "Length of a Game"): 6 players 6, 5 players 5,
    4 players 4 or 8 (chosen before starting), 3 players 6; 2 players play as 4; 8, 10 and 12
    play as 4, 5 and 6 at each board ("They use the usual rules of the 4-player game")."""
    if n in (8, 10, 12):
        n //= 2
    T.check_players("teg2", n)
    if n == 2 or n == 4:
        return 8 if long_game else 4
    if n == 3:
        return 6
    return n


def player_of(power_index, n):
    """Which player commands power ``power_index`` (0-based in T.E.G. II's order of powers)."""
    if n == 2:
        return power_index % 2  # USA, China -> player 0; USSR, Japan -> player 1
    return power_index


class Teg2Table(TableRules):
    id = "teg2"
    won_on_points = True
    # At the time limit the objectives are counted as after the last round: "When the last round
    # ends, the points of the objectives achieved by each player are counted" (teg-ii.txt, End of
    # the Game)
    at_time = ("points",)

    def counting_seat(self, state):
        from comando.rulesets.teg2 import tally
        q = tally.question(state.tally)
        return q[0] if q else -1

    def end_at_time(self, state):
        state.order = []
        state.ti = 0
        state.stage = COUNT
        count_done(state)
    # Each side sets its command "in secret, indicating it with the hands of their clocks"
    # (rules/teg-ii.txt, "How Combat Works"): the device's buttons dial it, the device locks it
    # with its own nonce and reveals what it locked; a laptop's lock or reveal is refused.
    buttons_only = {
        "lock": "only the device's buttons may lock a battle command: it is its player's secret",
        "reveal": "only the device's buttons may reveal a battle command: the device reveals what "
                  "they locked",
    }

    def button_only(self, state, a):
        """Besides the battle commands: a hidden objective token ("Playing with Secret
        Objectives": "leave face down the objective tokens ... turned over only when the game has
        ended") is placed and turned face up from the device's own secrets only."""
        why = TableRules.button_only(self, state, a)
        if why is not None:
            return why
        t = a.get("t")
        tally = state.tally if isinstance(state.tally, dict) else {}
        hidden = tally.get("h") is not None
        if t == "place" and state.stage == PLACE and (hidden or "h" in a):
            return ("only the device's buttons may place a hidden objective token: it stays its "
                    "player's secret until the count")
        if t == "score" and (hidden or "n" in a):
            return ("only the device's buttons may turn a hidden objective token face up: the "
                    "device reveals what they placed")
        return None

    def check_players(self, cols, opts):
        n = len(cols)
        people = opts.get("players", n)
        if opts.get("map", "") not in ("", "world"):
            raise IllegalMove("map: world (both halves, the first 4 or 5 of each Objectives Table), "
                              "or one board by its rows (9 the Americas, 10 the Old World)")
        if isinstance(people, int) and people > 6:
            from comando.rulesets.teg2 import pairs
            pairs.check_players(cols, T.TEG2_POWERS, people)
            if opts.get("players") != n:
                raise IllegalMove("%d seats on both boards: give the option players %d" % (n, n))
            if opts.get("map") or "rows" in opts:
                raise IllegalMove("%d players play both boards, each with its own Objectives Table "
                                  "(no map or rows option)" % n)
            self.check_opts(opts)
            return
        for c in cols:
            if c not in T.TEG2_POWERS:
                raise IllegalMove("%r is not a T.E.G. II power: one of %s" % (c, ", ".join(T.TEG2_POWERS)))
        if people == 2:
            if n != 4:
                raise IllegalMove("two players command four powers (USA+China, USSR+Japan)")
        elif people != n:
            raise IllegalMove("each player commands one power: %d players, %d powers" % (people, n))
        try:
            T.check_players("teg2", people)
        except RulesError as e:
            raise IllegalMove(str(e))
        ordered = sorted(cols, key=T.TEG2_POWERS.index)
        if ordered != cols:
            raise IllegalMove("T.E.G. II powers play in the order %s" % ", ".join(ordered))
        if opts.get("rows", 9) not in (9, 10):
            raise IllegalMove("the Objectives Table has 9 rows (the Americas) or 10 (the Old World)")
        self.check_opts(opts)

    def check_opts(self, opts):
        if opts.get("secret", 0) not in (0, 1) or opts.get("tie", "share") not in ("share", "wp"):
            raise IllegalMove("options: secret 0/1 (hidden objectives), tie share/wp")

    def apply_new(self, state, e):
        TableRules.apply_new(self, state, e)
        from comando.rulesets.teg2 import track as teg2_track
        state.track = teg2_track.new_track(state.colours, state.opts.get("level", "basic"))
        state.first = 0
        state.stage = PLACE  # the objective-placing rounds, USA first, rotating
        state.pround = 0
        state.order = list(T.order_from(0, state.alive))
        state.ti = 0
        from comando.rulesets.teg2 import tally
        n = state.n
        people = state.opts.get("players", n)
        powers = 4 if people == 2 else n
        secret = state.opts.get("secret", 0)
        if people >= 8:  # each board its own table: the Americas' 9 rows, the Old World's 10
            k = n // 2
            state.tally = tally.new(n, tally.rows_in_play(9, k), secret, tally.rows_in_play(10, k), k)
        elif state.opts.get("map") == "world":
            # "Playing on the Whole World Map": the first 5 of each table with 6 players, the
            # first 4 with 4 or 5 (3 players too): rows 1..m the Americas', m+1..2m the Old World's
            state.tally = tally.new(n, 2 * (5 if powers >= 6 else 4), secret)
        else:
            state.tally = tally.new(n, tally.rows_in_play(state.opts.get("rows", 9), powers), secret)

    def check_place(self, state, a):
        TableRules.check_place(self, state, a)
        if state.stage == PLACE:  # an objective token: its row and kind (or its commitment)
            secret = state.opts.get("secret", 0)
            if secret or "row" in a or "k" in a or "h" in a:
                from comando.rulesets.teg2 import tally
                tally.check_token(state.tally, state.cur, a, secret)

    def place_label(self, state):
        return "objective %d of %d" % (state.pround + 1, OBJECTIVES)

    def placement(self, state):
        return ()

    def apply_place(self, state, e):
        if state.stage == ADD:
            state.ti += 1
            if state.ti >= len(state.order):
                state.stage = TURN
                state.ti = 0
                state.carded = 0
            return
        from comando.rulesets.teg2 import tally
        # replaced, not changed: the snapshots share it (and the lists a token does not touch)
        t = state.tally = tally.copy(state.tally, ("row", "k", "h"))
        if "row" not in e:  # a placement without its row (an older log): the next token, row 0
            e = {"row": 0, "k": tally.free_token(t, e["p"])}
        tally.add_token(t, state.cur, e)
        state.ti += 1
        if state.ti < len(state.order):
            return
        state.ti = 0
        state.pround += 1
        if state.pround >= OBJECTIVES:
            to_round(state)
            return
        pairs = _pairs(state)
        if pairs:  # each board's next power opens its next objective round
            state.order = pairs.board_order(state, state.pround, 0) + \
                pairs.board_order(state, state.pround, 1)
        else:  # each objective round is opened by the next power
            state.order = list(T.order_from(T.next_alive(state.order[0], state.alive), state.alive))

    def round_started(self, state, e):
        # "At the start of the next round, each one adds as many armies as their war potential
        # level indicates"; level 5: one SU; level 10 or 4: the rocket is offered (once per game).
        pairs = _pairs(state)
        if pairs:  # board 1 adds and plays its turns, then board 2 (next_turn)
            state.opener = (state.rnd - 1) % pairs.half(state)
            state.grants = None
            pairs.add_board(state, pairs.board_order(state, state.opener, 0))
            state.stage = ADD
            return
        from comando.rulesets.teg2 import track as teg2_track
        state.track = teg2_track.copied(state.track)
        state.grants = [g["units"] for g in teg2_track.round_start(state.track)]
        state.stage = ADD

    def last_round(self, state):
        return state.rnd >= rounds_total(state)

    def next_turn(self, state):
        pairs = _pairs(state)
        if pairs and state.ti + 1 >= len(state.order) and state.order[0] < pairs.half(state):
            # board 1's turns are over: board 2 adds (by the levels now), then plays
            pairs.add_board(state, pairs.board_order(state, state.opener, 1))
            state.carded = 0
            state.stage = ADD
            return
        TableRules.next_turn(self, state)
        if state.stage == OVER:
            # "When the last round ends, the points of the objectives achieved by each player
            # are counted": the table answers token by token (score events)
            state.stage = COUNT
            count_done(state)

    def claim_error(self, state):
        return "T.E.G. II is won on points after the last round (%d)" % rounds_total(state)

    def check_roll(self, state, a, board=None):
        raise IllegalMove("T.E.G. II has no dice: declare a combat and set the battle commands")

    def check_card(self, state, a):
        TableRules.check_card(self, state, a)
        raise IllegalMove("T.E.G. II has no country cards")

    def check_out(self, state, a):
        raise IllegalMove("in T.E.G. II no power leaves the game: it plays every round")

    check_walk = check_out

    # the combat events: this module's functions
    def check_declare(self, state, a):
        check_declare(state, a)

    def apply_declare(self, state, e):
        apply_declare(state, e)

    def check_retreat(self, state, a):
        check_retreat(state, a)

    def apply_retreat(self, state, e):
        apply_retreat(state, e)

    def check_lock(self, state, a):
        check_lock(state, a)

    def apply_lock(self, state, e):
        apply_lock(state, e)

    def check_reveal(self, state, a):
        check_reveal(state, a)

    def apply_reveal(self, state, e):
        apply_reveal(state, e)

    def check_rocket(self, state, a):
        check_rocket(state, a)

    def apply_rocket(self, state, e):
        apply_rocket(state, e)

    def check_launch(self, state, a):
        check_launch(state, a)

    def apply_launch(self, state, e):
        apply_launch(state, e)

    def check_score(self, state, a):
        check_score(state, a)

    def apply_score(self, state, e):
        apply_score(state, e)


RULES = Teg2Table()
