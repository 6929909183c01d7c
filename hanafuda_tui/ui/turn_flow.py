"""What happens next at the table screen, decided from the seat's game alone: a month result to
show, the year's end, a bot of this keyboard's table to think (``bot_turn.py``), a pass screen
between two humans, or the decision prompt for the phase. Every decision, a bot's or a human's,
goes to the table before anything of it is shown; then its steps are shown one at a time
(``staged_move.py``)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from itertools import dropwhile
from typing import Any

from textual.content import Content
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.worker import Worker

from ..core import actions as act
from ..core.game import Phase, PlayerView
from ..core.results import DealResult, Settlement
from . import memory
from .advice import AdviceScreen
from .app_side import app_side
from .bot_turn import BotTurn
from .i18n import t
from .rulesets import screen_of
from .screens.modals import Decision, generic_prompt, koikoi_prompt, take_prompt, teyaku_prompt
from .screens.passing import PassScreen
from .screens.results import MonthResult, MonthShown, ScoreSheet, result_parts
from .session import Session
from .staged_move import StagedMove
from .table_face import TableFace
from .table_frame import ResultsShown
from .widgets.last_turns import final_turn, step_text
from .widgets.staging import Moment

PROMPTS = {
    Phase.TAKE: take_prompt,
    Phase.TEYAKU: teyaku_prompt,
    Phase.KOIKOI: koikoi_prompt,
}
"""Phases with their own prompt; any other phase gets the generic list of its legal actions."""


WATCHED_RESULT = 8.0
"""How long a spectator's notice of a month's result stays (seconds)."""


class TurnFlow:
    """The table screen's turns: who acts next, the screens opened over the table for it, the
    bot thinking, the move shown in steps; what the session shows at the table goes through it."""

    def __init__(self, session: Session[Any], screen: TableFace) -> None:
        self.session = session
        self.screen = screen
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        """The seat whose hand is open at the keyboard (None: every hand hidden)."""
        self.shown = ResultsShown(session.seen)
        """How far the month results are shown."""
        self.history_said = False
        """The year could not be kept in the history, and the table has said so."""
        self.pending = False
        """A prompt or pass screen of ours is open; its callback goes on."""
        self.ended = False
        """A hosted table's year is over and its last sheet closed: nothing more to show."""
        self.staged = StagedMove(session, screen, self.advance)
        self.bot = BotTurn(session, screen, self.bot_moved)

    @property
    def moments(self) -> list[Moment]:
        """The steps of the last decision still to show, the one on screen first."""
        return self.staged.moments

    @property
    def thinking(self) -> Worker[None] | None:
        """The bot's turn, from its start until its move is applied (None: no bot thinks)."""
        return self.bot.thinking

    def on_top(self) -> bool:
        return self.screen.app.screen is self.screen

    def advance(self) -> None:
        """On to what happens next, unless something is on screen or on its way."""
        if self.pending or self.thinking or self.moments or not self.on_top():
            return
        if self.ended or app_side(self.screen).too_small:
            return
        session = self.session
        caught_up = session.take_news(self)
        while session.watching and self.shown.due(session.seen):
            self.watched(*self.shown.next(session.seen))  # at once: the players do not wait
        if not caught_up:
            return
        self.screen.refresh_table()
        game = session.seen
        if self.shown.due(game):
            result, scores, closing, last = self.shown.next(game)
            if len(session.humans) > 1:
                self.viewer = None  # a new deal: hide every hand until the next human confirms
                self.screen.refresh_table()
            turn = final_turn(game.book, result.deal, session.names, game.ruleset)
            self.open(
                MonthResult(
                    MonthShown(game.ruleset, result, session.names, scores, closing, last), turn
                )
            )
            return
        if game.is_over:
            if session.year_known:
                save = session.record_saver(self)
                sheet = ScoreSheet(game, session.names, True, save, session.link.kept)
                self.open(sheet, self.year_over)
            return
        seat = game.to_act
        if session.sent:
            return  # the host's next update says what happened
        if not session.is_human(seat):
            self.bot.start(seat, app_side(self.screen).bot_pause)
            return
        view = session.view_of(seat)
        legal = view.legal
        if (session.link.alone or game.phase in screen_of(game.ruleset).open_phases) and (
            len(legal) == 1 and legal[0] in act.NAMED
        ):
            # Nothing to decide (e.g. 'pass' without a teyaku), and no other human to hide it
            # from: at a hosted table the others could tell it from how soon the answer came.
            self.play_out(legal[0])
            self.advance()
            return
        if self.viewer != seat:
            mover, moved = self.just_moved()
            passing = PassScreen(session.names[seat], mover, moved)
            self.open(passing, lambda _: self.take_seat(seat))
            self.screen.call_after_refresh(memory.collect)  # while the keyboard changes hands
            return
        if view.phase == Phase.PLAY:
            return
        prompt = screen_of(view.ruleset).prompts.get(view.phase) or PROMPTS.get(view.phase)
        make = prompt or generic_prompt
        decision = make(view, session.names)
        decision.remake = lambda: make(view, session.names)  # in another language
        self.open(decision, self.decided)

    def watched(
        self, result: DealResult, scores: list[int], closing: list[Settlement], last: bool
    ) -> None:
        """A month's result for a spectator: its head line as a notice for a few seconds (the
        payments are in the log), and the table goes on with the players."""
        names, ruleset = self.session.names, self.session.seen.ruleset
        title, _ = result_parts(MonthShown(ruleset, result, names, scores, closing, last))
        self.say(Content.from_markup(title).plain, timeout=WATCHED_RESULT)

    def just_moved(self) -> tuple[str, str]:
        """The human at the keyboard and what their turn, the latest at the table, took
        (markup), for the pass screen to show them first; empty strings if there is none."""
        turns = self.session.seen.book.latest_turns()
        if self.viewer is None or not turns or list(turns)[-1] != self.viewer:
            return "", ""
        steps = turns[self.viewer]
        return self.session.names[self.viewer], "\n".join(map(step_text, steps))

    def open(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """A screen over the table; once it closes, ``callback`` has its answer and the table
        goes on."""
        self.pending = True

        def done(result: Any) -> None:
            self.pending = False
            if callback is not None:
                callback(result)
            self.screen.refresh_table()
            self.advance()

        self.screen.app.push_screen(screen, done)

    def take_seat(self, seat: int) -> None:
        self.viewer = seat
        self.session.show(seat)
        self.screen.selected = 0

    def decided(self, action: int | None) -> None:
        session = self.session
        if action is not None and action in session.view_of(session.seen.to_act).legal:
            self.play_out(action)

    def bot_moved(self, action: int) -> None:
        self.play_out(action)
        self.advance()

    def year_over(self, answer: str | None) -> None:
        """Back to the selector, or (``r``) straight on to a new year at the same table. A
        hosted table's year ends the program."""
        self.bot.stop()
        session, side = self.session, app_side(self.screen)
        if not session.link.coached:
            side.remember(years_finished=side.config.settings.years_finished + 1)
        self.ended = True
        session.link.year_over(session, self.screen, side, answer)

    def play_out(self, action: int) -> None:
        """Apply an action of the seat to act (and save), then show its steps one at a time. A
        step that ends in a choice between two field cards is left to the field's own note when
        a human makes that choice."""
        self.session.decide(action, self)

    # -- what the session shows at the table ------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply an action of the seat to act and save; a failed save is reported, once."""
        had_error = self.session.link.save_error
        self.session.apply(action, self)
        error = self.session.link.save_error
        if error and error != had_error:
            self.say(t("save.failed", error=error), "error", timeout=10)
        if self.session.link.history_error and not self.history_said:
            self.history_said = True
            self.say(
                t("history.failed", error=self.session.link.history_error), "warning", timeout=10
            )

    def stage(self, seat: int, start: int, mark: int, deals: int) -> None:
        self.staged.stage(seat, start, mark, deals)

    def say(
        self, text: str, severity: SeverityLevel = "information", timeout: float | None = None
    ) -> None:
        """A notice for the session: plain text, not markup."""
        self.screen.notify(text, severity=severity, timeout=timeout, markup=False)

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """Work of the session's that goes on while the table does (an action being sent)."""
        self.screen.run_worker(work, exit_on_error=False)

    def refresh_table(self) -> None:
        self.screen.refresh_table()

    # -- advice -----------------------------------------------------------------------------------

    def advice_view(self) -> PlayerView | None:
        """The view of the human whose hand is on screen when the decision is theirs (at the
        table or in their prompt); None on a pass screen, between moves, or for another seat."""
        session = self.session
        seat = self.viewer
        if seat is None or session.seen.to_act != seat or self.moments or self.thinking:
            return None
        if session.sent:
            return None
        above = list(
            dropwhile(lambda screen: screen is not self.screen, self.screen.app.screen_stack)
        )[1:]
        if any(not isinstance(screen, Decision | AdviceScreen) for screen in above):
            return None
        view = session.view_of(seat)
        return view if view.legal else None

    def still_open(self, view: PlayerView) -> bool:
        """Whether the decision of ``view`` is still to be taken by the human on screen."""
        return self.advice_view() == view
