"""Fuzzing the link's parsers with hypothesis (issue 6 "Must show"): random bytes and mutated
frames into the decoder and into both sync state machines. Never a crash; never an event or a
command acted on unless it arrived in a frame exactly as it was sent.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from comando import link as L
from comando import sync as S
from comando.errors import FrameError
from comando_host.store import notation

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

values = st.recursive(st.one_of(st.integers(-2**40, 2**40), st.text(max_size=12), st.booleans(),
                                st.none()),
                      lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=5), c, max_size=4),
                      max_leaves=10)
events = st.builds(lambda seq, t, extra: dict(extra, seq=seq, t=t),
                   st.integers(1, 50), st.text(min_size=1, max_size=8),
                   st.dictionaries(st.text(min_size=1, max_size=4).filter(lambda k: k not in ("seq", "t")),
                                   values, max_size=4))


def mutate(data: bytes, ops):
    b = bytearray(data)
    for kind, pos, val in ops:
        if not b:
            break
        i = pos % len(b)
        if kind == 0:
            b[i] ^= 1 << (val % 8)
        elif kind == 1:
            b.insert(i, val % 256)
        elif kind == 2:
            del b[i]
        else:
            b[i:i] = b[max(0, i - 5):i]
    return bytes(b)


mutations = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10**6), st.integers(0, 255)),
                     min_size=1, max_size=4)


@FUZZ
@given(st.binary(max_size=400))
def test_decoder_never_crashes_on_random_bytes(data):
    d = L.Decoder(max_len=256)
    for ftype, seq, payload in d.feed(data):
        # anything that decodes re-encodes to a frame with the same meaning
        assert L.decode(L.encode(ftype, seq, payload)) == (ftype, seq, payload)


@FUZZ
@given(events, mutations)
def test_mutated_event_frames_are_dropped_or_exact(ev, ops):
    good = L.encode(L.EVENT, ev["seq"], ev)
    assert L.decode(good)[2] == ev
    bad = mutate(good, ops)
    try:
        t, seq, p = L.decode(bad)
    except FrameError:
        return
    # a mutation that still decodes must be an identical frame (e.g. an inserted byte before ~)
    assert (t, seq, p) == (L.EVENT, ev["seq"], ev)


@FUZZ
@given(st.lists(events, min_size=1, max_size=8), mutations, st.binary(max_size=64))
def test_host_sync_only_applies_genuine_events(evs, ops, junk):
    genuine = {}
    stream = b""
    for i, ev in enumerate(evs):
        ev = dict(ev, seq=i + 1)
        genuine[ev["seq"]] = ev
        stream += L.encode(L.EVENT, ev["seq"], ev)
    hello = L.encode(L.HELLO, len(evs), {"v": 1, "game": "g"})
    host = S.HostSync(lambda g: 0)
    host.feed(hello + mutate(stream, ops) + junk, 1.0)
    for d in host.take_deliveries():
        if d[0] == "event":
            assert genuine[d[1]["seq"]] == d[1]


@FUZZ
@given(st.binary(max_size=300), mutations)
def test_device_sync_survives_garbage_and_mutated_commands(junk, ops):
    src = S.MemorySource()
    src.append({"t": "x"})
    dev = S.DeviceSync(src, "g", now=0)
    dev.feed(L.encode(L.HELLO, 0, {"v": 1, "game": "g"}), 0.1)
    cmd = L.encode(L.COMMAND, 7, {"a": {"t": "conquer", "c": 3}, "after": 1})
    dev.feed(junk + mutate(cmd, ops), 0.2)
    for cid, action in dev.take_commands():
        assert cid == 7 and action == {"t": "conquer", "c": 3, "cid": 7}
    dev.tick(5.0)
    dev.take()


@FUZZ
@given(st.text(max_size=300))
def test_notation_parser_only_raises_journal_errors(text):
    from comando.errors import JournalError
    try:
        notation.parse(text, "f")
    except JournalError:
        pass


def test_host_sync_ignores_a_garbled_cid():
    """Found by hypothesis: an event or error whose cid is not a number raised TypeError."""
    stream = L.encode(L.HELLO, 2, {"v": 1, "game": "g"})
    evs = [{"seq": 1, "t": "0"}, {"cid": [], "seq": 2, "t": "0"}]
    for ev in evs:
        stream += L.encode(L.EVENT, ev["seq"], ev)
    stream += L.encode(L.ERROR, 3, {"c": {"x": 1}, "m": "no"})
    host = S.HostSync(lambda g: 0)
    host.feed(stream, 1.0)
    got = [d[1] for d in host.take_deliveries() if d[0] == "event"]
    assert got == evs
