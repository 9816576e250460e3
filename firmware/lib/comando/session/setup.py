"""The table session's start: the base rules of ``new`` (players, options) and ``first`` (the
opening roll), which comando.session.rules.TableRules' methods of those names call. A module of
their own: they run a few times a game, and the device drops the module once the opening roll is
made (device.app), so their code is not in a Pico's heap during play. A ruleset's plug-in
overrides the methods and calls ``TableRules.check_new(self, ...)`` as before.
"""

from comando import turns as T
from comando.errors import IllegalMove, RulesError
from comando.session.stages import OPEN, field, need_stage
from comando.texts import say


def check_new(rules, state, a):
    if state.stage is not None:
        raise IllegalMove(say("under_way"))
    cols = field(a, "p", "players")
    if not isinstance(cols, list) or not all(isinstance(c, str) and c for c in cols):
        raise IllegalMove(say("col_list"))
    for i, c in enumerate(cols):
        if c in cols[:i]:
            raise IllegalMove(say("col_twice", c))
    opts = a.get("o", {})
    if not isinstance(opts, dict):
        raise IllegalMove(say("opts_dict"))
    n = len(cols)
    rules.check_players(cols, opts)
    terr = opts.get("territories", 42)
    if isinstance(terr, bool) or not isinstance(terr, int) or terr < n:
        raise IllegalMove(say("terr_few", terr))
    if opts.get("deploy", "hand") not in ("hand", "auto"):
        raise IllegalMove(say("deploy_opt", opts.get("deploy")))
    if opts.get("defdice", "auto") not in ("auto", "choose"):
        raise IllegalMove(say("defdice_op", opts.get("defdice")))


def check_players(rules, cols, opts):
    try:
        T.check_players(rules.id, len(cols))
    except RulesError as e:
        raise IllegalMove(str(e))


def apply_new(rules, state, e):
    state.rs = e["rs"]
    state.colours = list(e["p"])
    state.opts = dict(e.get("o", {}))
    state.alive = [1] * len(state.colours)
    state.winner = -1
    state.stage = OPEN


def check_first(rules, state, a):
    need_stage(state, "first", OPEN)
    if "r" in a:
        try:
            T.opening_winner(a["r"])
        except (RulesError, TypeError) as e:
            raise IllegalMove(str(e))
        for rnd in a["r"]:
            if len(rnd) != state.n:
                raise IllegalMove(say("open_dice", state.n))


def make_first(rules, state, a, rng):
    e = dict(a)
    if "r" not in a:
        e["r"] = T.roll_opening(rng, state.n)
    return e


def apply_first(rules, state, e):
    state.first = rules.opener(state, T.opening_winner(e["r"]))
    state.pround = 0
    state.pdone = 0
    rules.start_placement(state)
