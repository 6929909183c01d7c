"""The program that is a server's lobby (``hanafuda online HOST:PORT``): the app opened straight
on ``screens/lobby.py``'s ``LobbyScreen`` (the selector's Online opens the same screen)."""

from __future__ import annotations

import ssl
import sys
from typing import Any

from .app import run_app
from .screens.lobby import LobbyScreen
from .straight import StraightApp


class LobbyApp(StraightApp):
    """The app opened straight on a server's lobby (``hanafuda online HOST:PORT``)."""

    def __init__(self, lobby: LobbyScreen, **kwargs: Any) -> None:
        """``lobby``: made ``standalone`` (Esc there quits)."""
        super().__init__(**kwargs)
        self.lobby = lobby

    def first_screen(self) -> LobbyScreen:
        return self.lobby


def run_lobby(where: str, tls: ssl.SSLContext | None, name: str = "") -> int:
    """``hanafuda online HOST:PORT``: the lobby on this terminal until the player quits; 1 if
    the server cannot be reached (one line says why)."""
    app = LobbyApp(LobbyScreen(where, tls, name, standalone=True))
    status = run_app(app)
    if app.refusal:
        print(f"hanafuda: error: {app.refusal}", file=sys.stderr)
    return status
