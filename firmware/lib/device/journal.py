"""The game journal on flash: one event per line with a CRC (codec: comando.journal).

Two stores, one format of lines: on a HAL with raw flash sectors (``hal.journal_pool()``: the
Pico, or the simulator with a flash image) the lines go to pre-erased sectors
(device/journal_flash.py: an append is a page program, no erase, no littlefs); elsewhere, and for
a game an older firmware started in ``journal.log``, they are appended to that file. Readers use
``open_read()`` (a binary stream of the lines, whichever the store).

- ``restore(each)`` streams the file through ``each(event)`` at boot; a torn or corrupt tail is
  dropped, reported in ``problem`` and cut off by compaction (never a crash).
- ``append(event)`` writes one line and flushes it: ``prepare(event)`` (the line, and the check
  that it fits: if the store is full it raises ``StorageFull`` and writes nothing, so everything
  already journaled stays intact) then ``write(event, line)``. The app applies, shows and
  publishes an event only once ``append`` has returned (device.app.App.submit;
  docs/decisions/event-on-flash-before-picture.md). If a write fails half-way, the journal
  freezes (no line is ever appended after a torn one) and the next boot repairs it.
- Whole lines after a bad one (a CRC mismatch mid-file, an event the rules refuse) are never
  deleted: the damaged file is kept as ``<name>.bad<N>``, the valid prefix becomes the journal,
  and ``damage`` (told to the laptop in the link's hello) says from where the laptop must resync.
- Compaction (device.journal_repair): write the valid prefix to ``<name>.new``, then rename it
  over the journal (littlefs renames atomically, so a power cut leaves the old or the new file,
  never a mix).
- ``archive()``: a new game moves the old journal aside (``<name>.old``).
"""

import os
from binascii import crc32

from comando import journal as codec
from comando.errors import JournalError

RESERVE = 2048  # keep this much free for compaction and the settings file


class StorageFull(JournalError):
    pass


def kbd_intr(on):
    """Hold Ctrl-C off (``on=False``) or give it back (MicroPython only). device.app.main holds
    it off for the app's whole life: a 0x03 then reaches stdin as a byte (line noise for the
    link), so no journal line is ever cut in half and garbage never stops a game."""
    import sys
    if sys.implementation.name != "micropython":
        return
    try:
        import micropython
        micropython.kbd_intr(3 if on else -1)
    except (ImportError, AttributeError):
        pass


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Journal:
    def __init__(self, hal, name="journal.log"):
        self.hal = hal
        self.path = hal.root + "/" + name
        self.size = 0
        self.count = 0
        self.last_seq = 0
        self.problem = None
        self.frozen = None
        self.damage = None  # set when whole lines were cut off (see _repair)
        # the CRC-32 of the lines as one stream (``size`` bytes), when known: the key of the
        # picture shown at power-on (device.resume); each append adds its line
        self.crc = None
        self.store = None
        self._flash()

    def _flash(self):
        """Raw flash when the HAL has it, unless the game on flash is an old-format journal.log
        (it goes on in its file until the next new game: no migration step that could fail).
        The store (its modules, its scan of the sectors) is made when first needed, so a fresh
        device does not pay for it on the way to its first screen."""
        self.store = None
        self.flash = getattr(self.hal, "journal_pool", None) is not None and not _exists(self.path)

    def _st(self):
        if self.store is None and self.flash:
            p = self.hal.journal_pool()
            if p is None:
                self.flash = False
            else:
                from device.journal_flash import FlashStore
                self.store = FlashStore(p)
        return self.store

    def _stored(self):
        """Something may be on the raw flash (a cheap test, no import)."""
        probe = getattr(self.hal, "journal_stored", None)
        return self.flash and (probe is None or probe())

    def open_read(self):
        """The journal's lines as a binary stream (read, readline, seek, close; a context)."""
        st = self._st()
        if st is not None:
            from device.journal_flash_read import reader
            return reader(st)
        return self.hal.open(self.path, "rb")

    def open_backup(self, name):
        """A damaged copy named in ``damage["backup"]``."""
        if name.startswith("flash:"):
            st = self._st()
            if st is not None:
                from device.journal_flash_read import reader
                return reader(st, int(name[6:]))
        return self.hal.open(self.hal.root + "/" + name, "rb")

    def idle(self, ahead=False):
        """One step of background work (erase a sector ahead of the writer); True if it did.
        ``ahead``: the table is quiet (more sectors made ready: device.journal_flash)."""
        st = self._st() if self.flash else None
        return st is not None and st.idle(ahead)

    def restore(self, each):
        """Fold every valid event through ``each``; returns the count. Repairs a bad tail."""
        self.size = self.count = self.last_seq = 0
        self.problem = None
        crc, self.crc = self.crc, None
        if not (self._stored() and self._st() is not None) and not _exists(self.path):
            return 0
        last = [0]

        def take(ev):
            each(ev)
            last[0] = ev.get("seq", 0)

        with self.open_read() as f:
            from comando.journal_read import scan_stream
            count, good, problem = scan_stream(f, take)
        self.count = count
        self.size = good
        self.last_seq = last[0]
        if problem:
            self.problem = problem
            self._repair()
        else:
            self.crc = crc   # (device.resume read the same stream before the fold, or None)
        return count

    def stop_at(self, count, size, seq, why):
        """The fold rejected an event: keep only what came before it (a consistent prefix)."""
        self.count, self.size, self.last_seq = count, size, seq
        self.problem = why
        self.crc = None
        self._repair()

    def _repair(self):
        """Cut the journal back to its valid prefix; whole lines after the break are kept aside
        (device.journal_repair, imported only when a journal needs it)."""
        from device import journal_repair
        journal_repair.repair(self)

    def append(self, event):
        self.write(event, self.prepare(event))

    def prepare(self, event):
        """The event's line, once it is known to fit: StorageFull (nothing written) if not."""
        if self.frozen:
            raise StorageFull(self.frozen)
        st = self._st()
        line = codec.encode(event)
        if st is not None:
            full = not st.room(len(line))
        else:
            full = self.hal.fs_free() < len(line) + RESERVE
        if full:
            raise StorageFull("Storage full! %d events kept. Free space or start a new game."
                              % self.count)
        return line

    def write(self, event, line):
        """Put a prepared line on flash (a page program, or an append to the file). A failed
        write freezes the journal: nothing is appended after a torn line."""
        if self.frozen:
            raise StorageFull(self.frozen)
        st = self._st()
        try:  # (Ctrl-C is held off while the app runs: device.app.main)
            if st is not None:
                st.append(line)
            else:
                with self.hal.open(self.path, "ab") as f:
                    f.write(line)
                    f.flush()
        except Exception as exc:  # FlashFull, or OSError from the device or the filesystem
            self.frozen = "Storage full: write failed (%s); %d events kept" % (exc, self.count)
            raise StorageFull(self.frozen)
        self.size += len(line)
        if self.crc is not None:
            self.crc = crc32(line, self.crc) & 0xFFFFFFFF
        self.count += 1
        self.last_seq = event.get("seq", self.last_seq)

    def unarchive(self):
        """Undo ``archive``: the new journal goes, the kept one comes back (a new game that could
        not be journaled whole; ``restore`` then counts it again)."""
        if _exists(self.path):
            os.remove(self.path)
        old = self.path + ".old"
        if _exists(old):
            os.rename(old, self.path)
        self.frozen = None
        self.crc = None

    def archive(self):
        st = self._st()
        if st is not None:
            st.new_game()
        elif _exists(self.path):
            old = self.path + ".old"
            if _exists(old):
                os.remove(old)
            os.rename(self.path, old)
            self._flash()   # an old-format game ends here: the next one goes to raw flash
        self.size = self.count = self.last_seq = 0
        self.problem = None
        self.frozen = None
        self.crc = 0   # (an empty stream)
