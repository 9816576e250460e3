"""The wire codec (comando.link): one printable line per frame, CRC32, escaped payloads.

Issue 6 "Build": one frame per line, readable in a serial monitor, sequence number and CRC32;
Ctrl-C and other control bytes escaped so they never reach MicroPython's REPL; a bad frame is
counted and dropped, never acted on.
"""

from mpytest import raises

from comando import link as L
from comando.errors import FrameError


def test_event_frame_is_one_readable_line():
    ev = {"seq": 42, "t": "roll", "p": 1, "d": [6, 3]}
    f = L.encode(L.EVENT, 42, ev)
    assert f.startswith(b"~E 42 {") and f.endswith(b"\n")
    assert f.count(b"\n") == 1
    for b in f[:-1]:
        assert 0x20 <= b <= 0x7E
    t, seq, p = L.decode(f)
    assert (t, seq, p) == (L.EVENT, 42, ev)


def test_every_frame_type_round_trips():
    cases = [
        (L.HELLO, 7, {"v": 1, "game": "g1", "board": "teg", "fw": "0.1", "first": 1}),
        (L.EVENT, 1, {"seq": 1, "t": "start"}),
        (L.ACK, 9, {}),
        (L.RESEND, 3, {}),
        (L.SNAPSHOT, 100, {"game": "g1", "state": {"n": 100, "owners": [1, 2, 3]}}),
        (L.COMMAND, 77, {"a": {"t": "conquer", "c": 12}}),
        (L.ERROR, 0, {"m": "bad"}),
        (L.BEAT, 12, {}),
    ]
    for t, seq, p in cases:
        assert L.decode(L.encode(t, seq, p)) == (t, seq, p)


def test_control_bytes_tilde_percent_and_utf8_are_escaped():
    ev = {"seq": 1, "t": "note", "s": "a\x03b\x04c\r\n~50% ñ\x7f"}
    f = L.encode(L.EVENT, 1, ev)
    body = f[:-1]
    assert b"\x03" not in body and b"\x04" not in body and b"\r" not in body
    assert body.count(b"~") == 1
    for b in body:
        assert 0x20 <= b <= 0x7E
    assert L.decode(f)[2] == ev


def test_escape_round_trip_all_bytes():
    data = bytes(range(256))
    esc = L.escape(data)
    for b in esc:
        assert 0x20 <= b <= 0x7E and b != 0x7E
    assert L.unescape(esc) == data


def test_bad_frames_raise_frame_error():
    good = L.encode(L.EVENT, 5, {"seq": 5, "t": "x"})
    flipped = bytearray(good)
    flipped[8] ^= 0x01
    bad = [
        b"", b"hello", b"~E 5 {} 00000000", bytes(flipped), good[:-5] + b"\n",
        good.replace(b"~E", b"~Q"),
    ]
    for line in bad:
        with raises(FrameError):
            L.decode(line)


def test_event_seq_must_match_header():
    body = b'E 6 {"seq":5,"t":"x"}'
    line = b"~" + body + (" %08x" % L.crc(body)).encode()
    with raises(FrameError, "does not match"):
        L.decode(line)


def test_unescape_rejects_raw_and_truncated():
    with raises(FrameError):
        L.unescape(b"ab\x03")
    with raises(FrameError):
        L.unescape(b"ab%0")
    with raises(FrameError):
        L.unescape(b"ab%zz")


def test_seq_only_plain_digits():
    for tok in (b" 5", b"+5", b"-5", b"0x5", b"5 "):
        body = b"A " + tok + b" {}"
        line = b"~" + body + (" %08x" % L.crc(body)).encode()
        with raises(FrameError):
            L.decode(line)


def test_decoder_splits_any_way_and_counts_bad_and_noise():
    f1 = L.encode(L.EVENT, 1, {"seq": 1, "t": "a"})
    f2 = L.encode(L.ACK, 1)
    junk = b"MicroPython v1.28 REPL\r\n>>> \n"
    corrupt = bytearray(L.encode(L.EVENT, 2, {"seq": 2, "t": "b"}))
    corrupt[10] ^= 0x20
    stream = junk + f1 + bytes(corrupt) + f2
    for step in (1, 3, 7, len(stream)):
        d = L.Decoder()
        got = []
        for i in range(0, len(stream), step):
            got += d.feed(stream[i:i + step])
        assert [g[0] for g in got] == [L.EVENT, L.ACK]
        assert d.bad == 1 and d.good == 2
        assert d.noise >= 1


def test_decoder_resyncs_after_a_lost_newline():
    f1 = L.encode(L.EVENT, 1, {"seq": 1, "t": "a"})
    f2 = L.encode(L.EVENT, 2, {"seq": 2, "t": "b"})
    d = L.Decoder()
    got = d.feed(f1[:-1] + f2)
    assert [g[1] for g in got] == [2]
    assert d.bad == 1


def test_decoder_drops_overlong_lines():
    d = L.Decoder(max_len=64)
    big = L.encode(L.EVENT, 1, {"seq": 1, "t": "x" * 200})
    ok = L.encode(L.ACK, 3)
    got = d.feed(big + ok)
    assert got == [(L.ACK, 3, {})]
    assert d.bad == 1


def test_records_hold_only_plain_values():
    body = b'E 1 {"seq":1,"t":"x","f":1.5}'
    line = b"~" + body + (" %08x" % L.crc(body)).encode()
    with raises(FrameError):
        L.decode(line)


def test_redact_strips_the_secret_part():
    ev = {"seq": 3, "t": "lock", "p": 1, "h": "ab" * 32, "sec": {"cmd": "3/0/5", "nonce": "x"}}
    r = L.redact(ev)
    assert "sec" not in r and r["h"] == ev["h"] and "sec" in ev
    f = L.encode(L.EVENT, 3, r)
    assert b"3/0/5" not in f


def test_mutation_fuzz_on_both_runtimes():
    """The decoder on the device's own runtime too: 400 seeded mutations of real frames (bit
    flips, inserted control bytes, deletions, truncations) never crash it and never yield a frame
    that differs from one that was sent (hypothesis does more of this on CPython)."""
    seed = [12345]

    def rnd(n):
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return seed[0] % n

    sent = [L.encode(L.EVENT, i, {"seq": i, "t": "roll", "d": [i % 6 + 1], "s": "a~b%c\x03"})
            for i in range(1, 9)] + [L.encode(L.ACK, 7), L.encode(L.COMMAND, 3, {"a": {"t": "x"}})]
    good = [L.decode(f) for f in sent]
    d = L.Decoder(max_len=512)
    for k in range(400):
        b = sent[k % len(sent)]
        for _ in range(1 + rnd(3)):
            op = rnd(4)
            i = rnd(len(b)) if b else 0
            if op == 0 and b:
                b = b[:i] + bytes([b[i] ^ (1 << rnd(8))]) + b[i + 1:]
            elif op == 1:
                b = b[:i] + bytes([(3, 4, 10, 13, 0x7E, 0x25, 0xFF)[rnd(7)]]) + b[i:]
            elif op == 2 and b:
                b = b[:i] + b[i + 1:]
            else:
                b = b[:i]
        for f in d.feed(b):
            assert f in good
    assert d.bad > 300
