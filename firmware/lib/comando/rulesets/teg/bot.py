"""T.E.G. classic's part of the built-in player (``comando.engine.bot.Bot``): which countries its
secret objective needs (``TegRules.bot_wants``); the rest of its play is the shared bot's."""


def want(bot, state, p, w, occupy, destroy):
    """``occupy``, ``destroy``: the objective cards (comando.rulesets.teg.engine: OCCUPY, DESTROY)."""
    r = state.rules
    if r.small(state):
        return  # 2-3 players: every country
    o = state.obj[p]
    if o in occupy:
        whole, counts, _ = occupy[o]
        for k, _n in counts:
            bot._mark_continent(state, w, r.continent_index(state.board, k), 2)
        for k in whole:
            bot._mark_continent(state, w, r.continent_index(state.board, k), 3)
    elif o in destroy and not state.void[p]:
        bot._mark_target(state, w, state.target[p])
