"""Commitments for secret T.E.G. II battle commands ("How Combat Works": each player sets the
clocks in secret, then both show them). The device locks a command with commit(), the link sends
only the commitment, and verify() checks the reveal."""

from mpytest import raises

from comando.errors import BattleCommandError
from comando.rulesets.teg2.command import resolve
from comando.rulesets.teg2.commit import commit, lock, message, new_nonce, verify

NONCE = "000102030405060708090a0b0c0d0e0f"


def test_known_vector_same_on_both_runtimes():
    """sha256("teg2-command/1:3/A2/5:" + nonce hex): computed once with CPython's hashlib."""
    assert message("3/A2/5", NONCE) == b"teg2-command/1:3/A2/5:000102030405060708090a0b0c0d0e0f"
    assert commit("3/A2/5", NONCE) == \
        "6ede8d22240e387fe4afa0ce6caa80b917a07ceae6181b7d5ff1c4753886cb16"


def test_spellings_of_one_command_commit_alike():
    c = commit("3/A2/5", NONCE)
    assert commit("3 / a(2) / 5", NONCE) == c
    assert commit("3/A2/5", bytes(range(16))) == c
    assert commit("3/A2/5", NONCE.upper()) == c


def test_verify_round_trip_and_changes():
    c = commit("2/+/1", NONCE)
    assert verify(c, "2/+/1", NONCE)
    assert verify(c.upper(), "2 / + / 1", NONCE)
    assert not verify(c, "2/+/2", NONCE)
    assert not verify(c, "2/13/1", NONCE)  # '+' is committed as entered
    assert not verify(c, "2/+/1", "f" + NONCE[1:])
    assert not verify(c[:-1] + ("0" if c[-1] != "0" else "1"), "2/+/1", NONCE)


def test_resolved_command_commits_as_entered():
    r = resolve("2/+/1", armies=16)
    assert commit(r, NONCE) == commit("2/+/1", NONCE)


def test_verify_never_raises():
    c = commit("1/SU/5", NONCE)
    assert not verify(c, "1/SU/SU", NONCE)
    assert not verify(c, "1/SU/5", "not hex")
    assert not verify(c, "1/SU/5", "abcd")
    assert not verify(None, "1/SU/5", NONCE)
    assert not verify(c[:10], "1/SU/5", NONCE)


def test_commit_rejects_bad_commands_and_nonces():
    with raises(BattleCommandError, "12 is over 11"):
        commit("12/0/0", NONCE)
    with raises(BattleCommandError, "the nonce is 2 bytes"):
        commit("1/1/1", "abcd")
    with raises(BattleCommandError, "hex digits"):
        commit("1/1/1", "xyz")
    with raises(BattleCommandError, "bytes or a hex string"):
        commit("1/1/1", 1234)


class Counter:
    """A deterministic injectable source: callable n -> bytes."""

    def __init__(self):
        self.i = 0

    def __call__(self, n):
        out = bytes([(self.i + k) & 255 for k in range(n)])
        self.i += n
        return out


def test_new_nonce_from_injected_source():
    src = Counter()
    assert new_nonce(src) == NONCE
    assert new_nonce(src) == "101112131415161718191a1b1c1d1e1f"
    assert len(new_nonce()) == 32  # os.urandom
    assert new_nonce() != new_nonce()
    with raises(BattleCommandError, "at least 16 bytes"):
        new_nonce(src, 8)
    with raises(BattleCommandError, "gave 3 bytes"):
        new_nonce(lambda n: b"abc")
    with raises(BattleCommandError, "not bytes"):
        new_nonce(lambda n: n)  # bytes(16) would be 16 zero bytes


def test_lock_gives_text_nonce_and_commitment():
    text, nonce, c = lock("1 / su / 5", Counter())
    assert text == "1/SU/5" and nonce == NONCE
    assert verify(c, text, nonce)
