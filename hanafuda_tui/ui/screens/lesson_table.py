"""A lesson at the table: the ordinary table screen and keys, the coach's words in a panel of the
sidebar, the cards its step points at lit. Enter goes on from a step that is read; ``a`` asks
the coach for a hint; Esc leaves the lesson for the lessons list. A finished lesson is kept as
finished in the progress file."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...learn.progress import mark_finished
from ..app_side import app_side
from ..i18n import lang, t
from ..lesson import Coached
from ..session import Session
from ..table_face import TableFace
from ..turn_flow import TurnFlow
from .lessons import progress_path
from .modals import Decision
from .table import TableScreen


class CoachPanel(Static):
    """What the coach says now, in the language shown."""

    DEFAULT_CSS = """
    CoachPanel {
        height: auto;
        max-height: 85%;
        border-bottom: solid $primary-darken-2;
        margin-bottom: 1;
    }
    CoachPanel.answered { color: $warning; }
    """


class LessonFlow(TurnFlow):
    """A lesson's turns: as at any table, but a step to read holds the table (no prompt over its
    words), and so does a finished lesson once its month's result, if it came, is shown."""

    def __init__(
        self,
        session: Session[Coached],
        screen: TableFace,
        leave: Callable[[], None],
        hint: Callable[[], None],
    ) -> None:
        super().__init__(session, screen)
        self.lesson_session = session.link
        self.leave = leave
        self.hint = hint

    def advance(self) -> None:
        session = self.lesson_session
        idle = not (self.pending or self.moments or app_side(self.screen).too_small)
        if idle and self.on_top() and not self.session.take_news(self):
            return  # a move of the coach's is shown first
        result_due = self.shown.due(self.session.seen)
        done = session.coach.finished and not session.unshown and not result_due
        if (session.reading or done) and not self.moments:
            self.screen.refresh_table()
            return
        super().advance()

    def open(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """A prompt of the lesson's: over the board, the coach's words left in view; Esc leaves
        the lesson from it too, and ``a`` asks the coach for a hint."""
        if isinstance(screen, Decision):
            screen.leave, screen.hint = self.leave, self.hint
            screen.add_class("beside-coach")
        super().open(screen, callback)


class LessonTableScreen(TableScreen):
    BINDINGS = [
        Binding("a", "hint", show=False),
    ]

    def __init__(self, session: Session[Coached]) -> None:
        self.lesson_session = session.link
        super().__init__(session)
        self.marked = False
        """The lesson is kept as finished."""

    def turn_flow(self, session: Session[Any]) -> TurnFlow:
        return LessonFlow(session, self, self.action_leave, self.action_hint)

    def on_mount(self) -> None:
        self.query_one("#side").mount(CoachPanel(id="coach"), before=0)
        super().on_mount()

    def on_resize(self, event: events.Resize) -> None:
        """The log gives its room to the coach's words on a short terminal."""
        super().on_resize(event)
        self.query_one("#log").display = event.size.height >= 30

    def keys_line(self, playing: bool) -> str:
        if self.lesson_session.coach.finished:
            return t("keys.lesson_done")
        if self.lesson_session.reading and not self.flow.moments:
            return t("keys.lesson_read")
        return t("keys.lesson" if playing else "keys.lesson_watch")

    def refresh_table(self) -> None:
        super().refresh_table()
        if not self.is_mounted or not self.query("#coach"):
            return
        session = self.lesson_session
        coach = session.coach
        panel = self.query_one("#coach", CoachPanel)
        moving = session.unshown or bool(self.flow.moments)
        said, at = session.before if moving else (session.said, session.said_at)
        finished = at >= len(coach.steps)
        head = t("lesson.step", n=min(at + 1, len(coach.steps)), of=len(coach.steps))
        if finished:
            head = t("lesson.finished")
        text = said[lang()]
        tail = ""
        if finished:
            tail = f"\n[dim]{t('lesson.left')}[/]"
        elif session.reading and not self.flow.moments:
            tail = f"\n[dim]{t('lesson.go_on')}[/]"
        elif session.accepted and self.human_to_play() is not None and not self.flow.moments:
            tail = f"\n[dim]{t('lesson.how_to_play')}[/]"
        markup = f"[b]{head}[/b]\n" + Content(text).markup + tail
        panel.set_class(not session.accepted, "answered")
        if getattr(panel, "markup_text", None) != markup:
            panel.markup_text = markup  # type: ignore[attr-defined]
            panel.update(Content.from_markup(markup))
        if coach.finished and not self.marked:
            self.marked = True
            problem = mark_finished(progress_path(), session.lesson.id)
            if problem:
                self.notify(problem, severity="warning", markup=False)

    def action_play(self) -> None:
        if self.lesson_session.reading and not self.flow.moments:
            self.lesson_session.read_on()
            self.refresh_table()
            self.flow.advance()
            return
        super().action_play()

    def action_hint(self) -> None:
        session = self.lesson_session
        session.say(session.hint())
        session.before = (session.said, session.said_at)  # said at once, moves shown or not
        session.accepted = True
        self.refresh_table()
