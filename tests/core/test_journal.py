"""The journal line codec (comando/journal.py, journal_read.py), on CPython and MicroPython alike."""

from mpytest import raises

from comando import journal, journal_read
from comando.errors import JournalError

EVENTS = [
    {"seq": 1, "t": "new", "rs": "teg", "p": ["red", "blue"]},
    {"seq": 2, "t": "roll", "a": [6, 5, 1], "d": [4, 4], "la": 0, "ld": 2},
    {"seq": 3, "t": "note", "s": 'quo"te\\ñ\n'},
]


def test_canonical_dumps_sorts_keys_and_escapes():
    assert journal.dumps({"b": 1, "a": [1, -2, "x"], "c": None, "d": True}) == \
        '{"a":[1,-2,"x"],"b":1,"c":null,"d":true}'
    assert journal.dumps("a\u00f1\"\n") == '"a\\u00f1\\"\\u000a"'


def test_the_fast_path_writes_the_same_bytes_as_the_canonical_encoder():
    # dumps() hands plain values to the runtime's json.dumps (keys sorted first); whatever it
    # would write differently (escapes, non-ASCII, DEL) goes through the canonical encoder
    values = EVENTS + [
        {"z": {"y": [1, {"b": 2, "a": [3, None]}], "x": False}, "a": -7, "m": 10 ** 12},
        {"s": "tab\there", "u": "\u00e9\u20ac\U0001f3b2", "d": "del\x7f", "c": "\x01", "e": ""},
        [1, (2, 3), "x"], "plain", 0, None, True, {}, [],
        {"a": "\\", "b": '"', "c": "/", "d": " ~"},
    ]
    for v in values:
        assert journal.dumps(v) == journal._dumps(v), v
    for bad in ({1: 2}, {"f": 1.5}, [0.5]):
        with raises(JournalError):
            journal.dumps(bad)


def test_roundtrip_every_event():
    for ev in EVENTS:
        line = journal.encode(ev)
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        assert journal_read.decode(line) == ev


def test_known_line_bytes_are_stable():
    # The same bytes on both runtimes: the host reads what the device wrote.
    line = journal.encode({"seq": 1, "t": "x"})
    assert line == b"%s {\"seq\":1,\"t\":\"x\"}\n" % journal.crc_hex(b'{"seq":1,"t":"x"}').encode()
    assert journal.crc_hex(b"abc") == "352441c2"


def test_corrupt_line_raises_journal_error():
    line = bytearray(journal.encode(EVENTS[1]))
    line[12] ^= 1
    with raises(JournalError):
        journal_read.decode(bytes(line))
    with raises(JournalError):
        journal_read.decode(b"short\n")


def test_scan_keeps_valid_prefix_and_reports_torn_tail():
    data = b"".join(journal.encode(e) for e in EVENTS)
    evs, good, problem = journal_read.scan(data)
    assert evs == EVENTS and good == len(data) and problem is None
    torn = data[:-5]
    evs, good, problem = journal_read.scan(torn)
    assert evs == EVENTS[:2]
    assert good == len(journal.encode(EVENTS[0])) + len(journal.encode(EVENTS[1]))
    assert "torn" in problem


def test_scan_stops_at_seq_gap():
    data = journal.encode(EVENTS[0]) + journal.encode(EVENTS[2])
    evs, good, problem = journal_read.scan(data)
    assert evs == EVENTS[:1] and "seq" in problem


def test_truncation_at_every_offset_gives_a_prefix():
    data = b"".join(journal.encode(e) for e in EVENTS)
    for cut in range(len(data) + 1):
        evs, good, problem = journal_read.scan(data[:cut])
        assert evs == EVENTS[:len(evs)]
        assert good <= cut
        assert (problem is None) == (good == cut)


def test_scan_stream_matches_scan():
    import io
    data = b"".join(journal.encode(e) for e in EVENTS) + b"0000"
    got = []
    count, good, problem = journal_read.scan_stream(io.BytesIO(data), got.append)
    assert got == EVENTS and count == 3 and good == len(data) - 4 and "torn" in problem
