"""Secret objectives never leave the device unrevealed (issue 12, comando.engine.secret).

teg-classic.txt, "3. Distribution of Countries and Objectives": each player receives a secret
objective; "9. List of Secret Objectives". In map mode the device deals them sealed: the deal's
secret part ("sec", kept in the device journal) holds them, the link carries one commitment each;
the event that ends the game reveals them (+ nonces), the host checks the commitments and the
laptop's fold reaches the device's winner. A whole 4-player T.E.G. game is played here by button
presses on the real device app, its link end talking to the real HostLink over a pty."""

import json
import sqlite3

import pytest

from comando import engine
from comando import journal_read
from comando.engine import secret
from comando.rulesets.teg.engine import TEXT
from comando_host.web.pageview import PageGame
from comando_host.link.secrets import SecretBook
from comando_host.store.db import Store

# what differs while the objectives are sealed: the laptop does not know them (nor the destroy
# targets and voids they imply) until the reveal
HIDDEN = ("obj", "target", "void")


def journal_events(app):
    with open(app.journal.path, "rb") as f:
        return [journal_read.decode(line) for line in f]


def public(d):
    return {k: v for k, v in d.items() if k not in HIDDEN}


def keys_in(v):
    if isinstance(v, dict):
        out = set(v)
        for x in v.values():
            out |= keys_in(x)
        return out
    if isinstance(v, list):
        out = set()
        for x in v:
            out |= keys_in(x)
        return out
    return set()


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    import mapdriver
    from livemap_tools import LinkedDevice
    db = str(tmp_path_factory.mktemp("sec") / "host.db")
    Store(db).close()
    link = LinkedDevice(db)
    try:
        # seed 3: a win by a destroy objective (objective 13, "destroy the yellow army"), with
        # fewer than the common objective's 30 countries: only the reveal names the winner
        drv = mapdriver.play(seed=3, players=4, serial=link.serial())
        try:
            assert drv.app.state.phase == "over"
            assert link.settle(drv), "the host did not store the whole game"
            journal = journal_events(drv.app)
            device_state = drv.app.state.to_dict()
        finally:
            drv.close()
        game = link.session.sync.game
        rows = link.store.records(game)
        book = link.session.secrets
    finally:
        link.close()
    return journal, device_state, rows, book, db, game


def test_the_store_never_holds_an_objective_before_the_reveal(played):
    journal, device_state, rows, book, db, game = played
    deal = journal[1]
    assert deal["t"] == "deal" and len(deal["sec"]["obj"]) == 4 and len(deal["oh"]) == 4
    assert "obj" not in deal
    events = [r[1] for r in rows if r[0] == "event"]
    assert [e["seq"] for e in events] == [e["seq"] for e in journal]
    reveal = [e for e in events if "rv" in e]
    assert len(reveal) == 1 and reveal[0] is events[-1], "only the game-ending event reveals"
    assert reveal[0]["rv"]["obj"] == deal["sec"]["obj"]
    # every stored row before the reveal: no secret part, no objective field, no objective text
    for r in rows:
        if r[0] == "event" and "rv" in r[1]:
            continue
        body = r[1] if r[0] == "event" else r[2]
        ks = keys_in(body)
        assert not ks & {"sec", "rv", "on"}, (r[0], body.get("seq"))
        if r[0] == "event":
            assert "obj" not in ks, body.get("seq")
        else:   # a snapshot: the objectives, targets and voids are unknown
            assert set(body.get("obj", [-1])) == {-1}
        text = json.dumps(body)
        assert not any(t in text for t in TEXT.values())
    # the raw SQLite file too: no nonce of the deal before the reveal's row
    con = sqlite3.connect(db)
    try:
        dump = "\n".join(con.iterdump())
    finally:
        con.close()
    for nonce in deal["sec"]["on"]:
        assert dump.count(nonce) == 1   # only in the game-ending event's reveal


def test_the_laptops_fold_is_the_devices_at_every_event_and_the_winner_matches(played):
    journal, device_state, rows, book, db, game = played
    events = [r[1] for r in rows if r[0] == "event"]
    dev = engine.Folder()
    lap = engine.Folder()
    for d_ev, l_ev in zip(journal, events):
        dev.feed(d_ev)
        lap.feed(l_ev)
        assert public(lap.state.to_dict()) == public(dev.state.to_dict()), d_ev["seq"]
        if d_ev["t"] != "new" and "rv" not in d_ev:
            assert set(lap.state.obj) == {-1}     # unknown on the laptop until the reveal
    # after the reveal: the whole state, objectives included, and the same winner
    assert lap.state.to_dict() == device_state
    # won by a secret objective, not the public common one: without the reveal there is no winner
    w = device_state["winner"]
    assert device_state["owner"].count(w) < 30
    bare = [dict(e) for e in events]
    del bare[-1]["rv"]
    assert engine.fold(bare).winner == -1
    assert lap.state.winner == device_state["winner"] >= 0
    # the host checked every revealed objective against its commitment
    assert book.tampering == [] and book.verified == 4
    # replay of the stored game (the page's fold of the stored rows) reaches the same winner
    v = PageGame(rows, game).view(len(events))
    assert v["turn"]["winner"] == device_state["winner"]


def test_a_tampered_reveal_is_reported(played):
    journal, device_state, rows, book, db, game = played
    events = [dict(r[1]) for r in rows if r[0] == "event"]
    last = events[-1]
    objs = list(last["rv"]["obj"])
    w = device_state["winner"]
    objs[w] = next(o for o in range(1, 16) if o not in objs)   # claims another objective
    last["rv"] = {"obj": objs, "on": list(last["rv"]["on"])}
    b = SecretBook()
    problems = [m for m in (b.event(e) for e in events) if m]
    assert len(problems) == 1 and "tampering" in problems[0]
    assert "does not match its commitment" in problems[0]
    # an objective in clear on a sealed deal is reported too
    deal = dict(events[1])
    deal["obj"] = objs
    assert "in clear" in SecretBook().event(deal)


def test_a_reveal_of_a_sealed_objective_checks_against_its_commitment():
    n = "ab" * 16
    h = secret.commit(7, n)
    assert secret.verify(h, 7, n) and not secret.verify(h, 8, n) and not secret.verify(h, 7, "cd" * 16)


def test_an_occupy_objective_win_reaches_the_laptop_by_its_reveal():
    # seed 1: a win by an occupation objective ("9. List of Secret Objectives"), played by
    # presses without the link: the redacted journal (what the link sends) folds to the winner
    import mapdriver
    from comando.link import redact
    d = mapdriver.play(seed=1, players=4)
    try:
        journal = journal_events(d.app)
        st = d.app.state
        sent = [redact(e) for e in journal]
        lap = engine.fold(sent)
        assert st.phase == "over" and lap.winner == st.winner >= 0
        assert st.obj[st.winner] in range(1, 10) and st.count(st.winner) < 30
        assert lap.to_dict() == st.to_dict()
        b = SecretBook()
        assert [m for m in map(b.event, sent) if m] == [] and b.verified == 4
    finally:
        d.close()


def test_a_snapshot_hides_the_objectives_and_carries_the_commitments():
    # a laptop that falls behind gets the device's state as a snapshot (device/link.py): the
    # objectives, targets and voids unknown; the commitments let it check the later reveal
    import mapdriver
    from device import mapmode
    from device.link import JournalSource
    d = mapdriver.Driver(seed=3, players=4)
    try:
        app = d.app
        deal = journal_events(app)[1]
        seq, snap = JournalSource(app.journal, app).snapshot()
        assert snap["obj"] == [-1] * 4 and snap["target"] == [-1] * 4 and snap["void"] == [0] * 4
        assert snap["oh"] == deal["oh"] and "sec" not in json.dumps(snap)
        assert app.state.obj == deal["sec"]["obj"]   # the device's own state is untouched
        b = SecretBook()
        b.snapshot(snap)
        last = {"t": "attack", "seq": seq + 1, "rv": deal["sec"]}
        assert b.event(last) is None and b.verified == 4
        assert mapmode.public({"obj": [3, 5], "winner": 1})["obj"] == [3, 5]   # over: revealed
    finally:
        d.close()
