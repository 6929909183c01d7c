"""``hanafuda serve``: the game in a web browser, through textual-serve.

Each browser session (a tab, a reload) gets a process of its own running ``hanafuda play
--save-slot``: the ordinary app, drawn in the page's terminal, whose save is the first free slot of
the data directory (``storage.SlotStore``); settings are the server's, shared by every session.
The server may run another table command instead (``play`` with a table's settings, or ``join``
to sit at a hosted table), checked by the command line before it serves.
"""

from __future__ import annotations

import asyncio
import shlex
import signal
import socket
import sys
from collections.abc import Sequence
from typing import Any

from aiohttp import web
from textual_serve.server import Server

TITLE = "hanafuda"
SESSION = ("play", "--save-slot")
"""The ``hanafuda`` command each browser session runs unless told another."""


class ServeError(Exception):
    """The server cannot start (a host that does not resolve, a port in use): one line."""


def session_command(argv: Sequence[str] = SESSION) -> str:
    """The shell command textual-serve starts for each browser session, ``hanafuda ARGV`` run by
    the Python running the server: the shell gives way to the game (``exec``), so the game's
    parent is the server and it sees the server go."""
    command = shlex.join([sys.executable, "-m", "hanafuda_tui", *argv])
    return command if sys.platform == "win32" else f"exec {command}"


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (port 0: a free one), or ServeError saying why not."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as err:
        reason = err.strerror if isinstance(err, socket.gaierror) else str(err)
        raise ServeError(f"cannot serve on host {host!r}: {reason}") from None
    family, kind, proto, _, address = found[0]
    sock = socket.socket(family, kind, proto)
    try:
        if sys.platform != "win32":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as err:
        sock.close()
        raise ServeError(f"cannot serve on {host}:{port}: {err.strerror or err}") from None
    return sock


def url_of(sock: socket.socket) -> str:
    """The address a browser on this machine opens."""
    host, port = sock.getsockname()[:2]
    if host in ("0.0.0.0", "::"):
        host = "127.0.0.1" if sock.family == socket.AF_INET else "::1"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


class GameServer(Server):
    """textual-serve's server on a socket already listening, saying in its own words where it is.

    The page tells the browser where to open the session's WebSocket: at the address the page
    itself was asked for (so a server on 0.0.0.0 works from other machines), unless a public URL
    is given (behind a proxy)."""

    def __init__(
        self, sock: socket.socket, public_url: str | None = None, argv: Sequence[str] = SESSION
    ) -> None:
        self.sock = sock
        self.url = url_of(sock)
        self.fixed_url = public_url.rstrip("/") if public_url else None
        self.sessions: set[asyncio.Task[Any]] = set()
        """The browser sessions connected (their handlers), each with its game's process."""
        super().__init__(
            session_command(argv),
            port=sock.getsockname()[1],
            title=TITLE,
            public_url=self.fixed_url or self.url,
        )

    async def on_startup(self, app: web.Application) -> None:
        print(f"hanafuda: serving the game at {self.url} (Ctrl+C stops)")
        if self.fixed_url:
            print(f"hanafuda: pages send browsers to {self.fixed_url}")
        print("hanafuda: each browser session has its own save; settings are shared", flush=True)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        session = asyncio.current_task()
        assert session is not None
        self.sessions.add(session)
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions.discard(session)

    async def on_shutdown(self, app: web.Application) -> None:
        """End every session at once: its game is told to quit (its save is written after
        every action) and its page's connection closed, rather than waiting for browsers to
        leave."""
        sessions = list(self.sessions)
        for session in sessions:
            session.cancel()
        await asyncio.gather(*sessions, return_exceptions=True)

    async def handle_index(self, request: web.Request) -> Any:
        # No await between setting the address and the page reading it: one request at a time.
        self.public_url = self.fixed_url or f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C (or SIGTERM); each session's process is told to quit on the way out."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        except NotImplementedError:  # no signal handlers in this loop (Windows): Ctrl+C still ends
            pass
        web.run_app(
            self._make_app(),
            sock=self.sock,
            handle_signals=False,
            loop=loop,
            print=None,
            access_log=None,
        )


def serve(
    host: str, port: int, public_url: str | None = None, argv: Sequence[str] = SESSION
) -> int:
    """Serve ``hanafuda ARGV`` (the game, each session with its save slot, unless told another)
    on ``host``:``port`` until stopped; ServeError if it cannot listen there."""
    sock = listen(host, port)
    GameServer(sock, public_url, argv).serve()
    return 0
