"""The lessons list: each ruleset's path of lessons (``learn``), the finished ones marked from the
progress file in the data directory. The highlighted lesson's summary is shown below the list."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core.rulesets import titles
from ...learn.lessons import all_lessons, find_lesson
from ...learn.progress import PROGRESS_NAME, load_progress
from ..app_side import app_side
from ..i18n import lang, t
from ..keys import KeysLine


def progress_path() -> Path:
    """Where finished lessons are kept: the data directory's progress file."""
    from ...tables.storage import data_dir

    return data_dir() / PROGRESS_NAME


class LessonsScreen(ModalScreen[str | None]):
    """The lessons (of ``ruleset`` only, if given); Enter on one gives its id."""

    BINDINGS = [
        Binding("escape,q", "close", show=False),
        Binding("l", "language", show=False),
    ]

    def __init__(self, ruleset: str | None = None, chosen: str = "") -> None:
        """``chosen``: the lesson highlighted first (the one just left: the next one once it is
        finished)."""
        super().__init__()
        self.ruleset = ruleset
        self.chosen = chosen
        self.finished: frozenset[str] = frozenset()

    def compose(self) -> ComposeResult:
        progress = load_progress(progress_path())
        if progress.problem:
            self.app.notify(progress.problem, severity="warning", markup=False)
        self.finished = frozenset(progress.finished)
        language = lang()
        options: list[Option | None] = []
        for ruleset, lessons in all_lessons().items():
            if self.ruleset is not None and ruleset != self.ruleset:
                continue
            if options:
                options.append(None)
            title = titles(ruleset)[0 if language == "ja" else 1]
            options.append(Option(Content.from_markup(f"[b]{title}[/b]"), disabled=True))
            for number, lesson in enumerate(lessons, 1):
                done = f"  [{t('lessons.done')}]" if lesson.id in progress.finished else ""
                options.append(
                    Option(Content(f"  {number}. {lesson.title[language]}{done}"), lesson.id)
                )
        with Vertical(classes="dialog wide"):
            yield Static(
                Content.from_markup(f"[b]{t('lessons.title')}[/b]"), classes="dialog-title"
            )
            yield OptionList(*options, id="lessons-list", classes="sheet")
            yield Static("", id="lesson-summary")
        yield KeysLine(t("lessons.keys"))

    @on(OptionList.OptionHighlighted)
    def summary(self, event: OptionList.OptionHighlighted) -> None:
        lesson_id = event.option.id
        text = ""
        if lesson_id is not None:
            text = find_lesson(lesson_id).summary[lang()]
        self.query_one("#lesson-summary", Static).update(Content(text))

    def on_mount(self) -> None:
        listed = self.query_one("#lessons-list", OptionList)
        ids = [option.id for option in listed.options]
        if self.chosen in ids:
            at = ids.index(self.chosen)
            if self.chosen in self.finished and at + 1 < len(ids) and ids[at + 1] is not None:
                at += 1  # on to the next lesson of the same path
            listed.highlighted = at
        listed.focus()

    async def action_language(self) -> None:
        """日本語 / English, the lesson highlighted kept."""
        listed = self.query_one("#lessons-list", OptionList)
        if listed.highlighted is not None:
            self.chosen = listed.options[listed.highlighted].id or ""
        self.finished = frozenset()  # the highlighted one stays where it is
        await app_side(self).action_toggle_language()
        self.on_mount()

    @on(OptionList.OptionSelected)
    def chose(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
