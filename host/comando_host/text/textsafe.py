"""Text from files and players reaches the terminal as text only: control characters (an escape
sequence in a player's name can recolour, move the cursor, retitle or clear a terminal) are shown
in caret notation (ESC as ^[) instead of being obeyed. The project's own pictures (the coloured
map) are ``Styled``: their data escaped where it is put in, their colours kept."""

# C0 controls except tab and newline, DEL, and the C1 controls (U+0080-U+009F).
_TABLE = {c: "^" + chr(c ^ 0x40) for c in range(0x20) if c not in (0x09, 0x0A)}
_TABLE[0x7F] = "^?"
_TABLE.update({c: "\\x%02x" % c for c in range(0x80, 0xA0)})


def printable(text: str) -> str:
    """``text`` with every control character (but tab and newline) made visible."""
    return text.translate(_TABLE)


def has_controls(text: str) -> bool:
    return printable(text) != text


class Styled(str):
    """Text the project drew itself, its own escape sequences (colours) included, with whatever
    came from data (names, board texts) already made ``printable``: a SafeStream passes it as it
    is. ``str()`` keeps the mark, so ``print(styled)`` reaches the stream still marked; anything
    built from it (``styled + x``) is a plain str again and is escaped."""

    def __str__(self):
        return self


class SafeStream:
    """A text stream that writes ``printable`` text to the one it wraps (everything else is the
    wrapped stream's: fileno, isatty, encoding, flush)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        if type(text) is Styled:   # (exactly: a subclass could be anything)
            return self._stream.write(text)
        return self._stream.write(printable(text))

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __getattr__(self, name):
        return getattr(self._stream, name)
