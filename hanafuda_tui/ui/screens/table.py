"""The table: field, hands, captures, sidebar and log, drawn from the session's seat games (what
each seat played here was told, ``table_frame.py``); its keys go to the session as that seat's.

``advance`` decides what happens next from the seat's game alone: a month result to show, the
year's end, a bot of this keyboard's table to think (in a worker, after an adjustable pause), a pass
screen between two humans, or the decision prompt for the phase. Every decision, a bot's or a
human's, goes to the table before anything of it is shown; then its steps are shown one at a time,
each held for the pace (+/-): the card played and what it takes, then the card drawn and what it
takes. A hand card is chosen with ←→ or a number and played with Enter; only legal cards can be
played.
"""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, get_current_worker

from ...bots import Bot
from ...core import actions as act
from ...core.game import Phase, PlayerView
from ...core.results import DealResult, Settlement
from ...tables.thinking import think
from .. import memory
from ..advice import AdviceScreen
from ..app_side import app_side
from ..i18n import t
from ..rulesets import screen_of
from ..session import Session
from ..table_frame import (
    Looks,
    ResultsShown,
    bottom_seat,
    frame,
    hand_cards,
    moments_of,
    playable,
)
from ..widgets.board import big_board
from ..widgets.last_turns import LastTurns, final_turn, step_text
from ..widgets.staging import Moment
from ..widgets.table import FieldPanel, HandPanel, LogPanel, SeatPanel, YakuPanel
from .modals import (
    Decision,
    generic_prompt,
    hatto_prompt,
    koikoi_prompt,
    take_prompt,
    teyaku_prompt,
)
from .passing import PassScreen
from .results import MonthResult, ScoreSheet, result_parts

PROMPTS = {
    Phase.TAKE: take_prompt,
    Phase.TEYAKU: teyaku_prompt,
    Phase.KOIKOI: koikoi_prompt,
}
"""Phases with their own prompt; any other phase gets the generic list of its legal actions."""


WATCHED_RESULT = 8.0
"""How long a spectator's notice of a month's result stays (seconds)."""


class TableScreen(Screen[None]):
    is_table = True
    BINDINGS = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("enter,space", "play", show=False),
        *[Binding(str(i), f"choose({i - 1})", show=False) for i in range(1, 10)],
        Binding("s", "sheet", show=False),
        Binding("h", "toggle_hints", show=False),
        Binding("a", "advice", show=False),
        Binding("g", "gallery", show=False),
        Binding("n", "toggle_beginner", show=False),
        Binding("escape", "leave", show=False),
    ]

    def __init__(self, session: Session[Any]) -> None:
        super().__init__()
        self.session = session
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.selected = 0
        self.hints = True
        self.beginner = False
        """Beginner mode: takers marked, each bot move's reason, a yaku near for another seat."""
        self.shown = ResultsShown(session.seen)
        """How far the month results are shown."""
        self.history_said = False
        """The year could not be kept in the history, and the table has said so."""
        self.pending = False
        """A prompt or pass screen of ours is open; its callback goes on."""
        self.thinking: Worker[None] | None = None
        """The bot's turn, from its start until its move is applied (None: no bot thinks)."""
        self.moments: list[Moment] = []
        """The steps of the last decision still to show, the one on screen first."""
        self.stage_token = 0
        self.ended = False
        """A hosted table's year is over and its last sheet closed: nothing more to show."""

    @property
    def ruleset(self) -> str:
        return self.session.seen.ruleset

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            with Vertical(id="board"):
                with Vertical(id="opponents"):
                    for _ in range(self.session.seen.players - 1):
                        yield SeatPanel(classes="opponent")
                yield LastTurns(id="last-turns")
                yield FieldPanel(id="field")
                yield SeatPanel(id="me")
                yield HandPanel(id="hand")
            with Vertical(id="side"):
                yield YakuPanel(id="yaku")
                yield LogPanel(id="log")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.hints = self.app_settings_hints()
        self.beginner = app_side(self).config.settings.beginner_mode
        if self.session.save_error:
            self.notify(
                t("save.failed", error=self.session.save_error), severity="error", markup=False
            )
        self.refresh_table()
        self.call_after_refresh(self.advance)
        self.call_after_refresh(memory.freeze)
        self.set_interval(1.0, self.tick)

    def on_screen_resume(self) -> None:
        self.refresh_table()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: events.Resize) -> None:
        """A wider sidebar on wider terminals; cards re-lay themselves."""
        width = event.size.width
        self.query_one("#side").styles.width = 28 if width < 110 else min(44, width // 3)
        self.refresh_table()

    def on_unmount(self) -> None:
        self.stop_bot()

    def stop_bot(self) -> None:
        """A bot still thinking stops being waited for (its thread ends on its own)."""
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None

    # -- what the screen shows ------------------------------------------------------------------

    def bottom_seat(self) -> int:
        return bottom_seat(self.session, self.viewer)

    def hand_cards(self, view: PlayerView) -> list[int]:
        return hand_cards(view, self.viewer)

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        moment = self.moments[0] if self.moments else None
        looks = Looks(
            self.viewer,
            self.selected,
            self.hints,
            self.beginner,
            moment,
            self.app_pause(),
            big_board(self),
        )
        drawn = frame(self.session, looks)
        self.selected = drawn.hand[1]
        self.set_text("#status", drawn.status)
        panels = self.query(".opponent").results(SeatPanel)
        for panel, info in zip(panels, drawn.opponents, strict=True):
            panel.show(info)
        self.query_one("#me", SeatPanel).show(drawn.me)
        self.query_one("#field", FieldPanel).show(*drawn.field)
        self.query_one(LastTurns).show(*drawn.turns)
        self.query_one("#hand", HandPanel).show(*drawn.hand)
        self.query_one("#yaku", YakuPanel).show(drawn.yaku)
        self.query_one("#log", LogPanel).show(drawn.log)
        playing = self.human_to_play() is not None and not self.moments  # their turn on screen
        self.set_text("#keys", self.keys_line(playing))  # working keys only

    def keys_line(self, playing: bool) -> str:
        """The keys that work now (markup): playing ones on the human's turn."""
        return t("keys.table" if playing else "keys.watch")

    def set_text(self, selector: str, markup: str) -> None:
        widget = self.query_one(selector, Static)
        if getattr(widget, "markup_text", None) != markup:
            widget.markup_text = markup  # type: ignore[attr-defined]
            widget.update(Content.from_markup(markup))

    def tick(self) -> None:
        """Each second: how long who is away, while anyone is (or the connection is down)."""
        if self.session.ticking:
            self.refresh_table()

    def app_pause(self) -> float:
        return app_side(self).bot_pause

    def app_settings_hints(self) -> bool:
        return app_side(self).config.settings.hints

    # -- who acts next ----------------------------------------------------------------------------

    def advance(self) -> None:
        if self.pending or self.thinking or self.moments or self.app.screen is not self:
            return
        if self.ended:
            return
        if app_side(self).too_small:
            return
        session = self.session
        caught_up = session.take_news(self)
        while session.watching and self.shown.due(session.seen):
            self.watched(
                *self.shown.next(session.seen)
            )  # told at once: the players do not wait for it
        if not caught_up:
            return
        self.refresh_table()
        game = session.seen
        if self.shown.due(game):
            result, scores, closing, last = self.shown.next(game)
            if len(session.humans) > 1:
                self.viewer = None  # a new deal: hide every hand until the next human confirms
                self.refresh_table()
            turn = final_turn(game.book, result.deal, session.names, game.ruleset)
            self.open(MonthResult(game.ruleset, result, session.names, scores, closing, last, turn))
            return
        if game.is_over:
            if session.year_known:
                save = session.record_saver(self)
                sheet = ScoreSheet(game, session.names, True, save, session.kept)
                self.open(sheet, self.year_over)
            return
        seat = game.to_act
        if session.sent:
            return  # the host's next update says what happened
        if not session.is_human(seat):
            self.start_bot(seat)  # if its bot is here; else the table's next update says
            return
        view = session.view_of(seat)
        legal = view.legal
        if (session.alone or game.phase in screen_of(game.ruleset).open_phases) and (
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
            self.call_after_refresh(memory.collect)  # while the keyboard changes hands
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
        names = self.session.names
        title, _ = result_parts(self.ruleset, result, names, scores, closing, last)
        self.notify(Content.from_markup(title).plain, timeout=WATCHED_RESULT, markup=False)

    def just_moved(self) -> tuple[str, str]:
        """The human at the keyboard and what their turn, the latest at the table, took
        (markup), for the pass screen to show them first; empty strings if there is none."""
        turns = self.session.seen.book.latest_turns()
        if self.viewer is None or not turns or list(turns)[-1] != self.viewer:
            return "", ""
        steps = turns[self.viewer]
        return self.session.names[self.viewer], "\n".join(map(step_text, steps))

    def open(self, screen: Screen[Any], callback: Any = None) -> None:
        self.pending = True

        def done(result: Any) -> None:
            self.pending = False
            if callback is not None:
                callback(result)
            self.refresh_table()
            self.advance()

        self.app.push_screen(screen, done)

    def say(
        self, text: str, severity: SeverityLevel = "information", timeout: float | None = None
    ) -> None:
        """A notice for the session: plain text, not markup."""
        self.notify(text, severity=severity, timeout=timeout, markup=False)

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """Work of the session's that goes on while the table does (an action being sent)."""
        self.run_worker(work, exit_on_error=False)

    def apply(self, action: int) -> None:
        """Apply an action of the seat to act and save; a failed save is reported, once."""
        had_error = self.session.save_error
        self.session.apply(action, self)
        error = self.session.save_error
        if error and error != had_error:
            self.notify(t("save.failed", error=error), severity="error", timeout=10, markup=False)
        if self.session.history_error and not self.history_said:
            self.history_said = True
            said = t("history.failed", error=self.session.history_error)
            self.notify(said, severity="warning", timeout=10, markup=False)

    def take_seat(self, seat: int) -> None:
        self.viewer = seat
        self.session.show(seat)
        self.selected = 0

    def decided(self, action: int | None) -> None:
        session = self.session
        if action is not None and action in session.view_of(session.seen.to_act).legal:
            self.play_out(action)

    def year_over(self, answer: str | None) -> None:
        """Back to the selector, or (``r``) straight on to a new year at the same table. A
        hosted table's year ends the program."""
        self.stop_bot()
        session = self.session
        if not session.coached:
            app = app_side(self)
            app.remember(years_finished=app.config.settings.years_finished + 1)
        self.ended = True
        session.link.year_over(session, self, app_side(self), answer)

    # -- bots -------------------------------------------------------------------------------------

    def start_bot(self, seat: int) -> None:
        """The seat's bot, if it is here, thinks in a worker of the table, which leaving it or
        quitting cancels at once."""
        here = self.session.bot_turn(seat)
        if here is None:
            return
        bot, view = here
        turn = self.bot_turn(bot, view, self.app_pause())
        self.thinking = self.run_worker(turn, name="bot", group="bot", exit_on_error=False)
        self.call_after_refresh(memory.collect)

    async def bot_turn(self, bot: Bot, view: PlayerView, pause: float) -> None:
        """A bot's decision, then applied in the table's own turn."""
        action, error = await think(bot, view, pause)
        self.call_later(self.bot_moved, get_current_worker(), action, error, view.legal)

    def bot_moved(self, turn: Worker[None], action: int, error: str, legal: Sequence[int]) -> None:
        """Apply a bot's decision in the table's own turn, as a key's (unless the table moved on
        meanwhile), then show its steps."""
        if turn is not self.thinking:
            return
        if action not in legal:
            action, error = legal[0], error or f"illegal action {action}"
        if error:
            self.notify(t("bot.error", error=error), severity="error", markup=False)
        self.thinking = None
        self.play_out(action)
        self.advance()

    # -- a decision shown in steps ----------------------------------------------------------------

    def play_out(self, action: int) -> None:
        """Apply an action of the seat to act (and save), then show the steps the core recorded
        for it one at a time, each for the pace: the field as it was, the card on its way and the
        field cards it takes lit. A step that ends in a choice between two field cards is left to
        the field's own note when a human makes that choice. A decision that deals the next month
        is not staged: cards of the month that ended may be in the new hands, so it stays in the
        log."""
        self.session.decide(action, self)

    def stage(self, seat: int, start: int, mark: int, deals: int) -> None:
        """Show the steps told since ``mark`` (the log since ``start``) of the decision ``seat``
        took, if it dealt no new month (``deals``: the deals before it)."""
        pace = self.app_pause()
        if pace <= 0 or len(self.session.seen.book.deals) != deals:
            return
        self.moments = moments_of(self.session, seat, start, mark, pace, app_side(self).motion)
        if self.moments:
            self.refresh_table()
            self.stage_token += 1
            token = self.stage_token
            self.set_timer(self.moments[0].hold or pace, lambda: self.next_moment(token))

    def skip_staging(self) -> None:
        """The rest of the move on screen at once, and on to whoever acts next."""
        self.stage_token += 1
        self.moments = []
        self.refresh_table()
        self.advance()

    def next_moment(self, token: int) -> None:
        """The held step is over: the next one, or on to whoever acts next."""
        if token != self.stage_token or not self.moments:
            return
        self.moments.pop(0)
        if self.moments:
            hold = self.moments[0].hold or self.app_pause()
            self.set_timer(hold, lambda: self.next_moment(token))
        self.refresh_table()
        self.advance()

    # -- keys -------------------------------------------------------------------------------------

    def human_to_play(self) -> PlayerView | None:
        session = self.session
        if self.pending or self.viewer is None or session.seen.to_act != self.viewer:
            return None
        if session.sent:
            return None
        view = session.view_of(self.viewer)
        return view if view.phase == Phase.PLAY else None

    def action_move(self, step: int) -> None:
        view = self.session.view_of(self.bottom_seat())
        cards = self.hand_cards(view)
        if not cards:
            return
        can_play = playable(view, self.viewer) or view.hand
        for k in range(1, len(cards) + 1):
            i = (self.selected + step * k) % len(cards)
            if can_play >> cards[i] & 1:
                self.selected = i
                break
        self.refresh_table()

    def action_choose(self, index: int) -> None:
        """Select hand card ``index`` (number keys)."""
        view = self.session.view_of(self.bottom_seat())
        if index < len(self.hand_cards(view)):
            self.selected = index
            self.refresh_table()

    def on_hand_panel_tapped(self, message: HandPanel.Tapped) -> None:
        """A click: select the card, or play it if it was already selected."""
        index = message.index
        if index == self.selected and self.human_to_play() is not None:
            self.action_play()
        else:
            self.action_choose(index)

    def action_play(self) -> None:
        if self.moments:  # Enter while a decision is shown in steps: the rest at once
            self.skip_staging()
            return
        view = self.human_to_play()
        if view is None:
            return
        cards = self.hand_cards(view)
        if not cards:
            return
        card = cards[self.selected]
        if card not in view.legal:
            return
        warning = view.facts.warnings().get(card)
        if warning is not None and not warning[1] and not self.session.coached:
            names, ruleset = self.session.names, self.ruleset
            prompt = hatto_prompt(card, warning[0], names, ruleset)
            prompt.remake = lambda: hatto_prompt(card, warning[0], names, ruleset)
            self.open(prompt, self.decided)
            return
        self.play_out(card)
        self.refresh_table()
        self.advance()

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheet(self.session.seen, self.session.names))

    def action_gallery(self) -> None:
        """Every card with its kind, names and the yaku it counts toward in this game."""
        from .gallery import GalleryScreen

        self.app.push_screen(GalleryScreen(self.ruleset, self.session.seen.options))

    def action_toggle_beginner(self) -> None:
        """Beginner mode on or off (kept in the settings)."""
        self.beginner = not self.beginner
        app_side(self).remember(beginner=self.beginner)
        self.notify(t("beginner.now_on" if self.beginner else "beginner.now_off"), markup=False)
        self.refresh_table()

    def action_toggle_hints(self) -> None:
        self.hints = not self.hints
        app_side(self).remember(hints=self.hints)
        self.refresh_table()

    def advice_view(self) -> PlayerView | None:
        """The view of the human whose hand is on screen when the decision is theirs (at the
        table or in their prompt); None on a pass screen, between moves, or for another seat."""
        session = self.session
        seat = self.viewer
        if seat is None or session.seen.to_act != seat or self.moments or self.thinking:
            return None
        if session.sent:
            return None
        above = self.app.screen_stack[self.app.screen_stack.index(self) + 1 :]
        if any(not isinstance(screen, Decision | AdviceScreen) for screen in above):
            return None
        view = session.view_of(seat)
        return view if view.legal else None

    def action_advice(self) -> None:
        """What the strong bot would do now (if advice is on)."""
        if not app_side(self).config.settings.advice:
            self.notify(t("advice.off"), markup=False)
            return
        if self.moments and self.app.screen is self:  # a turn still shown: the rest at once
            self.action_play()
        view = self.advice_view()
        if view is None:
            self.notify(t("advice.none"), markup=False)
            return
        names, advised = self.session.names, self.session.advised
        self.app.push_screen(AdviceScreen(view, names, self.still_open, advised))

    def still_open(self, view: PlayerView) -> bool:
        """Whether the decision of ``view`` is still to be taken by the human on screen."""
        return self.advice_view() == view

    def action_leave(self) -> None:
        """Back to the selector; the game is saved and can be continued. A hosted table is left
        by quitting (asked first), or back to the lobby it was met in: its host keeps the seat
        for a rejoin."""
        self.stop_bot()
        self.session.link.leave(self, app_side(self))
