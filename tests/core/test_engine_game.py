"""A whole seeded T.E.G. classic game (rules/teg-classic.txt) from the deal to a victory, on both
runtimes: its JSONL log folds twice to the same state. Own module so the MicroPython heap holds only
this game (the device keeps its log on flash, not in RAM)."""

from comando import engine
from engine_fixtures import board, game

MPY_HEAP = "1m"


def test_fold_twice_gives_equal_states_and_log_roundtrip():
    """A seeded bot game from the deal to a victory; its JSONL log folds twice to the same state."""
    import gc
    from comando.engine import log as elog
    from comando.engine.bot import Bot
    from comando.dice import SeededDice
    # played like Game.act, but keeping only the JSONL lines (the device keeps its log on flash)
    g = game(4, seed=15)
    src = g.rng
    lines = [elog.dumps(e) for e in g.log]
    live = engine.Folder(board(), True, False)
    for e in g.log:
        live.feed(e)
    g = None
    bot = Bot(SeededDice(1015))
    seq = len(lines)
    while live.state.phase != "over" and seq < 3000:
        ev = engine.make(live.state, bot.action(live.state), src)
        seq += 1
        ev["seq"] = seq
        live.feed(ev)
        lines.append(elog.dumps(ev))
    assert live.state.phase == "over" and live.state.winner >= 0
    final = live.state.to_dict()
    live = None
    gc.collect()
    for _ in range(2):
        f = engine.Folder(board(), True, False)
        for line in lines:
            f.feed(elog.loads(line))
        assert f.state.to_dict() == final
        f = None
        gc.collect()
