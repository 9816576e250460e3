"""Every screen of every game in every language within the OLED's 128 pixels (issue 24): the real
App (device.app, its screens, the texts read from comando/texts*.txt) driven by a fixed walk of
button presses from the New game screen through a game of each ruleset, each frame drawn into a
surface that measures every text the screen draws and fails on

- a text past the glass's edge (the font is 8 pixels a letter, the golden frames' and the
  simulator's alike: tests/host/test_device_accents.py shows they draw the same pixels),
- two texts drawn over each other on one line (a header's title under its right-hand side),
- a word cut: a header past 16 letters, a hint past what ui.tight fits (18), a menu's or a
  field's word cut short by ui.fit, a centred text wider than its room, a paragraph or a message
  with more lines than it shows.
"""

import random

import pytest

from comando import texts
from comando.registry import IDS
from device import ui
from device.app import App
from device.buttons import LONG, PRESS
from device.hal import BACK, DOWN, OK, ROLL, UP
from device.screens import screen
from device.screens.base import RULESETS
import devicekit as K

W = 128


def _all_texts(code):
    found = set()
    for p in (texts.path(code), texts.path("en")):
        with open(p, encoding="utf-8") as f:
            for line in f:
                k, _, t = line.rstrip("\n").partition(" ")
                # (colours are names: a crowded row may shorten them, as it does countries)
                if k and k[0] != "#" and "%" not in t and not k.startswith("c_"):
                    found.add(t)
    return found


class Measure:
    """The framebuf API the screens draw with; draws nothing, measures the texts."""

    def __init__(self, where):
        self.where = where
        self.boxes = []
        self.problems = []

    def text(self, s, x, y, c=1):
        s = str(s)
        if not s:
            return
        if x < 0 or x + 8 * len(s) - 1 > W or y < 0 or y + 8 > 64:
            self.problems.append("past the edge at (%d,%d): %r" % (x, y, s))
        # the ink of a glyph is columns 1..6: a 7-pixel pitch (ui.tight) does not overlap
        box = (x + 1, x + 8 * len(s) - 1, y, s)
        for (a0, a1, ay, t) in self.boxes:
            if abs(ay - y) < 8 and box[0] < a1 and a0 < box[1] and t.strip() and s.strip():
                self.problems.append("%r drawn over %r at y=%d" % (s, t, y))
        self.boxes.append(box)

    def pixel(self, x, y, c=None):
        return 0

    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        if not c:   # erased: what was drawn there is gone (a message over the counts)
            self.boxes = [b for b in self.boxes
                          if not (b[0] < x + w and x < b[1] and b[2] < y + h and y < b[2] + 8)]

    def _nothing(self, *a, **k):
        pass

    hline = vline = rect = line = _nothing


@pytest.fixture
def measured(monkeypatch):
    """Wraps ui's helpers so that what they would cut is a problem of the frame being drawn."""
    state = {"fb": None, "known": set()}

    def problem(msg):
        if state["fb"] is not None:
            state["fb"].problems.append(msg)

    real_tight, real_header, real_fit = ui.tight, ui.header, ui.fit
    real_center, real_paragraph = ui.center, ui.paragraph

    def tight(fb, text, x, y, c=1, room=16):
        if len(text) > room * 8 // 7:
            problem("a hint cut: %r (%d letters, room for %d)" % (text, len(text), room * 8 // 7))
        return real_tight(fb, text, x, y, c, room)

    def header(fb, left, right_text=""):
        if len(left) > 16:
            problem("a header cut: %r" % left)
        return real_header(fb, left, right_text)

    def fit(s, chars):
        if str(s) in state["known"] and len(str(s)) > chars:
            problem("a word cut: %r to %d letters" % (s, chars))
        return real_fit(s, chars)

    def center(fb, s, y, scale=1, x0=0, x1=W, c=1):
        if ui.width(s, scale) > x1 - x0:
            problem("%r is wider than its room (%d px)" % (s, x1 - x0))
        return real_center(fb, s, y, scale, x0, x1, c)

    def paragraph(fb, text, y, rows, chars=16):
        if len(ui.wrap(text, chars)) > rows:
            problem("a paragraph cut: %r in %d lines" % (text, rows))
        return real_paragraph(fb, text, y, rows, chars)

    monkeypatch.setattr(ui, "tight", tight)
    monkeypatch.setattr(ui, "header", header)
    monkeypatch.setattr(ui, "fit", fit)
    monkeypatch.setattr(ui, "center", center)
    monkeypatch.setattr(ui, "paragraph", paragraph)
    yield state
    texts.set_lang("en")


def _frame(app, state, where):
    fb = Measure(where)
    state["fb"] = fb
    try:
        app.top().draw(fb)
        if app.toast is not None:
            # a long message shows in pages (App.draw): only a word longer than a line is cut
            words = app.toast[0].replace("/", "/ ").replace("-", "- ").split(" ")
            if any(len(w) > 15 for w in words):
                fb.problems.append("a message cut: %r" % app.toast[0])
    finally:
        state["fb"] = None
    return fb.problems


def _walk(rs, code, state, presses=500, seed=1, mapmode=0, dice=0):
    """A seeded walk of presses through a game of ``rs`` in ``code``; every frame measured.
    Returns ({problem: where}, screens seen)."""
    root = K.tempdir("langs")
    problems, seen = {}, set()
    try:
        app = App(K.TestHal(root))
        app.settings.lang = code
        app.boot()
        ng = screen(app, "NewGame")
        app.push(ng)
        ng.rs = RULESETS.index(rs)
        ng.reset_colours()
        # the New game screen: each field and its values (not the Game field: this game's)
        for field in range(1, len(ng.FIELDS)):
            ng.field = field
            for _ in range(8):
                ng.button(UP, PRESS)
                for p in _frame(app, state, "NewGame"):
                    problems.setdefault(p, "NewGame field %d" % field)
        ng = screen(app, "NewGame")   # the defaults: the game the walk plays
        app.stack = [ng]
        ng.rs = RULESETS.index(rs)
        ng.reset_colours()
        ng.mapmode = mapmode
        ng.dice = dice
        ng.start()
        for _ in range(50):
            if app.after_press is None:
                break
            app.run_after_press()
        rng = random.Random(seed)
        buttons = (OK, OK, OK, ROLL, ROLL, ROLL, UP, DOWN, BACK)
        for i in range(presses):
            top = app.top()
            name = type(top).__name__
            seen.add(name if name != "Menu" else "Menu:" + top.title)
            for p in _frame(app, state, name):
                problems.setdefault(p, "%s after %d presses" % (name, i))
            title = getattr(top, "title", "")
            if name in ("Menu", "Confirm") and title in (texts.text("mn_newq"), "Hardware") or \
                    type(top).__module__ == "device.selftest":
                b, kind = BACK, PRESS   # (not the self-test's hardware, not a fresh game)
            elif name == "NewGame":
                top.rs = RULESETS.index(rs)
                top.reset_colours()
                top.mapmode = mapmode
                top.dice = dice
                b, kind = ROLL, PRESS   # (a game of this ruleset again)
            else:
                b = rng.choice(buttons)
                kind = LONG if b == ROLL and rng.random() < 0.1 else PRESS
            app.press(b, kind)
            for _ in range(50):
                if app.after_press is None:
                    break
                app.run_after_press()
            app.toast = app.toast if rng.random() < 0.5 else None
    finally:
        K.rmtree(root)
    return problems, seen


@pytest.mark.parametrize("code", texts.LANGS)
@pytest.mark.parametrize("rs", IDS)
def test_every_screen_fits_the_glass(rs, code, measured):
    measured["known"] = _all_texts(code)
    problems, seen = _walk(rs, code, measured)
    assert {"Turn", "Dice" if rs != "teg2" else "BattleSetup", "Menu:" + texts.text("mn_menu")} <= seen, seen
    assert not problems, "\n".join("%s (%s)" % (p, w) for p, w in sorted(problems.items()))


@pytest.mark.parametrize("code", texts.LANGS)
@pytest.mark.parametrize("rs", ("teg", "revancha", "war", "risk"))
def test_every_map_mode_screen_fits_the_glass(rs, code, measured):
    # map mode (device.screens.map): the device plays the game on the board, missiles and all
    measured["known"] = _all_texts(code)
    problems, seen = _walk(rs, code, measured, presses=600, mapmode=1)
    assert "MapTurn" in seen, seen
    assert not problems, "\n".join("%s (%s)" % (p, w) for p, w in sorted(problems.items()))


@pytest.mark.parametrize("code", texts.LANGS)
@pytest.mark.parametrize("rs", ("teg", "revancha", "war", "risk"))
@pytest.mark.parametrize("dice", (1, 2))
def test_every_table_dice_screen_fits_the_glass(rs, code, dice, measured):
    # the table's own dice (issue 26): the dice screen asks the table's losses (1) or faces (2)
    measured["known"] = _all_texts(code)
    problems, seen = _walk(rs, code, measured, dice=dice)
    assert "TableRoll" in seen, seen
    assert not problems, "\n".join("%s (%s)" % (p, w) for p, w in sorted(problems.items()))


def test_the_settings_and_menus_fit_in_every_language(measured):
    for code in texts.LANGS:
        measured["known"] = _all_texts(code)
        root = K.tempdir("langset")
        try:
            app = App(K.TestHal(root))
            app.settings.lang = code
            app.boot()
            for name in ("Settings", "Sync"):
                app.push(screen(app, name))
                for sel in range(4):
                    app.top().sel = sel
                    assert not _frame(app, measured, name), (code, name)
                app.pop()
            from device.screens.base import main_menu
            app.push(main_menu(app))
            for sel in range(len(app.top().items)):
                app.top().sel = sel
                assert not _frame(app, measured, "Menu"), (code, sel)
        finally:
            K.rmtree(root)


def test_the_clubs_offer_fits_in_every_language(measured):
    """New game from the club (device/screens/cluboffer.py): the round's lines for the clocks a
    club may set, two-digit rounds and tables, every ruleset's home language and each choice."""
    from device.screens import cluboffer
    clocks = ({}, {"limit": 5400, "end": "roll"}, {"limit": 3600, "end": "round", "turn": 180},
              {"budget": 1800}, {"limit": 5430, "end": "round", "budget": 600})
    # (turn and budget never together: comando.clock_options refuses it)
    for code in texts.LANGS:
        measured["known"] = _all_texts(code)
        root = K.tempdir("langclub")
        try:
            app = App(K.TestHal(root))
            app.settings.lang = code
            app.boot()
            for rs in IDS:
                for n, clock in enumerate(clocks):
                    action = {"t": "new", "rs": rs, "p": ["blue"] * (2 + n), "o": clock,
                              "club": {"r": 1 + 9 * n, "tb": 3 + 9 * n}}
                    assert cluboffer.offer(app, 7, action) is None
                    assert isinstance(app.top(), cluboffer.ClubOffer)
                    assert not _frame(app, measured, "ClubOffer"), (code, rs, clock)
                    assert len(cluboffer.lines(action)) <= 5, (code, clock)
        finally:
            K.rmtree(root)
