"""Buttons: debounce, long press and repeat on hold, from raw samples of a bitmask.

``update(mask, now_ms)`` takes the raw pressed-bitmask (bit i = button i) sampled every few ms and
returns the events it completes, as ``(button, kind)`` pairs:

- every button: ``PRESS`` once, as soon as the press is stable for ``debounce_ms``;
- ``REPEAT`` buttons (up, down) then give ``REPEAT`` every ``repeat_ms`` after ``repeat_delay_ms``;
- ``LONG`` buttons (ok, back, roll) give ``LONG`` once when held ``long_ms``.

A raw change must hold for ``debounce_ms`` before the debounced state follows it, so contact
bounce (edges a few ms apart) never makes a second press, and a press shorter than that is
noise. Pure logic: the clock is an argument, so tests feed it edges at exact times.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731

PRESS = const(1)
LONG = const(2)
REPEAT = const(3)


try:
    from time import ticks_diff as _diff
except ImportError:  # CPython: plain ints
    _diff = lambda a, b: a - b  # noqa: E731


class Buttons:
    def __init__(self, count=5, repeat_mask=0b00011, debounce_ms=20, long_ms=700,
                 repeat_delay_ms=450, repeat_ms=110):
        self.count = count
        self.repeat_mask = repeat_mask
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.raw = 0
        self.state = 0  # debounced
        self.changed_at = [0] * count  # when the raw bit last changed
        self.down_at = [0] * count  # when the debounced press began
        self.next_repeat = [0] * count
        self.long_sent = 0  # bitmask
        self.presses = 0

    def update(self, mask, now):
        events = []
        changed = mask ^ self.raw
        if changed:
            for i in range(self.count):
                if changed & (1 << i):
                    self.changed_at[i] = now
            self.raw = mask
        for i in range(self.count):
            bit = 1 << i
            raw = mask & bit
            if raw != (self.state & bit) and _diff(now, self.changed_at[i]) >= self.debounce_ms:
                if raw:
                    self.state |= bit
                    self.down_at[i] = now
                    self.next_repeat[i] = now + self.repeat_delay_ms
                    self.long_sent &= ~bit
                    self.presses += 1
                    events.append((i, PRESS))
                else:
                    self.state &= ~bit
            elif self.state & bit:
                if self.repeat_mask & bit:
                    if _diff(now, self.next_repeat[i]) >= 0:
                        self.next_repeat[i] = now + self.repeat_ms
                        events.append((i, REPEAT))
                elif not self.long_sent & bit and _diff(now, self.down_at[i]) >= self.long_ms:
                    self.long_sent |= bit
                    events.append((i, LONG))
        return events
