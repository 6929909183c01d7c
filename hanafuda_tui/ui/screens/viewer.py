"""The replay viewer: a recorded game at the table, one action at a time, forwards and backwards.

Each position is the game as the core replays it to that step (``review.positions``), shown with
the table's panels: from one seat's view (what that player knew then: its ``game.view``, the log
as ``seen_by`` gives it) or with every hand open. The decision asked at a position is shown, not
answered, with the recorded choice marked; month results open as they did at the table. From a
decision a new game can be played on (``review.play_on``), and a finished game can be reviewed by
the strong bot (``screens.review``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...core.cards import card_list
from ...core.events import seen_by
from ...core.game import Game, Phase, PlayerView
from ...core.records import GameRecord, RecordError
from ...core.rulesets import titles
from ...review.judge import ITERATIONS, MISTAKE, Judgement
from ...review.positions import Positions
from ..app_side import app_side
from ..faces import face, month_label
from ..i18n import t
from ..keys import fitted_entries, show_fitted, unlisted
from ..names import seat_names
from ..rulesets import screen_of
from ..table_frame import LOG_LINES, fact_parts
from ..text import event_line, plain
from ..turn_flow import PROMPTS
from ..widgets.board import big_board, is_out, round_roles, seat_info, yaku_infos
from ..widgets.last_turns import LastTurns, final_turn
from ..widgets.layout import table_layout
from ..widgets.open_hand import OpenHand
from ..widgets.table import (
    FieldPanel,
    HandPanel,
    LogPanel,
    Panel,
    SeatInfo,
    SeatPanel,
    YakuPanel,
)
from .modals import Decision, action_label, generic_prompt, move_label, pct
from .results import MonthResult, MonthShown, ScoreSheet

OPEN = -1
"""The viewer's seat with every hand open."""


class ViewerScreen(Screen[None]):
    """A recorded game step by step; ``seat`` None opens it with every hand open (a finished
    game only: a game not finished is seen from one seat, and stays so)."""

    is_viewer = True
    BINDINGS = unlisted(
        ("left", "go_by(-1)"),
        ("right", "go_by(1)"),
        ("home", "jump(0)"),
        ("end", "jump(-1)"),
        ("m", "month(1)"),
        ("M", "month(-1)"),
        *[(str(i), f"to_month({i or 10})") for i in range(10)],
        ("v", "change_view"),
        ("enter", "month_result"),
        ("p", "play_on"),
        ("r", "review"),
        ("s", "sheet"),
        ("escape", "close"),
        ("l", "language"),
    )

    def __init__(
        self,
        record: GameRecord,
        title: str = "",
        seat: int | None = None,
        at: int = 0,
        positions: Positions | None = None,
    ) -> None:
        """``positions``: the record's, if already made (RecordError from a record that does not
        replay is the opener's to report)."""
        super().__init__()
        self.record = record
        self.positions = positions or Positions(record)
        self.title_text = title
        self.names = seat_names(record.seats)
        self.finished = self.positions.finished
        if seat is None and not self.finished:
            raise ValueError("a game not finished is seen from one seat")
        self.seat = OPEN if seat is None else seat
        self.locked = not self.finished
        """A game not finished: its one seat's view only, no review."""
        self.at = max(0, min(at, len(self.positions) - 1))
        self.review_iterations = ITERATIONS
        """The strong bot's playouts a decision in a review."""
        self.reviews: dict[int, dict[int, Judgement]] = {}
        """Each reviewed seat's judgements by position."""
        humans = [i for i, s in enumerate(record.seats) if s.player == "human"]
        self.home = humans[0] if humans else 0
        """The seat at the bottom with every hand open."""
        self.crowded = 0
        """How far the board gives up room to the other seats, where they do not fit with their
        hands open (``fit_seats``): 0 not at all, 1 a line each, 2 small cards too."""

    @property
    def players(self) -> int:
        return len(self.record.seats)

    def compose(self) -> ComposeResult:
        yield from table_layout(self.players, open_hands=True)

    def on_mount(self) -> None:
        self.screen_layout_refresh_signal.subscribe(self, self.fit_seats)
        self.refresh_view()

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        self.query_one("#side").styles.width = 28 if width < 110 else min(44, width // 3)
        self.crowd(0)

    @property
    def small_cards(self) -> bool:
        """The field and the hand in small cards (``big_cards``), for the seats' room."""
        return self.crowded >= 2

    def crowd(self, level: int) -> None:
        """Lay the board at ``level`` of ``crowded`` and show it again (every panel laid anew)."""
        self.crowded = level
        self.query_one("#opponents").styles.overflow_y = "hidden"
        self.refresh_view()
        for panel in self.query(Panel):
            panel.refresh(layout=True)

    def fit_seats(self, _: object = None) -> None:
        """Where the other seats (their hands open) run past their box, a line each for them,
        then small cards on the board as well, and last a scroll bar; kept while stepping, so
        the board stays still, until the size or the view changes."""
        box = self.query_one("#opponents")
        shown = [w.region.bottom for w in box.children if w.display and w.region.height]
        if box.styles.overflow_y == "auto" or not shown or max(shown) <= box.region.bottom:
            return
        if self.crowded < 2:
            self.crowd(self.crowded + 1)
        else:
            box.styles.overflow_y = "auto"

    # -- what the screen shows ------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game at the position shown (the viewer's own: read it, never keep it)."""
        return self.positions.game_at(self.at)

    def bottom_seat(self) -> int:
        return self.home if self.seat == OPEN else self.seat

    def refresh_view(self) -> None:
        if not self.is_mounted:
            return
        game = self.game
        bottom = self.bottom_seat()
        view = game.view(bottom)
        names = self.names
        roles = round_roles(view)
        self.set_text("#status", self.status_line(view))
        order = [(bottom + k) % view.players for k in range(1, view.players)]
        koikoi = view.facts.called()
        panels = self.query(".opponent").results(SeatPanel)
        hands = self.query(".open-hand").results(OpenHand)
        for panel, open_hand, seat in zip(panels, hands, order, strict=True):
            panel.show(self.seat_info(game, view, seat, roles, koikoi))
            if self.seat == OPEN:
                open_hand.show(game.hands[seat] & ~view.shown[seat], self.chosen_card(game, seat))
            else:
                open_hand.show(0)
        self.query_one("#me", SeatPanel).show(self.seat_info(game, view, bottom, roles, koikoi))
        order = [seat for seat in order if not is_out(view, seat)]
        self.query_one(LastTurns).show(game.book, None, order, names)
        note = t("table.pending", card=face(view.pending_card)) if view.pending_card >= 0 else ""
        self.query_one("#field", FieldPanel).show(view.field, 0, view.pending_card, note)
        self.set_text("#decision", self.decision_line(game, view))
        cards = card_list(view.hand)
        chosen = self.chosen_card(game, bottom)
        selected = cards.index(chosen) if chosen in cards else -1
        playable = view.hand
        if view.phase == Phase.PLAY and view.to_act == bottom:
            playable = sum(1 << a for a in view.legal if 0 <= a < 48)
        hint = t("viewer.played", card=face(chosen)) if selected >= 0 else ""
        hand = self.query_one("#hand", HandPanel)
        hand.show(cards, selected, playable, view.hand_counts[bottom], hint)
        self.query_one("#yaku", YakuPanel).show(
            yaku_infos(view, self.names, screen_of(view.ruleset).scores_shown(game))
        )
        log = game.log[-LOG_LINES:]
        if self.seat != OPEN:
            log = [seen_by(e, self.seat) for e in log]
        lines = [line for e in log if (line := event_line(e, names, view.ruleset))]
        self.query_one("#log", LogPanel).show(lines)
        keys = t("keys.viewer_locked" if self.locked else "keys.viewer")
        show_fitted(self.query_one("#keys", Static), keys, self.size.width - 2, fitted_entries)
        self.call_after_refresh(self.fit_seats)  # and after each layout (``on_mount``)

    def set_text(self, selector: str, markup: str) -> None:
        widget = self.query_one(selector, Static)
        if getattr(widget, "markup_text", None) != markup:
            widget.markup_text = markup  # type: ignore[attr-defined]
            widget.update(Content.from_markup(markup))

    def status_line(self, view: PlayerView) -> str:
        title = titles(view.ruleset)
        if self.seat == OPEN:
            mode = t("viewer.open")
        else:
            mode = t("viewer.seat", who=plain(self.names[self.seat]))
        parts = [f"[b]{t('viewer.title')}[/b] {title[0]}", f"[reverse]{mode}[/]"]
        parts.append(month_label(view.month))
        parts.append(t("viewer.position", k=self.at, n=len(self.positions) - 1))
        parts += fact_parts(view, self.names)
        parts.append(t("table.stock", n=view.stock_count))
        if self.title_text:
            parts.append(plain(self.title_text))
        return " · ".join(parts)

    def seat_info(
        self, game: Game, view: PlayerView, seat: int, roles: list[str], koikoi: Any
    ) -> SeatInfo:
        scores = screen_of(view.ruleset).scores_shown(game)
        big = big_board(self) and not self.crowded
        return seat_info(view, seat, self.names, roles, koikoi, scores, view.seat, big)

    def sees_decision(self, game: Game) -> bool:
        """Whether the decision at this position is the viewer's to see (every hand open, or
        the viewer's own seat to act)."""
        return game.to_act >= 0 and self.seat in (OPEN, game.to_act)

    def chosen_card(self, game: Game, seat: int) -> int:
        """The hand card ``seat`` plays next, where the viewer may see it, else -1."""
        action = self.positions.marks[self.at].action
        if game.to_act == seat and game.phase == Phase.PLAY and 0 <= action < 48:
            return action if self.sees_decision(game) else -1
        return -1

    def decision_line(self, game: Game, view: PlayerView) -> str:
        """The decision asked at this position (markup): whose, its choices with the recorded
        one marked, and the strong bot's review of it; or whose turn it is, or the year's end."""
        if game.is_over:
            return f"[b]{t('viewer.year_over')}[/b]"
        seat = game.to_act
        who = plain(self.names[seat])
        if not self.sees_decision(game):
            return t("table.waiting", who=who)
        action = self.positions.marks[self.at].action
        if game.phase == Phase.PLAY:
            chosen = f"[reverse]{action_label(action)}[/]" if action >= 0 else ""
            text = f"{t('viewer.decides', who=who)}: {chosen}"
        else:  # the prompt the table asked, its choices in a row, the one taken marked
            prompt = self.prompt(game.view(seat))
            labels = [
                f"[reverse]▶{label}[/]" if a == action else label for a, label, _ in prompt.choices
            ]
            title = prompt.title_text
            named = title if who in title else f"{who}: {title}"  # some prompts name the seat
            text = f"[b]{named}[/b]  " + "  ".join(labels)
            if big_board(self):
                text += "".join(f"\n  {line}" for line in prompt.body[:4] if line)
        if action < 0:
            text += f"  [dim]{t('viewer.record_ends')}[/]"
        judged = self.reviews.get(seat, {}).get(self.at)
        if judged is not None:
            text += "\n" + judgement_text(judged)
        return text

    def prompt(self, view: PlayerView) -> Decision:
        """The prompt the table shows the seat of ``view`` for its decision (not opened)."""
        make = screen_of(view.ruleset).prompts.get(view.phase) or PROMPTS.get(view.phase)
        return (make or generic_prompt)(view, self.names)

    # -- keys -----------------------------------------------------------------------------------

    def go(self, at: int, results: bool = False) -> None:
        """Show position ``at``; ``results``: open a month result the step just reached."""
        before = len(self.game.results)
        self.at = max(0, min(at, len(self.positions) - 1))
        self.refresh_view()
        if results and len(self.game.results) > before:
            self.action_month_result()

    def action_go_by(self, step: int) -> None:
        self.go(self.at + step, results=step == 1)

    def action_jump(self, at: int) -> None:
        self.go(at if at >= 0 else len(self.positions) - 1)

    def action_month(self, step: int) -> None:
        """The start of the next (or this, or the previous) deal."""
        starts = self.positions.deal_starts()
        if step > 0:
            later = [k for k in starts if k > self.at]
            self.go(later[0] if later else len(self.positions) - 1)
        else:
            earlier = [k for k in starts if k < self.at]
            self.go(earlier[-1] if earlier else 0)

    def action_to_month(self, month: int) -> None:
        at = self.positions.month_starts().get(month)
        if at is None:
            self.notify(t("viewer.no_month", month=month_label(month)), markup=False)
            return
        self.go(at)

    def action_change_view(self) -> None:
        """The next seat's view, then every hand open (a finished game only)."""
        if self.locked:
            self.notify(t("viewer.locked"), markup=False)
            return
        seats = [OPEN, *range(self.players)]
        self.seat = seats[(seats.index(self.seat) + 1) % len(seats)]
        self.crowd(0)

    def action_month_result(self) -> None:
        """The result of the month that ended last, as the table showed it."""
        game = self.game
        if not game.results:
            return
        result = game.results[-1]
        totals = [0] * game.players
        for row in [r.payments for r in game.results] + [s.payments for s in game.settlements]:
            for s, p in enumerate(row):
                totals[s] += p
        ended = self.positions.reached(len(game.results))  # the settlements made with it
        before = self.positions.marks[ended - 1].settled if ended else 0
        closing = game.settlements[before : self.positions.marks[ended].settled]
        turn = final_turn(game.book, result.deal, self.names, game.ruleset)
        screen = MonthResult(
            MonthShown(game.ruleset, result, self.names, totals, closing, game.is_over), turn
        )
        self.app.push_screen(screen)

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheet(self.game, self.names))

    def action_close(self) -> None:
        self.app.pop_screen()

    async def action_language(self) -> None:
        """The app's language switch, then this screen in the new language."""
        await app_side(self).action_toggle_language()
        self.names = seat_names(self.record.seats)  # a seat not named: its name in that language
        self.refresh_view()

    def action_play_on(self) -> None:
        from .review import PlayOnScreen

        game = self.game
        seat = self.seat if self.seat != OPEN else game.to_act
        if game.is_over or seat < 0:
            self.notify(t("viewer.over"), markup=False)
            return
        self.app.push_screen(PlayOnScreen(self.record, self.positions, self.at, seat))

    def action_review(self) -> None:
        from .review import ReviewScreen

        if not self.finished:
            self.notify(t("viewer.not_finished"), markup=False)
            return

        def review(seat: int | None) -> None:
            if seat is None or not 0 <= seat < self.players:
                return
            judged = self.reviews.get(seat)
            iterations = self.review_iterations
            screen = ReviewScreen(self.record, seat, self.names, judged, iterations)
            self.app.push_screen(screen, lambda at: self.reviewed(seat, screen, at))

        if self.seat != OPEN:
            review(self.seat)
        else:
            self.app.push_screen(seat_chooser(self.names, t("review.whose"), False), review)

    def reviewed(self, seat: int, screen: Any, at: int | None) -> None:
        """Back from the review: its judgements kept; a chosen mistake opens here, from the
        reviewed seat's view."""
        if screen.judged is not None:
            self.reviews[seat] = {j.at: j for j in screen.judged}
        if at is not None:
            self.seat = seat
            self.go(at)
        else:
            self.refresh_view()


def judgement_text(j: Judgement) -> str:
    """The strong bot's look at a decision, on one line (markup)."""
    same = j.best == j.played or j.loss <= 0
    best = "" if same else t("review.best", action=move_label(j.best), p=pct(j.best_chance))
    text = t("review.played", p=pct(j.played_chance)) + (f"  {best}" if best else "")
    mark = f"[reverse]{t('review.mistake')}[/] " if j.loss >= MISTAKE else ""
    return f"{mark}[dim]{t('review.bot')}[/dim] {text}"


def seat_chooser(names: Sequence[str], title: str, open_all: bool, body: str = "") -> Decision:
    """A question: which seat (answered with the seat), every hand open (``OPEN``), or Esc."""
    choices = [(s, plain(name), str(s + 1)) for s, name in enumerate(names)]
    if open_all:
        choices.append((OPEN, t("viewer.open"), "a"))
    choices.append((-2, t("viewer.cancel"), ""))
    return Decision(title, [body], choices, escape=-2, numbered="keys.seat")


def open_viewer(
    app: App[Any], record: GameRecord, title: str = "", seat: int | None = None, at: int = 0
) -> None:
    """Open ``record`` in the viewer over the app's screens: a finished game with every hand
    open (or from ``seat``), a game not finished from the seat asked for first; a record that
    does not replay is reported in one line."""
    try:
        positions = Positions(record)
    except RecordError as err:  # a record that does not replay: one line, nothing opens
        app.notify(t("viewer.bad_record", error=str(err)), severity="error", markup=False)
        return
    names = seat_names(record.seats)
    if seat is not None or positions.finished:
        app.push_screen(ViewerScreen(record, title, seat, at, positions))
        return

    def chosen(answer: int | None) -> None:
        if answer is not None and 0 <= answer < len(names):
            app.push_screen(ViewerScreen(record, title, answer, at, positions))

    body = t("viewer.unfinished")
    app.push_screen(seat_chooser(names, t("viewer.whose"), False, body), chosen)
