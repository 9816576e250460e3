"""Button debounce, long press and repeat (device/buttons.py) fed with bouncing edges."""

from device.buttons import Buttons, PRESS, LONG, REPEAT

OK = 2
UP = 0


def feed(b, timeline, until, step=1):
    """timeline: sorted (time_ms, mask) raw changes; sample every `step` ms like the poll task."""
    events = []
    mask = 0
    i = 0
    for now in range(0, until, step):
        while i < len(timeline) and timeline[i][0] <= now:
            mask = timeline[i][1]
            i += 1
        for ev in b.update(mask, now):
            events.append((now, ev))
    return events


def bouncy_press(start, button, hold, bounce=6):
    """Edges of one press with contact bounce on both the make and the break."""
    bit = 1 << button
    tl = []
    for k in range(bounce):  # toggles 1 ms apart
        tl.append((start + k, bit if k % 2 == 0 else 0))
    tl.append((start + bounce, bit))
    end = start + bounce + hold
    for k in range(bounce):
        tl.append((end + k, 0 if k % 2 == 0 else bit))
    tl.append((end + bounce, 0))
    return tl


def test_bouncing_presses_count_once_each():
    b = Buttons()
    tl = []
    t = 10
    for n in range(20):
        tl += bouncy_press(t, OK, hold=60 + n * 7, bounce=2 + n % 7)
        t += 400
    evs = feed(b, tl, t + 100)
    presses = [e for _, e in evs if e == (OK, PRESS)]
    assert len(presses) == 20, evs
    assert not [e for _, e in evs if e[1] == LONG]


def test_glitch_shorter_than_debounce_is_ignored():
    b = Buttons(debounce_ms=20)
    evs = feed(b, [(10, 1 << OK), (15, 0), (40, 1 << OK), (52, 0)], 200)
    assert evs == []


def test_long_press_once_and_press_first():
    b = Buttons(long_ms=700)
    evs = feed(b, bouncy_press(0, OK, hold=1500), 2000)
    kinds = [e[1] for _, e in evs]
    assert kinds == [PRESS, LONG]
    t_long = [t for t, e in evs if e[1] == LONG][0]
    assert 700 <= t_long <= 730


def test_repeat_on_hold_for_up():
    b = Buttons(repeat_delay_ms=450, repeat_ms=110)
    evs = feed(b, [(0, 1 << UP), (1000, 0)], 1100)
    kinds = [e for _, e in evs]
    assert kinds[0] == (UP, PRESS)
    reps = [t for t, e in evs if e == (UP, REPEAT)]
    # first repeat 450 ms after the debounced press (at 20 ms), then every 110 ms while held
    assert reps[0] == 470 and all(b - a == 110 for a, b in zip(reps, reps[1:]))
    assert len(reps) == 5  # 470, 580, 690, 800, 910


def test_two_buttons_at_once_are_independent():
    tl = []
    for t, m in bouncy_press(0, OK, 100):
        tl.append((t, m))
    # the roll button pressed 3 ms later, overlapping: combine both into one mask timeline
    times = sorted(set([t for t, _ in tl] + [t for t, _ in bouncy_press(3, 4, 100)]))
    def at(timeline, t):
        m = 0
        for tt, mm in timeline:
            if tt <= t:
                m = mm
        return m
    roll = bouncy_press(3, 4, 100)
    merged = [(t, at(tl, t) | at(roll, t)) for t in times]
    evs = feed(Buttons(), merged, 400)
    assert sorted(e for _, e in evs) == [(OK, PRESS), (4, PRESS)]
