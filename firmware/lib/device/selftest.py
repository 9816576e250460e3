"""The device self-test and the hardware menu (hardware engineer's screens).

Self-test: every pixel lights (look for dead pixels, or a dark/garbage stripe at the right edge:
an SH1106 driven as an SSD1306), then each button of the pin map is asked for in turn. A wrong
button is reported (two wires swapped?); holding another button (OK, BACK or ROLL) skips one that
does not answer. The result is shown and saved to ``selftest.json`` in the device's storage.

Reach it by holding BACK and OK while plugging the device in (``boot_mode``), or from the menu:
Menu > Hardware > Self-test. Holding BACK alone at power-on is the update mode: the app does not
start, so mpremote (``make deploy``) can reach the REPL, which the running app keeps for the link. The hardware menu also switches the OLED controller (SSD1306 or
SH1106, saved in settings.json and applied at every boot) and shows the I2C address found.
"""

from device import pins
from device import ui
from device.buttons import PRESS, LONG
from device.hal import BUTTONS, OK, BACK
from device.oled import SSD1306, SH1106
from device.screens.base import Screen, Menu

COMBO = (1 << BACK) | (1 << OK)
KINDS = (SSD1306, SH1106)
KIND_NAMES = {SSD1306: "SSD1306", SH1106: "SH1106"}

INTRO, LIT, ASK, DONE = 0, 1, 2, 3


def set_oled_kind(oled, kind):
    """Drive the panel as an SSD1306 or an SH1106 (column offset 2) from now on."""
    if kind not in KINDS:
        raise ValueError("oled: unknown controller %r (ssd1306 or sh1106)" % (kind,))
    oled.kind = kind
    oled.col_offset = 2 if kind == SH1106 else 0
    oled.init_display()  # also marks every page dirty: the next show() redraws all of it
    try:
        oled.shadow[:] = bytearray(len(oled.shadow))
    except (AttributeError, TypeError):
        pass


class SelfTest(Screen):
    """A screen that tests the OLED and the buttons."""

    def __init__(self, app, from_boot=False):
        Screen.__init__(self, app)
        self.from_boot = from_boot
        self.step = INTRO
        # ask in pin-map order; each entry (name, hal index, GP number)
        self.order = [(name, BUTTONS.index(name), gp) for name, gp in pins.BUTTONS]
        self.i = 0
        self.results = {}  # name -> "ok" | "skipped"
        self.wrong = {}  # name -> [names pressed instead]
        self.last_wrong = None
        self.saved = False

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, fb):
        if self.step == INTRO:
            ui.header(fb, "Self-test")
            ui.paragraph(fb, "Next: all pixels on. Look for dark dots or edge stripes.",
                         12, 4)
            ui.footer(fb, "any button: go")
        elif self.step == LIT:
            fb.fill(1)
        elif self.step == ASK:
            name, _, gp = self.order[self.i]
            ui.header(fb, "Buttons", "%d/%d" % (self.i + 1, len(self.order)))
            fb.text("Press", 0, 13, 1)
            ui.center(fb, name.upper(), 22, 2)
            fb.text("GP%d" % gp, 0, 42, 1)
            if self.last_wrong is not None:
                ui.right(fb, "got " + self.last_wrong.upper(), 42)
            ui.footer(fb, "hold other: skip")
        else:
            oled = self.app.oled
            ok = sum(1 for n, _, _ in self.order if self.results.get(n) == "ok")
            ui.header(fb, "Self-test", "%d/%d" % (ok, len(self.order)))
            bad = self.problems()
            if not bad:
                ui.center(fb, "All buttons OK", 14)
            for k, line in enumerate(bad[:3]):
                fb.text(ui.fit(line, 16), 0, 12 + 9 * k, 1)
            fb.text("%s 0x%02X" % (KIND_NAMES.get(oled.kind, oled.kind), oled.addr), 0, 42, 1)
            ui.footer(fb, "OK: done")

    def problems(self):
        out = []
        for name, _, _ in self.order:
            got = self.wrong.get(name)
            if self.results.get(name) != "ok":
                out.append("%s: skipped" % name.upper())
            elif got:
                out.append("%s: got %s" % (name.upper(), got[0].upper()))
        return out

    # -- buttons ---------------------------------------------------------------------------------
    def button(self, b, kind):
        if self.step == INTRO:
            if kind == PRESS:
                self.step = LIT
        elif self.step == LIT:
            if kind == PRESS:
                self.step = ASK
        elif self.step == ASK:
            name, want, _ = self.order[self.i]
            if b == want:
                if kind == PRESS:
                    self.results[name] = "ok"
                    self.next()
            elif kind == LONG:
                self.results[name] = "skipped"
                self.next()
            elif kind == PRESS:
                self.last_wrong = BUTTONS[b]
                self.wrong.setdefault(name, []).append(BUTTONS[b])
        elif self.step == DONE:
            if kind == PRESS and b == OK:
                self.app.pop()

    def next(self):
        self.last_wrong = None
        self.i += 1
        if self.i >= len(self.order):
            self.step = DONE
            self.save()

    def result(self):
        oled = self.app.oled
        return {"oled": oled.kind, "addr": oled.addr, "pixels": "lit",
                "buttons": dict((n, self.results.get(n, "skipped")) for n, _, _ in self.order),
                "wrong": self.wrong, "ok": not self.problems()}

    def save(self):
        from comando.journal import dumps
        hal = self.app.hal
        try:
            with hal.open(hal.root + "/selftest.json", "wb") as f:
                f.write(dumps(self.result()).encode())
            self.saved = True
        except OSError:
            self.saved = False


def _sleep(ms):
    try:
        from time import sleep_ms
        sleep_ms(ms)
    except ImportError:  # CPython
        from time import sleep
        sleep(ms / 1000)


def _ticks_diff():
    try:
        from time import ticks_diff
        return ticks_diff
    except ImportError:
        return lambda a, b: a - b


def boot_mode(app, hold_ms=300, wait_ms=5000, mask=None):
    """What the buttons held at power-on ask for: "selftest" (BACK+OK: the self-test screen is
    pushed), "update" (BACK alone: the app must not start, so the REPL stays free for mpremote
    and `make deploy`; the screen says so), or None.

    A hold counts only when it lasts ``hold_ms``: a short BACK press at boot is handed to the app
    as an ordinary press."""
    hal = app.hal
    back = 1 << BACK
    if mask is None:  # (the app passes the first sample it took)
        mask = hal.buttons.read()
    if mask != back and mask != COMBO:
        return None
    diff = _ticks_diff()
    t0 = hal.ticks_ms()
    while diff(hal.ticks_ms(), t0) < hold_ms:
        m = hal.buttons.read()
        if m == COMBO and mask == back:  # the second button came a little late
            mask = m
        elif m != mask:
            for i in range(len(BUTTONS)):
                if mask & (1 << i):
                    app.press(i, PRESS)
            return None
        _sleep(hal.poll_ms or 0)
    if mask == COMBO:
        at_boot(app, wait_ms, mask)
        return "selftest"
    update_mode(app)
    return "update"


def update_mode(app):
    """Show the update-mode screen and give Ctrl-C back (the app holds it off while it runs)."""
    fb = app.fb
    fb.fill(0)
    ui.header(fb, "Update mode")
    ui.paragraph(fb, "USB is free for make deploy. Unplug to play.", 13, 4)
    app.oled.show()
    app.hal.frame_done()
    app.hal.settled()
    try:
        import micropython
        micropython.kbd_intr(3)
    except (ImportError, AttributeError):
        pass


def stop_for_repl(app):
    """The laptop sent the stop-for-REPL frame (``make deploy``, ``comando doctor``; comando.sync
    STOP_FOR_REPL): nothing is half-written (the link task stops between two rounds), the link's
    read handle on the journal is closed, the screen says the USB is free, and main.py returns
    to the REPL, with Ctrl-C given back, where mpremote's Ctrl-A finds the raw REPL."""
    app.hal.log("stop request on USB: stopped for the REPL (%d events in the journal)"
                % app.journal.count)
    link = app.link
    if link is not None and getattr(link, "source", None) is not None:
        link.source.release()
    update_mode(app)  # the screen, and Ctrl-C given back
    print("Comando stopped for the REPL (the laptop asked). Unplug or reset to play.")


def at_boot(app, wait_ms=5000, mask=None):
    """If BACK and OK are held, wait for them to be let go (at most ``wait_ms``: a stuck button
    must not stop the device) and open the self-test. Returns True when it did."""
    hal = app.hal
    if mask is None:
        mask = hal.buttons.read()
    if mask & COMBO != COMBO:
        return False
    diff = _ticks_diff()
    t0 = hal.ticks_ms()
    while hal.buttons.read() and diff(hal.ticks_ms(), t0) < wait_ms:
        _sleep(hal.poll_ms or 0)
    app.push(SelfTest(app, from_boot=True))
    return True


# -- battery (optional build) ------------------------------------------------------------------

def battery_volts(machine=None, samples=8):
    """The LiPo voltage read through the divider on ``pins.BATTERY_SENSE``, or None when the pin
    map has no battery pin or this port has no ADC (the simulator). Below 2.5 V means no cell
    (the divider pulls the pin to ground)."""
    if pins.BATTERY_SENSE is None:
        return None
    if machine is None:
        try:
            import machine
        except ImportError:
            return None
    if getattr(machine, "ADC", None) is None:
        return None
    adc = machine.ADC(machine.Pin(pins.BATTERY_SENSE))
    total = 0
    for _ in range(samples):
        total += adc.read_u16()
    return total * 3.3 / 65535 / samples * pins.BATTERY_DIVIDER


def battery_label(volts):
    if volts is None:
        return None
    if volts < 2.5:
        return "Battery: none"
    return "Battery: %d.%02d V" % (int(volts), int(volts * 100 + 0.5) % 100)


# -- the hardware menu -------------------------------------------------------------------------

def hardware_menu(app):
    oled = app.oled
    kind = KIND_NAMES.get(oled.kind, oled.kind)
    items = [
        ("Self-test", lambda: app.push(SelfTest(app))),
        ("OLED: " + kind, lambda: toggle_oled(app)),
        ("I2C addr: 0x%02X" % oled.addr, lambda: app.push(hardware_menu(app))),
    ]
    battery = battery_label(battery_volts())
    if battery:  # OK reads it again
        items.append((battery, lambda: app.push(hardware_menu(app))))
    return Menu(app, "Hardware", items)


def toggle_oled(app):
    """Switch SSD1306 <-> SH1106 now, save it, and reopen the menu showing the new choice."""
    s = app.settings
    new = SH1106 if app.oled.kind == SSD1306 else SSD1306
    set_oled_kind(app.oled, new)
    s.oled = new
    s.save()
    menu = hardware_menu(app)
    menu.sel = 1
    app.push(menu)
    app.show_toast("Now %s. Bad picture? Switch back." % KIND_NAMES[new], 2500)
