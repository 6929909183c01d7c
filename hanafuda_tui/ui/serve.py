"""``hanafuda serve``: the game in a web browser, through textual-serve.

Each browser session (a tab, a reload) gets a process of its own running ``hanafuda play
--save-slot``: the ordinary app, drawn in the page's terminal, whose save is the first free slot of
the data directory (``storage.SlotStore``); settings are the server's, shared by every session.
The server may run another table command instead (``play`` with a table's settings, or ``join``
to sit at a hosted table), checked by the command line before it serves.

It runs so many sessions at once (``--max-sessions``), opens a session only for a page of its own
(the WebSocket's ``Origin``), and ends a session's game within seconds of its page leaving.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import shlex
import signal
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

TITLE = "hanafuda"
PAGES = Path(__file__).parent / "data" / "serve"
"""The page template: the game's title and a line saying it is loading."""
SESSION = ("play", "--save-slot")
"""The ``hanafuda`` command each browser session runs unless told another."""
MAX_SESSIONS = 12
"""Browser sessions at once (each a game process of some 25 MiB)."""
QUIT_GRACE = 1.0
"""Seconds a session's game has to quit once its page has left, before its process is ended."""
HEARTBEAT = 5.0
"""Seconds between pings of a page's WebSocket: a page gone silent is dropped within 1.5 times."""
FULL = "this server runs as many games as it takes: try again later"

log = logging.getLogger("textual-serve")


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
        self,
        sock: socket.socket,
        public_url: str | None = None,
        argv: Sequence[str] = SESSION,
        max_sessions: int = MAX_SESSIONS,
    ) -> None:
        self.sock = sock
        self.url = url_of(sock)
        self.fixed_url = public_url.rstrip("/") if public_url else None
        self.max_sessions = max_sessions
        self.sessions: set[asyncio.Task[Any]] = set()
        """The browser sessions connected (their handlers), each with its game's process."""
        super().__init__(
            session_command(argv),
            port=sock.getsockname()[1],
            title=TITLE,
            public_url=self.fixed_url or self.url,
            templates_path=PAGES,
        )

    async def on_startup(self, app: web.Application) -> None:
        print(f"hanafuda: serving the game at {self.url} (Ctrl+C stops)")
        if self.fixed_url:
            print(f"hanafuda: pages send browsers to {self.fixed_url}")
        print("hanafuda: each browser session has its own save; settings are shared", flush=True)

    def own_page(self, request: web.Request) -> bool:
        """Whether a WebSocket comes from one of this server's pages: its ``Origin`` is the
        address the browser asked for, or the public URL (a client that is no browser sends
        none, and has no page to be tricked by)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        own = {f"{request.scheme}://{request.host}"}
        if self.fixed_url:
            own.add(origin_of(self.fixed_url))
        return origin.lower() in {o.lower() for o in own}

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A page's session: its game's process, until the page leaves; refused if it comes
        from another site's page, closed at once with the reason if the server is full."""
        if not self.own_page(request):
            raise web.HTTPForbidden(text="this game's sessions open from its own pages only")
        if len(self.sessions) >= self.max_sessions:
            refused = web.WebSocketResponse()
            await refused.prepare(request)
            await refused.close(code=WSCloseCode.TRY_AGAIN_LATER, message=FULL.encode())
            return refused
        session = asyncio.current_task()
        assert session is not None
        self.sessions.add(session)
        try:
            return await self.run_session(request)
        finally:
            self.sessions.discard(session)

    async def run_session(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's session, its game ended promptly (``end_game``) when the page goes."""
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        game: AppService | None = None

        async def close() -> None:
            await websocket.close()

        try:
            await websocket.prepare(request)
            game = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await game.start(width, height)
            await self._process_messages(websocket, game)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.exception(error)
        finally:
            if game is not None:
                await end_game(game)
        return websocket

    async def on_shutdown(self, app: web.Application) -> None:
        """End every session at once: its game is told to quit (its save is written after
        every action) and its page's connection closed, rather than waiting for browsers to
        leave."""
        sessions = list(self.sessions)
        for session in sessions:
            session.cancel()
        await asyncio.gather(*sessions, return_exceptions=True)

    async def handle_index(self, request: web.Request) -> Any:
        if len(self.sessions) >= self.max_sessions:
            return web.Response(status=503, text=f"hanafuda: {FULL}\n")
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


async def end_game(game: AppService, grace: float = QUIT_GRACE) -> None:
    """Tell a session's game to quit (its save is written after every action); if it has not
    within ``grace`` seconds, end its process (SIGTERM, then SIGKILL)."""
    stopping = asyncio.ensure_future(game.stop())
    process = game._process
    for end in ("terminate", "kill"):
        done, _ = await asyncio.wait({stopping}, timeout=grace)
        if done or process is None or process.returncode is not None:
            break
        try:
            getattr(process, end)()
        except ProcessLookupError:
            break
    await stopping
    if process is not None:
        await reap(process, grace)


async def reap(process: Any, grace: float = QUIT_GRACE) -> None:
    """Wait for a session's game process to end (killing it if it has not within ``grace``
    seconds) and let go of its pipes while the loop runs: pipes left for the garbage collector
    would be closed after the loop, with a traceback as the server stops."""
    if process.stdin is not None:
        process.stdin.close()
    try:
        await asyncio.wait_for(process.wait(), grace)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


def origin_of(url: str) -> str:
    """The origin (scheme://host[:port]) of a URL."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


def open_to_all(sock: socket.socket) -> bool:
    """Whether the socket listens beyond this machine."""
    try:
        return not ipaddress.ip_address(sock.getsockname()[0]).is_loopback
    except ValueError:
        return True


def serve(
    host: str,
    port: int,
    public_url: str | None = None,
    argv: Sequence[str] = SESSION,
    max_sessions: int = MAX_SESSIONS,
) -> int:
    """Serve ``hanafuda ARGV`` (the game, each session with its save slot, unless told another)
    on ``host``:``port`` until stopped; ServeError if it cannot listen there."""
    sock = listen(host, port)
    if open_to_all(sock):
        print(
            f"hanafuda: warning: serving on {host}: anyone who can reach this machine can play,"
            " and the traffic is not encrypted (put a TLS proxy in front)",
            file=sys.stderr,
        )
    GameServer(sock, public_url, argv, max_sessions).serve()
    return 0
