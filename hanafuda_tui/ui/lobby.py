"""The program that is a server's lobby (``hanafuda online HOST:PORT``): the app opened straight
on ``screens/lobby.py``'s ``LobbyScreen`` (the selector's Online opens the same screen)."""

from __future__ import annotations

import ssl
import sys
from typing import Any

from textual import events

from ..server.tokens import TokenBook
from .app import HanafudaApp, run_app
from .screens.lobby import LobbyScreen


class LobbyApp(HanafudaApp):
    """The app opened straight on a server's lobby (``hanafuda online HOST:PORT``)."""

    def __init__(
        self,
        where: str,
        tls: ssl.SSLContext | None = None,
        name: str = "",
        book: TokenBook | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.lobby = LobbyScreen(where, tls, name, book, standalone=True)
        self.refusal = ""
        """Why the server could not be reached (the program then exits with status 1)."""

    async def on_mount(self, event: events.Mount | None = None) -> None:
        """The lobby, not the selector (the app's own mount is not run: no local save here)."""
        if event is not None:
            event.prevent_default()
        self.prepare()
        if self.is_web:
            self.watch_server()
        await self.push_screen(self.lobby)
        self.ready = True
        self.check_size(self.size.width, self.size.height)


def run_lobby(where: str, tls: ssl.SSLContext | None, name: str = "") -> int:
    """``hanafuda online HOST:PORT``: the lobby on this terminal until the player quits; 1 if
    the server cannot be reached (one line says why)."""
    app = LobbyApp(where, tls, name)
    status = run_app(app)
    if app.refusal:
        print(f"hanafuda: error: {app.refusal}", file=sys.stderr)
    return status
