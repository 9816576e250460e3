"""Screens opened from the menu only: the sync status and the settings (imported when one is
opened, so their code is not in the heap during play otherwise)."""

from device import ui
from device.buttons import PRESS
from device.hal import UP, DOWN, OK, BACK
from device.screens.base import Screen, is_step


class Sync(Screen):
    live = True

    def draw(self, fb):
        app = self.app
        ui.header(fb, "Sync")
        link = app.link
        if link is None:
            ui.center(fb, "no link", 14)
            ui.center(fb, "no USB serial" if app.hal.serial is None else "link not started", 26)
        else:
            up = getattr(link, "up", False)
            ui.center(fb, "host linked" if up else "waiting for host", 13)
            sync = getattr(link, "sync", None)
            acked = getattr(sync, "acked", None)
            if acked is not None:
                last = app.journal.last_seq
                fb.text("host has %d/%d" % (acked, last), 0, 24, 1)
                fb.text("to send: %d" % (last - acked) if last > acked else "all sent", 0, 33, 1)
        fb.text("%d events saved" % app.journal.count, 0, 42, 1)
        ui.footer(fb, "OK: back")

    def button(self, b, kind):
        if kind == PRESS and b in (OK, BACK):
            self.app.pop()


class Settings(Screen):
    """Contrast, flip, I2C speed: applied at once, saved to flash."""

    ITEMS = ("Contrast", "Flip", "I2C speed")

    def __init__(self, app):
        Screen.__init__(self, app)
        self.sel = 0

    def values(self):
        s = self.app.settings
        return ("%d" % s.contrast, "on" if s.flip else "off", "%dk" % (s.i2c // 1000))

    def draw(self, fb):
        ui.header(fb, "Settings")
        vals = self.values()
        for i, label in enumerate(self.ITEMS):
            y = 13 + i * 12
            if i == self.sel:
                fb.fill_rect(0, y - 2, 128, 11, 1)
            fb.text(label, 2, y, 0 if i == self.sel else 1)
            ui.right(fb, vals[i], y, 126, 0 if i == self.sel else 1)
        ui.footer(fb, "^v pick OK change")

    def button(self, b, kind):
        s = self.app.settings
        oled = self.app.oled
        if b == BACK and kind == PRESS:
            s.save()
            self.app.pop()
        elif b in (UP, DOWN) and is_step(kind):
            self.sel = (self.sel + (1 if b == DOWN else -1)) % 3
        elif b == OK and is_step(kind):
            if self.sel == 0:
                s.contrast = (s.contrast + 64) % 256 if s.contrast < 255 else 15
                s.contrast = min(255, s.contrast)
                oled.contrast(s.contrast)
            elif self.sel == 1:
                s.flip ^= 1
                oled.flip(bool(s.flip))
            else:
                s.i2c = 1000000 if s.i2c == 400000 else 400000
                self.app.hal.set_i2c_freq(s.i2c)
            s.save()
