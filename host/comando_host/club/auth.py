"""Who may do what at the club: organisers log in with a password (argon2, argon2-cffi's
PasswordHasher: the hash and its parameters in one string), tables push with a token. A token
(a session's or a table's) is 32 random bytes shown once; the database keeps only its sha256,
so a copy of the database lets nobody act as a table or an organiser."""

from __future__ import annotations

import hashlib
import secrets

SESSION_HOURS = 12


def new_token() -> str:
    # never one that begins with "-": `comando club join URL --token T` would read it as an
    # option (base64url's alphabet has "-": one token in 64 began with it)
    while True:
        token = secrets.token_urlsafe(32)
        if token[0] != "-":
            return token


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _hasher():
    from argon2 import PasswordHasher
    return PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(stored: str, password: str) -> bool:
    from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
    try:
        return _hasher().verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


# A login name unknown still costs one argon2 verification: the answer's time does not say
# whether the login exists.
_DUMMY = None


def dummy_verify(password: str) -> None:
    global _DUMMY
    if _DUMMY is None:
        _DUMMY = hash_password("not a password of anyone")
    verify_password(_DUMMY, password)
