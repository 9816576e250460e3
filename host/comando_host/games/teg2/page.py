"""What the live page shows of a T.E.G. II game (rules/teg-ii.txt), for ``pageview.PageGame``.

T.E.G. II is not shaped like the map games: several powers share a region, units are armies (ships
at sea), aircraft and the SU; there are no dice and no country cards. Two kinds of game reach the
page:

- a game on a map (``comando play``, the engine, ``comando.rulesets.teg2.engine``): every region's
  forces per power (``x["u"]``, ``x["a"]``, ``x["s"]``), rockets (``rk``), mushrooms (``boom``),
  the tokens on the map (public: placed face up), the war potential and the final count;
- the device's table session (``comando.rulesets.teg2.table``): no map; the war-potential track,
  the tokens by row of the Objectives Table, the combats by their commands, the count.

Secrets stay secret: a battle command is shown only once its reveal event is in the log (a lock
is "locked", never its commitment or anything a lock event carries besides); a token placed face
down (option secret) is "face down" until the count reveals it.
"""

from __future__ import annotations

from comando.rulesets.teg2 import objectives as objs
from comando.rulesets.teg2.battle import WP_MAX, WP_MIN
from comando.rulesets.teg2.track import ROCKET_LEVELS, SU_LEVEL

NT = objs.NTOKENS

# The players table's columns for T.E.G. II: (view key, heading)
COLUMNS = [["wp", "WP"], ["countries", "regions"], ["armies", "units"], ["air", "air"],
           ["su", "SU"], ["points", "pts"]]


# -- a game on a map ---------------------------------------------------------------------------

def engine_view(out, rec, players) -> None:
    """The map and side panel of an engine game: fills ``out`` (the page's view) in place."""
    st = rec.state
    r = st.rules
    x = st.x if isinstance(st.x, dict) else {}
    n, np_ = st.n, st.np
    if "u" not in x:  # before the table is laid out
        return
    geo = r.geo(st.board)
    owner, armies, badges, mix = [-1] * n, [0] * n, [""] * n, [[] for _ in range(n)]
    totals = [[0, 0, 0, 0] for _ in range(np_)]   # regions, units, aircraft, SU per seat
    rockets = {}
    for e in x["rk"]:
        rockets.setdefault(e[1], []).append(e[0])
    for c in range(n):
        here = []
        for p in range(np_):
            u, a, s = r.forces_at(st, c, p)
            if u or a or s:
                here.append([p, u, a, s])
                t = totals[p]
                t[0] += 1
                t[1] += u
                t[2] += a
                t[3] += s
        mix[c] = here
        if len(here) == 1:
            owner[c] = here[0][0]
        armies[c] = sum(h[1] + h[3] for h in here)
        badge = []
        air = sum(h[2] for h in here)
        if air:
            badge.append("A%d" % air)
        if any(h[3] for h in here):
            badge.append("SU")
        if c in rockets:
            badge.append("R")
        if x["boom"][c]:
            badge.append("X")   # the atomic mushroom
        badges[c] = " ".join(badge)
    out["map"] = True
    out["owner"], out["armies"], out["badges"], out["mix"] = owner, armies, badges, mix
    # regions out of play (the other half of the house map, rules/teg-ii.txt "Board"): greyed
    out["off"] = [c for c in range(n) if r.area(st, c) < 0]
    out["dice"] = False
    out["columns"] = COLUMNS
    pts = x.get("pts") or []
    for p, pl in enumerate(players):
        t = totals[p] if p < np_ else [0, 0, 0, 0]
        pl.update({"countries": t[0], "armies": t[1], "air": t[2], "su": t[3], "cards": None,
                   "alive": True, "continents": [],
                   "wp": x["wp"][r.power(st, p)] if p < np_ else None,
                   "points": pts[p] if p < len(pts) else None})
    regions = []
    for c in range(n):
        if not mix[c] and not x["boom"][c] and c not in rockets:
            continue
        regions.append({"c": c, "name": r.cname(st, c), "sea": bool(geo.sea[c]),
                        "forces": mix[c], "rockets": rockets.get(c, []), "boom": bool(x["boom"][c])})
    tokens = []
    for p in range(np_):
        mine = []
        for k in range(NT):
            c = x["tok"][p * NT + k]
            if c >= 0:
                mine.append({"what": objs.token_name(k), "where": r.cname(st, c)})
        tokens.append(mine)
    war = None
    w = x.get("war")
    if w:
        war = {"rg": r.cname(st, w[0]), "a": w[1], "d": w[2],
               "state": "the defender answers" if w[3] == 0 else "the commands are set"}
    out["teg2"] = {"level": r.level(st), "round": st.round, "rounds": x.get("R", 0),
                   "track": _track([x["wp"][r.power(st, p)] for p in range(np_)],
                                   [sum(x["s"][c * np_ + p] for c in range(n)) for p in range(np_)],
                                   [1 if r.rocket_of(st, p) else 0 for p in range(np_)]),
                   "regions": regions, "tokens": tokens, "war": war,
                   "count": _count(x, r.sides(st)[1]) if "tot" in x else None}


def engine_battle(ev, war_before, rec) -> dict | None:
    """The battle entry of a ``fight`` (both commands, shown together) or a ``retreat``."""
    st = rec.state
    t = ev.get("t")
    if not war_before or t not in ("fight", "retreat"):
        return None
    c, a, d = war_before[0], war_before[1], war_before[2]
    entry = {"rg": st.rules.cname(st, c), "p": a, "d": d, "c": c}
    if t == "retreat":
        entry["retreat"] = True
    else:
        last = st.x.get("last") or []
        if len(last) < 4:
            return None
        entry.update({"cmd": [last[0], last[1]], "won": [last[2], last[3]]})
    return entry


# -- the device's table session ----------------------------------------------------------------

def session_view(out, rec) -> None:
    st = rec.state
    tr = st.track
    if not tr:
        return
    n = st.n
    out["dice"] = False
    out["columns"] = [["wp", "WP"], ["su", "SU"], ["points", "pts"]]
    t = st.tally or {}
    pts = t.get("pts") or []
    for p, pl in enumerate(out["players"]):
        pl.update({"wp": tr["wp"][p] if p < n else None, "su": tr["su"][p] if p < n else None,
                   "points": pts[p] if p < len(pts) else None})
    tokens = []
    for p in range(n):
        mine = []
        for i in range(NT):
            j = p * NT + i
            row = t["row"][j] if t else -1
            if row < 0:
                continue
            k = t["k"][j]
            ans = t["ans"][j]
            mine.append({"what": objs.token_name(k) if k >= 0 else "face down",
                         "where": "row %d" % row if row else "a row", "hidden": k < 0,
                         "ok": None if ans < 0 else bool(ans)})
        tokens.append(mine)
    war = None
    b = st.battle
    if b:
        # a side is "locked" or "to lock"; its command only once its reveal is in the log
        sides = []
        for i in (0, 1):
            if b["cmd"][i] is not None:
                sides.append("revealed " + str(b["cmd"][i]))
            else:
                sides.append("locked" if b["h"][i] is not None else "to lock")
        war = {"rg": str(b["rg"]), "a": b["a"], "d": b["d"], "state": "%s %s, %s %s" % (
            rec.who(b["a"]), sides[0], rec.who(b["d"]), sides[1])}
    out["teg2"] = {"level": str(st.opts.get("level", "basic")), "round": st.rnd,
                   "rounds": _session_rounds(st),
                   "track": _track(list(tr["wp"]), list(tr["su"]), list(tr["rockets"])),
                   "regions": [], "tokens": tokens, "war": war,
                   "count": _count(t, rec.side_names(st)) if t.get("tot") else None}


def session_battle(ev, before_battle, rec) -> dict | None:
    """The battle entry of the reveal that settles a combat, or of a retreat."""
    st = rec.state
    t = ev.get("t")
    if not before_battle or t not in ("reveal", "retreat") or st.battle is not None:
        return None
    lb = st.lastbattle or {}
    entry = {"rg": str(before_battle.get("rg")), "p": before_battle.get("a"),
             "d": before_battle.get("d")}
    if t == "retreat":
        entry["retreat"] = True
        return entry
    # the session keeps who won the combat, not its battles' count: the record's line tells it
    entry.update({"cmd": [lb.get("att"), lb.get("def")], "lost": list(lb.get("lost") or [0, 0])})
    return entry


def _session_rounds(st):
    try:
        from comando.rulesets.teg2.table import rounds_total
        return rounds_total(st)
    except Exception:
        return 0


def _track(wp, su, rockets):
    return {"min": WP_MIN, "max": WP_MAX, "su_level": SU_LEVEL, "rocket_levels": list(ROCKET_LEVELS),
            "wp": wp, "su": su, "rockets": rockets}


def _count(x, names):
    return {"names": list(names), "tot": list(x["tot"]), "win": list(x["win"])}
