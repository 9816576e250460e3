"""The picture a map game's device shows at power-on while it folds its journal (issue 22).

Folding a La Revancha map game's journal at boot (the engine's modules, the board, every event,
the home screen) kept the glass blank for ~3 s. So while the table is quiet the device saves the
first picture a boot would show (a fresh home screen drawn over the game as it stands) in
``/resume.pic``, with the key of the journal it belongs to: the length and CRC-32 of the
journal's whole byte stream, and the Settings language. At power-on ``show()`` puts that picture
on the glass at once when the journal still is exactly that stream, then the boot folds the
journal as before and draws the same screen over it (the OLED sends only what differs).

Never shown: a stale picture (an event journaled since, an undo, a new game, a torn tail: the
stream differs), a torn file (a power cut in its write, a short or long file: the picture's own
CRC-32 and the exact size), a foreign one (another magic, another game's journal, another
language). The file is written to ``/resume.new`` and renamed over the old one (littlefs renames
atomically), so a cut leaves the old picture or the new one, never a mix.

A module of its own, in the heap only while it works: at boot (device.app.main drops it with
device.app_start) and in the idle step that saves (App.resume_step drops it again).
"""

from binascii import crc32

MAGIC = b"CRP1"
NAME = "/resume.pic"
TEMP = "/resume.new"
HEAD = 24   # magic, journal length, journal CRC, language (6 bytes, NUL padded), 2 spare, picture CRC
CHUNK = 512


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


def _p32(v):
    return bytes((v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >> 24) & 255))


def _lang(app):
    return (app.settings.lang.encode() + b"\x00" * 6)[:6]


def journal_key(journal):
    """(length, CRC-32) of the journal's lines as one byte stream, read from flash; (0, 0) for an
    empty journal. Kept in ``journal.crc`` (device.journal adds each appended line to it)."""
    n = crc = 0
    try:
        f = journal.open_read()
    except OSError:
        return 0, 0
    with f:
        while True:
            b = f.read(CHUNK)
            if not b:
                break
            n += len(b)
            crc = crc32(b, crc)
    return n, crc & 0xFFFFFFFF


def show(app):
    """Put the saved picture on the glass if it belongs to the journal as it is now; True if
    it did. Nothing is drawn otherwise (the fold's own first picture comes as before)."""
    hal = app.hal
    buf = app.oled.buf
    try:
        f = hal.open(hal.root + NAME, "rb")
    except OSError:
        return False
    with f:
        head = f.read(HEAD)
        if len(head) != HEAD or head[:4] != MAGIC:
            return False   # torn, or not ours
        pic = f.read(len(buf) + 1)
    if len(pic) != len(buf) or crc32(pic) & 0xFFFFFFFF != _u32(head, 20) or head[12:18] != _lang(app):
        return False   # torn, another glass's size, another language
    n, crc = journal_key(app.journal)
    if n == 0 or n != _u32(head, 4) or crc != _u32(head, 8):
        return False   # stale: the journal moved on (or another game's picture)
    app.journal.crc = crc   # the boot's fold reads the same stream: appends go on from here
    buf[:] = pic
    app.settings.apply(app.oled)   # (flip, contrast) as the fold would: the picture is final
    app.oled.show()
    return True


def picture(app):
    """A fresh home screen drawn into the frame buffer (what a boot shows first), or None when a
    boot's first picture is not this one's to say: a bot's turn (its move is computed on the
    way), a clocked game (its countdown moves)."""
    from device.screens.base import home_screen
    if app.state.clock is not None:
        return None
    scr = home_screen(app)
    bot = getattr(scr, "bot_seat", None)
    if bot is not None and bot():
        return None
    fb = app.fb
    fb.fill(0)
    scr.draw(fb)
    return app.oled.buf


def save(app):
    """Save the boot's first picture for the journal as it is now (temp file, then rename); the
    frame buffer is left as the glass shows it. Returns True when a picture was written."""
    j = app.journal
    oled = app.oled
    if oled.dirty_all:   # (the glass is due to be sent whole: the frame buffer is the picture)
        return False
    if j.crc is None:   # (after a boot without a picture: read once, then kept by each append)
        n, crc = journal_key(j)
        if n != j.size:   # (never after a restore: its valid prefix is the whole stream)
            return False
        j.crc = crc
    app.resume_size, app.resume_crc = j.size, j.crc   # (done for this journal, written or not)
    try:
        buf = picture(app)
        if buf is None:
            return False
        hal = app.hal
        head = MAGIC + _p32(j.size) + _p32(j.crc) + _lang(app) + b"\x00\x00" + \
            _p32(crc32(buf) & 0xFFFFFFFF)
        with hal.open(hal.root + TEMP, "wb") as f:
            f.write(head)
            f.write(buf)
        import os
        os.rename(hal.root + TEMP, hal.root + NAME)
        return True
    except (OSError, MemoryError) as exc:   # a full filesystem: the boot just folds, as before
        app.hal.log("resume picture not saved: %s" % exc)
        return False
    finally:
        oled.buf[:] = oled.shadow   # the glass's own picture back in the frame buffer
