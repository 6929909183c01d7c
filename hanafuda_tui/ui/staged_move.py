"""A decision shown in steps at the table screen: the steps the core recorded for it, one at a
time, each held for the pace (+/-): the field as it was, the card on its way and the field cards
it takes lit. Enter shows the rest at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .app_side import app_side
from .table_frame import moments_of
from .widgets.staging import Moment

if TYPE_CHECKING:
    from .session import Session
    from .table_face import TableFace


class StagedMove:
    """The steps of the last decision still to show, the one on screen first."""

    def __init__(self, session: Session[Any], screen: TableFace, shown: Callable[[], None]) -> None:
        """``shown``: called as each step ends, once the table is drawn without it."""
        self.session = session
        self.screen = screen
        self.shown = shown
        self.moments: list[Moment] = []
        self.token = 0
        """Counts the staged moves and skips: a held step's timer of an earlier one does nothing."""

    def stage(self, seat: int, start: int, mark: int, deals: int) -> None:
        """Show the steps told since ``mark`` (the log since ``start``) of the decision ``seat``
        took, if it dealt no new month (``deals``: the deals before it): cards of the month that
        ended may be in the new hands, so that decision stays in the log."""
        side = app_side(self.screen)
        pace = side.bot_pause
        if pace <= 0 or len(self.session.seen.book.deals) != deals:
            return
        self.moments = moments_of(self.session, seat, start, mark, pace, side.motion)
        if self.moments:
            self.screen.refresh_table()
            self.token += 1
            token = self.token
            self.screen.set_timer(self.moments[0].hold or pace, lambda: self.next_moment(token))

    def skip(self) -> None:
        """The rest of the move on screen at once, and on to whoever acts next."""
        self.token += 1
        self.moments = []
        self.screen.refresh_table()
        self.shown()

    def next_moment(self, token: int) -> None:
        """The held step is over: the next one, or on to whoever acts next."""
        if token != self.token or not self.moments:
            return
        self.moments.pop(0)
        if self.moments:
            hold = self.moments[0].hold or app_side(self.screen).bot_pause
            self.screen.set_timer(hold, lambda: self.next_moment(token))
        self.screen.refresh_table()
        self.shown()
