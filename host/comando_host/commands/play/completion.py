"""Tab completion at `comando play`'s prompt (readline): the commands, then what each one takes
(countries, players, cards, the panel's kinds)."""

from __future__ import annotations

from comando_host import games
from comando_host.commands.play.vocabulary import COMMANDS, DIP_KINDS


def completer_for(session):
    import readline

    rules = session.game.state.rules
    cmds = [c for c in COMMANDS if (rules.walk_out or c != "walk") and (rules.dip_panel or c != "dip")] \
        + list(games.get(rules.id).commands)
    b = session.board
    ids = [b.cid(i) for i in range(b.n)]

    def pool_for(words, first):
        s = session.game.state
        if first:
            return cmds
        cmd = words[0].lower() if words else ""
        names = list(s.names)
        if cmd in ("dip", "diplomacy"):
            return (["as"] if len(words) <= 2 else []) + list(DIP_KINDS) + names
        if cmd == "walk":
            return names
        if cmd == "trade":
            held = [b.cid(c) for c in s.hands[s.cur] if c < s.n]
            wild = ["wild"] if any(c >= s.n for c in s.hands[s.cur]) else []
            return held + wild + (["on"] if rules.trade_bonus == "one" else []) + ids
        if cmd == "attack" and rules.defence_dice_choice:
            return ids + ["def"]
        if cmd in ("pact",):
            extra = ["continent", "borders"] + [b.continent_id(k) for k in range(b.continents)] \
                if rules.continent_pacts else []
            return names + ["world", "border", "zone"] + extra + ids
        if cmd == "trade" and rules.continent_deck:
            return [b.cid(c) for c in s.hands[s.cur]] + [b.continent_id(k) for k in range(b.continents)]
        return ids + names

    def complete(text, state):
        line = readline.get_line_buffer()
        words = line.split()
        first = len(words) <= 1 and not line.endswith(" ")
        pool = pool_for(words, first)
        seen = set()
        pool = [w for w in pool if not (w in seen or seen.add(w))]
        t = text.lower()
        matches = [w for w in pool if w.lower().startswith(t)]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims(" \t")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")  # english: readline's own binding
