"""`comando play --ruleset teg2`: the T.E.G. II commands of the keyboard REPL.

Regions are ids, names or aliases (quote a name with spaces: "Central America"); powers are a
player's name, a colour (usa, ussr, china, japan, weurope, eeurope) or a seat number. A move is a
region followed by its units, then optional aircraft and SU counts: `from brazil 2`,
`brazil 2 1` (2 units and 1 aircraft), `chile 1 0 1` (1 unit and the SU).
"""

from __future__ import annotations

from comando_host.cli import UsageError
from comando_host.text.numwords import looks_numeric, whole

HELP = """T.E.G. II (teg-ii.txt) commands:
  status | map [PLAYER]        the round, war potential, objectives / the forces in each region
  token KIND REGION            an objective token: iv1, iv3, iv4, ni (NON-INTERVENTION 2), control
  place N REGION [air]         add N units (armies; ships at sea at the medium/advanced level)
                               or N aircraft (advanced)
  su REGION                    place the Special Unit (granted at level 5)
  rocket REGION                take the offered nuclear rocket (level 4 or 10), where you have an army
  attack REGION POWER [from] [FROM N [AIR [SU]]]...
                               declare war on POWER in REGION, bringing reinforcements
  defend [FROM N [AIR [SU]]]...  the defender's reinforcements (or none)
  retreat TO N [AIR [SU]] ...  the defender leaves instead (2 per region where it has units)
  fight ATT DEF                both battle commands, e.g. fight 3/0/5 1/2/2 ('+', SU, A2 allowed)
  launch REGION [counter POWER]  launch your rocket (POWER counter-launches: both explode)
  end                          your addition / your attack turn is over
  bot [TURNS] | undo | save FILE | help | quit
options (--option KEY=VALUE): level=basic|medium|advanced, map=americas|old_world|world,
  rounds=4|8 (4 players), iv=N (INTERVENTION: N units), ni=nobody|others, ctl=N (CONTROL),
  tie=share|wp; 2 names in --players play the 2-player game (USA+China, USSR+Japan)"""

COMMANDS = ("token", "place", "su", "rocket", "attack", "defend", "retreat", "fight", "launch",
            "end", "help", "?")
KINDS = {"iv1": 0, "intervention1": 0, "iv3": 1, "intervention3": 1, "iv4": 2, "intervention4": 2,
         "ni": 3, "ni2": 3, "nonintervention": 3, "nonintervention2": 3, "control": 4,
         "control5": 4, "ctl": 4}


def _kind(word):
    w = word.lower().replace("-", "").replace("_", "").replace(" ", "")
    if w.isdigit() and int(w) < 5:
        return int(w)
    if w not in KINDS:
        raise UsageError(f"token kind {word!r}: iv1, iv3, iv4, ni or control")
    return KINDS[w]


def _moves(session, words, what):
    """[[region, n, air, su], ...] from 'REGION N [AIR [SU]]' groups ('from'/'to' skipped)."""
    out = []
    i = 0
    while i < len(words):
        w = words[i]
        if w.lower() in ("from", "to", "and", ","):
            i += 1
            continue
        region = session.country(w)
        nums = []
        i += 1
        while i < len(words) and looks_numeric(words[i]) and len(nums) < 3:
            nums.append(whole(words[i], f"{what}: the count from {w}"))
            i += 1
        if not nums:
            raise UsageError(f"{what}: how many from {w}? (REGION N [AIR [SU]])")
        nums += [0] * (3 - len(nums))
        out.append([region] + nums)
    return out


def run(session, cmd, rest):
    """Run one T.E.G. II command; False when ``cmd`` is not one of them."""
    if cmd not in COMMANDS:
        return False
    s = session.game.state
    p = s.rules.actor(s)
    if cmd in ("help", "?"):
        session.say(HELP)
    elif cmd == "token":
        if len(rest) < 2:
            raise UsageError("token KIND REGION")
        session.act({"t": "token", "p": p, "k": _kind(rest[0]), "c": session.country(" ".join(rest[1:]))})
    elif cmd == "place":
        if len(rest) < 2 or not looks_numeric(rest[0]):
            raise UsageError("place N REGION [air]")
        n = whole(rest[0], "the count of units to place")
        f = "u"
        words = rest[1:]
        if words[-1].lower() in ("air", "aircraft", "a"):
            f, words = "a", words[:-1]
        session.act({"t": "place", "p": p, "c": session.country(" ".join(words)), "n": n,
                     "f": f})
    elif cmd == "su":
        session.act({"t": "place", "p": p, "c": session.country(" ".join(rest)), "n": 1, "f": "s"})
    elif cmd == "rocket":
        session.act({"t": "rocket", "p": p, "c": session.country(" ".join(rest))})
    elif cmd == "attack":
        if len(rest) < 2:
            raise UsageError("attack REGION POWER [from REGION N ...]")
        session.act({"t": "attack", "p": p, "c": session.country(rest[0]), "q": session.player(rest[1]),
                     "b": _moves(session, rest[2:], "attack")})
    elif cmd == "defend":
        session.act({"t": "defend", "p": p, "b": _moves(session, rest, "defend")})
    elif cmd == "retreat":
        session.act({"t": "retreat", "p": p, "m": _moves(session, rest, "retreat")})
    elif cmd == "fight":
        if len(rest) != 2:
            raise UsageError("fight ATTACKER DEFENDER: two battle commands, e.g. fight 3/0/5 1/2/2")
        session.act({"t": "fight", "p": p, "a": rest[0], "d": rest[1]})
    elif cmd == "launch":
        if not rest:
            raise UsageError("launch REGION [counter POWER]")
        cl = -1
        if len(rest) >= 3 and rest[-2].lower() in ("counter", "countered", "cl"):
            cl, rest = session.player(rest[-1]), rest[:-2]
        session.act({"t": "launch", "p": p, "c": session.country(" ".join(rest)), "cl": cl})
    elif cmd == "end":
        session.act({"t": "end", "p": p})
    return True
