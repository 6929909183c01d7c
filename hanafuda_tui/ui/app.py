"""The hanafuda Textual app: `hanafuda` / `hanafuda play` opens it through ``run_app``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ..core.records import RecordError, SeatRecord
from . import memory
from .i18n import lang, locale_lang, set_lang, set_ruleset, t
from .screens.passing import TooSmall
from .screens.selector import SelectorScreen
from .session import Session
from .storage import Store

if TYPE_CHECKING:
    from .screens.table import TableScreen

MIN_SIZE = (80, 24)
DEFAULT_PAUSE = 0.6
"""Seconds a bot waits before it acts, so humans can follow (+/- at the table)."""


class HanafudaApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "hanafuda"
    BINDINGS = [
        Binding("question_mark,f1", "help", show=False),
        Binding("y", "help(True)", show=False),
        Binding("l", "toggle_language", show=False),
    ]

    def __init__(
        self,
        store: Store | None = None,
        bot_pause: float = DEFAULT_PAUSE,
        language: str | None = None,
    ) -> None:
        super().__init__()
        self.store = store or Store()
        self.bot_pause = bot_pause
        self.current_ruleset = "koikoi3"
        self.too_small = False
        self.ready = False
        self.save_problem = ""
        self._resumed: Session | None = None
        self._checked = False
        set_lang(language or locale_lang())

    async def on_mount(self) -> None:
        await self.push_screen(SelectorScreen())
        self.ready = True
        self.check_size(self.size.width, self.size.height)
        self.call_after_refresh(memory.freeze)

    # -- saves ----------------------------------------------------------------------------------

    def resumable(self) -> Session | None:
        """The saved game if there is one to continue; a damaged save is set aside and reported."""
        if self._checked:
            return self._resumed
        self._checked = True
        self._resumed = None
        if not self.store.exists():
            return None
        try:
            session = Session.resume(self.store)
        except (RecordError, ValueError, OSError) as err:
            try:
                moved = str(self.store.set_aside())
            except OSError:
                moved = "?"
            self.save_problem = t("save.damaged", error=str(err), path=moved)
            self.notify(self.save_problem, severity="warning", timeout=10)
            return None
        if session.game.is_over:
            self.store.clear()
            return None
        self._resumed = session
        return session

    def continue_game(self) -> None:
        session = self.resumable()
        if session is not None:
            self.open_table(session)

    def start_game(
        self, ruleset: str, options: Mapping[str, Any], seats: Sequence[SeatRecord], seed: str
    ) -> None:
        self.open_table(Session.new(ruleset, options, seats, seed, self.store))

    def open_table(self, session: Session) -> None:
        self._checked = False
        self.save_problem = ""
        self.current_ruleset = session.game.ruleset
        set_ruleset(session.game.ruleset)
        from .screens.table import TableScreen  # imported on first use: a faster start

        self.push_screen(TableScreen(session))

    # -- size, language, help -------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        if self.ready:
            self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small and not self.too_small:
            self.too_small = True
            self.push_screen(TooSmall(width, height, MIN_SIZE))
        elif small and isinstance(self.screen, TooSmall):
            self.screen.update_size(width, height, MIN_SIZE)
        elif not small and self.too_small:
            self.too_small = False
            if isinstance(self.screen, TooSmall):
                self.pop_screen()

    def table(self) -> TableScreen | None:
        for screen in reversed(self.screen_stack):
            if getattr(screen, "is_table", False):
                return cast("TableScreen", screen)
        return None

    def action_help(self, yaku_first: bool = False) -> None:
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen | TooSmall):
            return
        self.push_screen(HelpScreen(self.current_ruleset, yaku_first))

    async def action_toggle_language(self) -> None:
        set_lang("en" if lang() == "ja" else "ja")
        for screen in self.screen_stack:
            if isinstance(screen, SelectorScreen):
                await screen.relabel()
        table = self.table()
        if table is not None:
            table.refresh_table()

    def action_score_sheet(self) -> None:
        table = self.table()
        if table is not None and self.screen is table:
            table.action_sheet()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(t("cmd.help"), t("cmd.help_desc"), self.action_help)
        yield SystemCommand(t("cmd.yaku"), t("cmd.yaku_desc"), lambda: self.action_help(True))
        yield SystemCommand(t("cmd.language"), t("cmd.language_desc"), self.action_toggle_language)
        if self.table() is not None:
            yield SystemCommand(t("cmd.sheet"), t("cmd.sheet_desc"), self.action_score_sheet)


def run_app() -> int:
    """Run the game until the player quits; the exit status."""
    result = HanafudaApp().run()
    return result or 0
