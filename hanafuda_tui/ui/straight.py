"""An app opened straight on a screen of its own (a server's lobby, a hosted table) rather than on
the selector."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.screen import Screen

from .app import HanafudaApp


class StraightApp(HanafudaApp):
    """An app whose first screen is ``first_screen``; the app's own mount is not run (no local
    save is read)."""

    refusal = ""
    """Why the program ends before its screen could do anything (exit status 1): said in one
    line once the terminal is back."""

    def refuse(self, text: str) -> None:
        """End the program, ``text`` its one line."""
        self.refusal = text
        self.exit(1, return_code=1)

    def first_screen(self) -> Screen[Any]:
        """The screen the app opens on."""
        raise NotImplementedError

    async def on_mount(self, event: events.Mount | None = None) -> None:
        """The first screen, not the selector."""
        if event is not None:
            event.prevent_default()
        self.prepare()
        if self.is_web:
            self.watch_server()
        await self.push_screen(self.first_screen())
        self.ready = True
        self.check_size(self.size.width, self.size.height)
