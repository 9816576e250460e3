"""T.E.G. II war-potential track and the round-start grants (rules/teg-ii.txt, "War Potential
Level", "Special Unit", "Nuclear Rocket", "War Potential Level Limits", "Medium Level Rules" /
"Additions" of the advanced level).

The track is plain data (a dict of lists parallel to ``powers``) so it can live in the session
state, be folded from events and cross the link::

    {"game": "basic", "round": 0, "powers": ["usa", "ussr", "china"],
     "wp": [7, 7, 7],          # war-potential level, 3..11, every power starts at 7
     "su": [0, 0, 0],          # Special Units held (not yet played); a player has 3 SU tokens
     "rockets": [0, 0, 0],     # rockets held now (added or captured this round)
     "had_rocket": [0, 0, 0],  # 1 once the power has added its rocket: "only one rocket per player"
     "offer": [0, 0, 0]}       # 1 when this round's start offered the rocket (adding it is optional)

The functions change the track in place (a reducer applies an event to its state) and return what
changed. Unknown powers and impossible steps raise RulesError.

Round start, by war-potential level L at the start of the round:
- units added: L at the basic and medium levels (armies, or armies and ships), L + 3 at the
  advanced level (armies, ships and aircraft);
- L == 5: one Special Unit ("it is not enough to pass through level 5": only the level at the start
  of the round counts);
- L == 4 or L == 10: the nuclear rocket is offered, if the power never had one; adding it is
  optional, and an offer declined may be taken in a later round at 4 or 10 again.
A rocket must be launched in the round it was added; one still held when the next round starts is
lost (the rulebook does not say what happens to it; it may not be kept).

API: war-potential track (plain data) for every power; `grants(level, game_level, had_rocket)`,
`units_for`, `round_start`, `apply_combat`, `apply_retreat`,
`take_rocket`/`launch_rocket`/`capture_rocket`, `spend_su`; `POWERS`, `BASIC`/`MEDIUM`/`ADVANCED`
"""

from comando.errors import RulesError
from comando.registry import POWERS as _POWERS
from comando.rulesets.teg2.battle import WP_MAX, WP_MIN, move_wp

BASIC = "basic"
MEDIUM = "medium"
ADVANCED = "advanced"
GAME_LEVELS = (BASIC, MEDIUM, ADVANCED)

WP_START = 7
SU_LEVEL = 5
ROCKET_LEVELS = (4, 10)
ADVANCED_EXTRA = 3
SU_TOKENS = 3

# The six powers, in the order the rulebook names them ("Course of Play" starts with the USA).
POWERS = _POWERS["teg2"]  # the registry's: usa, ussr, china, japan, weurope, eeurope
POWER_NAMES = ("USA", "USSR", "China", "Japan", "Western Europe", "Eastern Europe")


def check_game_level(game_level):
    if game_level not in GAME_LEVELS:
        raise RulesError("unknown T.E.G. II game level %r: basic, medium or advanced"
                         % (game_level,))
    return game_level


def power_name(power):
    for i in range(len(POWERS)):
        if POWERS[i] == power:
            return POWER_NAMES[i]
    if power[-1:] == "2" and power[:-1] in POWERS:  # 8-12 players: the power's seat on board 2
        return power_name(power[:-1]) + " 2"
    return power


def units_for(level, game_level=BASIC):
    """Units a power adds at a round's start at war-potential ``level``."""
    check_game_level(game_level)
    if not isinstance(level, int) or level < WP_MIN or level > WP_MAX:
        raise RulesError("war potential level %r is off the track (3..11)" % (level,))
    return level + (ADVANCED_EXTRA if game_level == ADVANCED else 0)


def grants(level, game_level=BASIC, had_rocket=False):
    """What the round's start gives at ``level``: {"units": n, "su": 0/1, "rocket": 0/1}.

    "rocket" is an offer (the player may decline it); it is 0 once the power had a rocket.
    """
    units = units_for(level, game_level)
    return {"units": units, "su": 1 if level == SU_LEVEL else 0,
            "rocket": 1 if (level in ROCKET_LEVELS and not had_rocket) else 0}


def new_track(powers=POWERS, game_level=BASIC, start=WP_START):
    check_game_level(game_level)
    powers = list(powers)
    if not powers:
        raise RulesError("a war-potential track needs at least one power")
    for i in range(len(powers)):
        if not isinstance(powers[i], str) or not powers[i]:
            raise RulesError("power %r is not a name" % (powers[i],))
        if powers[i] in powers[:i]:
            raise RulesError("power %r appears twice on the track" % powers[i])
    if not isinstance(start, int) or start < WP_MIN or start > WP_MAX:
        raise RulesError("starting war potential %r is off the track (3..11)" % (start,))
    n = len(powers)
    return {"game": game_level, "round": 0, "powers": powers, "wp": [start] * n,
            "su": [0] * n, "rockets": [0] * n, "had_rocket": [0] * n, "offer": [0] * n}


def copied(track):
    """A copy to change: the session replaces its track instead of changing it, so that the undo
    snapshots share the old one (the names list is never changed: shared too)."""
    out = {}
    for k in track:
        v = track[k]
        out[k] = list(v) if isinstance(v, list) and k != "powers" else v
    return out


def index(track, power):
    powers = track["powers"]
    for i in range(len(powers)):
        if powers[i] == power:
            return i
    raise RulesError("%r is not on the war-potential track (powers: %s)"
                     % (power, ", ".join(powers)))


def level(track, power):
    return track["wp"][index(track, power)]


def move(track, power, step):
    """Move a power's token by ``step`` places (clamped to 3..11); returns the new level."""
    i = index(track, power)
    track["wp"][i] = move_wp(track["wp"][i], step)
    return track["wp"][i]


def apply_combat(track, att_power, def_power, record):
    """Apply a combat record (comando.rulesets.teg2.battle.combat): war-potential steps and SUs spent.

    Returns (attacker level, defender level) after the combat.
    """
    ai = index(track, att_power)
    di = index(track, def_power)
    if ai == di:
        raise RulesError("%s cannot fight itself" % power_name(att_power))
    for i, side in ((ai, "att"), (di, "def")):
        spent = record[side + "_lost"]["su"]
        if spent:
            if track["su"][i] < spent:
                raise RulesError("%s played an SU it does not hold" % power_name(track["powers"][i]))
            track["su"][i] -= spent
    return move(track, att_power, record["att_move"]), move(track, def_power, record["def_move"])


def apply_retreat(track, att_power, def_power):
    """The defender retreated ("A Special Case: Retreat"): attacker up one, defender down one."""
    if index(track, att_power) == index(track, def_power):
        raise RulesError("%s cannot retreat from itself" % power_name(att_power))
    return move(track, att_power, 1), move(track, def_power, -1)


def round_start(track, only=None):
    """Start a new round: each power's grants by its level now. Returns a list of dicts
    {"power", "wp", "units", "su", "rocket"} in track order and updates the track (SU added, up to
    the 3 SU tokens; rocket offers; rockets not launched last round lost). ``only``: these
    entries alone, in that order (a board of a two-board game adds when its turn comes; the
    round is counted by the one holding entry 0)."""
    game = track["game"]
    if only is None or 0 in only:
        track["round"] += 1
    out = []
    for i in (range(len(track["powers"])) if only is None else only):
        lvl = track["wp"][i]
        g = grants(lvl, game, track["had_rocket"][i])
        if g["su"] and track["su"][i] >= SU_TOKENS:
            g["su"] = 0  # all three SU tokens are on the board already
        track["su"][i] += g["su"]
        track["rockets"][i] = 0
        track["offer"][i] = g["rocket"]
        g["power"] = track["powers"][i]
        g["wp"] = lvl
        out.append(g)
    return out


def take_rocket(track, power):
    """The power adds the rocket this round's start offered it."""
    i = index(track, power)
    if not track["offer"][i]:
        if track["had_rocket"][i]:
            raise RulesError("%s already had its rocket: only one rocket per player"
                             % power_name(power))
        raise RulesError("%s was not offered a rocket this round: a rocket is added at the start "
                         "of a round at level 4 or 10" % power_name(power))
    track["offer"][i] = 0
    track["had_rocket"][i] = 1
    track["rockets"][i] += 1


def launch_rocket(track, power):
    """The power launches a rocket it holds (launching moves nobody's war potential)."""
    i = index(track, power)
    if not track["rockets"][i]:
        raise RulesError("%s holds no rocket to launch" % power_name(power))
    track["rockets"][i] -= 1


def capture_rocket(track, owner, taker):
    """``taker`` eliminated every army of ``owner`` where its rocket was: the rocket changes hands
    and must be launched this same round."""
    oi = index(track, owner)
    ti = index(track, taker)
    if oi == ti:
        raise RulesError("%s cannot capture its own rocket" % power_name(owner))
    if not track["rockets"][oi]:
        raise RulesError("%s holds no rocket to capture" % power_name(owner))
    track["rockets"][oi] -= 1
    track["rockets"][ti] += 1


def spend_su(track, power):
    """The power played its SU outside a combat record (e.g. a session that tracks only SUs)."""
    i = index(track, power)
    if not track["su"][i]:
        raise RulesError("%s holds no Special Unit" % power_name(power))
    track["su"][i] -= 1
