"""Who may talk to ``comando web``: the checks every HTTP request and the ``/ws`` socket pass.

Every browser tab on the laptop is "on this machine", so being on loopback proves nothing. A
request is served only when

- its ``Host`` names this server: ``localhost`` or an IP literal (a DNS-rebinding page arrives
  with its own domain name), on loopback unless ``--lan`` listens on another address, with the
  server's port;
- its ``Origin``, when it has one, is the page's own (``http://`` + that ``Host``): a page of
  another origin, a ``file://`` page (``Origin: null``) is refused. Browsers always send
  ``Origin`` on a socket and on a cross-origin fetch; a client without one is not a browser.

Input over the socket also needs the server's secret (``Guard.token``, fresh each start): the
page gets it inside its HTML, which a page of another origin cannot read, and sends it with each
message (``web/app.py`` checks it). ``Budget`` is a socket's message allowance.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import os
import time

from comando_host.text.lang import _


def address(host: str):
    """The IP address ``host`` names (an IPv4-mapped IPv6 one as its IPv4), or None."""
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None
    mapped = getattr(ip, "ipv4_mapped", None)
    return mapped if mapped is not None else ip


def is_loopback(host: str) -> bool:
    """127.0.0.0/8, ::1 and ::ffff:127.x.y.z (a dual-stack socket's IPv4 client)."""
    if host == "localhost":
        return True
    ip = address(host)
    return ip is not None and ip.is_loopback


def split_host(value: str):
    """("name", port or None) of a Host header value; None when it is not one."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[:end + 1], value[end + 1:]
    else:
        name, _, port = value.partition(":")
        rest = ":" + port if _ else ""
    if rest and (not rest.startswith(":") or not rest[1:].isdigit()):
        return None
    return name, (int(rest[1:]) if rest else None)


class Guard:
    def __init__(self, lan: str | None = None, port: int | None = None):
        self.lan = lan            # the --lan address listened on (None: loopback only)
        self.port = port          # the server's port (None: not checked, before it is bound)
        self.token = os.urandom(16).hex()

    def host_problem(self, value: str | None) -> str | None:
        if not value:
            return "no Host header"  # english: HTTP's own (every browser sends a Host)
        parts = split_host(value)
        if parts is None:
            return _("Host {host} is not host:port").format(host=repr(value[:80]))
        name, port = parts
        ip = address(name)
        if name != "localhost" and ip is None:
            return _("Host {host} is a name, not this server (open the page at its address, as "
                     "comando web printed it)").format(host=repr(value[:80]))
        wild = self.lan is not None and address(self.lan) is not None and \
            address(self.lan).is_unspecified
        if not (is_loopback(name) or wild or (self.lan is not None and ip == address(self.lan))):
            return _("Host {host} is not an address this server listens on").format(host=repr(value[:80]))
        if self.port and (port or 80) != self.port:
            return _("Host {host} names another port (this server is on {port})").format(
                host=repr(value[:80]), port=self.port)
        return None

    def problem(self, headers: dict) -> str | None:
        """Why a request (its headers, lower-case names) is refused, or None."""
        host = headers.get("host")
        bad = self.host_problem(host)
        if bad:
            return bad
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in ("http://" + host.lower(),
                                                         "https://" + host.lower()):
            return _("a page of another origin ({origin}) may not use this server: open the page at "
                     "http://{host}/").format(origin=origin[:80], host=host[:80])
        return None

    def token_ok(self, given) -> bool:
        return isinstance(given, str) and hmac.compare_digest(given, self.token)


def headers_of(scope) -> dict:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}


class Checked:
    """ASGI middleware: every HTTP request and socket passes ``Guard.problem`` or is refused in
    one line (HTTP 403 with {"error": ...}; a socket gets the line, then closes: 1008)."""

    def __init__(self, app, guard: Guard):
        self.app = app
        self.guard = guard

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        why = self.guard.problem(headers_of(scope))
        if why is None:
            return await self.app(scope, receive, send)
        line = "refused: " + why
        if scope["type"] == "http":
            body = json.dumps({"error": line}).encode()
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        msg = await receive()
        if msg["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps({"type": "error",
                                                                  "error": line})})
        await send({"type": "websocket.close", "code": 1008})


class Budget:
    """A socket's allowance of messages: ``rate`` a second, ``burst`` at once (a token bucket).
    The page sends a few a second (a slider drag: one seek in flight at a time)."""

    def __init__(self, rate: float = 200.0, burst: float = 400.0, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.left = burst
        self.at = clock()
        self.dropped = 0
        self.told = -1e9

    def take(self) -> bool:
        now = self.clock()
        self.left = min(self.burst, self.left + (now - self.at) * self.rate)
        self.at = now
        if self.left >= 1.0:
            self.left -= 1.0
            return True
        self.dropped += 1
        return False

    def tell(self) -> str | None:
        """The one line for dropped messages, at most once a second."""
        now = self.clock()
        if now - self.told < 1.0:
            return None
        self.told = now
        n, self.dropped = self.dropped, 0
        return _("too many messages: at most {rate} a second; {n} dropped, nothing done for them").format(
            rate=int(self.rate), n=n)
