"""From the replay viewer: play on from a position in a new game, and the strong bot's review of
one seat's decisions with the year's mistakes."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from ...bots import BOTS
from ...core.records import HUMAN, GameRecord, SeatRecord
from ...review.judge import ITERATIONS, MISTAKE, Judgement, decisions, mistakes, review
from ...review.play_on import Dealt, play_on, start
from ...review.positions import Positions
from ..app_side import app_side
from ..faces import month_label
from ..i18n import t
from ..keys import KeysLine
from ..names import seat_name
from ..session import HereTable, Session
from ..text import plain
from .modals import confirm, move_label, pct
from .selector import discard_body

LEVELS = tuple(name for name in BOTS if name != "random")
"""The levels a seat can be given when playing on (easy, normal, strong, expert)."""


class PlayOnScreen(ModalScreen[None]):
    """Play on from a position: the player takes ``seat``, bots the others (the levels they had,
    or chosen here); the cards the seat cannot see are dealt afresh."""

    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, record: GameRecord, positions: Positions, at: int, seat: int) -> None:
        super().__init__()
        self.record, self.positions, self.at, self.seat = record, positions, at, seat
        self.levels = {
            s: (seat_record.player if seat_record.player != HUMAN else "normal")
            for s, seat_record in enumerate(record.seats)
            if s != seat
        }

    def compose(self) -> ComposeResult:
        name = plain(seat_name(self.record.seats, self.seat))
        with Vertical(classes="dialog"):
            yield Static(Content.from_markup(f"[b]{t('playon.title')}[/b]"), classes="dialog-title")
            yield Static(Content.from_markup(t("playon.body", who=name)), classes="dialog-body")
            for s in self.levels:
                yield Button(self.level_label(s), id=f"seat{s}", compact=True)
            yield Static("")
            yield Button(t("playon.start"), id="start", compact=True)
            yield Button(t("viewer.cancel"), id="cancel", compact=True)
        yield KeysLine(t("keys.playon"))

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def level_label(self, seat: int) -> Content:
        name = plain(seat_name(self.record.seats, seat))
        return Content.from_markup(f"{name}: [b]{plain(self.levels[seat])}[/b]")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button.id or ""
        if button.startswith("seat"):
            seat = int(button[4:])
            now = self.levels[seat].split(":")[0]
            nxt = LEVELS[(LEVELS.index(now) + 1) % len(LEVELS)] if now in LEVELS else LEVELS[1]
            self.levels[seat] = nxt
            event.button.label = self.level_label(seat)
        elif button == "start":
            self.begin()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def seats(self) -> list[SeatRecord]:
        return [
            SeatRecord(name=s.name, player=HUMAN if i == self.seat else self.levels[i])
            for i, s in enumerate(self.record.seats)
        ]

    def begin(self) -> None:
        """Start the new game, asking first before a saved game is discarded."""
        app = app_side(self)
        saved = app.resumable()
        if saved is None or not app.saving:
            self.open_table()
            return

        def go(yes: int | None) -> None:
            if yes:
                self.open_table()

        self.app.push_screen(confirm(t("confirm.discard"), discard_body(saved.seen)), go)

    def open_table(self) -> None:
        app = app_side(self)
        seed = str(random.SystemRandom().randrange(10**9))
        seats = self.seats()
        made = play_on(self.positions, self.at, self.seat, random.Random(f"{seed}/deal"), seats)
        game = start(made.record, random.Random(seed))
        store = app.store if app.saving else None
        think = app.config.settings.think
        history = app.kept_history  # kept there once finished, as any year
        advice, played_on_from = self.record.advice, made.record.played_on_from
        link = HereTable(game, seats, seed, store, think, advice, history, played_on_from)
        session = Session.here(link, save=True)
        self.dismiss(None)
        if made.dealt != Dealt.UNSEEN:
            self.app.notify(t("playon.as_recorded"), markup=False)
        app.open_table(session)


class ReviewScreen(ModalScreen[int | None]):
    """The strong bot looks at each of one seat's decisions (in a worker thread, with a progress
    bar; Esc stops it), then lists the decisions that lost the most; Enter on one opens the viewer
    there. Answers the position chosen, or None."""

    BINDINGS = [Binding("escape", "close", show=False)]

    def __init__(
        self,
        record: GameRecord,
        seat: int,
        names: Sequence[str],
        judged: dict[int, Judgement] | None = None,
        iterations: int = ITERATIONS,
    ) -> None:
        super().__init__()
        self.record, self.seat, self.names, self.iterations = record, seat, names, iterations
        self.judged: list[Judgement] | None = (
            sorted(judged.values(), key=lambda j: j.at) if judged is not None else None
        )
        """Every decision judged, once the review is complete."""
        self.total = 0

    def compose(self) -> ComposeResult:
        who = plain(self.names[self.seat])
        with Vertical(classes="dialog wide"):
            yield Static(
                Content.from_markup(f"[b]{t('review.title', who=who)}[/b]"), classes="dialog-title"
            )
            yield ProgressBar(show_eta=False, id="review-progress")
            yield Static(id="review-status")
            yield OptionList(id="mistakes")
        yield KeysLine(t("keys.review"))

    def on_mount(self) -> None:
        if self.judged is not None:
            self.show_mistakes(self.judged)
        else:
            self.query_one("#mistakes").display = False
            self.total = len(decisions(self.record, self.seat))
            self.query_one(ProgressBar).update(total=max(self.total, 1), progress=0)
            self.set_status(t("review.working", done=0, total=self.total))
            self.run_review()

    def set_status(self, text: str) -> None:
        self.query_one("#review-status", Static).update(Content(text))

    @work(thread=True, exclusive=True, exit_on_error=False)
    def run_review(self) -> list[Judgement]:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.app.call_from_thread(self.progressed, done, total)

        return review(
            self.record, self.seat, self.iterations, progress, lambda: worker.is_cancelled
        )

    def progressed(self, done: int, total: int) -> None:
        if self.is_attached:
            self.query_one(ProgressBar).update(total=max(total, 1), progress=done)
            self.set_status(t("review.working", done=done, total=total))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.SUCCESS:
            judged = event.worker.result
            if isinstance(judged, list) and len(judged) == self.total:
                self.judged = judged
                self.show_mistakes(judged)
        elif event.state == WorkerState.ERROR:
            self.set_status(t("review.failed", error=str(event.worker.error)))

    def show_mistakes(self, judged: list[Judgement]) -> None:
        self.query_one(ProgressBar).display = False
        listed = mistakes(judged)
        self.listed = listed
        self.set_status(summary(judged))
        options = self.query_one("#mistakes", OptionList)
        options.display = bool(listed)
        options.clear_options()
        options.add_options([Option(Content.from_markup(mistake_row(j))) for j in listed])
        if listed:
            options.highlighted = 0
            options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.listed[event.option_index].at)

    def action_close(self) -> None:
        for worker in self.workers:
            worker.cancel()
        self.dismiss(None)


def summary(judged: list[Judgement]) -> str:
    """The review in a line: decisions looked at, the mistakes and what all decisions lost, in
    percentage points of the chance to finish the year first."""
    listed = mistakes(judged)
    lost = sum(j.loss for j in judged)
    text = t(
        "review.done",
        total=len(judged),
        n=len(listed),
        lost=f"{100 * lost:.0f}",
        threshold=f"{100 * MISTAKE:.0f}",
    )
    return text + ("" if listed else "  " + t("review.none"))


def mistake_row(j: Judgement) -> str:
    """A mistake on one line (markup): the month, the move played and its chance, the best."""
    return t(
        "review.row",
        month=month_label(j.month),
        played=move_label(j.played),
        p=pct(j.played_chance),
        best=move_label(j.best),
        q=pct(j.best_chance),
        loss=f"{100 * j.loss:.0f}",
    )
