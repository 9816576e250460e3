"""Buttons: a press on its leading edge, bounces locked out, long press and repeat on hold, from
raw samples of a bitmask.

``update(mask, now_ms, fell=0, fell_at=None, rose_at=None)`` takes the raw pressed-bitmask (bit i =
button i) sampled every few ms, ``fell``: the buttons whose line fell since the last sample (a
pin-edge interrupt's latch, when the HAL has one, read before the sample), ``fell_at[i]`` and
``rose_at[i]``: when button i's line last fell and rose, and returns the events it completes, as ``(button, kind)`` pairs:

- every button: ``PRESS`` once, at the first sample that sees it pressed (or that finds its edge
  latched: a tap that began and ended between two samples, while the loop was busy);
- ``REPEAT`` buttons (up, down) then give ``REPEAT`` every ``repeat_ms`` after ``repeat_delay_ms``;
- ``LONG`` buttons (ok, back, roll) give ``LONG`` once when held ``long_ms``.

Acting on the leading edge answers a press ``debounce_ms`` sooner than waiting for it to be
stable. What keeps contact bounce from making a second press is the release: a pressed button
counts as released only once its raw line has stayed up for ``debounce_ms``, so the bounces of the
make (and of the break) all fall inside one press; the release counts from the line's latched
rising edge when there is one (the loop may look long after the hand let go), and a latched fall
``debounce_ms`` or more after that is a new press even if no sample saw the release last long
enough. A one-sample glitch counts as a press: a button's line on an internal pull-up does not glitch by itself, while a quick tap seen by one
sample only (the loop was busy before and after it) must never be lost. Pure logic: the clock is
an argument, so tests feed it edges at exact times.
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
        self.raw = 0  # the last sample
        self.sampled_at = 0
        self.state = 0  # pressed, as the app sees it
        self.up_at = [0] * count  # when the raw line of a pressed button was first seen up
        self.down_at = [0] * count  # when the press began
        self.next_repeat = [0] * count
        self.long_sent = 0  # bitmask
        self.presses = 0

    def update(self, mask, now, fell=0, fell_at=None, rose_at=None):
        state = self.state
        was = self.raw
        went_up = was & ~mask
        self.raw = mask
        last = self.sampled_at
        self.sampled_at = now
        if not (mask | fell | state):
            return ()   # the common case, every few ms: nothing pressed, nothing allocated
        events = []
        for i in range(self.count):
            bit = 1 << i
            if state & bit and fell & bit and not was & bit and fell_at is not None and \
                    _diff(fell_at[i], self.up_at[i]) >= self.debounce_ms:
                state &= ~bit   # seen up, then a fall later than any bounce: a new press
            if not state & bit:
                if (mask | fell) & bit:   # the leading edge: a press now
                    state |= bit
                    self.down_at[i] = now
                    # (a latched tap, already up: released from its rise)
                    self.up_at[i] = _rose(rose_at, i, last, now)
                    self.next_repeat[i] = now + self.repeat_delay_ms
                    self.long_sent &= ~bit
                    self.presses += 1
                    events.append((i, PRESS))
                continue
            if mask & bit:   # held (or bouncing)
                if self.repeat_mask & bit:
                    if _diff(now, self.next_repeat[i]) >= 0:
                        self.next_repeat[i] = now + self.repeat_ms
                        events.append((i, REPEAT))
                elif not self.long_sent & bit and _diff(now, self.down_at[i]) >= self.long_ms:
                    self.long_sent |= bit
                    events.append((i, LONG))
                continue
            if went_up & bit:
                self.up_at[i] = _rose(rose_at, i, last, now)
            if _diff(now, self.up_at[i]) >= self.debounce_ms:
                state &= ~bit   # up for debounce_ms: released (the bounces are over)
        self.state = state
        return events


def _rose(rose_at, i, last, now):
    """When button i's line went up: its latched rising edge if that came since the last sample
    (the loop may have looked long after the hand let go), else now."""
    if rose_at is not None:
        t = rose_at[i]
        if _diff(t, last) >= 0 and _diff(now, t) >= 0:
            return t
    return now
