"""The pre-game selector: ruleset, its options (from its pydantic Options model), each seat Human or
a bot with a name, an optional seed, Start; Continue when a saved game exists. Nothing is lost by one
key: Start over a saved game and Esc ask first; a ruleset change keeps the seats' choices."""

from __future__ import annotations

import enum
import typing
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from ...bots import BOTS, measured
from ...core.game import Game
from ...core.options import RulesetOptions
from ...core.people import HUMAN, Seat
from ...core.rulesets import RULESETS, ruleset_class, titles
from ...core.start import OptionError, make_options
from ..app_side import app_side
from ..config import THINK_TIMES
from ..i18n import has, lang, t
from ..names import seat_name as shown_name
from ..rulesets import screen_of
from ..widgets.choice import Choice, choosing
from ..widgets.compact_button import CompactButton
from .modals import confirm

if TYPE_CHECKING:
    from .ruleset_screen import SheetGame

DEFAULT_BOT = "normal"
ORDER = ("koikoi3", "hachihachi", "hanaawase", "koikoi2")
"""The selector's order; any other registered ruleset follows."""


def option_choices(annotation: Any) -> list[Any] | None:
    """The finite choices of an option type (Literal, bool, Enum), else None (free input)."""
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    if annotation is bool:
        return [True, False]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return list(annotation)
    return None


def choice_label(value: Any, ruleset: str = "", option: str = "") -> str:
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if isinstance(value, enum.Enum):
        return str(value.value)
    label = screen_of(ruleset).option_label(option, value) if ruleset else None
    return str(value) if label is None else label


def conflicting(cls: type[Game], chosen: dict[str, Any], changed: str) -> list[str]:
    """The other options whose chosen value the ``changed`` one does not allow (二人こいこい's
    rules=nintendo replaces four options): tried in pairs, the rest at their defaults."""
    if changed not in chosen:
        return []
    out = []
    for name, info in cls.Options.model_fields.items():
        value = chosen.get(name, info.default)
        if name == changed or value == info.default:
            continue
        try:
            make_options(cls, {changed: chosen[changed], name: value})
        except OptionError:
            out.append(name)
    return out


def ruleset_names() -> list[str]:
    return [n for n in ORDER if n in RULESETS] + [n for n in RULESETS if n not in ORDER]


def ruleset_label(name: str) -> str:
    ja, en = titles(name)
    return f"{ja} ({en})" if lang() == "en" else ja


def discard_body(game: SheetGame) -> str:
    """What starting anew discards: the saved game's rules and the months played in it (a
    month dealt again, after 流れ or a redeal, counted once)."""
    months = len({result.month for result in game.results})
    return t("confirm.discard_body", ruleset=ruleset_label(game.ruleset), months=months)


def default_seats(players: int, old: Sequence[dict[str, str]] = ()) -> list[dict[str, str]]:
    """``players`` seats: the ``old`` seats' kinds and names where there are, a human first and
    bots after that, named by ``default_names``."""
    bot = DEFAULT_BOT if DEFAULT_BOT in BOTS else next(iter(BOTS))
    seats = [dict(s) for s in old[:players]]
    seats += [{"player": HUMAN if i == 0 else bot, "name": ""} for i in range(len(seats), players)]
    return default_names(seats)


def bot_name(spec: str) -> str:
    """A bot level as the language shown calls it."""
    key = f"bot.{spec}"
    return t(key) if has(key) else spec


def seat_name(kinds: list[str], i: int) -> str:
    """Seat ``i``'s default name in the language shown (``default_name``): you against bots, a
    player with the seat's number where several people play, a bot the plant of its seat."""
    return shown_name([Seat("", k) for k in kinds], i)


def default_names(seats: list[dict[str, str]]) -> list[dict[str, str]]:
    """``seats`` with every name not typed (empty, or the one last given) following its seat's
    kind and the language (``seat_name``); ``given`` keeps the name given."""
    kinds = [s["player"] for s in seats]
    for i, seat in enumerate(seats):
        if not seat["name"].strip() or seat["name"] == seat.get("given"):
            seat["name"] = seat["given"] = seat_name(kinds, i)
    return seats


def typed_name(seat: dict[str, str]) -> str:
    """The seat's name as typed; empty (the default, shown in the reader's language) where none
    was."""
    name = seat["name"].strip()
    return "" if name == seat.get("given", "").strip() else name


def description(ruleset: str, months: Any, seated: int = 3) -> str:
    """The ruleset's one line, saying how many months the chosen option plays (and, with more
    seated than play a month, how many sit at the table)."""
    key = f"desc.{ruleset}"
    if not has(key):
        return ""
    if seated > 3 and has(key + ".seated"):
        key += ".seated"
    length = t("desc.year") if months in (None, 12) else t("desc.months", n=months)
    return t(key, months=length, n=seated)


FOCUS_MARK = "▶"


class SelectorRow(Horizontal):
    """One row of the selector: a label, its fields, and a mark at its left edge that shows only
    while one of its fields has the focus (the stylesheet also draws that row's label reversed)."""

    def compose(self) -> ComposeResult:
        yield Static(FOCUS_MARK, classes="focus-mark")


class SelectorScreen(Screen[None]):
    """A settings list: ↑↓ go from row to row, ←→ change a choice (in a text field they move its
    cursor), Enter starts the game from any row (on a button it presses that button), Tab as
    usual; an open list of choices keeps its own keys."""

    BINDINGS = [
        Binding("escape", "ask_quit", "quit (asks first)", show=False),
        Binding("up", "row(-1)", show=False, priority=True),
        Binding("down", "row(1)", show=False, priority=True),
        Binding("left", "change(-1)", show=False, priority=True),
        Binding("right", "change(1)", show=False, priority=True),
        Binding("enter", "start", show=False, priority=True),
    ]
    AUTO_FOCUS = ""
    """Nothing is focused for the screen: ``focus_first_button`` focuses Start or Continue once
    (the scrolling list, focused first and then blurred, would restyle every row twice)."""

    def __init__(self) -> None:
        super().__init__()
        self.ruleset = ruleset_names()[0]
        self.options: dict[str, Any] = {}
        self.seats = default_seats(RULESETS[self.ruleset].table_sizes[0])
        self.seed = ""
        self.stale = False
        self.new_game = False
        """Start takes the focus when this screen shows again (a new game was asked for)."""
        self.adopted: object = None
        """The session whose settings were last taken (``adopt``)."""
        self.drawn = False
        """Whether the screen has been shown once (the save is read after its first frame)."""

    def compose(self) -> ComposeResult:
        cls = ruleset_class(self.ruleset)
        model: type[RulesetOptions] = cls.Options
        with VerticalScroll(id="selector"):
            yield Static(Content.from_markup(t("selector.title")), id="selector-title")
            with SelectorRow(classes="row"):
                yield Label(t("selector.ruleset"), classes="label")
                yield Choice(
                    [(ruleset_label(n), n) for n in ruleset_names()], self.ruleset, id="ruleset"
                )
            months = self.options.get(
                "months", getattr(model.model_fields.get("months"), "default", None)
            )
            seated = len(self.seats)
            yield Static(description(self.ruleset, months, seated), id="ruleset-desc")
            for name, info in model.model_fields.items():
                value = self.options.get(name, info.default)
                label_key = f"opt.{self.ruleset}.{name}"
                with SelectorRow(classes="row"):
                    yield Label(t(label_key) if has(label_key) else name, classes="label")
                    choices = option_choices(info.annotation)
                    if choices is not None:
                        yield Choice(
                            [(choice_label(c, self.ruleset, name), c) for c in choices],
                            value,
                            id=f"opt-{name}",
                            classes="option",
                        )
                    else:
                        yield Input(
                            "" if value is None else str(value),
                            compact=True,
                            id=f"opt-{name}",
                            classes="option",
                        )
            kinds = [(t("seat.human"), HUMAN)] + [
                (t("seat.bot", name=bot_name(b)), b) for b in BOTS
            ]
            for i, seat in enumerate(self.seats):
                with SelectorRow(classes="row"):
                    yield Label(t("selector.seat", n=i + 1), classes="label")
                    yield Choice(kinds, seat["player"], id=f"seat-{i}", classes="seat-kind")
                    yield Input(seat["name"], compact=True, id=f"name-{i}", classes="seat-name")
            yield Static(self.levels_text(), id="levels")
            with SelectorRow(classes="row"):
                yield Label(t("selector.think"), classes="label")
                yield Choice(
                    [(t("selector.think_value", s=s), s) for s in THINK_TIMES],
                    self.think(),
                    id="think",
                )
            with SelectorRow(classes="row"):
                yield Label(t("selector.seed"), classes="label")
                yield Input(self.seed, placeholder=t("selector.seed_hint"), compact=True, id="seed")
            with SelectorRow(classes="row buttons"):
                yield CompactButton(
                    t("selector.start"), id="start", compact=True, variant="primary"
                )
                yield CompactButton(t("selector.continue"), id="continue", compact=True)
                yield CompactButton(t("selector.learn"), id="learn", compact=True)
                yield CompactButton(t("selector.online"), id="online", compact=True)
                yield CompactButton(t("selector.stats"), id="stats", compact=True)
                yield CompactButton(t("selector.quit"), id="quit", compact=True)
            yield Static("", id="selector-error")
        # under the list, never scrolled away: a newcomer sees the keys whatever the rows
        yield Static(Content.from_markup(t("keys.selector")), id="selector-keys")

    def focus_first_button(self) -> None:
        """Continue when there is a saved game to continue, else Start (and Start when a new game
        was asked for)."""
        resume = self.query_one("#continue", Button)
        wanted = resume if resume.display and not self.new_game else self.query_one("#start")
        wanted.focus()
        self.call_after_refresh(wanted.scroll_visible, animate=False)  # laid out anew, maybe
        self.new_game = False

    async def on_screen_resume(self) -> None:
        """Shown, the first time too: the settings of the game last played, Continue, the focus
        (the first time, once the screen is drawn)."""
        if self.adopt(app_side(self).last_session):
            self.stale = False
            await self.recompose()
        elif self.stale:
            await self.relabel()
        if self.drawn:
            self.show_saved()
        else:  # drawn first: reading the save makes its bots and opens the history
            self.drawn = True
            self.call_after_refresh(self.show_saved)

    def show_saved(self) -> None:
        """Continue where there is a saved game to continue (else Start), focused."""
        self.update_continue()
        self.focus_first_button()

    def update_continue(self) -> None:
        app = app_side(self)
        resumable = app.resumable()
        self.query_one("#continue", Button).display = resumable is not None
        error = app.save_problem
        self.query_one("#selector-error", Static).update(Content(error))

    def adopt(self, session: Any) -> bool:
        """Take the ruleset, options and seats of the game last played (a game continued or
        opened from the command line too), once; True if they differ from those shown. The seed
        is left as it was: a new game gets new deals."""
        if session is None or session is self.adopted:
            return False
        self.adopted = session
        game = session.seen
        kinds = [s.player for s in session.seats]
        seats = []
        for i, s in enumerate(session.seats):
            given = seat_name(kinds, i)
            seats.append({"player": s.player, "name": s.name, "given": given})
        options = game.options.model_dump()
        if (game.ruleset, options, seats) == (self.ruleset, self.options, self.seats):
            return False
        self.ruleset, self.options, self.seats = game.ruleset, options, default_names(seats)
        app_side(self).current_ruleset = self.ruleset
        return True

    def remember(self) -> None:
        """Keep what was entered, for a recompose (ruleset or language switch)."""
        for i, seat in enumerate(self.seats):
            kind = self.query_one(f"#seat-{i}", Choice).value
            seat["player"] = str(kind)
            seat["name"] = self.query_one(f"#name-{i}", Input).value
        default_names(self.seats)
        for widget in self.query(".option"):
            name = (widget.id or "")[4:]
            self.options[name] = widget.value  # type: ignore[attr-defined]
        self.seed = self.query_one("#seed", Input).value

    async def relabel(self) -> None:
        """Redo every label in the current language (later, if another screen is on top)."""
        if self.app.screen is not self:
            self.stale = True
            return
        self.stale = False
        at = self.focused.id if self.focused is not None else None
        self.remember()
        await self.recompose()
        self.update_continue()
        again = self.query(f"#{at}") if at else None  # the same rows in the other language
        if again:
            again.first().focus()  # the cursor stays on its row
        else:
            self.focus_first_button()

    @on(Choice.Changed, "#ruleset")
    async def ruleset_changed(self, event: Choice.Changed) -> None:
        if event.value == self.ruleset:
            return
        self.remember()
        self.ruleset = str(event.value)
        self.options = {}
        self.seats = default_seats(RULESETS[self.ruleset].table_sizes[0], self.seats)
        app_side(self).current_ruleset = self.ruleset
        await self.recompose()
        self.update_continue()
        self.query_one("#ruleset", Choice).focus()  # Tab goes on to the new ruleset's options

    def think(self) -> float:
        return app_side(self).config.settings.think

    def levels_text(self) -> str:
        """One line for each bot level at the table: how it plays, how it fares against the
        level below."""
        kinds = {seat["player"] for seat in self.seats}
        seated = len(self.seats)
        rates = measured(self.ruleset, seated)
        levels = list(BOTS)
        lines = []
        for i, b in enumerate(levels):
            if b not in kinds:
                continue
            line = t(f"level.{b}")
            if b in rates:  # games won in 100 against the level below, beside an even share
                rate, below, par = rates[b], bot_name(levels[i - 1]), 100 / seated
                key = "level.even" if abs(rate - par) < 2 else "level.stronger"
                key = "level.weaker" if rate <= par - 2 else key
                line += t(key, rate=f"{rate:.0f}", below=below, par=f"{par:.0f}")
            lines.append(line)
        return "\n".join(lines)

    @on(Choice.Changed, "#think")
    def think_changed(self, event: Choice.Changed) -> None:
        if isinstance(event.value, float):
            app_side(self).remember(think=event.value)

    @on(Choice.Changed, ".seat-kind")
    def seat_kind_changed(self) -> None:
        """Names not typed follow the seats' kinds (a human is not named like a bot)."""
        self.remember()
        self.query_one("#levels", Static).update(self.levels_text())
        for i, seat in enumerate(self.seats):
            field = self.query_one(f"#name-{i}", Input)
            if field.value != seat["name"]:
                field.value = seat["name"]

    @on(Choice.Changed, ".option")
    async def option_changed(self, event: Choice.Changed) -> None:
        """The options the changed one does not allow go back to their defaults, with a notice;
        an option that sets how many sit at the table (花合わせ's players) adds or removes seat
        rows, keeping the kinds and names of those kept."""
        self.remember()
        cls = ruleset_class(self.ruleset)
        changed = (event.choice.id or "")[4:]
        for name in conflicting(cls, self.chosen_options(), changed):
            info = cls.Options.model_fields[name]
            self.options[name] = info.default
            self.query_one(f"#opt-{name}", Choice).value = info.default
            label = f"opt.{self.ruleset}.{name}"
            self.notify(t("selector.option_off", name=t(label) if has(label) else name))
        try:
            players = cls.seated(make_options(cls, self.chosen_options()))
        except OptionError:
            return
        if players == len(self.seats):
            return
        self.seats = default_seats(players, self.seats)
        await self.recompose()
        self.update_continue()
        self.query_one(f"#{event.choice.id}", Choice).focus()

    def chosen_options(self) -> dict[str, Any]:
        return {k: v for k, v in self.options.items() if v != ""}

    @on(Choice.Changed, "#opt-months")
    def months_changed(self, event: Choice.Changed) -> None:
        desc = description(self.ruleset, event.value, len(self.seats))
        self.query_one("#ruleset-desc", Static).update(desc)

    def rows(self) -> list[list[Widget]]:
        """The focusable widgets of each row, top to bottom."""
        out = []
        for row in self.query(".row"):
            widgets = [
                w for w in row.query("Choice, Input, CompactButton") if w.focusable and w.display
            ]
            if widgets:
                out.append(widgets)
        return out

    def action_row(self, step: int) -> None:
        """The next or previous row, at the same place in it where there is one."""
        if choosing(self) or self.app.screen is not self:
            raise SkipAction()
        rows = self.rows()
        at = [(r, c) for r, row in enumerate(rows) for c, w in enumerate(row) if w is self.focused]
        if not at:
            raise SkipAction()
        r, c = at[0]
        if 0 <= r + step < len(rows):
            row = rows[r + step]
            row[min(c, len(row) - 1)].focus()

    def action_change(self, step: int) -> None:
        """The next or previous choice of the focused list, at once; on the buttons the next or
        previous button; elsewhere the key does what it does there (a text field moves its
        cursor)."""
        focused = self.focused
        if choosing(self) or self.app.screen is not self:
            raise SkipAction()
        if isinstance(focused, Button):
            row = next((row for row in self.rows() if focused in row), [focused])
            at = row.index(focused) + step
            if 0 <= at < len(row):
                row[at].focus()
            return
        if not isinstance(focused, Choice):
            raise SkipAction()
        focused.step(step)

    def action_start(self) -> None:
        """Start from any row; a focused button is pressed instead, an open list picks."""
        if (
            isinstance(self.focused, Button | Input)
            or choosing(self)
            or self.app.screen is not self
        ):
            raise SkipAction()  # a line's own Enter comes after the letters typed before it
        self.start()

    @on(Input.Submitted)
    def line_entered(self, event: Input.Submitted) -> None:
        event.stop()
        if self.app.screen is self:
            self.start()

    def action_ask_quit(self) -> None:
        app_side(self).ask_quit()

    @on(Button.Pressed, "#quit")
    def quit(self) -> None:
        self.app.exit(0)

    @on(Button.Pressed, "#learn")
    def learn(self) -> None:
        app_side(self).open_lessons()

    @on(Button.Pressed, "#online")
    def online(self) -> None:
        app_side(self).ask_online()

    @on(Button.Pressed, "#stats")
    def statistics(self) -> None:
        app_side(self).action_statistics()

    @on(Button.Pressed, "#continue")
    def continue_game(self) -> None:
        app_side(self).continue_game()

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        self.remember()
        cls = ruleset_class(self.ruleset)
        options = self.chosen_options()
        try:
            make_options(cls, options)
        except OptionError as err:
            self.query_one("#selector-error", Static).update(Content(str(err)))
            return
        from ...core.records import SeatRecord

        seats = [SeatRecord(name=typed_name(s), player=s["player"]) for s in self.seats]
        app = app_side(self)
        saved = app.resumable()

        def go(yes: int | None = 1) -> None:
            if yes:
                app.start_game(self.ruleset, options, seats, self.seed.strip())

        if saved is None:
            go()
            return
        self.app.push_screen(confirm(t("confirm.discard"), discard_body(saved.seen)), go)
