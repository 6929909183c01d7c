"""The hanafuda Textual app: `hanafuda` / `hanafuda play` opens it through ``run_app``."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import Input

from ..core.rulesets import ruleset_class
from ..core.start import make_options
from ..tables.storage import SaveInUse, Store, data_dir
from . import memory
from .config import PACE_STEP, Config, clamp_pace
from .i18n import lang, locale_lang, set_lang, t
from .keys import describe
from .screens.passing import TooSmall
from .screens.selector import SelectorScreen

if TYPE_CHECKING:
    from ..core.records import GameRecord, SeatRecord
    from ..history import HistoryStore
    from .app_side import OnlineLobby
    from .screens.table import TableScreen
    from .session import HereTable, Session

MIN_SIZE = (80, 24)


@dataclass(frozen=True)
class TableRequest:
    """A table to open at start, as the selector would (``hanafuda play --ruleset ...``): the
    options and players already checked; ``players`` None gives the selector's default seats."""

    ruleset: str
    options: Mapping[str, Any] = field(default_factory=dict)
    players: Sequence[str] | None = None
    seed: str = ""


@dataclass(frozen=True)
class ReplayRequest:
    """A recorded game to open in the replay viewer at start (``hanafuda replay FILE --view``)."""

    record: GameRecord
    title: str = ""


@dataclass(frozen=True)
class LessonsRequest:
    """The lessons list to open at start (``hanafuda learn [RULESET]``): one ruleset's, or all
    (None)."""

    ruleset: str | None = None


TEXTUAL_COMMANDS = {
    "Quit": "cmd.quit",
    "Keys": "cmd.keys",
    "Maximize": "cmd.maximize",
    "Minimize": "cmd.minimize",
    "Screenshot": "cmd.screenshot",
}
"""Textual's own palette commands, by their English title, and the words they are shown in (its
theme command is left out: the game has its own)."""


TERMINATED = 128 + signal.SIGTERM
"""The exit status after SIGTERM."""


class HanafudaApp(App[int]):
    CSS_PATH = "app.tcss"
    TITLE = "hanafuda"
    BINDINGS = [
        Binding("question_mark,f1", "help", show=False),
        Binding("y", "help(True)", show=False),
        Binding("l", "toggle_language", show=False),
        # priority: also over a prompt (a modal screen ends the chain of ordinary bindings);
        # a focused text field still gets these characters
        Binding("plus,equals_sign", f"pace(-{PACE_STEP})", show=False, priority=True),
        Binding("minus", f"pace({PACE_STEP})", show=False, priority=True),
    ]

    def __init__(
        self,
        store: Store | None = None,
        bot_pause: float | None = None,
        language: str | None = None,
        config: Config | None = None,
        table: TableRequest | None = None,
        replay: ReplayRequest | None = None,
        history: HistoryStore | None = None,
        lessons: LessonsRequest | None = None,
    ) -> None:
        """``bot_pause`` and ``language`` given here win over the settings file's; ``table``
        opens that table over the selector at start, ``replay`` that record in the viewer,
        ``lessons`` the lessons list;
        ``history``: where finished years are kept (by default the save's directory)."""
        super().__init__()
        self.table_request = table
        self.lessons_request = lessons
        self.replay_request = replay
        self.store = store or Store()
        self._history = history
        self.history_opened = False
        self.keeping = True
        """False when the history cannot be kept (said once, at start)."""
        self.config = config or Config()
        self.config_problem = self.config.load()
        settings = self.config.settings
        self.bot_pause = settings.pace if bot_pause is None else bot_pause
        """Seconds each step of a turn is held (the card played, the card drawn); +/- change it."""
        self.current_ruleset = "koikoi3"
        self.last_session: Session[HereTable] | None = None
        """The game last opened at the table: the selector comes back with its settings."""
        self.too_small = False
        self.asking_quit = False
        self.ready = False
        self.save_problem = ""
        """Why there is no saved game to continue, or why games here are not saved (plain text)."""
        self.saving = True
        """False when another instance owns the save or it cannot be written: games go unsaved."""
        self.save_in_use = False
        """Another instance owns the save: it is not offered here."""
        self.unwritable = ""
        """Why the data directory cannot be written, if it cannot."""
        self.terminated = False
        """Whether SIGTERM ended the app."""
        self.crash_log: Path | None = None
        """Where the trace of an unhandled error was written (the app then exits with status 1)."""
        self._resumed: Session[HereTable] | None = None
        self._checked = False
        self.online: OnlineLobby | None = None
        """The server's lobby this app is connected to, if any: a hosted table's news and end go
        to it."""
        set_lang(language or settings.language or locale_lang())

    async def on_mount(self, event: events.Mount | None = None) -> None:
        self.prepare()
        self.claim_save()
        if self.is_web:
            self.watch_server()
        self.call_next(self.open_selector)

    async def open_selector(self) -> None:
        """The selector, then whatever was asked for at start. Pushed after the restyle of the
        whole app that the theme of the settings queues as the app mounts: that restyle meets the
        empty default screen, not every widget of the selector a second time."""
        await self.push_screen(SelectorScreen())
        self.ready = True
        if self.table_request is None and self.replay_request is None:
            self.call_after_refresh(self.after_first_draw)
        if self.table_request is not None:
            self.open_requested(self.table_request)
        if self.replay_request is not None:
            self.open_replay(self.replay_request.record, self.replay_request.title)
        if self.lessons_request is not None:
            self.open_lessons(self.lessons_request.ruleset)
        self.check_size(self.size.width, self.size.height)
        self.call_after_refresh(memory.freeze)

    def prepare(self) -> None:
        """What every screen of the app needs first: the settings' problems told, the theme, the
        keys described in the current language."""
        if self.config_problem:
            self.notify(
                t("config.damaged", error=self.config_problem),
                severity="warning",
                timeout=10,
                markup=False,
            )
        if self.config.settings.theme in self.available_themes:
            self.theme = self.config.settings.theme
        self.theme_changed_signal.subscribe(self, lambda theme: self.remember(theme=theme.name))
        describe(self)
        self.screen_change_signal.subscribe(self, describe)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not Unix's
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self.terminate)

    def terminate(self) -> None:
        """SIGTERM: leave as quitting does (the terminal given back as it was; every game is
        saved after each action), exit status 143."""
        self.terminated = True
        self.exit(TERMINATED, return_code=TERMINATED)

    def open_requested(self, request: TableRequest) -> None:
        """Open the requested table as Start would, asking first before a saved game is
        discarded (no: the selector, with Continue)."""
        from .screens.modals import confirm
        from .screens.selector import default_seats, discard_body

        cls = ruleset_class(request.ruleset)
        seated = cls.seated(make_options(cls, request.options))
        kinds = list(request.players or [s["player"] for s in default_seats(seated)])
        from ..core.records import SeatRecord

        seats = [SeatRecord(name="", player=k) for k in kinds]

        def go(yes: int | None = 1) -> None:
            if yes:
                self.start_game(request.ruleset, request.options, seats, request.seed)

        saved = self.resumable()
        if saved is None or not self.saving:
            go()
            return
        self.push_screen(confirm(t("confirm.discard"), discard_body(saved.seen)), go)

    # -- saves ----------------------------------------------------------------------------------

    def claim_save(self) -> None:
        """Own the data directory's save; if another instance does, or it cannot be made, say so
        and play on without saving (the other instance's game is never touched)."""
        try:
            self.store.claim()
        except SaveInUse:
            self.saving = False
            self.save_in_use = True
            self.save_problem = t("save.in_use", path=str(self.store.path))
        except OSError as err:
            self.saving = False
            self.unwritable = f"{self.store.directory}: {err.strerror or err}"
            self.save_problem = t("save.failed", error=self.unwritable)
        if not self.saving:
            self.notify(self.save_problem, severity="warning", timeout=10, markup=False)

    def after_first_draw(self) -> None:
        """Once the selector is on screen: open the history and load the table's screen, so that
        the first table opens as soon as it is asked for."""
        self.open_history()
        from .screens import table  # noqa: F401

    @property
    def history(self) -> HistoryStore:
        """Where finished years are kept (loaded on first use: the selector does not show it)."""
        if self._history is None:
            from ..history import HistoryStore

            self._history = HistoryStore(self.store.directory)
        return self._history

    def open_history(self) -> None:
        """Open the history, once; a database set aside is reported, and a history that cannot be
        kept is said once (games are played all the same)."""
        if self.history_opened:
            return
        self.history_opened = True
        self.keeping = self.history.open()
        for notice in self.history.notices:
            notice = t("history.set_aside", notice=notice)
            self.notify(notice, severity="warning", timeout=10, markup=False)
        if not self.keeping:
            self.notify(
                t("history.unavailable", error=self.history.problem),
                severity="warning",
                timeout=10,
                markup=False,
            )

    @property
    def kept_history(self) -> HistoryStore | None:
        """Where a finished year is kept (None: nowhere)."""
        self.open_history()
        return self.history if self.keeping else None

    def action_statistics(self) -> None:
        """The 戦績 screen (statistics of the history)."""
        from .screens.statistics import StatisticsScreen

        if isinstance(self.screen, StatisticsScreen | TooSmall):
            return
        self.open_history()
        self.push_screen(StatisticsScreen(self.history))

    def watch_server(self) -> None:
        """In a web page (``hanafuda serve``): end this game's process once the server that
        started it is gone (killed), rather than hold its save slot with nobody to see it. The
        game is saved after every action, so nothing is lost; the system drops the slot's lock."""
        server = os.getppid()

        def check() -> None:
            if os.getppid() != server:
                self.store.release()
                os._exit(0)  # the page's connection is gone with the server: nothing to draw on

        self.set_interval(1.0, check)

    def on_unmount(self) -> None:
        self.store.release()

    def resumable(self) -> Session[HereTable] | None:
        """The saved game if there is one to continue; a save that cannot be continued (damaged,
        or naming a bot that cannot be made) is set aside under a new name and reported. While a
        game is at the table, that game (unless it is over or cannot be saved); nothing read then
        is kept for later: the year may end before the selector asks again. A save in a directory
        that cannot be written is offered all the same, as a game that cannot be saved (its
        session has no store; ``save_problem`` says so)."""
        from ..core.records import RecordError
        from .session import Session

        table = self.table()
        if table is not None:
            session = self.last_session  # the table opened last here: a local table's session
            held = session is not None and table.session is session
            if session is None or not held or session.seen.is_over or session.link.store is None:
                return None
            return session
        if self._checked or self.save_in_use:
            return self._resumed
        self._checked = True
        self._resumed = None
        if not self.store.exists():
            return None
        try:
            session = Session.resume(self.store, self.config.settings.think, self.kept_history)
        except (RecordError, ValueError, OSError, RecursionError, MemoryError) as err:
            try:
                moved = str(self.store.set_aside())
            except OSError as why:
                moved = f"? ({why.strerror or why})"
            self.save_problem = t("save.damaged", error=one_line(err), path=moved)
            self.notify(self.save_problem, severity="warning", timeout=10, markup=False)
            return None
        if session.seen.is_over:
            with contextlib.suppress(OSError):
                self.store.clear()
            return None
        if not self.saving:
            session.link.store = None
            session.link.save_error = self.unwritable
            self.save_problem = t("save.read_only", error=self.unwritable)
        self._resumed = session
        return session

    def continue_game(self) -> None:
        session = self.resumable()
        if session is not None:
            self.open_table(session)

    def start_game(
        self, ruleset: str, options: Mapping[str, Any], seats: Sequence[SeatRecord], seed: str
    ) -> None:
        from .session import Session

        store = self.store if self.saving else None
        think = self.config.settings.think
        session = Session.new(ruleset, options, seats, seed, store, think, self.kept_history)
        self.open_table(session)

    def rematch(self, session: Session[Any]) -> None:
        """A new game with the same ruleset, options and seats as ``session`` (new deals)."""
        game = session.seen
        options = game.options.model_dump(exclude_defaults=True)
        self.start_game(game.ruleset, options, session.seats, "")

    def open_table(self, session: Session[HereTable]) -> None:
        self._checked = False
        if self.saving:
            self.save_problem = ""
        self.current_ruleset = session.seen.ruleset
        self.last_session = session
        from .screens.table import TableScreen  # imported on first use: a faster start

        self.push_screen(TableScreen(session))

    def open_lessons(self, ruleset: str | None = None, chosen: str = "") -> None:
        """The lessons list (of ``ruleset`` only, if given); a lesson chosen is played at the
        table, and leaving it comes back here."""
        from .screens.lessons import LessonsScreen

        def chose(lesson_id: str | None) -> None:
            if lesson_id is not None:
                self.open_lesson(lesson_id, lambda: self.open_lessons(ruleset, lesson_id))

        self.push_screen(LessonsScreen(ruleset, chosen), chose)

    def open_lesson(self, lesson_id: str, back: Callable[[], None] | None = None) -> None:
        """Take the lesson ``lesson_id`` at the table; ``back`` once it is left."""
        from ..learn.lessons import LessonError, find_lesson
        from .lesson import lesson_session
        from .screens.lesson_table import LessonTableScreen

        try:
            session = lesson_session(find_lesson(lesson_id), back)
        except LessonError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        self.current_ruleset = session.seen.ruleset
        self.push_screen(LessonTableScreen(session))

    def open_replay(self, record: GameRecord, title: str = "", seat: int | None = None) -> None:
        """Open a recorded game in the replay viewer: a finished game with every hand open (or
        from ``seat``), a game not finished from one seat, asked for first."""
        from .screens.viewer import open_viewer

        open_viewer(self, record, title, seat)

    # -- size, language, help -------------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        if self.ready:
            self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """The too-small notice on top exactly while the terminal is too small. An open command
        palette closes first (it would dismiss itself later from under the notice); a notice that
        loses the top (a screen pushed by an event sent before the resize) asks again, so another
        goes on top, or it leaves once the size is back."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.too_small = small
        if small and isinstance(self.screen, TooSmall):
            self.screen.update_size(width, height, MIN_SIZE)
        elif small:
            while isinstance(self.screen, CommandPalette):
                self.screen.dismiss()
            self.push_screen(TooSmall(width, height, MIN_SIZE, self.recheck_size))
        elif isinstance(self.screen, TooSmall):
            self.pop_screen()

    def recheck_size(self) -> None:
        self.check_size(self.size.width, self.size.height)

    def action_command_palette(self) -> None:
        """No palette over the too-small notice."""
        if not self.too_small:
            super().action_command_palette()

    def table(self) -> TableScreen | None:
        for screen in reversed(self.screen_stack):
            if getattr(screen, "is_table", False):
                return cast("TableScreen", screen)
        return None

    async def action_quit(self) -> None:
        """Ctrl+Q asks first, as Esc on the selector does: no single key ends the app. Under the
        too-small notice, where no question can be read, it quits at once."""
        self.ask_quit()

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit: where a text field takes it, it copies; elsewhere this says,
        in the language shown, which key quits."""
        self.notify(t("quit.ctrl_c"), markup=False)

    def ask_quit(self) -> None:
        from .screens.modals import Decision, confirm

        if self.too_small:
            self.exit(0)
            return
        if self.asking_quit:
            return
        self.asking_quit = True
        saved = self.resumable() is not None

        def question() -> Decision:
            return confirm(t("confirm.quit"), t("confirm.quit_body") if saved else "")

        prompt = question()
        prompt.remake = question
        self.push_screen(prompt, self.quit_if)

    def quit_if(self, yes: int | None) -> None:
        self.asking_quit = False
        if yes:
            self.exit(0)

    def action_help(self, yaku_first: bool = False) -> None:
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen | TooSmall):
            return
        table = self.table()
        options = table.session.seen.options if table is not None else None
        self.push_screen(HelpScreen(self.current_ruleset, yaku_first, options))

    def remember(self, **changes: object) -> None:
        """Keep changed settings in the settings file; a failed write is reported once."""
        problem = self.config.update(**changes)
        if problem and problem != self.config_problem:
            self.notify(t("config.failed", error=problem), severity="warning", markup=False)
        self.config_problem = problem

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """+ and - are typed, not the pace, where a text field has the keys (a seat's name, the
        command palette's search)."""
        return not (action == "pace" and isinstance(self.focused, Input))

    def action_pace(self, delta: float) -> None:
        """Hold each step of a turn longer or shorter, on any screen (a prompt included)."""
        self.bot_pause = clamp_pace(self.bot_pause + delta)
        self.remember(pace=self.bot_pause)
        table = self.table()
        if table is not None:
            table.refresh_table()

    async def action_toggle_language(self) -> None:
        set_lang("en" if lang() == "ja" else "ja")
        for node in (self, *self.screen_stack):
            describe(node)
        self.refresh_bindings()
        self.remember(language=lang())
        from textual.screen import ModalScreen

        from .screens.lobby import LobbyScreen
        from .screens.modals import Decision
        from .screens.statistics import StatisticsScreen

        for screen in self.screen_stack:
            if isinstance(screen, SelectorScreen | Decision | StatisticsScreen | LobbyScreen):
                await screen.relabel()
            elif isinstance(screen, ModalScreen) and not isinstance(screen, TooSmall):
                await screen.recompose()  # its words are looked up as it is composed
        table = self.table()
        if table is not None:
            table.refresh_table()

    def action_score_sheet(self) -> None:
        table = self.table()
        if table is not None and self.screen is table:
            table.action_sheet()

    def action_new_game(self) -> None:
        """To the selector with Start focused; a game at the table is saved first (Start asks
        before a saved game is discarded)."""
        for screen in self.screen_stack:
            if isinstance(screen, SelectorScreen):
                screen.new_game = True
        if self.table() is not None:
            self.action_leave_table()
        elif isinstance(self.screen, SelectorScreen):
            self.screen.focus_first_button()

    def action_advice(self) -> None:
        table = self.table()
        if table is not None:
            table.action_advice()

    def action_toggle_advice(self) -> None:
        """Advice at the table on or off (a setting)."""
        self.remember(advice=not self.config.settings.advice)
        self.notify(t("advice.now_on" if self.config.settings.advice else "advice.now_off"))

    def action_toggle_motion(self) -> None:
        """Cards sliding into place on or off (a setting)."""
        self.remember(motion=not self.config.settings.motion)
        self.notify(t("motion.now_on" if self.config.settings.motion else "motion.now_off"))

    @property
    def motion(self) -> bool:
        """Whether cards slide into place at the table."""
        return self.config.settings.motion

    def year_done(self) -> None:
        """A hosted table's year is over here: back to the lobby it was met in, if any (the
        network's apps say what follows)."""
        if self.online is not None:
            self.online.year_done()
            return
        self.exit()

    def deliver(self) -> None:
        """A hosted table's news is ready (for the lobby's table, if any)."""
        if self.online is not None:
            self.online.deliver()

    def leave_hosted(self) -> None:
        """Leave a hosted table: back to the lobby, the seat kept; else quit (asked first)."""
        if self.online is not None:
            self.online.leave_table()
            return
        self.ask_quit()

    def ask_online(self) -> None:
        """A server's address asked (the last one offered), then its lobby over the selector
        (the address kept for next time)."""
        from .screens.lobby import AskLine, LobbyScreen

        def go(where: str | None) -> None:
            if where:
                self.remember(server=where)
                self.push_screen(LobbyScreen(where))

        asked = AskLine(t("lobby.address_title"), t("lobby.address"), self.config.settings.server)
        self.push_screen(asked, go)

    def action_leave_table(self) -> None:
        table = self.table()
        if table is not None:
            while self.screen is not table:
                self.pop_screen()
            table.action_leave()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's (quit, keys, screenshot) with the game's own, in the current language."""
        for command in super().get_system_commands(screen):
            key = TEXTUAL_COMMANDS.get(command.title)
            if key is not None:
                yield SystemCommand(t(key), t(f"{key}_desc"), command.callback, command.discover)
        yield SystemCommand(t("cmd.new"), t("cmd.new_desc"), self.action_new_game)
        if self.table() is not None:
            yield SystemCommand(t("cmd.leave"), t("cmd.leave_desc"), self.action_leave_table)
            yield SystemCommand(t("cmd.sheet"), t("cmd.sheet_desc"), self.action_score_sheet)
            yield SystemCommand(t("cmd.advice"), t("cmd.advice_desc"), self.action_advice)
        if getattr(screen, "is_viewer", False):  # the replay viewer's own
            viewer: Any = screen
            yield SystemCommand(t("cmd.play_on"), t("cmd.play_on_desc"), viewer.action_play_on)
            yield SystemCommand(t("cmd.review"), t("cmd.review_desc"), viewer.action_review)
        advice = "on" if self.config.settings.advice else "off"
        yield SystemCommand(
            t(f"cmd.advice_{advice}"), t("cmd.advice_toggle_desc"), self.action_toggle_advice
        )
        motion = "on" if self.config.settings.motion else "off"
        yield SystemCommand(
            t(f"cmd.motion_{motion}"), t("cmd.motion_desc"), self.action_toggle_motion
        )
        for key, step in (("cmd.faster", -PACE_STEP), ("cmd.slower", PACE_STEP)):
            yield SystemCommand(t(key), t("cmd.pace_desc"), partial(self.action_pace, step))
        yield SystemCommand(t("cmd.stats"), t("cmd.stats_desc"), self.action_statistics)
        yield SystemCommand(t("cmd.language"), t("cmd.language_desc"), self.action_toggle_language)
        yield SystemCommand(t("cmd.theme"), t("cmd.theme_desc"), self.action_change_theme)
        yield SystemCommand(t("cmd.help"), t("cmd.help_desc"), self.action_help)
        yield SystemCommand(t("cmd.yaku"), t("cmd.yaku_desc"), lambda: self.action_help(True))

    # -- an unhandled error --------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """Write the full trace to a file before Textual closes the app with status 1."""
        if self.crash_log is None:
            self.crash_log = write_crash_log(error, self.store.directory)
        super()._handle_exception(error)

    def _print_error_renderables(self) -> None:
        """After a crash ``run_app`` prints one line that points at the trace, not the trace."""
        if self.crash_log is not None:
            self._exit_renderables.clear()
            return
        super()._print_error_renderables()


def one_line(err: BaseException) -> str:
    """An error as one line of plain text."""
    text = " ".join(str(err).split()) or type(err).__name__
    return text if len(text) <= 300 else text[:299] + "…"


def write_crash_log(error: BaseException, directory: Path) -> Path:
    """The full trace of an unhandled error in a new file of the data directory (or the temporary
    directory if that cannot be written); its path."""
    trace = "".join(traceback.format_exception(error))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for where in (directory, Path(tempfile.gettempdir())):
        try:
            where.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f"crash-{stamp}-", suffix=".log", dir=where)
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as f:
                f.write(trace)
            return Path(name)
        except OSError:
            continue
    return Path("(not written)")


def crash_line(error: BaseException, log: Path) -> str:
    return (
        f"hanafuda: crashed: {type(error).__name__}: {one_line(error)}"
        f" (full trace in {log}; the save is kept)"
    )


def run_app(app: HanafudaApp | None = None) -> int:
    """Run the game until the player quits; the exit status: 0, or 1 after an unhandled error,
    reported in one line that says where the full trace was written."""
    try:
        app = app or HanafudaApp()
        app.run()
    except Exception as err:  # outside Textual's own handling (start-up, shut-down)
        log = write_crash_log(err, app.store.directory if app else data_dir())
        print(crash_line(err, log), file=sys.stderr)
        return 1
    finally:
        if app is not None:
            app.store.release()
    if app.crash_log is not None:
        error = app._exception or RuntimeError("unknown error")
        print(crash_line(error, app.crash_log), file=sys.stderr)
        return 1
    if app.terminated:
        print("hanafuda: terminated", file=sys.stderr)
    return app.return_code or 0
