"""Full screens that hide the table: the hot-seat pass screen and the too-small terminal notice."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ..i18n import t
from ..text import plain
from ..widgets.folded import Folded


class PassScreen(Screen[None]):
    """Between two humans' decisions: every hand is hidden until the next player confirms. If
    the player who just moved is named, what their turn drew and took is shown to them first."""

    BINDINGS = [Binding("enter,space", "confirm", show=False)]

    def __init__(self, name: str, mover: str = "", moved: str = "") -> None:
        """``moved``: markup of the mover's steps, one a line."""
        super().__init__()
        self.player = name
        self.mover = mover
        self.moved = moved
        self.showing_move = bool(mover and moved)

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(Content.from_markup(self.text()), id="pass-card")

    def text(self) -> str:
        if self.showing_move:
            return t("pass.moved", who=plain(self.mover), moved=self.moved, next=plain(self.player))
        return t("pass.body", who=plain(self.player))

    def action_confirm(self) -> None:
        if self.showing_move:
            self.showing_move = False
            self.query_one("#pass-card", Static).update(Content.from_markup(self.text()))
            return
        self.dismiss(None)

    def on_click(self) -> None:
        self.action_confirm()


class TooSmall(Screen[None]):
    """Shown over everything while the terminal is smaller than the table needs. ``recheck``
    runs whenever it stops or starts being the top screen, to keep it on top while needed."""

    def __init__(
        self, width: int, height: int, need: tuple[int, int], recheck: Callable[[], None]
    ) -> None:
        super().__init__()
        self.message = t("small.body", w=width, h=height, need_w=need[0], need_h=need[1])
        self.recheck = recheck

    def compose(self) -> ComposeResult:
        yield Folded(self.message, id="too-small")

    def on_screen_suspend(self) -> None:
        self.app.call_later(self.recheck)

    def on_screen_resume(self) -> None:
        self.app.call_later(self.recheck)

    def update_size(self, width: int, height: int, need: tuple[int, int]) -> None:
        self.message = t("small.body", w=width, h=height, need_w=need[0], need_h=need[1])
        self.query_one("#too-small", Static).update(self.message)
