"""Golden frames: every screen in its main states, rendered by the simulator under MicroPython
(the real firmware, the real OLED driver, the recording panel's RAM saved as PNG) and compared
pixel for pixel with the PNGs checked in under tests/golden/ (look at them: they are the UI).

Regenerate after an intended UI change:  COMANDO_REGEN_GOLDEN=1 make test ARGS="-k golden"
A mismatching frame is written to build/golden-actual/ for a look.
"""

import os
import shutil
import struct
import zlib

import pytest

from comando import journal as codec
from comando import session as S
from comando.dice import SeededDice
from comando_host.pico.simulator import ROOT, run_script

GOLDEN = os.path.join(ROOT, "tests", "golden")
ACTUAL = os.path.join(ROOT, "build", "golden-actual")
REGEN = os.environ.get("COMANDO_REGEN_GOLDEN") == "1"


def pixels(path):
    """(width, height, scanlines) of a PNG: the comparison ignores how it was compressed."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, ihdr, plte = 8, b"", None, None
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc, "bad chunk CRC in %s" % path
        if kind == b"IHDR":
            ihdr = body
        elif kind == b"PLTE":
            plte = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h = struct.unpack(">II", ihdr[:8])
    return w, h, plte, zlib.decompress(idat)


def frames_unlike_golden(frames):
    """The names of FRAMES whose pixels differ from their golden under tests/golden (each copied to
    build/golden-actual/ to look at). A frame without a golden becomes one (or, under CI, is named
    as missing); COMANDO_REGEN_GOLDEN=1 rewrites them all."""
    os.makedirs(GOLDEN, exist_ok=True)
    bad = []
    for f in frames:
        want = os.path.join(GOLDEN, os.path.basename(f))
        if REGEN or not os.path.exists(want):
            if not REGEN and os.environ.get("CI"):
                bad.append(os.path.basename(f) + " (no golden checked in)")
                continue
            shutil.copyfile(f, want)
            continue
        if pixels(f) != pixels(want):
            os.makedirs(ACTUAL, exist_ok=True)
            shutil.copyfile(f, os.path.join(ACTUAL, os.path.basename(f)))
            bad.append(os.path.basename(f))
    return bad


class Journal:
    """A session made on the host by the reducer, written as the device's journal."""

    def __init__(self, ruleset, colours, options=None, deck=None, seed=1):
        self.state = S.Session()
        self.events = []
        self.rng = SeededDice(seed)
        a = S.new_session(ruleset, colours, options)
        if deck is not None:
            a["deck"] = deck
        self.act(a)

    def act(self, action):
        e = S.make(self.state, action, self.rng)
        S.apply(self.state, e)
        self.events.append(e)
        return e

    def write(self, root):
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "journal.log"), "wb") as f:
            for e in self.events:
                f.write(codec.encode(e))
        return os.path.getsize(os.path.join(root, "journal.log"))


def revancha(first_card):
    deck = [first_card] + [c for c in range(50) if c != first_card]
    j = Journal("revancha", ["white", "black", "red", "blue"], deck=deck)
    j.act({"t": "first"})
    while j.state.stage == S.PLACE:
        j.act({"t": "place", "p": j.state.cur})
    return j


def teg2_ready():
    j = Journal("teg2", ["usa", "ussr", "china", "japan"], {"players": 4})
    while j.state.stage == S.PLACE:
        j.act({"t": "place", "p": j.state.cur})
    return j


def teg2_pairs_board1_done():
    """8 players on both boards (teg-ii.txt, Game with 8 People): round 1, board 1 has added and
    three of its powers ended their turns; Japan plays, board 2 next."""
    j = Journal("teg2", ["usa", "ussr", "china", "japan", "usa2", "ussr2", "china2", "japan2"],
                {"players": 8})
    while j.state.stage == S.PLACE:
        p = j.state.cur
        k = len([r for r in j.state.tally["row"][p * 5:p * 5 + 5] if r >= 0])
        j.act({"t": "place", "p": p, "k": k, "row": k + 1})
    j.act({"t": "round"})
    for p in range(4):
        j.act({"t": "place", "p": p})
    for p in range(3):
        j.act({"t": "end", "p": p})
    return j


def war_in_play():
    j = Journal("war", ["blue", "red", "black", "yellow"], seed=5)
    j.act({"t": "first"})
    while j.state.stage == S.PLACE:
        j.act({"t": "place", "p": j.state.cur})
    j.act({"t": "round"})
    return j


def teg_in_play():
    j = Journal("teg", ["blue", "red", "black", "yellow"], seed=5)
    j.act({"t": "first"})
    while j.state.stage == S.PLACE:
        j.act({"t": "place", "p": j.state.cur})
    j.act({"t": "round"})
    return j


def teg_turn_timer():
    """T.E.G. with a 2-minute turn countdown, round 1 under way (every event stamped)."""
    j = Journal("teg", ["blue", "red", "black", "yellow"], {"turn": 120}, seed=5)
    j.act({"t": "first", "ts": 5})
    while j.state.stage == S.PLACE:
        j.act({"t": "place", "p": j.state.cur, "ts": 10})
    j.act({"t": "round", "ts": 12})
    return j


def clock_script():
    with open(os.path.join(ROOT, "tests", "device_scripts", "revancha_clock.txt")) as f:
        return f.read()


CASES = {
    # the game clock (issue 26): New game's clock, the time left in the title bar, the warning,
    # the closing roll, the winner at time (tests/device_scripts/revancha_clock.txt)
    "clock-revancha": (None, {}, clock_script()),
    # map mode with the clock: the game's time left in the map screen's title bar
    "clock-map": (None, {}, """
        up
        ok
        ok
        ok
        ok x4
        up
        ok
        up
        ok
        later 5
        png clock-map-place
        """),
    # a turn countdown: 2:00, the warning (the figure blinks), the time-out ends the turn
    "clock-turn-timer": (teg_turn_timer, {}, """
        png clock-countdown
        later 105
        png clock-countdown-warning
        later 16
        png clock-time-out
        """),
    # a fresh device, before any game: BACK opens the menu; Hardware switches the OLED kind
    "fresh-menu": (None, {}, """
        back
        png new-game-menu
        down x2
        ok
        png new-game-hardware
        down
        ok
        wait 3000
        png new-game-hardware-sh1106
        ok
        wait 3000
        back
        png new-game-after-menu
    """),
    # the Map field (after the seats): on, then the table's own deck; a map game's first screen
    "map": (None, {}, """
        ok x7
        png new-game-map-off
        up
        png new-game-map-on
        up
        png new-game-map-deck
        roll
        wait 1500
        png map-place
    """),
    # a fresh device: the new-game screen, then a T.E.G. classic game's first screens
    "teg": (None, {}, """
        png new-game
        ok
        png new-game-players
        ok
        png new-game-board
        ok
        up
        png new-game-seats
        roll
        png who-starts
        ok
        png placing
        ok x8
        png round
        ok
        png turn
        up x3
        png turn-armies
        back
        up
        png turn-menu-armies
        ok
        down
        ok
        png armies-continent
        back
        roll
        png dice
        up x2
        ok
        up
        roll
        png dice-rolled
        long roll
        png dice-until-conquest
        down
        png dice-move-in
        roll
        png dice-next-attack
        ok x3
        up
        png dice-from-country
        ok
        up
        png dice-to-country
        roll
        up x3
        roll
        png dice-country-rolled
        back
        back
        png turn-menu
        down x6
        ok
        png sync
        back
        back
        down x7
        ok
        png settings
        down x2
        ok
        png settings-i2c-1mhz
        """),
    "revancha-crisis": (lambda: revancha(28), {}, """
        png round-revancha
        ok
        png situation-crisis
        ok
        png crisis
        ok
        png crisis-result
        ok
        png turn-revancha
        roll
        png dice-revancha
        """),
    "revancha-snow": (lambda: revancha(20), {}, """
        ok
        png situation-snow
        ok
        roll
        up x2
        ok
        up
        roll
        png dice-snow
        """),
    "revancha-extra": (lambda: revancha(32), {}, """
        ok
        ok
        png extra-reinforcements
        """),
    "revancha-rest": (lambda: revancha(45), {}, """
        ok
        png situation-rest
        ok
        roll
        roll
        png dice-rest-refused
        """),
    "teg2": (teg2_ready, {}, """
        png teg2-round
        ok
        png teg2-grants
        ok
        png teg2-add
        ok x4
        png teg2-turn
        roll
        png battle-setup
        ok x3
        roll
        png fight-or-retreat
        ok
        png battle-pass
        ok
        png dial-start
        up x3
        ok
        ok
        up x5
        png dial-attacker
        ok
        png attacker-locked
        ok
        up x2
        ok
        up x2
        ok
        down
        png dial-defender
        ok
        png battle-result
        ok
        back
        down x2
        ok
        png war-potential
        """),
    "teg2-aircraft": (teg2_ready, {}, """
        ok
        ok
        ok x4
        roll
        ok x4
        up x2
        png battle-setup-aircraft
        roll
        ok
        ok
        down
        ok
        up x3
        ok
        up x5
        png dial-aircraft
        ok
        png aircraft-locked
        """),
    # T.E.G. II's variants on the new-game screen: 8 players (both boards), the whole world map
    "teg2-variants": (None, {}, """
        down
        ok
        up x3
        png teg2-new-8
        down x3
        ok
        up x2
        png teg2-new-world
        """),
    # 8 players: board 1's last turn (next: board 2), board 2's additions, the shared track
    "teg2-pairs": (teg2_pairs_board1_done, {}, """
        png teg2-turn-board1-last
        ok
        png teg2-add-board2
        ok x4
        back
        down x2
        ok
        png teg2-war-potential-pairs
        """),
    # issue 24: the table's language. A T.E.G. game speaks Spanish unless Settings > Language
    # says otherwise (the "teg" case above is in Spanish); "lang": the choice saved on flash.
    "teg-pt": (teg_in_play, {"lang": "pt_BR"}, """
        png pt-teg-turn
        roll
        up x2
        ok
        up
        roll
        png pt-teg-dice
        back
        back
        png pt-teg-menu
        """),
    # La Revancha on the map: the missile bought with new armies (teg-la-revancha.txt, Attack
    # Conditions), then fired from the turn's menu
    "revancha-missile-es": (None, {"lang": "es"}, """
        up
        ok x7
        up
        roll
        wait 1500
        png es-revancha-map-place
        back
        png es-revancha-missile-menu
        ok
        png es-revancha-missile-bought
        """),
    "revancha-missile-pt": (None, {"lang": "pt_BR"}, """
        up
        ok x7
        up
        roll
        wait 1500
        png pt-revancha-map-place
        back
        png pt-revancha-missile-menu
        ok
        png pt-revancha-missile-bought
        """),
    # WAR speaks Portuguese at home; the same attack in Spanish when the table chose it
    "war-attack-pt": (war_in_play, {}, """
        png pt-war-turn
        roll
        up x2
        ok
        up
        roll
        png pt-war-attack
        long roll
        png pt-war-conquest
        """),
    "war-attack-es": (war_in_play, {"lang": "es"}, """
        png es-war-turn
        roll
        up x2
        ok
        up
        roll
        png es-war-attack
        """),
    # T.E.G. II's battle command (teg-ii.txt, "How a Battle Works"): setup, the pass, the dial
    "teg2-battle-es": (teg2_ready, {}, """
        ok
        ok
        ok x4
        png es-teg2-turn
        roll
        png es-teg2-battle-setup
        ok x3
        roll
        png es-teg2-fight-or-retreat
        ok
        png es-teg2-battle-pass
        ok
        up x3
        ok
        ok
        up x5
        png es-teg2-dial
        """),
    "teg2-battle-pt": (teg2_ready, {"lang": "pt_BR"}, """
        ok
        ok
        ok x4
        png pt-teg2-turn
        roll
        png pt-teg2-battle-setup
        ok x3
        roll
        png pt-teg2-fight-or-retreat
        ok
        png pt-teg2-battle-pass
        ok
        up x3
        ok
        ok
        up x5
        png pt-teg2-dial
        """),
    "storage-full": (teg_in_play, {"fs_room": 1000}, """
        roll
        roll
        png storage-full
        """),
    "game-over": (teg_in_play, {}, """
        back
        down x4
        ok
        down
        ok
        png game-over
        ok
        png main-menu
        """),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_frames(case, tmp_path):
    make, opts, script = CASES[case]
    root = str(tmp_path / "dev")
    kw = {}
    if make is not None:
        size = make().write(root)
        if "fs_room" in opts:
            kw["fs_limit"] = size + opts["fs_room"]
    if "lang" in opts:   # Settings > Language, as the device saves it on flash
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "settings.json"), "w") as f:
            f.write('{"lang": "%s"}' % opts["lang"])
    lines = [ln.strip() for ln in script.strip().splitlines()]
    sim = run_script(lines, root=root, png_dir=str(tmp_path / "png"), seed=11, **kw)
    names = [ln.split()[1] for ln in lines if ln.startswith("png ")]
    frames = sim.frames()
    assert sorted(os.path.basename(f)[:-4] for f in frames) == sorted(names), sim.log()
    bad = frames_unlike_golden(frames)
    assert not bad, "frames differ from tests/golden (see build/golden-actual/): %s" % ", ".join(bad)


def test_golden_names_are_unique_across_cases():
    seen = {}
    for case, (_, _, script) in CASES.items():
        for ln in script.split("\n"):
            ln = ln.strip()
            if ln.startswith("png "):
                name = ln.split()[1]
                assert name not in seen, "%s in %s and %s" % (name, case, seen[name])
                seen[name] = case
