"""The table: field, hands, captures, sidebar and log; drives the game between humans and bots.

``advance`` decides what happens next from the core alone: a month result to show, the year's end,
a bot to think (in a worker, after an adjustable pause), a pass screen between two humans,
or the decision prompt for the phase. Every decision, a bot's or a human's, is applied (and saved)
before anything of it is shown; then its steps are shown one at a time, each held for the pace
(+/-): the card played and what it takes, then the card drawn and what it takes. A hand card is
chosen with ←→ or a number and played with Enter; only legal cards can be played.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

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
from ...core.cards import card_list
from ...core.game import Phase, PlayerView
from ...core.hints import takes as hint_takes
from ...core.results import DealResult, Settlement
from ...core.rulesets import titles
from ...tables.thinking import BOT_THREADS
from .. import memory
from ..advice import AdviceScreen
from ..app_side import app_side
from ..beginner import beginner_notes, takers
from ..faces import describe, face, month_label
from ..i18n import has, t
from ..lesson import LessonSession
from ..rulesets import screen_of
from ..session import HostedSession, Session
from ..text import event_line, plain
from ..widgets.board import (
    big_board,
    is_out,
    round_roles,
    seat_info,
    takes_text,
    yaku_infos,
)
from ..widgets.last_turns import (
    LastTurns,
    final_turn,
    step_text,
)
from ..widgets.staging import Moment, step_moments
from ..widgets.table import (
    FieldPanel,
    HandMarks,
    HandPanel,
    LogPanel,
    SeatInfo,
    SeatPanel,
    YakuPanel,
)
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

if TYPE_CHECKING:
    pass

PROMPTS = {
    Phase.TAKE: take_prompt,
    Phase.TEYAKU: teyaku_prompt,
    Phase.KOIKOI: koikoi_prompt,
}
"""Phases with their own prompt; any other phase gets the generic list of its legal actions."""
LOG_LINES = 60


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

    def __init__(self, session: Session | HostedSession | LessonSession) -> None:
        super().__init__()
        self.session = session
        humans = session.humans
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.selected = 0
        self.hints = True
        self.beginner = False
        """Beginner mode: takers marked, each bot move's reason, a yaku near for another seat."""
        self.shown_results = len(session.game.results)
        self.shown_settled = len(session.game.settlements)
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
        return self.session.game.ruleset

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="body"):
            with Vertical(id="board"):
                with Vertical(id="opponents"):
                    for _ in range(self.session.game.players - 1):
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
        if self.viewer is not None:
            return self.viewer
        humans = self.session.humans
        return humans[0] if humans else 0

    def hand_cards(self, view: PlayerView) -> list[int]:
        return card_list(view.hand) if self.viewer == view.seat else []

    def playable(self, view: PlayerView) -> int:
        if self.viewer != view.seat or view.phase != Phase.PLAY:
            return 0
        return sum(1 << a for a in view.legal if 0 <= a < 48)

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        game = self.session.game
        names = self.session.names
        bottom = self.bottom_seat()
        view = game.view(bottom)
        log = game.log
        told = None
        if self.moments:  # a step on screen: what the later steps capture is not told yet
            moment = self.moments[0]
            captures = list(view.captures)
            captures[moment.seat] &= ~moment.unseen
            view = view._replace(captures=tuple(captures), to_act=moment.seat)  # still its turn
            log = log[: moment.log_end]
            told = moment.told
        roles = round_roles(view)
        self.set_text("#status", self.status_line(view))
        order = [(bottom + k) % view.players for k in range(1, view.players)]
        koikoi = view.facts.called()
        for panel, seat in zip(self.query(".opponent").results(SeatPanel), order, strict=True):
            panel.show(self.seat_info(view, seat, names, roles, koikoi))
        self.query_one("#me", SeatPanel).show(self.seat_info(view, bottom, names, roles, koikoi))
        order = [seat for seat in order if not is_out(view, seat)]
        cards = self.hand_cards(view)
        playable = self.playable(view)
        self.selected = min(self.selected, max(len(cards) - 1, 0))
        chosen = cards[self.selected] if cards else -1
        lit = 0
        hint = ""
        if chosen >= 0:
            takes = hint_takes(view, chosen)
            lit = takes if self.hints else 0
            hint = describe(chosen)
            if self.hints:
                hint += "  → " + takes_text(takes)
        if view.to_act != bottom or view.phase not in (Phase.PLAY, Phase.TAKE):
            who = plain(names[view.to_act]) if view.to_act >= 0 else ""
            hint = t("table.waiting", who=who) if who and not cards else hint
        field, pending, note = view.field, view.pending_card, ""
        if self.moments:
            held = self.moments[0]
            field, lit, pending, note = held.field, held.lit, held.card, held.note
            at = held.at
        elif pending >= 0:
            note = t("table.pending", card=face(pending))
            at = -1
        else:
            at = -1
        pointed = 0 if self.moments else self.session.pointed()
        self.query_one("#field", FieldPanel).show(field, lit | pointed, pending, note, at)
        self.query_one(LastTurns).show(game.book, told, order, names, self.notes(view, told))
        hidden = view.hand_counts[bottom] if not cards else 0
        warned = sum(1 << c for c, (_, ok) in view.facts.warnings().items() if not ok)
        hand = self.query_one("#hand", HandPanel)
        marks = HandMarks(warned, pointed, self.takers(view)) if cards else HandMarks()
        hand.show(cards, self.selected, playable, hidden, hint, marks)
        scores = screen_of(view.ruleset).scores_shown(self.session.game)
        self.query_one("#yaku", YakuPanel).show(yaku_infos(view, names, scores))
        lines = [line for e in log[-LOG_LINES:] if (line := event_line(e, names, view.ruleset))]
        self.query_one("#log", LogPanel).show(lines)
        playing = self.human_to_play() is not None and not self.moments  # their turn on screen
        self.set_text("#keys", self.keys_line(playing))  # working keys only

    def keys_line(self, playing: bool) -> str:
        """The keys that work now (markup): playing ones on the human's turn."""
        return t("keys.table" if playing else "keys.watch")

    def notes(self, view: PlayerView, told: int | None) -> list[str]:
        """Beginner mode's lines under the last turns (none in a lesson: the coach speaks)."""
        if not self.beginner or self.session.coached:
            return []
        turns = self.session.game.book.latest_turns(told)
        return beginner_notes(view, turns, self.session.names, self.session.is_human)

    def takers(self, view: PlayerView) -> int:
        """Beginner mode's marked hand cards, on the human's own turn (none in a lesson: finding
        them is its point)."""
        if not self.beginner or self.session.coached or self.playable(view) == 0:
            return 0
        return takers(view)

    def set_text(self, selector: str, markup: str) -> None:
        widget = self.query_one(selector, Static)
        if getattr(widget, "markup_text", None) != markup:
            widget.markup_text = markup  # type: ignore[attr-defined]
            widget.update(Content.from_markup(markup))

    def status_line(self, view: PlayerView) -> str:
        title = titles(view.ruleset)
        parts = [f"[b]{title[0]}[/b]", month_label(view.month)]
        parts += screen_of(view.ruleset).status_parts(view, self.session.names)
        for name, value in view.facts.status():
            label = f"status.{view.ruleset}.{name}"
            if has(label):
                named = f"{name}.{value}"
                parts.append(t(label, value=t(named) if has(named) else value))
        seating = view.facts.seating()
        out = seating.out_in_stock if seating else 0
        stock = t("table.stock", n=view.stock_count)
        parts.append(stock + (" " + t("table.out_in_stock", n=out) if out else ""))
        parts.append(t("table.speed", s=self.app_pause()))
        return " · ".join([*self.session.status_parts(), *parts])

    def tick(self) -> None:
        """Each second: how long who is away, while anyone is (or the connection is down)."""
        if self.session.ticking:
            self.refresh_table()

    def seat_info(
        self, view: PlayerView, seat: int, names: list[str], roles: list[str], koikoi: Any
    ) -> SeatInfo:
        scores = screen_of(view.ruleset).scores_shown(self.session.game)
        return seat_info(view, seat, names, roles, koikoi, scores, self.viewer, big_board(self))

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
        while session.watching and len(session.game.results) > self.shown_results:
            self.watched(*self.next_result())  # told at once: the players do not wait for it
        if not caught_up:
            return
        self.refresh_table()
        game = session.game
        if len(game.results) > self.shown_results:
            result, scores, closing, last = self.next_result()
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
            if seat in session.bots:  # else the host's next update says what happened
                self.start_bot(seat)
            return
        legal = game.legal_actions()
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
        view = game.view(seat)
        if view.phase == Phase.PLAY:
            return
        prompt = screen_of(view.ruleset).prompts.get(view.phase) or PROMPTS.get(view.phase)
        make = prompt or generic_prompt
        decision = make(view, session.names)
        decision.remake = lambda: make(view, session.names)  # in another language
        self.open(decision, self.decided)

    def next_result(self) -> tuple[DealResult, list[int], list[Settlement], bool]:
        """The next month's result to show, the settlements that close it, the totals after
        them, and whether it is the year's last."""
        game = self.session.game
        result = game.results[self.shown_results]
        self.shown_results += 1
        closing: list[Settlement] = []
        if result.winner >= 0:  # settlements (小引, 吟味) follow a won month
            closing = list(game.settlements[self.shown_settled :])
            self.shown_settled = len(game.settlements)
        last = game.is_over and self.shown_results == len(game.results)
        return result, self.scores_so_far(), closing, last

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
        turns = self.session.game.book.latest_turns()
        if self.viewer is None or not turns or list(turns)[-1] != self.viewer:
            return "", ""
        steps = turns[self.viewer]
        return self.session.names[self.viewer], "\n".join(map(step_text, steps))

    def scores_so_far(self) -> list[int]:
        """Running totals after the results and settlements shown so far."""
        game = self.session.game
        totals = [0] * game.players
        rows = [r.payments for r in game.results[: self.shown_results]]
        rows += [s.payments for s in game.settlements[: self.shown_settled]]
        for row in rows:
            for s, p in enumerate(row):
                totals[s] += p
        return totals

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
        self.session.apply(action)
        error = self.session.save_error
        if error and error != had_error:
            self.notify(t("save.failed", error=error), severity="error", timeout=10, markup=False)
        if self.session.history_error and not self.history_said:
            self.history_said = True
            said = t("history.failed", error=self.session.history_error)
            self.notify(said, severity="warning", timeout=10, markup=False)

    def take_seat(self, seat: int) -> None:
        self.viewer = seat
        self.selected = 0

    def decided(self, action: int | None) -> None:
        game = self.session.game
        if action is not None and action in game.legal_actions():
            self.play_out(action)

    def year_over(self, answer: str | None) -> None:
        """Back to the selector, or (``r``) straight on to a new year at the same table. A
        hosted table's year ends the program."""
        self.stop_bot()
        session = self.session
        if not session.coached:
            app = app_side(self)
            app.remember(years_finished=app.config.settings.years_finished + 1)
        if session.hosted:
            self.ended = True
            app_side(self).year_done()
            return
        self.app.pop_screen()
        if answer == "rematch" and session.coached is False:  # a lesson is not played again
            app_side(self).rematch(session)

    # -- bots -------------------------------------------------------------------------------------

    def start_bot(self, seat: int) -> None:
        """The bot thinks in a worker of the table, which leaving it or quitting cancels at once."""
        view = self.session.game.view(seat)
        bot = self.session.bots[seat]
        turn = self.bot_turn(bot, view, self.app_pause())
        self.thinking = self.run_worker(turn, name="bot", group="bot", exit_on_error=False)
        self.call_after_refresh(memory.collect)

    async def bot_turn(self, bot: Bot, view: PlayerView, pause: float) -> None:
        """A bot's decision (half the pause first, so humans can follow), thought in a daemon
        thread (``BOT_THREADS``: nothing waits for a long think a bot cannot break off)."""
        if pause > 0:
            await asyncio.sleep(pause / 2)
        error = ""
        try:
            action = await asyncio.get_running_loop().run_in_executor(BOT_THREADS, bot.act, view)
        except Exception as err:  # a faulty bot must not end the game: report it, play on
            action, error = view.legal[0], f"{type(err).__name__}: {err}"
        self.call_later(self.bot_moved, get_current_worker(), action, error)

    def bot_moved(self, turn: Worker[None], action: int, error: str) -> None:
        """Apply a bot's decision in the table's own turn, as a key's (unless the table moved on
        meanwhile), then show its steps."""
        if turn is not self.thinking:
            return
        legal = self.session.game.legal_actions()
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
        game = self.session.game
        book = game.book
        pace = self.app_pause()
        if pace <= 0 or len(book.deals) != deals:
            return
        steps = book.since(mark)
        if steps and not steps[-1].done and self.session.is_human(seat):
            steps = steps[:-1]
        names, ruleset, motion = self.session.names, game.ruleset, self.motion()
        if steps:
            ends = [*(step.log_at for step in steps[1:]), len(game.log)]
            self.moments = [
                moment._replace(seat=seat, log_end=end)
                for i, (step, end) in enumerate(zip(steps, ends, strict=True))
                for moment in step_moments(step, steps[i + 1 :], pace, names, ruleset, motion)
            ]
        else:  # a declaration: its line, over the field as it is
            lines = [line for e in game.log[start:] if (line := event_line(e, names, game.ruleset))]
            self.moments = [Moment(game.field, 0, -1, "  ".join(lines), seat)] if lines else []
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

    def motion(self) -> bool:
        """Whether cards slide into place (a setting) or just appear there."""
        return app_side(self).motion

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
        game = self.session.game
        if self.pending or self.viewer is None or game.to_act != self.viewer:
            return None
        if self.session.sent:
            return None
        view = game.view(self.viewer)
        return view if view.phase == Phase.PLAY else None

    def action_move(self, step: int) -> None:
        view = self.session.game.view(self.bottom_seat())
        cards = self.hand_cards(view)
        if not cards:
            return
        playable = self.playable(view) or view.hand
        for k in range(1, len(cards) + 1):
            i = (self.selected + step * k) % len(cards)
            if playable >> cards[i] & 1:
                self.selected = i
                break
        self.refresh_table()

    def action_choose(self, index: int) -> None:
        """Select hand card ``index`` (number keys)."""
        view = self.session.game.view(self.bottom_seat())
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
        self.app.push_screen(ScoreSheet(self.session.game, self.session.names))

    def action_gallery(self) -> None:
        """Every card with its kind, names and the yaku it counts toward in this game."""
        from .gallery import GalleryScreen

        self.app.push_screen(GalleryScreen(self.ruleset, self.session.game.options))

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
        game = self.session.game
        seat = self.viewer
        if seat is None or game.to_act != seat or self.moments or self.thinking:
            return None
        if self.session.sent:
            return None
        above = self.app.screen_stack[self.app.screen_stack.index(self) + 1 :]
        if any(not isinstance(screen, Decision | AdviceScreen) for screen in above):
            return None
        view = game.view(seat)
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
        if self.session.hosted:
            app_side(self).leave_hosted()
            return
        self.stop_bot()
        self.app.pop_screen()
