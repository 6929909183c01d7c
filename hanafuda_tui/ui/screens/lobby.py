"""The screens of a server's lobby (``hanafuda online HOST:PORT``, the selector's Online): the
address and the name asked, the lobby's lists, the forms of a new table and a quick match, a
private table's invite, the leaderboard and a player's page. Every name a server sends is shown
literally (``Content``/``Text``, never markup)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError
from rich.text import Text
from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Input, Label, Static

from ...core.rulesets import RULESETS, ruleset_class
from ...server.protocol import (
    CreateTable,
    JoinTable,
    Leaderboard,
    LeaderboardRequest,
    PlayerPage,
    PlayerRequest,
    QuickMatch,
    RealTime,
    TurnBased,
)
from ..i18n import has, t
from ..widgets.chart import chart_text
from ..widgets.choice import Choice
from .selector import choice_label, option_choices, ruleset_label, ruleset_names

if TYPE_CHECKING:
    from ..lobby import LobbyScreen

CONTROLS: dict[str, RealTime | TurnBased] = {
    "rt30": RealTime(),
    "rt15": RealTime(move_seconds=15, bank_seconds=30),
    "tb24": TurnBased(),
    "tb72": TurnBased(move_hours=72),
}
"""The time controls a form offers."""
BOTS_AFTER = (None, 0, 10, 30, 60, 120)
"""A quick match's waits before bots take the free seats (None: wait for people)."""
CHART_HEIGHT = 6


def control_text(control: RealTime | TurnBased) -> str:
    if isinstance(control, RealTime):
        return t("lobby.realtime", s=control.move_seconds, bank=control.bank_seconds)
    return t("lobby.turns", h=control.move_hours)


def options_text(ruleset: str, options: dict[str, Any]) -> str:
    """A table's options that differ from the defaults, as the selector labels them."""
    parts = []
    for name, value in sorted(options.items()):
        label = f"opt.{ruleset}.{name}"
        shown = t(label) if has(label) else name
        parts.append(f"{shown} {choice_label(value, ruleset, name)}")
    return ", ".join(parts) or t("lobby.defaults")


def waited(seconds: float) -> str:
    seconds = max(0.0, seconds)
    minutes = int(seconds // 60)
    return t("lobby.minutes", n=minutes) if minutes else t("lobby.seconds", n=int(seconds))


class Form(ModalScreen[Any]):
    """A dialog of rows: ↑↓ (or Tab) go from row to row, ←→ change a choice, Enter sends, Esc
    cancels."""

    BINDINGS = [
        Binding("escape", "cancel", show=False),
        Binding("up", "row(-1)", show=False, priority=True),
        Binding("down", "row(1)", show=False, priority=True),
        Binding("left", "change(-1)", show=False, priority=True),
        Binding("right", "change(1)", show=False, priority=True),
        Binding("enter", "send", show=False, priority=True),
    ]

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_row(self, step: int) -> None:
        if isinstance(self.focused, Choice) and self.focused.expanded:
            raise SkipAction()
        if step < 0:
            self.focus_previous()
        else:
            self.focus_next()

    def action_change(self, step: int) -> None:
        if not isinstance(self.focused, Choice) or self.focused.expanded:
            raise SkipAction()
        self.focused.step(step)

    def action_send(self) -> None:
        focused = self.focused
        if isinstance(focused, Choice) and focused.expanded:
            raise SkipAction()
        if isinstance(focused, Button) and focused.id == "cancel":
            self.dismiss(None)
            return
        self.send()

    def send(self) -> None:
        raise NotImplementedError

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send()

    @on(Button.Pressed, "#send")
    def pressed_send(self, event: Button.Pressed) -> None:
        event.stop()
        self.send()

    @on(Button.Pressed, "#cancel")
    def pressed_cancel(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def problem(self, text: str) -> None:
        self.query_one("#form-error", Static).update(Content(text))

    def buttons(self, send: str) -> ComposeResult:
        with Horizontal(classes="dialog-buttons"):
            yield Button(send + " [Enter]", id="send", compact=True, variant="primary")
            yield Button(t("lobby.cancel") + " [Esc]", id="cancel", compact=True)
        yield Static("", id="form-error", classes="dialog-body")


def form_row(label: str, widget: Widget) -> Horizontal:
    return Horizontal(Label(label, classes="form-label"), widget, classes="form-row")


FORM_CSS = """
.dialog { width: 72; height: auto; max-height: 100%; }
.form-row { height: 1; }
.form-label { width: 22; }
Choice { width: 44; }
Input { width: 44; }
"""


class AskLine(Form):
    """One line asked (a server's address, a name, a table and its invite); the answer, or None."""

    DEFAULT_CSS = FORM_CSS

    def __init__(self, title: str, label: str, value: str = "", problem: str = "") -> None:
        super().__init__()
        self.title_text, self.label, self.value, self.first_problem = title, label, value, problem

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Content(self.title_text), classes="dialog-title")
            yield form_row(self.label, Input(self.value, compact=True, id="line"))
            yield from self.buttons(t("lobby.ok"))

    def on_mount(self) -> None:
        self.query_one("#line", Input).focus()
        if self.first_problem:
            self.problem(self.first_problem)

    def send(self) -> None:
        value = self.query_one("#line", Input).value.strip()
        if value:
            self.dismiss(value)


class TableForm(Form):
    """A new table (``quick`` False) or a quick match: the ruleset, its options, and the rest;
    sent as the lobby's ``CreateTable`` or ``QuickMatch``."""

    DEFAULT_CSS = FORM_CSS

    def __init__(self, quick: bool, ruleset: str) -> None:
        super().__init__()
        self.quick = quick
        self.ruleset = ruleset
        self.options: dict[str, Any] = {}
        self.kept: dict[str, Any] = {"bots": 0, "rated": True, "control": "rt30"}
        self.kept.update({"private": False, "bots_after": None})

    def compose(self) -> ComposeResult:
        cls = ruleset_class(self.ruleset)
        with Vertical(classes="dialog"):
            title = t("lobby.quick_title" if self.quick else "lobby.create_title")
            yield Static(Content(title), classes="dialog-title")
            rulesets = [(ruleset_label(n), n) for n in ruleset_names()]
            yield form_row(t("selector.ruleset"), Choice(rulesets, self.ruleset, id="ruleset"))
            for name, info in cls.Options.model_fields.items():
                choices = option_choices(info.annotation)
                if choices is None:
                    continue
                value = self.options.get(name, info.default)
                label = f"opt.{self.ruleset}.{name}"
                shown = [(choice_label(c, self.ruleset, name), c) for c in choices]
                yield form_row(
                    t(label) if has(label) else name,
                    Choice(shown, value, id=f"opt-{name}", classes="option"),
                )
            if not self.quick:
                seats = self.seats()
                bots = [(str(n), n) for n in range(seats)]
                yield form_row(
                    t("lobby.bots"), Choice(bots, min(self.kept["bots"], seats - 1), id="bots")
                )
                yes_no = [(t("yes"), True), (t("no"), False)]
                yield form_row(t("lobby.rated"), Choice(yes_no, self.kept["rated"], id="rated"))
                yield form_row(
                    t("lobby.private"), Choice(yes_no, self.kept["private"], id="private")
                )
            controls = [(control_text(c), key) for key, c in CONTROLS.items()]
            yield form_row(t("lobby.time"), Choice(controls, self.kept["control"], id="control"))
            if self.quick:
                after = [
                    (t("lobby.bots_never") if s is None else t("lobby.bots_after", s=s), s)
                    for s in BOTS_AFTER
                ]
                yield form_row(
                    t("lobby.bots_wait"), Choice(after, self.kept["bots_after"], id="bots_after")
                )
            yield from self.buttons(t("lobby.quick" if self.quick else "lobby.create"))

    def on_mount(self) -> None:
        self.query_one("#ruleset", Choice).focus()

    def seats(self) -> int:
        cls = RULESETS[self.ruleset]
        try:
            return cls.seated(cls.Options.model_validate(self.options))
        except ValidationError:
            return cls.table_sizes[0]

    def read(self) -> None:
        """What the rows hold now, kept for a recompose."""
        for widget in self.query(".option"):
            self.options[(widget.id or "")[4:]] = widget.value  # type: ignore[attr-defined]
        for key in self.kept:
            found = self.query(f"#{key}")
            if found:
                self.kept[key] = found.first().value  # type: ignore[attr-defined]

    @on(Choice.Changed, "#ruleset")
    async def ruleset_changed(self, event: Choice.Changed) -> None:
        if event.value == self.ruleset:
            return
        self.read()
        self.ruleset, self.options = str(event.value), {}
        await self.recompose()
        self.query_one("#ruleset", Choice).focus()

    @on(Choice.Changed, ".option")
    async def option_changed(self, event: Choice.Changed) -> None:
        """An option that sets how many sit at the table changes the bots' choices."""
        before = self.seats()
        self.read()
        if not self.quick and self.seats() != before:
            await self.recompose()
            self.query_one(f"#{event.choice.id}", Choice).focus()

    def send(self) -> None:
        self.read()
        options = {k: v for k, v in self.options.items() if v != ""}
        defaults = ruleset_class(self.ruleset).Options.model_fields
        options = {k: v for k, v in options.items() if v != defaults[k].default}
        control = CONTROLS[self.kept["control"]]
        message: BaseModel
        try:
            if self.quick:
                message = QuickMatch(
                    ruleset=self.ruleset,
                    options=options,
                    time_control=control,
                    bots_after=self.kept["bots_after"],
                )
            else:
                message = CreateTable(
                    ruleset=self.ruleset,
                    options=options,
                    rated=self.kept["rated"],
                    time_control=control,
                    private=self.kept["private"],
                    bots=self.kept["bots"],
                )
        except ValidationError as err:
            self.problem(str(err.errors()[0]["msg"]).removeprefix("Value error, "))
            return
        self.dismiss(message)


class InviteForm(AskLine):
    """A private table's number and invite: ``12 ABCD-EFGH``."""

    def __init__(self) -> None:
        super().__init__(t("lobby.invite_title"), t("lobby.invite_label"))

    def send(self) -> None:
        parts = self.query_one("#line", Input).value.split()
        if len(parts) != 2 or not parts[0].isdigit():
            self.problem(t("lobby.invite_form"))
            return
        try:
            self.dismiss(JoinTable(table=int(parts[0]), invite=parts[1]))
        except ValidationError:
            self.problem(t("lobby.invite_form"))


class BoardScreen(ModalScreen[None]):
    """A ruleset's leaderboard: ←→ another ruleset, Enter a player's page, Esc back."""

    DEFAULT_CSS = """
    .dialog { width: 90%; height: 90%; max-height: 100%; }
    DataTable { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape,b", "close", show=False),
        Binding("left", "ruleset(-1)", show=False),
        Binding("right", "ruleset(1)", show=False),
        Binding("enter", "player", show=False, priority=True),
    ]

    def __init__(self, lobby: LobbyScreen, ruleset: str) -> None:
        super().__init__()
        self.lobby = lobby
        self.ruleset = ruleset
        self.board: Leaderboard | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static("", id="board-title", classes="dialog-title")
            table: DataTable[Any] = DataTable(cursor_type="row", id="leaderboard")
            table.add_columns(t("lobby.rank"), t("lobby.rating"), t("lobby.games"), t("lobby.who"))
            yield table
            yield Static(Content.from_markup(t("lobby.board_keys")), classes="dialog-body")

    def on_mount(self) -> None:
        self.ask()
        self.query_one("#leaderboard", DataTable).focus()

    def ask(self) -> None:
        self.query_one("#board-title", Static).update(
            Content(t("lobby.board_title", ruleset=ruleset_label(self.ruleset)))
        )
        self.lobby.send(LeaderboardRequest(ruleset=self.ruleset, limit=50))

    def show(self, board: Leaderboard) -> None:
        if board.ruleset != self.ruleset:
            return
        self.board = board
        table = self.query_one("#leaderboard", DataTable)
        table.clear()
        for row in board.rows:
            who = Text(row.name) + (Text(" " + t("lobby.bot"), style="dim") if row.bot else "")
            table.add_row(row.rank, f"{row.ordinal:.2f}", row.games, who, key=str(row.player))
        if not board.rows:
            table.add_row("", "", "", Text(t("lobby.board_empty")))

    def action_ruleset(self, step: int) -> None:
        names = ruleset_names()
        self.ruleset = names[(names.index(self.ruleset) + step) % len(names)]
        self.ask()

    def action_player(self) -> None:
        table = self.query_one("#leaderboard", DataTable)
        if self.board is None or not self.board.rows:
            return
        row = self.board.rows[min(table.cursor_row, len(self.board.rows) - 1)]
        self.lobby.send(PlayerRequest(player=row.player, ruleset=self.ruleset))

    def action_close(self) -> None:
        self.dismiss(None)


class PlayerScreen(ModalScreen[None]):
    """A player's page: the rating, its course as a chart, the latest finished tables; Enter or
    ``d`` keeps the highlighted table's record in the records directory, ``v`` views it."""

    DEFAULT_CSS = """
    .dialog { width: 96%; height: 96%; max-height: 100%; }
    #player-chart { height: auto; }
    DataTable { height: 1fr; min-height: 3; }
    """
    BINDINGS = [
        Binding("escape", "close", show=False),
        Binding("enter,d", "record(False)", show=False, priority=True),
        Binding("v", "record(True)", show=False),
    ]

    def __init__(self, lobby: LobbyScreen, page: PlayerPage) -> None:
        super().__init__()
        self.lobby = lobby
        self.page = page

    def compose(self) -> ComposeResult:
        page = self.page
        with Vertical(classes="dialog wide"):
            yield Static(Content(self.title_line()), id="player-title", classes="dialog-title")
            yield Static(self.chart(), id="player-chart")
            table: DataTable[Any] = DataTable(cursor_type="row", id="recent")
            table.add_columns(
                t("lobby.table"), t("lobby.finished"), t("lobby.totals"), t("lobby.players")
            )
            for past in page.recent:
                totals = " ".join(f"{v:+d}" for v in past.totals)
                players = Text(", ").join(
                    Text(n, style="bold" if i == past.seat else "")
                    for i, n in enumerate(past.players)
                )
                table.add_row(past.table, past.finished[:16].replace("T", " "), totals, players)
            yield table
            yield Static(Content.from_markup(t("lobby.player_keys")), classes="dialog-body")

    def title_line(self) -> str:
        page = self.page
        rating = page.rating
        said = (
            t("lobby.rating_line", ordinal=f"{rating.ordinal:.2f}", games=rating.games)
            if rating is not None
            else t("lobby.unrated")
        )
        bot = f" ({t('lobby.bot')})" if page.bot else ""
        return f"{page.name}{bot} — {ruleset_label(page.ruleset)} — {said}"

    def chart(self) -> Text:
        points = [round(p.ordinal) for p in self.page.history]
        if len(points) < 2:
            return Text(t("lobby.chart_few"), style="dim")
        width = max(20, min(self.app.size.width - 12, 100))
        return chart_text([points], width, CHART_HEIGHT)

    def on_mount(self) -> None:
        self.query_one("#recent", DataTable).focus()

    def action_record(self, view: bool) -> None:
        recent: Sequence[Any] = self.page.recent
        if not recent:
            return
        row = recent[min(self.query_one("#recent", DataTable).cursor_row, len(recent) - 1)]
        self.lobby.fetch_record(row.table, view)

    def action_close(self) -> None:
        self.dismiss(None)
