"""What every club route shares: the bounded JSON body, the bearer token, one-line refusals."""

import json

import psycopg
from psycopg_pool import PoolTimeout
from starlette.responses import JSONResponse

from comando_host.club.db import ClubError, DatabaseDown, one_line

MAX_BODY = 1024 * 1024


def refuse(status: int, message: str, **extra) -> JSONResponse:
    return JSONResponse(dict(extra, error=message), status_code=status)


async def read_json(request):
    """The request's JSON object, read with a bound (ClubError 413/400)."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise ClubError(413, "the body is over %d bytes: send fewer events at once" % MAX_BODY)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise ClubError(413, "the body is over %d bytes: send fewer events at once" % MAX_BODY)
    try:
        obj = json.loads(bytes(data).decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ClubError(400, "the body is not JSON") from None
    if not isinstance(obj, dict):
        raise ClubError(400, "the body is not a JSON object")
    return obj


def bearer(request) -> str:
    h = request.headers.get("authorization", "")
    if h[:7].lower() == "bearer ":
        return h[7:].strip()
    return ""


def guarded(fn):
    """An endpoint whose refusals are one line with their HTTP status."""
    async def endpoint(request):
        try:
            return await fn(request)
        except ClubError as exc:
            return refuse(exc.status, str(exc), **exc.extra)
        except DatabaseDown as exc:
            return refuse(503, str(exc))
        except (psycopg.OperationalError, PoolTimeout) as exc:
            # the database gone mid-round: the table keeps its events and sends them again
            return refuse(503, "the club database is unreachable: %s" % one_line(exc))
    return endpoint
