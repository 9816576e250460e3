"""WAR's part of the built-in player (``comando.engine.bot.Bot``): which continents and countries
its objective card asks for (``WarRules.bot_wants``); the rest of its play is the shared bot's."""


def _cont_index(b, cid):
    for c in range(b.continents):
        if b.continent_id(c) == cid:
            return c
    return -1


def want(bot, state, p, w):
    o = state.rules.objective(state, state.obj[p])
    if o.get("type") == "destroy":
        if not state.void[p]:
            bot._mark_target(state, w, state.target[p])
            return
        o = o.get("fallback")
        if not isinstance(o, dict):
            return
    b = state.board
    bot._total = o.get("total") or 0
    bot._floor = o.get("min_armies") or 1
    named = []
    for cid in o.get("continents") or ():
        ci = _cont_index(b, cid)
        if ci >= 0:
            named.append(ci)
            bot._mark_continent(state, w, ci, 3)
    for cid in o.get("countries_in") or {}:
        ci = _cont_index(b, cid)
        if ci >= 0:
            bot._mark_continent(state, w, ci, 2)
    k = o.get("any_continents") or 0
    if k:
        # the other continents where this player already holds the largest share
        share = []
        for ci in range(b.continents):
            if ci in named:
                continue
            mem = b.members(ci)
            mine = 0
            for c in mem:
                if state.owner[c] == p:
                    mine += 1
            share.append((mine * 100 // len(mem), -len(mem), ci))
        share.sort()
        for item in share[-k:]:
            bot._mark_continent(state, w, item[2], 3)
