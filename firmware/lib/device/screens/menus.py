"""Screens opened from the menu only: the sync status and the settings (imported when one is
opened, so their code is not in the heap during play otherwise)."""

from device import ui
from device.buttons import PRESS
from device.hal import UP, DOWN, OK, BACK
from device.screens.base import Screen, is_step
from comando.texts import say, NAMES, LANGS


class Sync(Screen):
    live = True

    def draw(self, fb):
        app = self.app
        ui.header(fb, say("mn_sync"))
        link = app.link
        if link is None:
            ui.center(fb, say("sy_nolink"), 14)
            ui.center(fb, say("sy_noser") if app.hal.serial is None else say("sy_notst"), 26)
        else:
            up = getattr(link, "up", False)
            ui.center(fb, say("sy_up") if up else say("sy_wait"), 13)
            sync = getattr(link, "sync", None)
            acked = getattr(sync, "acked", None)
            if acked is not None:
                last = app.journal.last_seq
                fb.text(say("sy_has") % (acked, last), 0, 24, 1)
                fb.text(say("sy_tosend") % (last - acked) if last > acked else say("sy_allsent"), 0, 33, 1)
        fb.text(say("sy_saved") % app.journal.count, 0, 42, 1)
        ui.footer(fb, say("ok_back"))

    def button(self, b, kind):
        if kind == PRESS and b in (OK, BACK):
            self.app.pop()


class Settings(Screen):
    """Contrast, flip, I2C speed, language: applied at once, saved to flash. The language "auto"
    is the game's home language (comando.registry.HOME_LANG: T.E.G. es, WAR pt_BR, Risk en)."""

    ITEMS = ("st_contr", "st_flip", "st_i2c", "st_lang")   # (texts keys)
    CHOICES = ("",) + LANGS   # "" = auto

    def __init__(self, app):
        Screen.__init__(self, app)
        self.sel = 0

    def values(self):
        s = self.app.settings
        lang = say("st_auto") if not s.lang else NAMES[LANGS.index(s.lang)]
        return ("%d" % s.contrast, say("st_on") if s.flip else say("st_off"),
                "%dk" % (s.i2c // 1000), lang)

    def draw(self, fb):
        ui.header(fb, say("mn_set"))
        vals = self.values()
        for i, key in enumerate(self.ITEMS):
            y = 12 + i * 10
            if i == self.sel:
                fb.fill_rect(0, y - 1, 128, 10, 1)
            fb.text(say(key), 2, y, 0 if i == self.sel else 1)
            ui.right(fb, vals[i], y, 126, 0 if i == self.sel else 1)
        ui.footer(fb, say("st_hint"))

    def button(self, b, kind):
        s = self.app.settings
        oled = self.app.oled
        if b == BACK and kind == PRESS:
            s.save()
            self.app.pop()
        elif b in (UP, DOWN) and is_step(kind):
            self.sel = (self.sel + (1 if b == DOWN else -1)) % len(self.ITEMS)
        elif b == OK and is_step(kind):
            if self.sel == 0:
                s.contrast = (s.contrast + 64) % 256 if s.contrast < 255 else 15
                s.contrast = min(255, s.contrast)
                oled.contrast(s.contrast)
            elif self.sel == 1:
                s.flip ^= 1
                oled.flip(bool(s.flip))
            elif self.sel == 2:
                s.i2c = 1000000 if s.i2c == 400000 else 400000
                self.app.hal.set_i2c_freq(s.i2c)
            else:
                s.lang = self.CHOICES[(self.CHOICES.index(s.lang) + 1) % len(self.CHOICES)]
                self.app.speak()
            s.save()
