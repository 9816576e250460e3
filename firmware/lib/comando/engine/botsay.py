"""The engine's bot in a seat (map mode) and the hint (issue 26): its next action, and that action
in words the table can carry out ("3 on Brasil", "attacks Chile from Argentina", "moves 2 in"),
with an attack's odds. Shared core: the device's bot turn and long-press hint (device.botturn)
and ``comando play``'s ``hint``. Imported only when a bot seat plays or a hint is asked for, so a
game of humans never loads the bot (a Pico's heap)."""

from comando.engine import bot as B
from comando.engine.rand import SeededD6
from comando.texts import say


def is_bot(state, p):
    """True when the engine's bot plays seat ``p`` (the new event's ``bot``; old logs: none)."""
    bots = getattr(state, "bots", None)
    return bool(bots) and 0 <= p < len(bots) and bots[p] == 1


def suggest(state, table_pacts=True):
    """The bot's next action for the player whose turn it is, or None once the game is over: the
    game's own player (``Rules.make_bot``: La Revancha's), a fresh one each time, its picks
    seeded by the event count, so the same state gives the same action (the hint and the bot's
    turn agree, and a restored journal goes on alike). ``table_pacts``: La Revancha's pacts and
    condominiums are the table's (the device enters none: docs/decisions/revancha-on-the-device.md),
    so the bot proposes none."""
    if state.phase == "over":
        return None
    bot = state.rules.make_bot(SeededD6(state.seq + 1))
    if table_pacts and hasattr(bot, "pact_attack"):
        bot.pact_attack = lambda state, p: None
        bot.condo_action = lambda state, p: None
    return decide(bot, state)


def decide(bot, state):
    """``bot``'s next action. With the table's own dice the engine refuses an attack that carries
    no told result, which the bot's check would call illegal: it decides as with the device's
    dice (the result is told after, on the table_roll screen), the option put back whatever
    happens."""
    opts = state.options
    dice = opts.pop("dice", None)
    try:
        return bot.action(state)
    finally:
        if dice is not None:
            opts["dice"] = dice


def odds(state, a):
    """An attack's chance of taking the country, attacking until conquest or one army left
    (percent, comando.odds p_conquer); None for any other action."""
    if not a or a.get("t") != "attack":
        return None
    return B.p_conquer(state.rules.combat, state.armies[a["f"]], state.armies[a["to"]])


def card_name(state, c):
    return state.board.name(c) if c < state.n else say("bt_wild")


def words(state, a):
    """The action as the table carries it out, in the table's language."""
    b = state.board
    t = a.get("t")
    if t == "place":
        return say("bt_place", a.get("n", 1), b.name(a["c"]))
    if t == "attack":
        return say("bt_attack", b.name(a["to"]), b.name(a["f"]))
    if t == "move":
        return say("bt_move", a["n"])
    if t == "regroup":
        return say("bt_regroup", a["n"], b.name(a["f"]), b.name(a["to"]))
    if t == "claim":
        return say("bt_claim", b.name(a["c"]))
    if t == "trade":
        return say("bt_trade", ", ".join(card_name(state, c) for c in a.get("cards", ())))
    if t == "draw":
        return say("bt_draw")
    if t == "end":
        return say("bt_end")
    if t == "missile":
        return say("bt_missile", b.name(a["to"]), b.name(a["f"]))
    if t == "arm":
        return say("bt_arm", b.name(a["c"]))
    return str(t)


def hint(state):
    """A human's hint: the bot's suggestion for the current step, with an attack's odds (one
    line), or None once the game is over."""
    a = suggest(state)
    if a is None:
        return None
    w = words(state, a)
    pc = odds(state, a)
    return say("bt_hintpc", w, pc) if pc is not None else say("bt_hint", w)
