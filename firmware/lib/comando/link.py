"""The wire codec both ends of the USB serial link use (MicroPython and CPython).

One frame per line, printable ASCII only, so a serial monitor shows it as it is::

    ~E 42 {"seq":42,"t":"roll","p":1,"d":[6,3]} 246ac13b

    ~ TYPE SP SEQ SP PAYLOAD SP CRC32 LF

- ``~`` starts every frame and appears nowhere else (escaped inside payloads), so a reader
  resynchronises after any garbage: a line that does not start with ``~`` is noise (the device's
  own prints, a REPL banner) and is ignored; a frame cut short by a new ``~`` is a bad frame.
- TYPE is one letter (``TYPES``); SEQ a decimal integer whose meaning depends on the type (see
  docs/architecture.md "Link, host store and mirror"); PAYLOAD a JSON object, compact.
- Inside the payload every byte outside printable ASCII (0x20..0x7e) and the bytes ``%`` and ``~``
  are written ``%XX`` (hex), so Ctrl-C (0x03), Ctrl-D, CR/LF or UTF-8 never reach the device's
  REPL or break a line.
- CRC32 (``binascii.crc32``) of the bytes between ``~`` and the space before it, 8 lowercase hex.

A frame that does not decode raises ``FrameError`` inside the decoder, which counts and drops it:
the caller only ever sees good frames.
"""

import binascii
import json

from comando.errors import FrameError

PROTOCOL = 1

HELLO = "H"      # seq: last event seq held; {"v", "game", "board", "fw", ...}
EVENT = "E"      # seq: the event's seq; payload: the event (payload["seq"] == seq)
ACK = "A"        # host->device: seq = every event up to seq is durably stored
                 # device->host: seq = command id; {"seq": n} the command became event n
RESEND = "R"     # host->device: send again from seq
SNAPSHOT = "S"   # seq: the last event folded in; {"game", "state"}
COMMAND = "C"    # host->device: seq = command id; {"a": action}
ERROR = "X"      # seq: command id (or 0); {"m": message, ...}
BEAT = "B"       # heartbeat; seq: last event seq held by the sender
RESTORE = "P"    # host->device: seq = the event's seq; payload: the event as the laptop stored it
                 # (sent after a hello that says the device's journal was damaged)

TYPES = "HEARSCXBP"
NAMES = {HELLO: "hello", EVENT: "event", ACK: "ack", RESEND: "resend", SNAPSHOT: "snapshot",
         COMMAND: "command", ERROR: "error", BEAT: "heartbeat", RESTORE: "restore"}

MAX_SEQ = 0x7FFFFFFF
_HEX = b"0123456789abcdef"


def _needs_escape(b):
    return b < 0x20 or b > 0x7E or b == 0x25 or b == 0x7E


def escape(data):
    """bytes -> bytes with control bytes, non-ASCII, '%' and '~' written as %XX."""
    for b in data:
        if _needs_escape(b):
            break
    else:
        return bytes(data)
    out = bytearray()
    for b in data:
        if _needs_escape(b):
            out.append(0x25)
            out.append(_HEX[b >> 4])
            out.append(_HEX[b & 15])
        else:
            out.append(b)
    return bytes(out)


def _hexval(c):
    if 48 <= c <= 57:
        return c - 48
    if 97 <= c <= 102:
        return c - 87
    if 65 <= c <= 70:
        return c - 55
    raise FrameError("bad escape digit %r" % chr(c))


_CTRL = bytes(range(0x20)) + b"\x7f"
_FAST = hasattr(b"", "isascii") and hasattr(b"", "translate")  # CPython: no per-byte loop


def unescape(data):
    """The inverse of escape(); raises FrameError on a raw control byte or a bad %XX."""
    if data.find(b"%") < 0:
        if _FAST and data.isascii() and len(data.translate(None, _CTRL)) == len(data):
            return bytes(data)
        for b in data:
            if b < 0x20 or b > 0x7E:
                raise FrameError("raw byte 0x%02x in payload" % b)
        return bytes(data)
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        b = data[i]
        if b == 0x25:
            if i + 2 >= n:
                raise FrameError("truncated escape")
            out.append((_hexval(data[i + 1]) << 4) | _hexval(data[i + 2]))
            i += 3
        else:
            if b < 0x20 or b > 0x7E:
                raise FrameError("raw byte 0x%02x in payload" % b)
            out.append(b)
            i += 1
    return bytes(out)


def _dumps(obj):
    try:
        return json.dumps(obj, separators=(",", ":"))
    except TypeError:  # a MicroPython build without separators=
        return json.dumps(obj)


def crc(data):
    return binascii.crc32(data) & 0xFFFFFFFF


def encode(ftype, seq, payload=None):
    """One frame as bytes, ending in LF. ``payload`` is a dict (None means {})."""
    if len(ftype) != 1 or ftype not in TYPES:
        raise FrameError("unknown frame type %r" % (ftype,))
    if not isinstance(seq, int) or seq < 0 or seq > MAX_SEQ:
        raise FrameError("bad frame seq %r" % (seq,))
    if payload is None:
        payload = {}
    text = _dumps(payload)
    raw = text.encode()
    # JSON text has no raw control bytes; only '%', '~', DEL and UTF-8 need escaping
    if len(raw) != len(text) or "%" in text or "~" in text or "\x7f" in text:
        raw = escape(raw)
    body = ("%s %d " % (ftype, seq)).encode() + raw
    return b"~" + body + (" %08x\n" % crc(body)).encode()


def encode_raw(ftype, seq, payload_json, printable=False):
    """Like encode() with the payload already JSON text (bytes), e.g. a journal line's body.
    ``printable``: the caller guarantees bytes 0x20..0x7e only (the journal's canonical JSON),
    so only '%' and '~' need looking for."""
    if printable and payload_json.find(b"%") < 0 and payload_json.find(b"~") < 0:
        esc = payload_json
    else:
        esc = escape(payload_json)
    body = ("%s %d " % (ftype, seq)).encode() + esc
    return b"~" + body + (" %08x\n" % crc(body)).encode()


def _digits(tok, what):
    if not tok or len(tok) > 10:
        raise FrameError("bad %s" % what)
    for c in tok:
        if c < 48 or c > 57:
            raise FrameError("bad %s" % what)
    return int(tok)


def decode(line):
    """A frame line (bytes; with or without the trailing LF/CR) -> (type, seq, payload dict).

    Raises FrameError for anything that is not one well-formed frame.
    """
    line = bytes(line)
    while line and line[-1] in (10, 13):
        line = line[:-1]
    if not line or line[0] != 0x7E:
        raise FrameError("frame does not start with '~'")
    sp = line.rfind(b" ")
    if sp < 1 or len(line) - sp - 1 != 8:
        raise FrameError("missing CRC")
    body = line[1:sp]
    want = line[sp + 1:]
    for c in want:
        if not (48 <= c <= 57 or 97 <= c <= 102):
            raise FrameError("bad CRC digits")
    if crc(body) != int(want, 16):
        raise FrameError("CRC mismatch")
    parts = body.split(b" ", 2)
    if len(parts) != 3 or len(parts[0]) != 1:
        raise FrameError("bad frame layout")
    ftype = chr(parts[0][0])
    if ftype not in TYPES:
        raise FrameError("unknown frame type %r" % ftype)
    seq = _digits(parts[1], "seq")
    if not parts[2].startswith(b"{") or not parts[2].endswith(b"}"):
        raise FrameError("payload is not an object")
    if seq > MAX_SEQ:
        raise FrameError("seq out of range")
    try:
        payload = json.loads(unescape(parts[2]).decode())
    except FrameError:
        raise
    except Exception:  # ValueError, UnicodeError, MicroPython's own
        raise FrameError("payload is not JSON")
    if not isinstance(payload, dict):
        raise FrameError("payload is not an object")
    if ftype == EVENT or ftype == SNAPSHOT:
        _check_record(payload if ftype == EVENT else payload.get("state"), 0)
    if ftype == EVENT:
        if payload.get("seq") != seq or not isinstance(payload.get("t"), str):
            raise FrameError("event frame seq %d does not match its event" % seq)
    return ftype, seq, payload


def _check_record(obj, depth):
    """Events and snapshots hold only dicts (string keys), lists, ints, strings, bools and None."""
    if depth > 16:
        raise FrameError("record nested too deep")
    if isinstance(obj, dict):
        for k in obj:
            if not isinstance(k, str):
                raise FrameError("record key is not a string")
            _check_record(obj[k], depth + 1)
    elif isinstance(obj, list):
        for v in obj:
            _check_record(v, depth + 1)
    elif obj is None or isinstance(obj, (int, str, bool)):
        pass
    else:
        raise FrameError("record holds a %s" % type(obj).__name__)


class Decoder:
    """Feed it bytes as they arrive; it returns the good frames and counts the rest.

    ``bad`` counts frames that started with ``~`` but did not decode (CRC, escape, layout, too
    long, cut short by another ``~``); ``noise`` counts other lines (prints, REPL text);
    ``good`` counts decoded frames. ``last_error`` keeps the last FrameError message.
    """

    def __init__(self, max_len=4096):
        self.max_len = max_len
        self.buf = bytearray()
        self.skipping = False
        self.good = 0
        self.bad = 0
        self.noise = 0
        self.last_error = None

    def _bad(self, msg):
        self.bad += 1
        self.last_error = msg

    def feed(self, data):
        """Bytes in (any split), a list of (type, seq, payload) out."""
        frames = []
        data = bytes(data)
        pos = 0
        n = len(data)
        while pos < n:
            nl = data.find(b"\n", pos)
            end = n if nl < 0 else nl
            seg = data[pos:end]
            if self.skipping:
                t = seg.find(b"~")
                if t >= 0:
                    self.skipping = False
                    seg = seg[t:]
                else:
                    seg = b""
            if seg:
                self.buf.extend(seg)
                if len(self.buf) > self.max_len:
                    if bytes(self.buf).find(b"~") >= 0:
                        self._bad("frame too long")
                    else:
                        self.noise += 1
                    self.buf = bytearray()
                    self.skipping = True
            if nl < 0:
                break
            if not self.skipping and self.buf:
                self._line(bytes(self.buf), frames)
            self.buf = bytearray()
            self.skipping = False
            pos = nl + 1
        return frames

    def _line(self, line, frames):
        t = line.rfind(b"~")
        if t < 0:
            if line.strip():
                self.noise += 1
            return
        cut = line.count(b"~") - 1
        if cut:
            self.bad += cut
            self.last_error = "frame cut short"
        try:
            frames.append(decode(line[t:]))
            self.good += 1
        except FrameError as exc:
            self._bad(str(exc))


# Secrets -------------------------------------------------------------------------------------

SECRET = "sec"   # an event's secret part (a battle command before the reveal, an objective):
                 # kept in the device journal, never sent over the link.


LOCK_CLEAR = ("cmd", "n", "nonce")   # never on a lock event: only its commitment "h" crosses


def redact(event):
    """The form of an event that may cross the link: without its secret part ("sec"), and a
    T.E.G. II ``lock`` without any clear command or nonce (only the commitment)."""
    strip = SECRET in event
    if event.get("t") == "lock":
        for k in LOCK_CLEAR:
            if k in event:
                strip = True
    if not strip:
        return event
    event = dict(event)
    for k in (SECRET,) + (LOCK_CLEAR if event.get("t") == "lock" else ()):
        if k in event:
            del event[k]
    return event


# The fields of a secret's device-made parts: the secret itself ("sec"), the reveal of sealed
# objectives ("rv") and their commitments ("oh", comando.engine.secret). Only the device makes
# them, from what its buttons entered and its own random nonces: a laptop command never carries one.
SEALED = (SECRET, "rv", "oh")


def button_only(state, action):
    """Why a laptop command may not enter ``action`` on the device (one line), or None.

    A secret is its player's: entered on the device's buttons, sealed there (issue 23). The link
    refuses, before the rules see it, an action carrying a sealed part, and every action the
    game's own plug-in declares button-only (``button_only(state, action)`` of the state's
    ``rules``: T.E.G. II's locks, reveals and hidden tokens; a map game's known objectives)."""
    for k in SEALED:
        if k in action:
            return ("only the device's buttons may enter a secret: a command from the laptop "
                    "carries no %r" % k)
    try:
        rules = state.rules
    except (AttributeError, ValueError):   # no game yet (a table session's rules raise)
        return None
    check = getattr(rules, "button_only", None)
    return check(state, action) if check is not None else None


def describe(ftype, seq, payload):
    """One short readable line for logs and the mirror's link panel."""
    name = NAMES.get(ftype, ftype)
    if ftype == EVENT:
        return "%s #%d %s" % (name, seq, payload.get("t"))
    return "%s %d" % (name, seq)
