"""The table: field, hands, captures, sidebar and log, drawn from the session's seat games (what
each seat played here was told, ``table_frame.py``); its keys go to the session as that seat's.
What happens next, and each move shown in steps, is its turn flow's (``turn_flow.py``). A hand
card is chosen with ←→ or a number and played with Enter; only legal cards can be played.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from ...core.game import Phase, PlayerView
from .. import memory
from ..advice import AdviceScreen
from ..app_side import app_side
from ..i18n import t
from ..keys import fitted_entries, fitted_status, show_fitted, unlisted
from ..session import Session
from ..table_frame import Looks, bottom_seat, frame, hand_cards, playable
from ..turn_flow import TurnFlow
from ..widgets.board import big_board
from ..widgets.last_turns import LastTurns
from ..widgets.layout import table_layout
from ..widgets.table import FieldPanel, HandPanel, LogPanel, SeatPanel, YakuPanel
from .modals import hatto_prompt
from .results import ScoreSheet


class TableScreen(Screen[None]):
    is_table = True
    BINDINGS = unlisted(
        ("left", "move(-1)"),
        ("right", "move(1)"),
        ("enter,space", "play"),
        *[(str(i), f"choose({i - 1})") for i in range(1, 10)],
        ("s", "sheet"),
        ("h", "toggle_hints"),
        ("a", "advice"),
        ("g", "gallery"),
        ("n", "toggle_beginner"),
        ("escape", "leave"),
    )

    def __init__(self, session: Session[Any]) -> None:
        super().__init__()
        self.session = session
        self.selected = 0
        self.hints = True
        self.beginner = False
        """Beginner mode: takers marked, each bot move's reason, a yaku near for another seat."""
        self.flow = self.turn_flow(session)
        """Who acts next, a bot's turn, the move shown in steps."""

    def turn_flow(self, session: Session[Any]) -> TurnFlow:
        return TurnFlow(session, self)

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is open at the keyboard (None: every hand hidden)."""
        return self.flow.viewer

    @property
    def ruleset(self) -> str:
        return self.session.seen.ruleset

    def compose(self) -> ComposeResult:
        yield from table_layout(self.session.seen.players)

    def on_mount(self) -> None:
        self.hints = app_side(self).config.settings.hints
        self.beginner = app_side(self).config.settings.beginner_mode
        if self.session.link.save_error:
            self.notify(
                t("save.failed", error=self.session.link.save_error), severity="error", markup=False
            )
        self.refresh_table()
        self.call_after_refresh(self.flow.advance)
        self.call_after_refresh(memory.freeze)
        self.set_interval(1.0, self.tick)

    def on_screen_resume(self) -> None:
        self.refresh_table()
        self.call_after_refresh(self.flow.advance)

    def on_resize(self, event: events.Resize) -> None:
        """A wider sidebar on wider terminals; cards re-lay themselves."""
        width = event.size.width
        self.query_one("#side").styles.width = 28 if width < 110 else min(44, width // 3)
        self.refresh_table()

    def on_unmount(self) -> None:
        self.flow.bot.stop()

    # -- what the screen shows ------------------------------------------------------------------

    def bottom_seat(self) -> int:
        return bottom_seat(self.session, self.viewer)

    def hand_cards(self, view: PlayerView) -> list[int]:
        return hand_cards(view, self.viewer)

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        moments = self.flow.moments
        moment = moments[0] if moments else None
        looks = Looks(
            self.viewer,
            self.selected,
            self.hints,
            self.beginner,
            moment,
            app_side(self).bot_pause,
            big_board(self),
        )
        drawn = frame(self.session, looks)
        self.selected = drawn.hand[1]
        width = self.size.width - 2  # the lines' padding
        show_fitted(self.query_one("#status", Static), drawn.status, width, fitted_status)
        panels = self.query(".opponent").results(SeatPanel)
        for panel, info in zip(panels, drawn.opponents, strict=True):
            panel.show(info)
        self.query_one("#me", SeatPanel).show(drawn.me)
        self.query_one("#field", FieldPanel).show(*drawn.field)
        self.query_one(LastTurns).show(*drawn.turns)
        self.query_one("#hand", HandPanel).show(*drawn.hand)
        self.query_one("#yaku", YakuPanel).show(drawn.yaku)
        self.query_one("#log", LogPanel).show(drawn.log)
        playing = self.human_to_play() is not None and not moments  # their turn on screen
        keys = self.keys_line(playing)  # working keys only
        show_fitted(self.query_one("#keys", Static), keys, self.size.width - 2, fitted_entries)

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
        if self.session.link.ticking():
            self.refresh_table()

    # -- keys -------------------------------------------------------------------------------------

    def human_to_play(self) -> PlayerView | None:
        session = self.session
        if self.flow.pending or self.viewer is None or session.seen.to_act != self.viewer:
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
        flow = self.flow
        if flow.moments:  # Enter while a decision is shown in steps: the rest at once
            flow.staged.skip()
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
        if warning is not None and not warning[1] and not self.session.link.coached:
            names, ruleset = self.session.names, self.ruleset
            prompt = hatto_prompt(card, warning[0], names, ruleset)
            prompt.remake = lambda: hatto_prompt(card, warning[0], names, ruleset)
            flow.open(prompt, flow.decided)
            return
        flow.play_out(card)
        self.refresh_table()
        flow.advance()

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

    def action_advice(self) -> None:
        """What the strong bot would do now (if advice is on)."""
        if not app_side(self).config.settings.advice:
            self.notify(t("advice.off"), markup=False)
            return
        if self.flow.moments and self.app.screen is self:  # a turn still shown: the rest at once
            self.action_play()
        view = self.flow.advice_view()
        if view is None:
            self.notify(t("advice.none"), markup=False)
            return
        names, advised = self.session.names, self.session.advised
        plays = self.session.month_plays(view.seat)
        self.app.push_screen(AdviceScreen(view, names, self.flow.still_open, advised, plays))

    def action_leave(self) -> None:
        """Back to the selector; the game is saved and can be continued. A hosted table is left
        by quitting (asked first), or back to the lobby it was met in: its host keeps the seat
        for a rejoin."""
        self.flow.bot.stop()
        self.session.link.leave(self, app_side(self))
