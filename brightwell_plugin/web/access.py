"""Who may use the app: off the loopback address, only who holds its access token.

``brightwell serve --host 0.0.0.0`` prints its address with ``?token=…``, as notebook servers do;
the first visit with the token keeps it in a cookie, and every request without it is answered
403. ``--public`` needs no token and serves the published standings read-only (:func:`public`).
"""

from __future__ import annotations

import hmac
import secrets
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

COOKIE = "brightwell_token"
REFUSED = b"403: this app needs its access token: open the address brightwell serve printed, with ?token=...\n"


def new_token() -> str:
    return secrets.token_urlsafe(24)


class TokenGate:
    """ASGI middleware: a request passes with the token in its query (``?token=``) or its cookie;
    the query's token is then kept in a cookie for the next requests."""

    def __init__(self, app, token: str):
        self.app, self.token = app, token

    def _holds(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [None])[0]
        cookies = SimpleCookie()
        for name, value in scope.get("headers", ()):
            if name == b"cookie":
                try:
                    cookies.load(value.decode("latin-1"))
                except Exception:  # a malformed cookie header is no token
                    pass
        cookie = cookies[COOKIE].value if COOKIE in cookies else None
        if not (self._holds(query) or self._holds(cookie)):
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
            return await send({"type": "http.response.body", "body": REFUSED})
        if not self._holds(query) or self._holds(cookie):
            return await self.app(scope, receive, send)

        async def with_cookie(message):
            if message["type"] == "http.response.start":
                kept = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict".encode()
                message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", kept)]}
            await send(message)
        return await self.app(scope, receive, with_cookie)


def public(route_path: str, methods: set[str] | None) -> bool:
    """Whether a route is served in ``--public`` mode: reading the published pages only (no upload,
    no folder, no settings, no download of the files)."""
    return (methods is None or methods <= {"GET", "HEAD"}) and "/download" not in route_path \
        and not route_path.endswith("/settings")
