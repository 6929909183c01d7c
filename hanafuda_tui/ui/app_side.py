"""What the screens ask of the app they run in (``HanafudaApp``, and the network's apps made from
it): the settings and the pace, the save and the history, the games it opens, and what a
hosted table's end does. Screens reach the app through ``app_side`` only, typed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..core.records import GameRecord, SeatRecord
    from ..history import HistoryStore
    from ..tables.storage import Store
    from .config import Config
    from .session import HereTable, Session


class OnlineLobby(Protocol):
    """A server's lobby the app is connected to (``ui.screens.lobby.LobbyScreen``): a hosted
    table's news and end go to it."""

    def deliver(self) -> None: ...

    def year_done(self) -> None: ...

    def leave_table(self) -> None: ...


class AppSide(Protocol):
    config: Config
    """The settings, as the settings file keeps them."""
    bot_pause: float
    """Seconds each step of a turn is held."""
    too_small: bool
    """The terminal is too small to draw the table: nothing moves on."""
    saving: bool
    """Games here are saved (False: another instance owns the save, or it cannot be written)."""
    save_problem: str
    store: Store
    current_ruleset: str
    last_session: Session[HereTable] | None
    online: OnlineLobby | None
    """The server's lobby this app is connected to, if any."""

    @property
    def motion(self) -> bool: ...

    @property
    def kept_history(self) -> HistoryStore | None: ...

    def remember(self, **changes: object) -> None: ...

    def resumable(self) -> Session[HereTable] | None: ...

    def continue_game(self) -> None: ...

    def start_game(
        self, ruleset: str, options: Mapping[str, Any], seats: Sequence[SeatRecord], seed: str
    ) -> None: ...

    def open_table(self, session: Session[HereTable]) -> None: ...

    def rematch(self, session: Session[Any]) -> None: ...

    def open_replay(self, record: GameRecord, title: str = "", seat: int | None = None) -> None: ...

    def action_statistics(self) -> None: ...

    def ask_quit(self) -> None: ...

    def open_lessons(self, ruleset: str | None = None, chosen: str = "") -> None: ...

    async def action_toggle_language(self) -> None: ...

    def year_done(self) -> None:
        """A hosted table's year is over here and its last sheet closed."""

    def deliver(self) -> None:
        """A hosted table's news is ready to be taken."""

    def leave_hosted(self) -> None:
        """Leave a hosted table (back to its lobby, or quit)."""

    def ask_online(self) -> None:
        """A server's address asked, then its lobby."""

    def table(self) -> Screen[Any] | None:
        """The table open in the app (a ``TableScreen``), if one is (under any screen over it)."""

    def refuse(self, text: str) -> None:
        """End a program opened straight on its screen, ``text`` its one line (a lobby whose
        server cannot be reached)."""


class InApp(Protocol):
    """A screen or widget, or what stands for one: what runs in an app."""

    @property
    def app(self) -> Any: ...


def app_side(node: InApp) -> AppSide:
    """The app ``node`` runs in, as the screens see it."""
    return cast("AppSide", node.app)
