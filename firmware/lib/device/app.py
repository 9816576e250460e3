"""The device app: the table session on a Pico (or the simulator, or a Linux board).

    from device import app; app.main()          # what firmware/main.py does

One asyncio loop runs three kinds of task that never block each other:
- input: samples the buttons every few ms, debounces them (device.buttons) and hands presses to the
  screen on top;
- display: redraws when something changed and sends only the changed bytes to the OLED;
- link (when ``device.link`` exists and the HAL has a serial port): the host sync. Nothing waits
  on USB: the serial object never blocks, and the app only calls ``link.publish(event)``.

Every change of the game is an event made by ``comando.session`` (check, then dice drawn and
stored), written to the journal on flash, applied, then published. ``submit(action)`` is the one
way in, for the screens and for actions arriving from the host.
"""

import gc
import json

from comando.errors import ComandoError, IllegalMove
from device import buttons as B
from device.hal import BACK, OK
from device.journal import Journal, StorageFull

# The screens' modules (device.screens' short names), forgotten while a board (or a map game's
# engine) loads; base last (drop_screens keeps it). Written out, not listed from the package at
# run time (a directory listing costs the Pico's heap): tests/host/test_hand_kept_lists.py holds
# it to firmware/lib/device/screens/.
SCREENS = ("newgame", "teg2", "teg2_turn", "objectives", "turn", "dice", "table_roll", "revancha", "armies",
           "menus", "map", "eliminate", "situation", "cluboffer", "base")


def screen_modules(names):
    return ["device.screens." + n for n in names]


def _session():
    """comando.session, imported where a table game needs it: a map game does without it
    (device.app_start.drop_table_session)."""
    from comando import session
    return session


try:
    import asyncio
except ImportError:  # pragma: no cover
    import uasyncio as asyncio


try:
    _sleep_ms = asyncio.sleep_ms
except AttributeError:  # CPython's asyncio (the Blinka HAL)
    _sleep_ms = lambda ms: asyncio.sleep(ms / 1000)  # noqa: E731

try:
    from time import ticks_diff as _ticks_diff
except ImportError:  # CPython (the Blinka HAL)
    _ticks_diff = lambda a, b: a - b  # noqa: E731


GC_IDLE_MS = 1500   # an idle collection when none ran for this long (gc.mem_alloc() would say
# whether one is worth it, but it walks the whole heap's table: ~9 ms on a Pico, as long as half
# a collection)
QUIET_MS = 60   # the idle work (collection, preload, journal erase) waits this long after a press
GC_THRESHOLD = 16384   # boot, a map game's start: collect often (less fragmentation)
SAMPLE_MS = 10   # while a picture is drawn and sent the buttons are sampled this often
TOAST_ROWS = 5    # a long message's lines a page (the sixth: "OK: more")
AHEAD_MS = 1000   # no press for this long (or none yet): the journal makes more sectors ready


def gc_threshold(amount):
    """gc.threshold(amount) where the runtime has it (-1: no collection for an amount allocated;
    a full heap still collects). Once the loop runs, no automatic collection (~17 ms on a Pico)
    may land in a press's handler, its drawing, between its pages, or in the idle loop where the
    next press would wait for it: the display task collects after every picture and, at idle,
    when none ran for GC_IDLE_MS; a new game collects in a step of its own (app_start.steps)."""
    if _threshold is not None:
        _threshold(amount)


_threshold = getattr(gc, "threshold", None)   # (None on CPython)


def forget(*names, collect=True):
    """Drop modules the app no longer needs (sys.modules and the package attribute), so their
    bytecode can be collected: .mpy code loads into the heap, and a later import loads it again
    (cheap from .mpy). Objects still in use keep what they reference."""
    import sys
    for name in names:
        mod = sys.modules.get(name)
        if mod is None or str(getattr(mod, "__file__", ".mpy")).endswith(".py"):
            # not loaded, or loaded from source (the simulator on firmware/lib): importing it
            # again would compile it again, slower and costing more heap than dropping frees
            continue
        if sys.modules.pop(name, None) is not None:
            pkg, _, attr = name.rpartition(".")
            parent = sys.modules.get(pkg)
            if parent is not None:
                try:
                    delattr(parent, attr)
                except AttributeError:
                    pass
    if collect:
        gc.collect()


class UrandomSource:
    """Dice from the HAL's random bytes (unbiased by rejection)."""

    def __init__(self, hal):
        self.hal = hal

    def d6(self):
        while True:
            b = self.hal.urandom(1)[0]
            if b < 252:
                return b % 6 + 1

    def roll(self, n):
        return [self.d6() for _ in range(n)]


class Settings:
    FIELDS = ("contrast", "flip", "i2c", "stop", "oled", "lang")

    def __init__(self, hal):
        self.hal = hal
        self.path = hal.root + "/settings.json"
        self.contrast = 207
        self.flip = 0
        self.i2c = 400000
        self.stop = 1
        self.oled = ""  # "" = as the HAL made it; "ssd1306" | "sh1106" (Menu > Hardware)
        self.lang = ""  # "" = auto: the game's home language; or one of comando.texts.LANGS
        try:
            with hal.open(self.path, "rb") as f:
                d = json.loads(f.read())
            for k in self.FIELDS:
                if k in d:
                    setattr(self, k, d[k])
        except (OSError, ValueError):
            pass
        from comando.texts import LANGS
        if self.lang not in LANGS:
            self.lang = ""   # (a settings file from a build with another language list: auto)

    def save(self):
        from comando.journal import dumps
        try:
            with self.hal.open(self.path, "wb") as f:
                f.write(dumps({k: getattr(self, k) for k in self.FIELDS}).encode())
        except OSError:
            pass

    def apply(self, oled):
        if self.oled and self.oled != oled.kind:
            from device.selftest import set_oled_kind
            set_oled_kind(oled, self.oled)
        oled.contrast(self.contrast)
        oled.flip(bool(self.flip))
        self.hal.set_i2c_freq(self.i2c)


class App:
    @staticmethod
    def forget(*names, collect=True):
        """device.app_start's way to the module's ``forget`` (it may not import this module)."""
        forget(*names, collect=collect)

    def __init__(self, hal, dice=None, board=None):
        self.hal = hal
        self.oled = hal.oled
        self.fb = hal.oled.fb
        self.buttons = B.Buttons()
        self.dice = dice or UrandomSource(hal)
        self._board = board
        self._board_due = None  # restart(): frames shown when the board became due (see board)
        self.settings = Settings(hal)
        self.journal = Journal(hal)
        self.state = _session().Session()
        self.map = False  # a map game: the engine's state and events (device.mapmode)
        self.link = None
        self.stack = []
        self.dirty = True
        self.toast = None  # (text, until_ms[, page]): a message too long for the box shows in pages
        self.toast_page = 0
        self.note = ""  # one line about the last thing that happened
        self.secret = {}  # T.E.G. II: side -> (command, nonce) until revealed
        self.presses = 0
        self.events_made = 0
        self.in_press = False
        self.after_press = None  # what press() runs once the screen's handler has returned
        self.shown = 0  # frames the display task has shown
        self.preload = []  # idle steps that make the first Dice screen quick (preload_dice)
        self.pressed_at = hal.ticks_ms()  # idle work waits QUIET_MS after a press
        self.unpublished = []  # a press's events: on flash and shown, published by flush()
        self.unremembered = False  # the last event's undo snapshot is flush()'s to take
        self.queued = []  # presses sampled while an earlier one's steps ran (input_task)
        self.sampled = 0  # when the buttons were last sampled (sample())
        self.drawn = 0  # when the last picture was drawn
        self.pictured = False  # a picture is on the glass: the display task's publication, collection
        self._fell = self._fell_at = self._rose_at = None  # the pin IRQ's latch (input_task)
        self.deferring = False  # the display task runs: it flushes after each picture (submit)
        self.clock_mark = None  # the game clock: (ticks_ms, the game's seconds then, the state)
        self.resumed = False  # boot showed the saved picture before folding (device.resume)
        self.resume_size = self.resume_crc = -1  # the journal the saved picture is for

    # -- game ------------------------------------------------------------------------------------
    @property
    def board(self):
        """The game's board, or None. After a new game it loads once the new home screen is on
        the glass (main()), or when something asks for it first, whichever comes first: the
        table sees its game ~60 ms sooner (no home screen draws the board before play)."""
        if self._board_due is not None:
            self._board_due = None
            self.load_board()
        return self._board

    @board.setter
    def board(self, board):
        self._board_due = None
        self._board = board

    def boot(self):
        """Restore the game from the journal (a torn tail is dropped and reported): device.app_start,
        which main() drops once the game is restored."""
        self.resumed = self.resume_show()   # (before the fold's modules: issue 22)
        from device import app_start
        from comando.texts import set_lang
        set_lang("en")   # the journal's repair report reaches the laptop in the hello: English
        app_start.boot(self)
        self.speak()

    def resume_show(self):
        """The picture saved for this journal on the glass at once (device.resume), if any: a
        map game's fold at boot takes seconds. The buttons answer after the fold; a press meanwhile
        waits in the pin interrupt's latch (device.hal.pico) and is the first the screen gets."""
        import os
        try:   # (a fresh device has none: no module loaded for it, ~40 ms of its first screen)
            os.stat(self.hal.root + "/resume.pic")
            from device import resume
        except (OSError, ImportError):
            return False
        if not resume.show(self):
            return False
        self.hal.log("resume: the saved picture is on the glass; the journal folds")
        return True

    def resume_due(self):
        """True when the boot's first picture of the journal as it is now is not saved yet: a
        map game, the table quiet (no press for AHEAD_MS, or none since power-on), its home
        screen on top, nothing pending."""
        j = self.journal
        if not self.map or len(self.stack) != 1 or self.toast is not None or j.frozen or \
                j.size == 0 or (j.crc is not None and j.size == self.resume_size and
                                j.crc == self.resume_crc):
            return False
        return not self.presses or _ticks_diff(self.hal.ticks_ms(), self.pressed_at) >= AHEAD_MS

    def resume_step(self):
        """device.resume.save in an idle step of its own (a littlefs file write and a rename:
        ~50-100 ms on a Pico, while nobody presses), the module dropped after."""
        from device import resume
        resume.save(self)
        del resume
        forget("device.resume", collect=False)

    def speak(self, rs=None):
        """Say everything in the language chosen in Settings, else the home language of the game
        in play (``rs``: of the ruleset the New game screen shows), else English."""
        from comando.texts import set_lang
        from comando.registry import HOME_LANG
        rs = rs or getattr(self.state, "rs", None)
        if not rs and self.map:   # a map game: the engine's state names its rules
            rs = getattr(self.state.rules, "id", None)
        set_lang(self.settings.lang or HOME_LANG.get(rs or "", "en"))

    def load_board(self, tidy=True):
        """The board the session names (``o.board``), or None: the table plays by army counts.
        ``tidy``: collect before and after (the display task's idle step does not: a frame's
        collection came just before, the next one comes after)."""
        if self.map:   # the engine loaded the whole board with the game
            self.board = getattr(self.state, "board")
            return self.board
        self.board = None
        opts = getattr(self.state, "opts", None)   # the table session's options
        bid = opts.get("board") if opts else None
        if not bid:
            return None
        if tidy:
            gc.collect()
        try:
            # The packed board `make firmware` writes (its header until more is asked for:
            # device.table_board); else the JSON file, parsed and validated by comando.board.
            from device.table_board import load
            self.board = load(bid)
            if self.board is None:
                from comando.board import load_board
                self.board = load_board(bid)
                # The device shows countries and checks borders; the objectives and rulesets'
                # tables are the host engine's (14k of heap for La Revancha's board).
                self.board.objectives = ()
                self.board.tables = {}
        except (ComandoError, OSError, MemoryError, ValueError) as exc:
            self.show_toast("board %s not loaded: %s" % (bid, exc), 4000)
        if tidy:
            gc.collect()
        return self.board

    def submit(self, action, defer=False):
        """Check an action, make its event (dice drawn here), journal it, apply it, publish it.
        Returns the event; raises IllegalMove or StorageFull (nothing changes, nothing shown).

        The event is on flash when its line's write returns, before it is applied, so before any
        picture of it (docs/decisions/event-on-flash-before-picture.md). ``defer`` (a press,
        while the display task runs): what can wait comes after the picture (``flush``): its
        undo snapshot and its publication to the laptop."""
        self.flush()   # (an earlier press's publication first: the link keeps the order)
        later = defer and self.deferring
        if self.state.clock is not None and "ts" not in action:
            action = dict(action)   # the game clock's stamp: the core has no clock of its own
            action["ts"] = self.clock_ts()
        if self.map:
            from device import mapmode
            ev = mapmode.make(self.state, action, self.dice)
            self.journal.append(ev)   # StorageFull here: nothing changes
            mapmode.apply(self.state, ev)
        else:
            # (a press's roll: its record is combat.roll's, not checked a second time)
            S = _session()
            ev = S.make(self.state, action, self.dice, self.board,
                        recheck=not later or action.get("t") != "roll")
            self.journal.append(ev)   # StorageFull here: nothing changes
            # (a press's event: its undo snapshot is taken by flush(), after the picture)
            S.apply(self.state, ev, history=not later)
            self.unremembered = later
        self.events_made += 1
        if later:
            self.unpublished.append(ev)
        elif self.link is not None:
            self.link.publish(ev)
        self.dirty = True
        for scr in self.stack:
            scr.event(ev)
        return ev

    def clock_ts(self):
        """The game's seconds of play now: the last stamp the game was restored or started with,
        plus this device's ticks since (the time it was off is not counted)."""
        now = self.hal.ticks_ms()
        m = self.clock_mark
        ck = self.state.clock
        if m is None or m[2] is not self.state:
            m = self.clock_mark = (now, ck["ts"] if ck is not None else 0, self.state)
        return m[1] + _ticks_diff(now, m[0]) // 1000

    def clock_step(self):
        """The clock's own event: a turn whose time ran out times out (recorded, so a replay
        knows who ran out). True when one was made."""
        st = self.state
        ck = st.clock
        if ck is None or self.in_press:
            return False
        if self.map and ck["due"] and not ck["at"]:
            # map mode's closing roll (the engine owes it at the next round's start): the
            # device rolls it at once; the toast says how it fell
            try:
                ev = self.submit({"t": "close", "ts": self.clock_ts()})
            except (IllegalMove, StorageFull) as exc:
                self.hal.log("closing roll: %s" % exc)
                return False
            d1, d2 = ev["r"]
            over = getattr(st, "phase") == "over"   # (the engine's state: map mode)
            self.show_toast("closing roll %d+%d: %s" % (d1, d2, "game over" if over
                                                          else "play on"), 3000)
            return True
        if ck["on"] is None:
            return False
        from comando import clock as C
        ts = self.clock_ts()
        left = C.turn_left(ck, getattr(st, "options" if self.map else "opts"), ts)
        if left is None or left > 0:
            return False
        p = st.cur
        try:
            self.submit({"t": "timeout", "p": p, "ts": ts})
        except (IllegalMove, StorageFull) as exc:
            self.hal.log("time-out: %s" % exc)
            return False
        self.note = "%s: time out" % st.colours[p]
        self.show_toast("%s ran out of time" % st.colours[p], 2500)
        return True

    def flush(self):
        """What a press's event leaves for after its picture (its event is on flash already):
        the undo snapshot, and the publication to the laptop, in order."""
        if self.unremembered:
            self.unremembered = False
            _session().remember(self.state)
        while self.unpublished:
            ev = self.unpublished.pop(0)
            if self.link is not None:
                self.link.publish(ev)

    def act(self, action, inline=None):
        """submit() for the screens (the event on flash before its picture, published after
        it): errors become a message on screen instead of the result (a box that the next press
        dismisses, or ``inline(text)`` for a screen that shows it in place). Returns the event
        or None."""
        try:
            return self.submit(action, defer=True)
        except StorageFull as exc:
            self.show_toast(str(exc), 6000)
        except IllegalMove as exc:
            if inline is not None:
                self.hal.log(str(exc))
                inline(str(exc))
            else:
                self.show_toast(str(exc), 3500)
        return None

    def new_game(self, action):
        """Start a new session (the old journal is kept aside as journal.log.old); a map game's
        (``board`` in the action) through device.mapmode. The code is device.app_start's: loaded
        for the start, dropped by restart(). From a press, a table game starts in steps after
        the handler (app_start.steps: the input loop samples between them) and this returns
        None; the event is then made by the second step."""
        self.flush()   # the previous game's last event goes to its own journal
        self.speak(action.get("rs"))
        if self.in_press and not action.get("board"):
            self.after_press = self._start_steps(action)
            return None
        from device import app_start
        return app_start.new_game(self, action)

    def _start_steps(self, action):
        from device import app_start
        it = app_start.steps(self, action)
        del app_start   # (forget() drops the module: no reference to it here)

        def step():
            try:
                next(it)
            except StopIteration:
                return
            self.after_press = step
        return step

    def new_map_game(self, action):
        """Start a game on the map (device.mapmode): the engine's new event and its deal, each
        journaled and published like any event."""
        if self.in_press:   # after the press: the New game screen's frame would stay alive
            self.after_press = lambda: self.start_map_game(action)
            return None
        return self.start_map_game(action)

    def start_map_game(self, action):
        """device.app_start.map_game: the screens' code and a table session's board leave the
        heap first, before the engine and the whole board load (a Pico's heap:
        docs/architecture.md, "Map mode on the device")."""
        self.flush()
        # (the engine and the whole board load in a heap with little room: collections by the
        # amount allocated keep it in few pieces, as at boot, until the next picture)
        gc_threshold(GC_THRESHOLD)
        self.stack = []
        self.board = None
        forget(*screen_modules(SCREENS))
        from device import app_start
        return app_start.map_game(self, action)

    def restart(self, collect=True):
        """After a new game: the screens go but their base (the new-game screen's code is not
        needed again), the home screen comes back, and the board loads once it is on the glass
        (or when first asked for: the board property)."""
        self.stack = []
        self.drop_screens(collect)
        self.rehome()

    def drop_screens(self, collect=True):
        """The screens' modules and device.app_start leave the heap (device.screens.base,
        SCREENS' last, stays: every home screen imports it again at once; comando.dice: La
        Revancha's deck shuffle, loaded again if a reshuffle needs it; comando.clock_options:
        the clock's option checks at the game's start, a refusal's words later)."""
        forget("device.app_start", "comando.dice", "comando.clock_options",
               *screen_modules(SCREENS[:-1]), collect=collect)

    def rehome(self):
        """restart()'s end: the board due once the home screen is on the glass, the home screen,
        the Dice screen's preload."""
        self.board = None
        self._board_due = self.shown  # (the board property loads it)
        self.home()
        self.preload_dice()

    def preload_dice(self):
        """After a new game (and at boot into a game): the Dice screen's module, the odds'
        modules and the ruleset's odds programs, loaded at idle one per display turn (the
        display task), so the first ROLL on the turn screen does not pay ~200 ms for them."""
        rs = getattr(self.state, "rs", None)
        # (one import a turn, each well under 50 ms on a Pico: odds_fixed after its imports)
        self.preload = [] if self.map or not rs else \
            ["comando.odds_kernel", "comando.combat", "comando.odds_fixed", "device.screens.dice",
             rs]

    def preload_board(self):
        """True once device.table_board is loaded (False: it was loaded now, a turn of its own)."""
        import sys
        if "device.table_board" in sys.modules:
            return True
        try:
            import device.table_board  # noqa: F401
        except ImportError:
            return True
        return False

    def preload_step(self):
        item = self.preload.pop(0)
        try:
            if "." in item:
                __import__(item)
            else:   # the programs the first attack's odds would build (no dice modifiers)
                from comando import odds_fixed
                odds_fixed._programs(item, 0)
        except (ImportError, MemoryError, ValueError, KeyError, AttributeError):
            self.preload = []

    # -- T.E.G. II secrets survive a power cut (they are not events: never published) -------------
    def save_secret(self):
        from comando.journal import dumps
        path = self.hal.root + "/secret.json"
        try:
            with self.hal.open(path, "wb") as f:
                f.write(dumps({str(k): list(v) for k, v in self.secret.items()}).encode())
        except OSError:
            pass

    # -- screens ---------------------------------------------------------------------------------
    def top(self):
        return self.stack[-1]

    def push(self, scr):
        self.stack.append(scr)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self.dirty = True

    def home(self):
        from device.screens.base import home_screen
        self.speak()   # (back from a New game screen that spoke its own ruleset's language)
        self.stack = [home_screen(self)]
        self.dirty = True

    def run_after_press(self):
        """What a screen left to do once its button handler has returned (not from inside
        press(): the handler's frame would keep the screen, and its module, alive), every step
        of it (the input task runs one step a turn: after_step)."""
        while self.after_press is not None:
            self.after_step()

    def after_step(self):
        after = self.after_press
        self.after_press = None
        if after is not None:
            after()

    def show_toast(self, text, ms=2500):
        self.hal.log(text)
        self.toast = (text, self.hal.ticks_ms() + ms)
        self.toast_page = 0
        self.dirty = True

    def press(self, btn, kind):
        self.pressed_at = self.hal.ticks_ms()
        gc_threshold(-1)   # until the picture is on the glass (display_task)
        if self.unremembered:   # (an undo menu reads the history)
            self.unremembered = False
            _session().remember(self.state)
        if kind == B.PRESS:
            self.presses += 1
        if self.toast is not None and kind == B.PRESS:
            # any press dismisses a message (and does nothing else); a long one turns its page
            from device import ui
            n = len(ui.wrap(self.toast[0], 15))
            if n > 6 and (self.toast_page + 1) * TOAST_ROWS < n:
                self.toast_page += 1
                self.toast = (self.toast[0], self.hal.ticks_ms() + 4000)
            else:
                self.toast = None
            self.dirty = True
            return
        self.in_press = True
        try:
            self.top().button(btn, kind)
        finally:
            self.in_press = False
        self.dirty = True

    def draw(self):
        from device import ui
        fb = self.fb
        fb.fill(0)
        self.top().draw(fb)
        if self.toast is not None:
            fb.fill_rect(0, 9, 128, 55, 0)
            fb.rect(0, 9, 128, 55, 1)
            lines = ui.wrap(self.toast[0], 15)
            if len(lines) > 6:   # pages of five lines, the sixth says a press shows more
                at = self.toast_page * TOAST_ROWS
                more = at + TOAST_ROWS < len(lines)
                from comando.texts import text
                lines = lines[at:at + TOAST_ROWS] + ([text("ok_more")] if more else [])
            for i, ln in enumerate(lines[:6]):
                fb.text(ln, 4, 11 + i * 9, 1)

    # -- the loop --------------------------------------------------------------------------------
    async def input_task(self):
        """Sample the buttons every ``poll_ms`` and hand presses to the screen on top, one a
        turn; what a press leaves to do afterwards (``after_press``: a new game's start, in
        steps) runs one step a turn, before the next press, the buttons sampled between."""
        hal = self.hal
        queued = self.queued
        b = hal.buttons
        # (bound once: a bound method made at every sample is heap the idle loop would fill)
        self._fell = getattr(b, "fell", None)
        self._fell_at = getattr(b, "fell_at", None)
        self._rose_at = getattr(b, "rose_at", None)
        real = hal.poll_ms != 0   # (the simulator's script mode: the display task draws)
        while hal.alive():
            self.sample()
            if self.after_press is not None:
                self.after_step()
            elif queued:
                btn, kind = queued.pop(0)
                self.press(btn, kind)
                if real and self.dirty and self.after_press is None and not queued and \
                        self.stack:
                    # its picture at once (no wait for the display task's turn: its event is
                    # on flash already); the display task publishes it and collects after it
                    self.picture(real)
                await _sleep_ms(0)
                continue
            if self.toast is not None:
                if _ticks_diff(hal.ticks_ms(), self.toast[1]) >= 0:
                    self.toast = None
                    self.dirty = True
            await _sleep_ms(0 if self.after_press is not None or queued else hal.poll_ms)

    def picture(self, real):
        """Draw the top screen and send its frame, the buttons sampled SAMPLE_MS apart (before
        the drawing too: a press's handler and its drawing are never one gap), page by page (a
        whole new screen is ~27 ms of wire at 400 kHz, after ~10 of drawing): no turn of the
        loop until the picture is on the glass. The display task publishes the event and
        collects afterwards (``pictured``)."""
        hal = self.hal
        self.drawn = hal.ticks_ms()
        self.dirty = False
        if real and _ticks_diff(self.drawn, self.sampled) >= SAMPLE_MS:
            self.sample()
        self.draw()
        if real:
            for _ in self.oled.steps():
                if _ticks_diff(hal.ticks_ms(), self.sampled) >= SAMPLE_MS:
                    self.sample()
        else:
            self.oled.show()
        self.pictured = True

    def sample(self):
        """One look at the buttons: the presses it finds are queued (the input task hands them
        to the screen; the display task also looks between a picture's pages, SAMPLE_MS apart,
        so a picture needs no turns of the loop). The buttons whose line a pin interrupt saw
        fall since the last look, and when (device.hal.pico), are taken before the sample, so a
        latched tap was up when sampled."""
        hal = self.hal
        fell = self._fell
        f = fell() if fell is not None else 0
        evs = self.buttons.update(hal.buttons.read(), hal.ticks_ms(), f, self._fell_at,
                                  self._rose_at)
        self.sampled = self.buttons.sampled_at
        if evs:
            self.queued.extend(evs)

    async def display_task(self):
        """Draw when something changed; when nothing did, the idle work, one piece per turn so
        the input task samples the buttons between any two: the top screen's background work
        (the odds), then a garbage collection when enough was allocated since the last one (so
        none lands in the middle of a press), then the journal's erase of its next sector."""
        hal = self.hal
        self.drawn = hal.ticks_ms()
        real = hal.poll_ms != 0   # (the simulator's script mode runs on a virtual clock)
        collected = self.drawn
        self.deferring = True   # a press's event is published after its picture (submit)
        while hal.alive():
            if not self.dirty and self.stack and self.top().live and \
                    _ticks_diff(hal.ticks_ms(), self.drawn) >= 500:
                self.dirty = True
            if self.after_press is not None or self.queued:
                # a press's steps, or presses, to come first: no picture of half a change
                await _sleep_ms(0)
                continue
            if self.state.clock is not None and self.clock_step():
                self.dirty = True
            if self.dirty:
                self.picture(real)
            if self.pictured:
                self.pictured = False
                if self.unpublished or self.unremembered:
                    # the press's event (on flash before its picture) goes to the laptop, and
                    # its undo snapshot is taken, once its picture is on the glass, in a turn
                    # of its own
                    if real:
                        await _sleep_ms(0)
                    self.flush()
                if real:
                    await _sleep_ms(0)   # the collection is a turn of its own
                self.shown += 1
                gc.collect()
                gc_threshold(-1)
                collected = hal.ticks_ms()
                hal.frame_done()
            elif real and self._board_due is not None and self.shown > self._board_due:
                # a new game's board, once its home screen is on the glass: its module in one
                # turn, the board in the next (the press that needs it first loads it itself)
                if self.preload_board():
                    self._board_due = None
                    self.load_board(tidy=False)
                await _sleep_ms(0)
                continue
            elif self.stack and self.top().work():
                # background work in slices (the odds of a big attack): the input task runs
                # between them, and the display is not "settled" until the result is shown
                await _sleep_ms(0)
                continue
            elif real and _ticks_diff(hal.ticks_ms(), self.pressed_at) < QUIET_MS:
                # a press just came: the hand may press again at once, and a long step now
                # (an import, an erase) could start right after the loop's first look at it
                hal.settled()
            elif real and _ticks_diff(hal.ticks_ms(), collected) >= GC_IDLE_MS:
                gc.collect()
                collected = hal.ticks_ms()
                await _sleep_ms(0)
                continue
            elif real and self.preload:
                self.preload_step()
                await _sleep_ms(0)
                continue
            elif self.journal.idle(not self.presses or
                                   _ticks_diff(hal.ticks_ms(), self.pressed_at) >= AHEAD_MS):
                await _sleep_ms(0)
                continue
            elif self.resume_due():
                # the picture a power-on would show first, saved for the journal as it is now
                self.resume_step()
                await _sleep_ms(0)
                continue
            else:
                hal.settled()
            await _sleep_ms(0 if not real else hal.poll_ms)

    def start_link(self):
        if self.hal.serial is None:
            return None
        # the link's own code loads when the laptop first speaks (device.link_wait)
        from device.link_wait import LinkWait
        self.link = LinkWait(self.hal.serial, self.journal, self)
        return self.link

    async def _guard(self, coro):
        """Run a task; a crash is logged and stops the app (the simulator exits non-zero, a
        test sees it) instead of leaving the other tasks running without it."""
        try:
            await coro
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - any bug in a task
            self.failed = exc
            self.hal.log("task failed: %r" % (exc,))
            try:
                import sys
                sys.print_exception(exc)
            except AttributeError:  # CPython
                import traceback
                traceback.print_exc()

    async def main(self):
        self.failed = None
        tasks = [asyncio.create_task(self._guard(self.input_task())),
                 asyncio.create_task(self._guard(self.display_task()))]
        linked = False
        while self.hal.alive() and self.failed is None:
            if not linked and self.shown:
                # the link's modules load once the first picture is on the glass: power-on to
                # the first screen is what the table waits for (the host's bytes wait in USB)
                linked = True
                link = self.start_link()
                if link is not None:
                    tasks.append(asyncio.create_task(self._guard(link.run())))
            if self.after_press is not None:  # (a press handled outside the input task)
                self.after_step()   # (one step a turn, as the input task does)
            if self._board_due is not None and self.shown > self._board_due and not self.hal.poll_ms:
                # a new game's home screen is on the glass: its board now (on a real clock the
                # display task loads it in steps)
                self.load_board()
            await _sleep_ms(50 if self.hal.poll_ms and linked else 0)
        self.deferring = False
        if self.failed is not None:
            for t in tasks:
                t.cancel()
            self.flush()
            raise self.failed
        # let the display task finish the last frame, then stop everything
        for t in tasks:
            t.cancel()
        self.flush()
        self.draw()
        self.oled.show()
        # every frame_done() follows a collection, as the display task's do: the heap figures
        # read there (the sim's live peak, the bench's low) are live objects, not garbage
        gc.collect()
        self.hal.frame_done()
        self.hal.settled()

    def run(self):
        try:
            asyncio.run(self.main())
        finally:
            self.hal.close()


def _boot_mode(a):
    # (a function of its own: a local name in main() would keep device.selftest alive)
    mask = a.hal.buttons.read()
    if mask != 1 << BACK and mask != (1 << BACK | 1 << OK):
        return None  # no boot hold: the self-test module is not even loaded (power-on time)
    from device.selftest import boot_mode
    return boot_mode(a, mask=mask)


def main(hal=None, **options):
    gc_threshold(GC_THRESHOLD)
    from device import hal as H
    if hal is None:
        hal = H.load(**options)
    dice = None
    seed = None
    try:
        import os
        seed = os.getenv("COMANDO_SIM_SEED")
    except (ImportError, AttributeError):
        pass
    if seed:
        from comando.seeded_dice import SeededDice
        dice = SeededDice(int(seed))
    a = App(hal, dice=dice)
    from device.journal import kbd_intr
    kbd_intr(False)  # for the app's whole life: a 0x03 on USB is line noise, not a stop
    try:
        a.boot()
        mode = _boot_mode(a)
        if mode is None:
            # the self-test screen is not on the stack: its module (and the pin map) can go
            # until the Hardware menu imports it again
            forget("device.selftest", "device.pins", "device.app_start", "device.journal_flash_read",
                   "comando.journal_read", "device.resume")
        if mode == "update":  # BACK held at power-on: leave the REPL free for make deploy
            a.hal.close()
            return a
        a.run()  # (BACK+OK held at power-on: it starts on the self-test screen)
    except KeyboardInterrupt:  # the laptop's stop-for-REPL frame (device.link.StopForRepl)
        a.deferring = False
        a.flush()
        from device.selftest import stop_for_repl
        stop_for_repl(a)
    finally:
        kbd_intr(True)  # the REPL gets Ctrl-C back, however the app ended
    return a
