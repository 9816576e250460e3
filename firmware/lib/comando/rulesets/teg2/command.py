"""T.E.G. II battle commands: three clocks per side (rules/teg-ii.txt, "How Combat Works",
"Special Unit", "How Aircraft Fight").

A clock holds one token, written as text:

    "0".."11"   armies (or ships, in a sea region at the medium/advanced level)
    "+"         every army not put in the other two clocks ("the clocks only go up to 11")
    "SU"        the Special Unit
    "A" / "A2"  the aircraft: "A" is the clock's aircraft mark (all the side's aircraft);
                "A2" names the count, as the rulebook writes "Aircraft (2)".

A command is three tokens; its canonical text is the tokens joined by "/" ("3/0/5", "2/+/1",
"1/SU/5", "3/A2/5"). ``parse`` accepts lenient spellings ("3 / a(2) / 5", "1/su/5") and always
gives the canonical form, which is what commitments hash (comando.rulesets.teg2.commit).

``resolve(command, armies, aircraft, su)`` checks a command against the side's forces in the
region (all armies committed, the SU played, all aircraft on one clock and never more aircraft
than armies) and gives a resolved command: "+" replaced by its value and "A" by its count.
Every impossible command raises ``BattleCommandError`` with a message that says what is wrong.

API: `parse(text, side=None) -> BattleCommand`, `canonical(text)`, `resolve(cmd, armies, aircraft,
su, side) -> BattleCommand` (checked against the region; `+` and `A` replaced)
"""

from comando.errors import BattleCommandError

CLOCKS = 3
CLOCK_MAX = 11

PLUS = "+"
SU = "SU"
AIR = "A"

# Kinds of a resolved clock (see ``clock_kind``).
K_ARMIES = 0
K_SU = 1
K_AIR = 2

_ORDINAL = ("first", "second", "third")


def _where(side):
    return (side + ": ") if side else ""


def _token(raw, i, text):
    """One clock's text -> canonical token; raises BattleCommandError naming the clock."""
    t = raw.strip().upper().replace(" ", "")
    clock = "clock %d" % (i + 1)
    if t == "":
        raise BattleCommandError("%s of %r is empty: each clock needs 0-11, '+', 'SU' or 'A<n>'"
                                 % (clock, text))
    if t == PLUS:
        return PLUS
    if t in ("SU", "S.U.", "S.U"):
        return SU
    if t[0] == "A":
        rest = t[1:]
        if rest.startswith("IRCRAFT"):
            rest = rest[7:]
        if rest.startswith("(") and rest.endswith(")"):
            rest = rest[1:-1]
        if rest == "":
            return AIR
        n = _int(rest)
        if n is None:
            raise BattleCommandError("%s: %r is not an aircraft count (write A2 for 2 aircraft)"
                                     % (clock, raw.strip()))
        if n < 0:
            raise BattleCommandError("%s: negative value %d (aircraft)" % (clock, n))
        if n == 0:
            raise BattleCommandError("%s: A0 puts no aircraft on the aircraft clock; "
                                     "a side without aircraft uses three army clocks" % clock)
        return "A%d" % n
    n = _int(t)
    if n is None:
        raise BattleCommandError("%s: %r is not a clock value (0-11, '+', 'SU' or 'A<n>')"
                                 % (clock, raw.strip()))
    if n < 0:
        raise BattleCommandError("%s: negative value %d (a clock shows 0 to 11 armies)"
                                 % (clock, n))
    if n > CLOCK_MAX:
        raise BattleCommandError("%s: %d is over 11: the clocks go 0-11, use '+' to put more "
                                 "than 11 armies in one battle" % (clock, n))
    return str(n)


def _int(s):
    sign = 1
    if s[:1] == "-" and len(s) > 1:
        sign = -1
        s = s[1:]
    if not s or not s.isdigit():
        return None
    return sign * int(s)


def clock_kind(token):
    """(kind, count) of a canonical token; count is None for an unresolved "+" or "A"."""
    if token == SU:
        return K_SU, 1
    if token == PLUS:
        return K_ARMIES, None
    if token[0] == "A":
        return K_AIR, (int(token[1:]) if len(token) > 1 else None)
    return K_ARMIES, int(token)


class BattleCommand:
    """Three canonical clock tokens. ``text`` is the canonical form; equal texts, equal commands.

    A command straight from ``parse`` may hold "+" and "A"; ``resolve`` gives one where every clock
    is a number, "SU" or "A<n>" and the side's forces are attached (``armies``, ``aircraft``,
    ``su``), ready for comando.rulesets.teg2.battle.
    """

    def __init__(self, clocks, armies=None, aircraft=None, su=None, entered=None):
        self.clocks = tuple(clocks)
        self.armies = armies
        self.aircraft = aircraft
        self.su = su
        # The canonical text as entered (before "+" and "A" were resolved).
        self.entered = entered if entered is not None else "/".join(self.clocks)

    @property
    def text(self):
        return "/".join(self.clocks)

    def __str__(self):
        return self.text

    def __repr__(self):
        return "BattleCommand(%r)" % self.text

    def __eq__(self, other):
        return isinstance(other, BattleCommand) and self.clocks == other.clocks

    def __hash__(self):
        return hash(self.clocks)

    def has(self, token):
        return token in self.clocks

    def air_clock(self):
        """Index of the aircraft clock, or -1."""
        for i in range(CLOCKS):
            if self.clocks[i][0] == "A":
                return i
        return -1

    def describe(self):
        """Player-facing text: '1 / SU / 5', '3 / aircraft (2) / 5'."""
        out = []
        for t in self.clocks:
            if t == AIR:
                out.append("aircraft")
            elif t[0] == "A":
                out.append("aircraft (%s)" % t[1:])
            else:
                out.append(t)
        return " / ".join(out)


def parse(text, side=None):
    """Text -> BattleCommand (canonical tokens, unresolved). Raises BattleCommandError.

    ``side`` ("attacker", "Chinese", ...) prefixes error messages when given.
    """
    if isinstance(text, BattleCommand):
        return text
    if not isinstance(text, str):
        raise BattleCommandError("%sa battle command is text like '3/0/5', got %r"
                                 % (_where(side), text))
    parts = text.split("/")
    if len(parts) != CLOCKS:
        raise BattleCommandError("%sa battle command has 3 clocks separated by '/', got %d in %r"
                                 % (_where(side), len(parts), text.strip()))
    try:
        clocks = [_token(parts[i], i, text.strip()) for i in range(CLOCKS)]
    except BattleCommandError as exc:
        raise BattleCommandError(_where(side) + str(exc))
    n_su = n_plus = n_air = 0
    for t in clocks:
        if t == SU:
            n_su += 1
        elif t == PLUS:
            n_plus += 1
        elif t[0] == "A":
            n_air += 1
    if n_su > 1:
        raise BattleCommandError("%stwo SUs in %r: a side plays at most one Special Unit, on one "
                                 "clock" % (_where(side), text.strip()))
    if n_plus > 1:
        raise BattleCommandError("%s%d '+' clocks in %r: only one clock can take all the armies "
                                 "not put in the other two" % (_where(side), n_plus, text.strip()))
    if n_air > 1:
        raise BattleCommandError("%saircraft on %d clocks in %r: all the aircraft go on one clock "
                                 "and the armies on the other two" % (_where(side), n_air,
                                                                      text.strip()))
    return BattleCommand(clocks)


def canonical(text):
    """The canonical text of a command as entered ("3 / a(2) / 5" -> "3/A2/5").

    For a resolved BattleCommand it is still the entered form ("2/+/1", not "2/13/1").
    """
    return parse(text).entered


def _count(value, what, side):
    if value is None:
        return None
    if value is True or value is False:
        value = int(value)
    if not isinstance(value, int):
        raise BattleCommandError("%s%s in the region must be a whole number, got %r"
                                 % (_where(side), what, value))
    if value < 0:
        raise BattleCommandError("%snegative %s in the region: %d" % (_where(side), what, value))
    return value


def _special_unit(cmd, su, w):
    """The side's SUs in the region (``su``; None: whether the command plays one), checked
    against the command ("Special Unit": it must be played when it is in the place of combat)."""
    if su is None:
        su = 1 if cmd.has(SU) else 0
    if su > 1:
        raise BattleCommandError("%s%d SUs in the region: a battle command holds one Special Unit"
                                 % (w, su))
    if su and not cmd.has(SU):
        raise BattleCommandError("%sthe SU in the region must be played: a combatant with a "
                                 "Special Unit in the place of combat cannot leave it out" % w)
    if cmd.has(SU) and not su:
        raise BattleCommandError("%sSU played but the side has no Special Unit in the region" % w)
    return su


def _aircraft(cmd, aircraft, air_at, air_n, w):
    """The side's aircraft in the region (``aircraft``; None: the aircraft clock's count), all
    of them on the aircraft clock at ``air_at`` ("How Aircraft Fight": all of them on one clock,
    armies on the other two)."""
    if aircraft is None:
        if air_at >= 0 and air_n is None:
            raise BattleCommandError("%sthe aircraft clock 'A' needs the number of aircraft in the "
                                     "region (write A2, or give the aircraft count)" % w)
        aircraft = air_n or 0
    if air_at >= 0:
        if air_n is None:
            air_n = aircraft
        if aircraft == 0:
            raise BattleCommandError("%saircraft clock played but the side has no aircraft in the "
                                     "region" % w)
        if air_n > aircraft:
            raise BattleCommandError("%smore aircraft than the side has: A%d on the clock, %d in "
                                     "the region" % (w, air_n, aircraft))
        if air_n < aircraft:
            raise BattleCommandError("%saircraft not all committed: A%d on the clock but %d "
                                     "aircraft in the region (all of them go on one clock)"
                                     % (w, air_n, aircraft))
    elif aircraft:
        raise BattleCommandError("%saircraft not all committed: %d aircraft in the region and no "
                                 "aircraft clock (point one clock at the aircraft mark: A%d)"
                                 % (w, aircraft, aircraft))
    return aircraft


def resolve(command, armies=None, aircraft=None, su=None, side=None):
    """Check ``command`` against the side's forces in the region and resolve "+" and "A".

    ``armies``: armies (or ships) of the side in the region; None = the sum of the number clocks
    (then "+" cannot be used). ``aircraft``: aircraft in the region; None = the count on the
    aircraft clock (then a bare "A" cannot be used), 0 without one. ``su``: 1/True when the side has
    its Special Unit in the region; None = whether the command plays one.
    Returns a resolved BattleCommand; raises BattleCommandError.
    """
    cmd = parse(command, side)
    w = _where(side)
    armies = _count(armies, "armies", side)
    aircraft = _count(aircraft, "aircraft", side)
    su = _count(su, "SUs", side)

    fixed = 0
    plus_at = -1
    for i in range(CLOCKS):
        kind, n = clock_kind(cmd.clocks[i])
        if kind == K_ARMIES:
            if n is None:
                plus_at = i
            else:
                fixed += n
    air_at = cmd.air_clock()
    air_n = clock_kind(cmd.clocks[air_at])[1] if air_at >= 0 else 0

    su = _special_unit(cmd, su, w)
    aircraft = _aircraft(cmd, aircraft, air_at, air_n, w)

    # Armies ("How Combat Works": ALL the armies gathered in the region go into the combat).
    if armies is None:
        if plus_at >= 0:
            raise BattleCommandError("%s'+' stands for all the armies not put in the other two "
                                     "clocks: give the number of armies in the region" % w)
        armies = fixed
    plus_value = 0
    if plus_at >= 0:
        plus_value = armies - fixed
        if plus_value < 0:
            raise BattleCommandError("%sthe clocks hold %d armies besides '+', but only %d are in "
                                     "the region" % (w, fixed, armies))
    elif fixed < armies:
        raise BattleCommandError("%sarmies not all committed: the clocks hold %d of the %d armies "
                                 "in the region (every army in the region must fight)"
                                 % (w, fixed, armies))
    elif fixed > armies:
        raise BattleCommandError("%sthe clocks hold %d armies but only %d are in the region"
                                 % (w, fixed, armies))

    if aircraft and armies == 0:
        raise BattleCommandError("%saircraft without armies: aircraft must accompany the side's "
                                 "armies (or ships) in the region" % w)
    if aircraft > armies:
        raise BattleCommandError("%smore aircraft (%d) than armies (%d) in the region: there may "
                                 "never be more aircraft than the side's own armies or ships"
                                 % (w, aircraft, armies))
    if armies == 0 and not su:
        raise BattleCommandError("%sno forces in the region: nothing to fight with" % w)

    clocks = list(cmd.clocks)
    if plus_at >= 0:
        clocks[plus_at] = str(plus_value)
    if air_at >= 0:
        clocks[air_at] = "A%d" % aircraft
    return BattleCommand(clocks, armies, aircraft, su, entered=cmd.entered)
