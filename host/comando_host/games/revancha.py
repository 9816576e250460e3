"""T.E.G. La Revancha on the laptop (rules/teg-la-revancha.txt): its status lines (the round's
situation card, missiles, continent cards, blockades, condominiums), its events in words, the
marks its situation cards put on the dice, the REPL commands it adds and their help, its hand
deal for the page. An edition built on La Revancha subclasses ``Revancha``."""

from __future__ import annotations

from comando import dice_mods
from comando.board import BoardError
from comando.registry import TITLES
from comando_host.cli import UsageError
from comando_host.text.colour_words import colour
from comando_host.text.engine_text import card_name, who
from comando_host.games.base import Game
from comando_host.web import handdeal
from comando_host.text.lang import N_, NP_, _, _n


def _armies(n) -> str:
    return _n("{n} army", "{n} armies", n).format(n=n)


def status_lines(state) -> list:
    """La Revancha: the round's situation card, missiles, continent cards, blockades."""
    from comando.rulesets.revancha import situations as sit
    from comando.rulesets.revancha import blockades
    b = state.board
    x = state.x
    out = []
    card = x.get("sit", -1)
    if card is not None and card >= 0:
        line = _("situation card: {card} - {text}").format(card=sit.label(card), text=sit.describe(card))
        if x.get("bar"):
            line += "; " + _("no card this round for {players}").format(
                players=", ".join(who(state, p) for p in x["bar"]))
        out.append(line)
    elif state.round:
        out.append(_("situation card: none (classic combat)"))
    if x.get("ext"):
        out.append(_("extra reinforcements: each player in turn places half its countries"))
    mis = x.get("mis") or []
    held = [f"{b.name(c)} {mis[c]} ({colour(state.colours[state.owner[c]])})" for c in range(state.n) if mis[c]]
    if held:
        out.append(_("missiles: {list}").format(list=", ".join(held)))
    cch = x.get("cch") or []
    cc = [f"{b.continent_name(k)} ({colour(state.colours[cch[k]])})" for k in range(len(cch)) if cch[k] >= 0]
    if cc:
        out.append(_("continent cards held: {list}").format(list=", ".join(cc)))
    bl = blockades.all_blockades(state) if state.round else []
    if bl:
        out.append(_("blockaded: {list}").format(list=", ".join(
            _("{country} ({holder}, by {by})").format(country=b.name(c), holder=colour(state.colours[q]), by=colour(state.colours[p]))
            for c, q, p in bl)))
    out.extend(condo_lines(state))
    if state.phase != "over" and state.round:
        out.append(_("next exchange of {name}: {n} armies").format(
            name=state.names[state.cur], n=state.rules.trade_value(state, state.cur)))
    return out


def condo_lines(state) -> list:
    """La Revancha: the countries in condominium and the joint attack under way."""
    from comando.rulesets.revancha import condominium as cdm
    out = [cdm.describe(state, r) for r in cdm.rows(state)]
    ag = state.x.get("ag")
    if ag:
        out.append(_("joint attack on {country} by {a} and {b}: {next} rolls next").format(
            country=state.board.name(ag[0]), a=who(state, ag[1]), b=who(state, ag[2]), next=who(state, ag[5]))
            + (" " + _("(obliged to the end)") if ag[6] else ""))
    if state.x.get("cdm"):
        out.append(_("after the joint conquest: 'move N M' (1 or 2 armies of each holder)"))
    return out


def condo_text(state) -> str:
    """The `condo` command (La Revancha)."""
    lines = condo_lines(state)
    return "\n".join(lines) if lines else _("No country is in condominium.")


def blockades_text(state) -> str:
    """The `blockades` command (La Revancha)."""
    from comando.rulesets.revancha import blockades
    b = state.board
    bl = blockades.all_blockades(state)
    if not bl:
        return _("No country is blockaded.")
    return "\n".join(_("{country} ({holder}) is blockaded by {by}: no new armies there").format(
        country=b.name(c), holder=who(state, q), by=who(state, p)) for c, q, p in bl)


# -- its events in words (engine_text.event_line asks the game first)

def event_line(state_before, state, ev):
    """La Revancha's own events in words (None: engine_text's common line): aggression pacts and
    condominiums, missiles, the international zone's penalty."""
    t = ev["t"]
    if t in ("aggress", "cbreak") or (t in ("attack", "move", "regroup") and state.rules.condominiums
                                       and (state.x.get("cd") or (getattr(state_before, "x", None) or {}).get("cd"))):
        line = condo_event(state_before, state, ev)
        if line:
            return line
    b = state.board
    p = ev.get("p")
    if t == "arm":
        k = ev["k"]
        how = _("from the new forces") if ev.get("src") == "r" else \
            _("replacing {n} armies").format(n=6 * k)
        return (_n("{who} places {k} missile on {country} ({how})", "{who} places {k} missiles on {country} ({how})",
                   k).format(who=who(state, p), k=k, country=b.name(ev['c']), how=how)
                + round_note(state_before, state))
    if t == "forget":
        lost = _("the {card} card goes back to the deck").format(card=card_name(state, ev['card'])) \
            if "card" in ev else _("it holds no card: its next card is lost")
        zone = _("the zone stays") if ev['keep'] else _("the zone ends")
        return _("{who} claims the international zone #{id} penalty on {on}: {lost}; {zone}").format(
            who=who(state, p), id=ev['id'], on=who(state, ev['q']), lost=lost, zone=zone)
    if t == "missile":
        to = ev["to"]
        hit = state_before.armies[to] - state.armies[to] if state_before is not None else "?"
        d = ev.get('d', '?')
        borders = _n("{n} border", "{n} borders", d).format(n=d) if isinstance(d, int) else \
            _("{n} borders").format(n=d)   # (an old log's missile without its distance: "?")
        hits = _armies(hit) if isinstance(hit, int) else _("{n} armies").format(n=hit)
        return _("{who} fires a missile from {source} at {target} ({borders}): {hits} destroyed, {left} left").format(
            who=who(state, p), source=b.name(ev['f']), target=b.name(to), borders=borders, hits=hits,
            left=state.armies[to])
    return None


def round_note(state_before, state) -> str:
    """La Revancha: the situation card an event turned over (it opened a round)."""
    x = getattr(state, "x", None) or {}
    if state_before is None or "sit" not in x or x["sit"] < 0 or state.round == state_before.round:
        return ""
    from comando.rulesets.revancha import situations as sit
    s = "; " + _("round {n}: situation card {card} ({text})").format(
        n=state.round, card=sit.label(x['sit']), text=sit.describe(x['sit']))
    if x.get("bar"):
        s += "; " + _("no country card this round for {players}").format(
            players=", ".join(who(state, q) for q in x["bar"]))
    return s


def condo_event(before, state, ev):
    """La Revancha's aggression pacts and condominiums in words (None: the plain line)."""
    from comando.rulesets.revancha import condominium as cdm
    b = state.board
    t = ev["t"]
    p = ev.get("p")
    bx = getattr(before, "x", None) or {}
    if t == "aggress":
        return _("aggression pact: {a} (from {fa}) and {b} (from {fb}) attack {target}; {a} rolls first").format(
            a=who(state, p), fa=b.name(ev['a']), b=who(state, ev['q']), fb=b.name(ev['b']), target=b.name(ev['to']))
    if t == "cbreak":
        r = cdm.row(state, ev["c"])
        return _("{who} breaks the pact inside {country}: it binds until {until}'s next turn ends").format(
            who=who(state, p), country=b.name(ev['c']), until=who(state, r[3]))
    r = cdm.row(state, ev.get("to", -1)) if t != "move" else None
    if t == "attack":
        f, to = ev["f"], ev["to"]
        res = " ".join(map(str, sorted(ev["ad"], reverse=True))) + " vs " + " ".join(map(str, sorted(ev["dd"], reverse=True)))
        s = _("{who} attacks {target} from {source}").format(who=who(state, p), target=b.name(to), source=b.name(f)) \
            + (f" ({who(state, ev['vs'])})" if "vs" in ev else "")
        s += f": {res} -> "
        if r is not None or cdm.row(state, f) is not None or any(x[0] == to for x in bx.get("cd") or ()):
            return s + "; ".join(cdm.describe(state, x) for x in cdm.rows(state) if x[0] in (f, to)) + \
                ("" if r is not None else f"; {b.name(to)} {who(state, state.owner[to])} {state.armies[to]}")
        return None
    if t == "move" and bx.get("cdm"):
        c = bx["cdm"][0]
        x = cdm.row(state, c)
        return cdm.describe(state, x) if x is not None else \
            _("{armies} in {country}").format(armies=_armies(state.armies[c]), country=b.name(c))
    if t == "regroup" and r is not None:
        return _("{who} moves {n} from {source} to {target}").format(
            who=who(state, p), n=ev['n'], source=b.name(ev['f']), target=b.name(ev['to'])) + "; " + cdm.describe(state, r)
    return None


# -- the REPL commands La Revancha adds (`comando play --ruleset revancha`; their help: Revancha.help)

def arm(session, rest):
    p = session.game.state.cur
    if len(rest) < 2:
        raise UsageError("arm K COUNTRY [replace]")
    k = session.number(rest[0], "the count of missiles")
    words = rest[1:]
    how = "r"
    if words and words[-1].lower() in ("replace", "map", "replacing"):
        how = "m"
        words = words[:-1]
    session.act({"t": "arm", "p": p, "c": session.countries(words, 1)[0], "k": k, "src": how})


def missile(session, rest):
    p = session.game.state.cur
    f, to = session.countries(rest, 2)
    session.act({"t": "missile", "p": p, "f": f, "to": to})


def blockades_command(session, rest):
    session.say(blockades_text(session.game.state))


def situation(session, rest):
    lines = status_lines(session.game.state)
    session.say(lines[0] if lines else _("no situation card yet (setup)"))


def forget(session, rest):
    if len(rest) != 4 or rest[3].lower() not in ("keep", "end"):
        raise UsageError("forget HARMED FORGETTER ID keep|end (see 'pacts' for the zone's number)")
    session.act({"t": "forget", "p": session.player(rest[0]), "q": session.player(rest[1]),
                 "id": session.number(rest[2].lstrip("#"), "the zone pact's id"),
                 "keep": 1 if rest[3].lower() == "keep" else 0})


def condo(session, rest):
    s = session.game.state
    if not rest:
        session.say(condo_text(s))
        return
    if rest[0].lower() != "break" or len(rest) < 2:
        raise UsageError("condo | condo break COUNTRY [PLAYER]")
    words = rest[1:]
    p = s.cur
    try:
        c = session.countries(words, 1)[0]
    except (UsageError, BoardError):
        p = session.player(words[-1])
        c = session.countries(words[:-1], 1)[0]
    session.act({"t": "cbreak", "p": p, "c": c})


class Deal(handdeal.LeftoversToDice):
    """La Revancha deals as T.E.G. does; two players hold two objectives each, and the laptop
    shuffles the situation deck when the game plays with situation cards."""

    def objectives(self, state):
        return 2 if state.np == 2 else 1

    def fields(self, state, first, seats, src):
        out = handdeal.LeftoversToDice.fields(self, state, first, seats, src)
        if state.rules.opt(state, "situations"):
            from comando.rulesets.revancha import situations
            out["sd"] = situations.shuffle(src)
        return out


class Revancha(Game):
    id = "revancha"

    def objective_line(self, state, p):
        """The secret objective(s) in the box's Spanish (boards/words/revancha.es.json), the
        target, the common objective and the 3-player addition in the table's language."""
        from comando.rulesets.revancha import objectives
        from comando_host.text import board_words
        from comando_host.text.lang import current
        code = current()
        if code == "en":
            return None
        b = state.board
        common = objectives.common_total(b, state.rules.opt(state, "common"))
        lines = []
        for oid in state.rules.objs_of(state, p):
            o = objectives.by_id(b, oid)
            if o is None:
                return None
            s = board_words.objective(b.id, code, oid) or o.get("text") or str(oid)
            if o.get("type") == "destroy":
                t = state.target[p]
                if t >= 0:
                    s += " " + _("[target: {who}]").format(who=who(state, t))
                if state.void[p]:
                    s += " - " + _("destroyed by another hand: occupy {n} countries").format(n=common)
            lines.append(s)
        s = _("; and ").join(lines)
        if state.np == 3:
            s += " " + _("Plus 10 extra countries.")
        return s + " " + _("(Or occupy {n} countries.)").format(n=common)

    # La Revancha has no magenta army (the registry's colours): the common seats' first five,
    # then white
    demo_colours = ("blue", "red", "black", "yellow", "green", "white")
    hand_deal = Deal()
    name = TITLES["revancha"]   # the full name: the short "La Revancha" reads as anyone's
    help = N_("""La Revancha (teg-la-revancha.txt):
  status                      also the round's situation card, missiles, continent cards, blockades
  arm K COUNTRY               K missiles (6 armies each) from the armies you place
  arm K COUNTRY replace       K missiles replacing 6 armies each on the map (one army stays)
  missile FROM TO             detonate a missile of FROM at TO (up to 3 borders: 3, 2, 1 armies)
  regroup FROM TO N [missiles M]  move N armies (0 with missiles) and M missiles
  trade C1 [C2 [C3]]          an exchange: country cards and/or continent cards (by continent
                              name): 6, 10, 15, 20 ... armies; one exchange per round
  bonus COUNTRY               +3 armies on a country whose card you hold
  cards [PLAYER]              country cards (symbols) and continent cards held / used
  blockades                   the blockaded countries (no new armies there)
  situation                   the round's situation card
  pact PLAYER border MINE THEIRS  countries up to 3 borders apart (missiles); also:
  pact PLAYER continent NAME | pact PLAYER borders CONT1 CONT2 | pact PLAYER world |
  pact PLAYER zone COUNTRY    (an international zone: from the third exchange on)
  forget HARMED FORGETTER ID keep|end   the zone's penalty: a random card of FORGETTER back to
                              the deck (none held: its next card is lost); HARMED keeps or ends it
  pact ALLY aggression TARGET MINE THEIRS   an aggression pact: you and ALLY attack TARGET (a third
                              player's) from MINE and THEIRS, in turns (the ally's rolls: 'attack
                              THEIRS TARGET'); MINE = THEIRS = your condominium for a joint attack
  move N M                    after a joint conquest: your armies (1-2) and the ally's (1-2) in it
  regroup FROM TO N           also the ally's regroup into the new condominium, after yours
  attack FROM TO vs PLAYER    a country in condominium: name the occupant you attack
                              (FROM = TO: inside it, once its pact is broken and lifted)
  condo | condo break COUNTRY [PLAYER]   countries in condominium / announce the pact's breaking""")

    # (in this order: the REPL's Tab completion offers them after the common commands; their
    # other names in each language: the catalogues' "command word" entries)
    commands = {NP_("command word", "arm"): arm, NP_("command word", "missile"): missile,
                NP_("command word", "blockades"): blockades_command,
                NP_("command word", "situation"): situation, NP_("command word", "forget"): forget,
                NP_("command word", "condo"): condo}

    def status_lines(self, state) -> list:
        return status_lines(state)

    def event_line(self, state_before, state, ev):
        return event_line(state_before, state, ev)

    def round_note(self, state_before, state) -> str:
        return round_note(state_before, state)

    def dice_marks(self, r) -> str:
        """The situation card that changed the dice (rules/teg-la-revancha.txt, SITUATION CARDS:
        SNOW, the defender rolls one die more; TAILWIND, the attacker does)."""
        return "".join(" (%s)" % w for w in dice_mods.words(dice_mods.of_record(r)))


GAME = Revancha()
