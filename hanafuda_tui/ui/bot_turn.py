"""A bot's turn at the table screen: the seat's bot, if it is here, thinks in a worker of the
screen named ``bot`` (after half the pace, ``tables/thinking.py``), which leaving the table or
quitting cancels at once; its decision comes back in the screen's own turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from textual.worker import Worker, get_current_worker

from ..bots import Bot
from ..core.game import PlayerView
from ..tables.thinking import think
from . import memory
from .i18n import t

if TYPE_CHECKING:
    from .session import Session
    from .table_face import TableFace


class BotTurn:
    """The bot thinking for the seat to act, from its start until its move is applied."""

    def __init__(
        self, session: Session[Any], screen: TableFace, moved: Callable[[int], None]
    ) -> None:
        """``moved``: takes the bot's decision (a legal one) to the table."""
        self.session = session
        self.screen = screen
        self.moved = moved
        self.thinking: Worker[None] | None = None
        """The bot's turn, from its start until its move is applied (None: no bot thinks)."""

    def start(self, seat: int, pause: float) -> None:
        """The seat's bot thinks, if it is here (else the table's next update says)."""
        here = self.session.link.bot_turn(seat)
        if here is None:
            return
        bot, view = here
        turn = self.turn(bot, view, pause)
        self.thinking = self.screen.run_worker(turn, name="bot", group="bot", exit_on_error=False)
        self.screen.call_after_refresh(memory.collect)

    def stop(self) -> None:
        """A bot still thinking stops being waited for (its thread ends on its own)."""
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None

    async def turn(self, bot: Bot, view: PlayerView, pause: float) -> None:
        """A bot's decision, then applied in the screen's own turn."""
        action, error = await think(bot, view, pause)
        self.screen.call_later(self.decided, get_current_worker(), action, error, view.legal)

    def decided(self, turn: Worker[None], action: int, error: str, legal: Sequence[int]) -> None:
        """The bot's decision goes on as a key's would (unless the table moved on meanwhile); a
        faulty bot's is the first legal action, and what went wrong is said."""
        if turn is not self.thinking:
            return
        if action not in legal:
            action, error = legal[0], error or f"illegal action {action}"
        if error:
            self.screen.notify(t("bot.error", error=error), severity="error", markup=False)
        self.thinking = None
        self.moved(action)
