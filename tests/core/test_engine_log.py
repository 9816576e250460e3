"""Game logs (comando.engine.log): one JSON event per line, written and read back unchanged on
both runtimes; a line that is not an event is named by its line number."""

from comando.engine import log as elog
from mpytest import raises, remove_quietly, temp_name


def _write(path, data):
    f = open(path, "wb")
    f.write(data)
    f.close()


def test_dumps_is_compact_and_keeps_strings_as_they_are():
    """A Risk diplomacy note may hold ", " (risk-online-12-maps.txt: the diplomacy panel is free
    text): the log must give it back unchanged, or a replay differs from the game."""
    ev = {"seq": 5, "t": "dip", "p": 0, "q": 1, "k": "carve", "text": "you Asia, me Europe: ok"}
    line = elog.dumps(ev)
    assert line.startswith('{"seq":5,"t":"dip",')
    assert ", " not in line.replace("you Asia, me Europe", "")
    assert elog.loads(line) == ev
    nested = {"seq": 1, "t": "new", "players": [{"n": "Ana", "c": "red"}], "opt": {"pacts": 0}}
    assert elog.loads(elog.dumps(nested)) == nested


def test_loads_says_what_a_line_is_instead():
    with raises(ValueError, "not a JSON event"):
        elog.loads("garbage")
    with raises(ValueError, "not a JSON event"):
        elog.loads("[1, 2]")
    with raises(ValueError, "not a JSON event"):
        elog.loads('{"seq": 1}')


def test_iter_log_names_the_bad_line():
    path = temp_name("engine-log", ".jsonl")
    try:
        good = elog.dumps({"seq": 1, "t": "end", "p": 0})
        _write(path, (good + "\n\n" + good + "\n").encode())
        assert [n for n, _ in elog.iter_log(path)] == [1, 3]
        assert elog.read_log(path) == [(1, {"seq": 1, "t": "end", "p": 0}),
                                       (3, {"seq": 1, "t": "end", "p": 0})]
        _write(path, (good + "\n").encode() + b"\xff\xfe\n")
        with raises(ValueError, path + ":2: not UTF-8 text"):
            elog.read_log(path)
        _write(path, (good + "\n{not json\n").encode())
        with raises(ValueError, path + ":2: not a JSON event"):
            elog.read_log(path)
        # an export's header line (no "t") is skipped only when the reader names its keys
        _write(path, ('{"game": "s1"}\n' + good + "\n").encode())
        assert [n for n, _ in elog.iter_log(path, ("game",))] == [2]
        with raises(ValueError, path + ":1: not a JSON event"):
            elog.read_log(path)
    finally:
        remove_quietly(path)


def test_iter_lines_reads_lines_already_read_and_names_them():
    """The laptop reads a log once, size-bound (comando_host.store.inputfile), then checks those bytes
    with iter_lines: the same events and line numbers as iter_log, errors under the given name."""
    good = elog.dumps({"seq": 1, "t": "end", "p": 0})
    lines = [b"\xef\xbb\xbf" + good.encode() + b"\n", b"\n", b'{"game": "s1"}\n',
             good.encode()]
    assert [n for n, _ in elog.iter_lines(lines, "x.jsonl", ("game",))] == [1, 4]
    with raises(ValueError, "x.jsonl:3: not a JSON event"):
        list(elog.iter_lines(lines, "x.jsonl"))
    with raises(ValueError, "x.jsonl:2: not UTF-8 text"):
        list(elog.iter_lines([good.encode() + b"\n", b"\xff\n"], "x.jsonl"))
