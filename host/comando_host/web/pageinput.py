"""What the live page may enter, checked by the engine before anything is sent or stored.

The page enters the engine's own events (``comando.engine``: the reducer ``comando play`` and the
device use) for the player whose turn it is: place, claim, attack, move (in), regroup, trade,
draw, end, and a hand-dealt ``deal``. Who writes them (``access``):

- a device's game (origin ``device``) while a link to it is up (``pagecommands.linked``): the
  action goes to the device as a host command; the device checks it again, numbers it, journals
  it and sends it back like any event. Without a link it is read-only (enter it on the device).
- a game the laptop plays itself (origin ``web``: started on the page; ``play``: recorded by
  ``comando play``): the server makes the event (dice drawn here), numbers it after the last
  stored one and stores it.
- anything else (an imported or demo game), a finished game, a table session: read-only.

Every refusal is the engine's one line (``IllegalMove``) or one of this module's (``Refused``);
nothing is sent or stored then.
"""

from __future__ import annotations

from comando import engine
from comando.engine import rand
from comando.errors import ComandoError, IllegalMove
from comando.registry import POWERS, TITLES
from comando_host import games
from comando_host.web.handdeal import Refused
from comando_host.text import refusals
from comando_host.text.lang import N_, _, _n

ACTIONS = ("place", "claim", "attack", "move", "regroup", "trade", "draw", "end")
LAPTOP = ("web", "play")            # origins the server writes itself
INT_FIELDS = ("c", "f", "to", "n")


# -- who may write ---------------------------------------------------------------------------

def access(info: dict, state, mode: str, linked: bool) -> dict:
    """{"mode": "device" | "laptop" | "", "why": why not, or how it is entered}."""
    origin = (info or {}).get("origin", "")
    if mode != "engine" or state is None:
        return {"mode": "", "why": _("a table session: the map is not tracked, enter it on the device")}
    if state.phase == "over":
        return {"mode": "", "why": _("the game is over: the page replays it")}
    if state.rules.id in POWERS:   # T.E.G. II: secret battle commands, powers not colours
        return {"mode": "", "why": _("{game}'s secret commands are entered on the device").format(
            game=state.rules.name)}
    if origin == "device":
        if linked:
            return {"mode": "device", "why": _("sent to the linked device, which numbers it")}
        return {"mode": "", "why": _("the device is not linked: enter it on the device")}
    if origin in LAPTOP:
        return {"mode": "laptop", "why": _("this laptop plays it: events are stored here")}
    return {"mode": "", "why": _("read-only: this game came by {origin}; the page enters events for a "
                                 "linked device's game or one this laptop plays").format(
                                     origin=origin or "import")}


# -- what the page is offered ----------------------------------------------------------------

def legal(state, action) -> bool:
    try:
        engine.check(state, action)
    except (IllegalMove, ComandoError, KeyError, TypeError, ValueError, IndexError):
        return False
    return True


def first_set(state, p):
    """The first set of three cards ``p``'s hand can trade (the device's ROLL trades it too)."""
    h = state.hands[p]
    k = len(h)
    for i in range(k):
        for j in range(i + 1, k):
            for m in range(j + 1, k):
                if state.rules.is_set(state, (h[i], h[j], h[m])):
                    return [h[i], h[j], h[m]]
    return None


def needs_deal(state) -> bool:
    """The game has its ``new`` event and no deal yet (a table dealing its own cards)."""
    return (getattr(state.rules, "check_deal", None) is not None and state.round == 0
            and not state.deck and state.owner.count(-1) == state.n and state.phase == "place")


def panel(state, hot=()) -> dict:
    """What the page's input bar offers now (cheap: a few checks; sent with each view of a
    writable game): the seat to act, the phase, armies to place, the move-in range, the buttons
    whose action ``check`` accepts, and the attack to repeat."""
    p = state.cur
    out = {"cur": p, "phase": state.phase, "place": state.to_place(), "turns": state.turns,
           "buttons": []}
    if needs_deal(state):
        out["deal"] = deal_form(state)
        return out
    if state.pending is not None:
        pe = state.pending
        out["movein"] = {"f": pe[0], "to": pe[1], "lo": pe[2], "hi": pe[3]}
    cards = first_set(state, p)
    # the labels are msgids: the page says them in its own language (page.js's T)
    for label, action in ((N_("Trade cards"), {"t": "trade", "p": p, "cards": cards}),
                          (N_("Take a card"), {"t": "draw", "p": p}),
                          (N_("End turn"), {"t": "end", "p": p})):
        if (action["t"] != "trade" or cards) and legal(state, action):
            a = dict(action)
            del a["p"]
            out["buttons"].append({"label": label, "a": a})
    if len(hot) == 2 and attack_legal(state, {"t": "attack", "p": p, "f": hot[0], "to": hot[1]}):
        out["again"] = [hot[0], hot[1]]
    mode = state.options.get("dice", "device")
    if mode != "device":
        out["dice"] = mode   # the table's own dice: the page asks the table's result (a picker)
    return out


def attack_legal(state, action) -> bool:
    """An attack the rules allow now; in a game of the table's dice, once the table tells a
    result (comando.engine.picks.check_attack)."""
    from comando.engine import picks
    try:
        picks.check_attack(state, action)
    except (IllegalMove, ComandoError, KeyError, TypeError, ValueError, IndexError):
        return False
    return True


def table_dice(state, f, to) -> dict:
    """The page's dice picker for the attack ``f`` -> ``to`` in a game of the table's own dice:
    each side's dice (the ruleset's counts) and, the table telling its losses, the results those
    dice can give, the likeliest first, with the throws of 6 ** dice that give each
    (comando.table_dice: the device's picker offers the same)."""
    from comando import table_dice as TD
    a = {"t": "attack", "p": state.cur, "f": f, "to": to}
    na, nd = state.rules.attack_dice(state, f, to, a)
    out = {"a": na, "d": nd, "total": 6 ** (na + nd), "faces": 1}
    if state.options.get("dice") == "table":
        outs = TD.results(state.armies[f], state.armies[to], na, nd)
        out["outs"] = [[o[0], o[1], o[2]] for o in outs]
    return out


def options(state, f: int) -> dict:
    """What a click on country ``f`` can lead to for the seat to act: place (the most armies),
    claim, attack targets, regroup destinations with the most armies that may move; ``odds``:
    the attack panel's figures for each target (comando_host.web.attackodds)."""
    if not isinstance(f, int) or isinstance(f, bool) or not 0 <= f < state.n:
        raise Refused(_("options: \"f\" must be a country number from 0 to {last}").format(last=state.n - 1))
    p = state.cur
    out = {"f": f, "name": state.board.name(f), "place": 0, "claim": False, "attack": [],
           "regroup": {}}
    if legal(state, {"t": "claim", "p": p, "c": f}):
        out["claim"] = True
    if legal(state, {"t": "place", "p": p, "c": f, "n": 1}):
        most = 1
        for n in range(state.to_place(), 1, -1):
            if legal(state, {"t": "place", "p": p, "c": f, "n": n}):
                most = n
                break
        out["place"] = most
    if state.owner[f] == p and state.armies[f] >= 2:
        from comando.engine import picks
        out["attack"] = picks.targets(state, f, p)
        if out["attack"]:  # the attack panel's figures (issue 26)
            from comando_host.web import attackodds
            out["odds"] = attackodds.for_targets(state, f, out["attack"])
            if state.options.get("dice", "device") != "device":
                out["tdice"] = {str(to): table_dice(state, f, to) for to in out["attack"]}
        for to in range(state.n):
            if to == f or state.owner[to] != p:
                continue
            if not legal(state, {"t": "regroup", "p": p, "f": f, "to": to, "n": 1}):
                continue
            most = 1
            for n in range(state.armies[f] - 1, 1, -1):
                if legal(state, {"t": "regroup", "p": p, "f": f, "to": to, "n": n}):
                    most = n
                    break
            out["regroup"][str(to)] = most
    if not (out["place"] or out["claim"] or out["attack"] or out["regroup"]):
        out["why"] = why_not(state, f)
    return out


def why_not(state, f) -> str:
    """The engine's own line for the likeliest thing a click on ``f`` meant."""
    p = state.cur
    for action in ({"t": "place", "p": p, "c": f, "n": 1}, {"t": "claim", "p": p, "c": f},
                   {"t": "attack", "p": p, "f": f, "to": f}):
        try:
            engine.check(state, action)
        except IllegalMove as exc:
            return refusals.say(exc, state)   # the rules' refusal in the reader's language
        except (ComandoError, KeyError, TypeError, ValueError, IndexError):
            continue
    return _("nothing to do with {country} now").format(country=state.board.name(f))


# -- the page's action -----------------------------------------------------------------------

def action(state, a) -> dict:
    """The engine action for the page's ``a`` (seat: the one to act), checked: Refused or
    IllegalMove when the page got it wrong or the rules say no."""
    if not isinstance(a, dict):
        raise Refused(_("act: \"a\" must be an action object such as {example}").format(example='{"t": "end"}'))
    t = a.get("t")
    if t not in ACTIONS:
        raise Refused(_("act: unknown action {t} (the page enters {known})").format(t=repr(t), known=", ".join(ACTIONS)))
    out = {"t": t, "p": state.cur}
    for k, v in a.items():
        if k == "t":
            continue
        if k in INT_FIELDS:
            if not isinstance(v, int) or isinstance(v, bool) or not -1 <= v < 10000:
                raise Refused(_("act: {field} must be a whole number, not {value}").format(field=repr(k), value=repr(v)))
            out[k] = v
        elif k in ("al", "dl") and t == "attack":   # the table's own dice: its losses
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 4:
                raise Refused(_("act: {field} (the armies the table's dice cost) is 0 to 4, not {value}").format(
                    field=repr(k), value=repr(v)))
            out[k] = v
            out["tb"] = 1
        elif k in ("ad", "dd") and t == "attack":   # the table's own dice: its faces (clicked)
            if not isinstance(v, list) or not 1 <= len(v) <= 4 or not all(
                    isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in v):
                raise Refused(_("act: {field} lists the faces (1 to 6) of one side's dice, not {value}").format(
                    field=repr(k), value=repr(v)))
            out[k] = sorted(v, reverse=True)
            out["tb"] = 1
        elif k == "cards" and t == "trade":
            if not isinstance(v, list) or len(v) != 3 or not all(
                    isinstance(c, int) and not isinstance(c, bool) for c in v):
                raise Refused(_("act: \"cards\" lists the three cards traded"))
            out[k] = list(v)
        else:
            raise Refused(_("act: a {t} has no field {field}").format(t=t, field=repr(k)))
    for k in ("c", "f", "to"):
        if k in out and not 0 <= out[k] < state.n:
            raise Refused(_("act: there is no country {n} on this board (0 to {last})").format(
                n=out[k], last=state.n - 1))
    engine.check(state, out)
    return out


def make_event(state, act, src=None) -> dict:
    """The laptop's own event for a checked action: dice drawn here, numbered after the last."""
    ev = engine.make(state, act, src if src is not None else rand.default_source())
    ev["seq"] = state.seq + 1
    return ev


# -- a hand-dealt deal -----------------------------------------------------------------------

def deal_form(state) -> dict:
    """What the page asks for a hand deal: every country's owner and one seat, named here."""
    d = games.get(state.rules.id).hand_deal
    if d is None or d.claims(state):
        return {"ask": "", "counts": ""}
    return {"ask": _(d.ask) if d.ask else "", "counts": d.counts(state)}


def hand_deal(state, owner, first, src=None) -> dict:
    """The ``deal`` event of a table that dealt its own country cards: ``owner`` gives every
    country's seat, ``first`` the seat the ruleset asks for (``deal_form``). Checked complete and
    legal (the counts the rules deal, then the engine's own ``check``); the deck the laptop draws
    from is shuffled here; the secret objectives, drawn at the table, stay unknown (-1)."""
    if not needs_deal(state):
        raise Refused(_("deal: this game was dealt already"))
    d = games.get(state.rules.id).hand_deal
    n, np_ = state.n, state.np
    if d is None:
        raise Refused(_("deal: the page takes no hand deal for {rules}").format(rules=state.rules.name))
    if d.claims(state):
        raise Refused(_("deal: with {n} players the countries are claimed one at a time: click "
                        "each in turn").format(n=np_))
    if not isinstance(owner, list) or len(owner) != n:
        raise Refused(_("deal: \"owner\" lists a seat for each of the {n} countries").format(n=n))
    left = [state.board.name(c) for c in range(n) if owner[c] in (-1, None)]
    if left:
        raise Refused(_n("deal: {n} country has no owner yet ({names})",
                         "deal: {n} countries have no owner yet ({names})", len(left)).format(
                             n=len(left), names=", ".join(left[:3]) + ("..." if len(left) > 3 else "")))
    for c in range(n):
        o = owner[c]
        if not isinstance(o, int) or isinstance(o, bool) or not 0 <= o < np_:
            raise Refused(_("deal: {country}'s owner {owner} is not a seat (0 to {last})").format(
                country=state.board.name(c), owner=repr(o), last=np_ - 1))
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < np_:
        raise Refused(_("deal: \"first\" must be a seat (0 to {last}): {ask}").format(last=np_ - 1, ask=_(d.ask)))
    have = [owner.count(p) for p in range(np_)]
    seats, rule = d.seats(state, first, have)
    if have != [seats.count(p) for p in range(np_)]:
        from comando_host.text.engine_text import who
        got = ", ".join("%s %d" % (who(state, p), have[p]) for p in range(np_))
        raise Refused(_("deal: {got}; the rules deal {counts} ({rule})").format(
            got=got, counts=d.counts(state), rule=rule))
    mine = [[c for c in range(n) if owner[c] == p] for p in range(np_)]
    src = src if src is not None else rand.default_source()
    ev = {"t": "deal", "order": [mine[s].pop(0) for s in seats],
          "deck": rand.shuffled(src, range(n + state.rules.wilds(state)))}
    ev.update(d.fields(state, first, seats, src))
    engine.check(state, ev)
    return ev


# -- a game started on the page ----------------------------------------------------------------

def new_game(rs, board_id, players, table_deals, src=None):
    """The first events of a game the laptop plays (``new``, and the ruleset's deal unless the
    table deals its own cards)."""
    from comando.board import board_path, load_board
    from comando.registry import BOARDS
    if games.get(rs).hand_deal is None:   # the map games seating colours (a hand deal each)
        raise Refused(_("new: the page starts {known}, not {rs}").format(
            known=", ".join(TITLES[k] for k, g in games.every() if g.hand_deal is not None), rs=repr(rs)))
    board_id = board_id or BOARDS[rs]
    if not isinstance(board_id, str) or not board_id.replace("_", "").replace("-", "").isalnum():
        raise Refused(_("new: {board} is not a board id").format(board=repr(board_id)))
    if not isinstance(players, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) and 0 < len(x) <= 24
                                                         for x in p) for p in players):
        raise Refused(_("new: \"players\" lists [name, colour] pairs"))
    if any(not x.isprintable() for p in players for x in p):
        raise Refused(_("new: a name or colour with control characters"))
    try:
        board = load_board(board_path(board_id))
        if table_deals:
            g = engine.Game(board, src)
            new = {"t": "new", "rs": rs, "board": board.id,
                   "players": engine.players_list([tuple(p) for p in players])}
            if "deploy" in engine.get_rules(rs).defaults:   # Risk: the table deploys by hand
                new["opt"] = {"deploy": "hand"}                # what it dealt by hand
            g.record(new)
            return g.log
        return engine.new_game(board, rs, [tuple(p) for p in players], rng=src).log
    except ComandoError as exc:
        raise Refused("new: %s" % exc) from None
