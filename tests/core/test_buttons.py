"""Buttons (device/buttons.py) fed with bouncing edges: a press on its leading edge, the bounces of
the make and the break locked out, long press and repeat."""

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


def test_a_press_comes_at_the_first_sample_that_sees_it():
    b = Buttons(debounce_ms=20)
    evs = feed(b, bouncy_press(10, OK, hold=60), 200)
    assert evs == [(10, (OK, PRESS))]


def test_bounces_of_the_make_and_break_within_debounce_are_one_press():
    # the break bounces for 15 ms (under the 20 ms release debounce): still one press
    b = Buttons(debounce_ms=20)
    evs = feed(b, bouncy_press(10, OK, hold=50, bounce=15), 300)
    assert evs == [(10, (OK, PRESS))]


def test_a_quick_tap_seen_by_one_sample_is_a_press():
    # the loop was busy before and after: one sample saw the button down (a tap is never lost)
    b = Buttons(debounce_ms=20)
    assert list(b.update(0, 0)) == []
    assert list(b.update(1 << OK, 5)) == [(OK, PRESS)]
    assert list(b.update(0, 120)) == []          # seen up: released once up for 20 ms from here
    assert list(b.update(1 << OK, 135)) == []   # down again 15 ms later: a bounce of the break
    assert list(b.update(0, 140)) == []
    assert list(b.update(0, 159)) == []
    assert list(b.update(0, 161)) == []          # up for 21 ms: released
    assert list(b.update(1 << OK, 170)) == [(OK, PRESS)]


def test_a_tap_between_two_samples_comes_from_the_edge_latch():
    # the tap began and ended while the loop was busy: the pin interrupt latched its edge
    b = Buttons(debounce_ms=20)
    assert list(b.update(0, 0)) == []
    assert list(b.update(0, 150, fell=1 << OK)) == [(OK, PRESS)]
    # an edge latched while the button is still counted as pressed is a bounce of its break
    assert list(b.update(0, 160, fell=1 << OK)) == []
    assert list(b.update(0, 200)) == []
    assert list(b.update(0, 300, fell=1 << OK)) == [(OK, PRESS)]


def test_a_fall_latched_after_the_release_was_seen_is_a_new_press():
    # seen up once, then the loop was busy while the hand pressed again: the latched fall's time
    # tells a new press (20 ms or more after the line was seen up) from a bounce of the break
    b = Buttons(debounce_ms=20)
    at = [0] * 5
    assert list(b.update(1 << OK, 10)) == [(OK, PRESS)]
    assert list(b.update(0, 80)) == []           # seen up (no later sample for a while)
    at[OK] = 84
    assert list(b.update(1 << OK, 130, fell=1 << OK, fell_at=at)) == []   # a bounce, 4 ms after
    assert list(b.update(0, 140)) == []
    at[OK] = 175
    assert list(b.update(1 << OK, 190, fell=1 << OK, fell_at=at)) == [(OK, PRESS)]
    assert list(b.update(0, 260)) == []
    at[OK] = 300
    assert list(b.update(0, 330, fell=1 << OK, fell_at=at)) == [(OK, PRESS)]   # came and went


def test_the_release_counts_from_the_latched_rising_edge():
    # the loop saw the press, then looked again only 130 ms later: the hand had let go at 575
    # (the latched rise) and pressed again at 673; the first sample after that sees it down
    b = Buttons(debounce_ms=20)
    fell, rose = [0] * 5, [0] * 5
    fell[OK] = 430
    assert list(b.update(1 << OK, 436, fell=1 << OK, fell_at=fell, rose_at=rose)) == [(OK, PRESS)]
    assert list(b.update(1 << OK, 573, fell_at=fell, rose_at=rose)) == []
    rose[OK] = 575
    assert list(b.update(0, 669, fell_at=fell, rose_at=rose)) == []   # up since 575: released
    assert b.state == 0
    fell[OK] = 673
    assert list(b.update(1 << OK, 698, fell=1 << OK, fell_at=fell, rose_at=rose)) == [(OK, PRESS)]
    # the same seen by one sample up just before the new fall (its rise 100 ms earlier)
    b = Buttons(debounce_ms=20)
    fell[OK] = 430
    rose[OK] = 0
    assert list(b.update(1 << OK, 436, fell=1 << OK, fell_at=fell, rose_at=rose)) == [(OK, PRESS)]
    rose[OK] = 440
    assert list(b.update(0, 445, fell_at=fell, rose_at=rose)) == []   # up 5 ms: not yet
    assert b.state != 0
    fell[OK] = 540
    assert list(b.update(1 << OK, 560, fell=1 << OK, fell_at=fell, rose_at=rose)) == [(OK, PRESS)]


def test_long_press_once_and_press_first():
    b = Buttons(long_ms=700)
    evs = feed(b, bouncy_press(0, OK, hold=1500), 2000)
    kinds = [e[1] for _, e in evs]
    assert kinds == [PRESS, LONG]
    t_long = [t for t, e in evs if e[1] == LONG][0]
    assert 700 <= t_long <= 710


def test_repeat_on_hold_for_up():
    b = Buttons(repeat_delay_ms=450, repeat_ms=110)
    evs = feed(b, [(0, 1 << UP), (1000, 0)], 1100)
    kinds = [e for _, e in evs]
    assert kinds[0] == (UP, PRESS)
    reps = [t for t, e in evs if e == (UP, REPEAT)]
    # first repeat 450 ms after the press (its leading edge, at 0), then every 110 ms while held
    assert reps[0] == 450 and all(b - a == 110 for a, b in zip(reps, reps[1:]))
    assert len(reps) == 5  # 450, 560, 670, 780, 890


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
