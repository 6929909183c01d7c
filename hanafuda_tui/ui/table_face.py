"""The table screen as what works beside it sees it: its turn flow, a bot's turn, a move shown in
steps, and the session's link when the table is left or its year ends."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from textual.app import App
from textual.notifications import SeverityLevel
from textual.timer import Timer
from textual.worker import Worker


class TableFace(Protocol):
    """The table screen, as its turn flow draws on it and opens screens over it."""

    selected: int
    """The hand card chosen."""

    @property
    def app(self) -> App[Any]: ...

    def refresh_table(self) -> None: ...

    def notify(
        self,
        message: str,
        *,
        severity: SeverityLevel = ...,
        timeout: float | None = ...,
        markup: bool = ...,
    ) -> None: ...

    def set_timer(self, delay: float, callback: Callable[[], Any]) -> Timer: ...

    def run_worker(
        self,
        work: Coroutine[Any, Any, None],
        *,
        name: str | None = ...,
        group: str = ...,
        exit_on_error: bool = ...,
    ) -> Worker[None]: ...

    def call_later(self, callback: Callable[..., Any], *args: Any) -> bool: ...

    def call_after_refresh(self, callback: Callable[..., Any], *args: Any) -> bool: ...
