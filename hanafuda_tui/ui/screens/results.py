"""Month results, the score sheet (month by month) and the year's end with 吟味 and standings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.visual import VisualType
from textual.widgets import Button, Static

from ...core.results import DealResult, Settlement
from ..explain import explained
from ..faces import month_label
from ..i18n import own, t
from ..keys import KeysLine, ScrollKeys
from ..rulesets import screen_of
from ..text import (
    faces_of,
    name_text,
    plain,
    reason_text,
    redeal_of,
    result_rows,
    signed,
    yaku_name,
)
from .ruleset_screen import SheetGame


class Closable(ModalScreen[None]):
    """A screen closed by its one button or a key, to go on."""

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.is_active:  # a second press, or one from under the too-small notice: dropped
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class MonthResult(ScrollKeys, Closable):
    """How a month ended and every payment; Enter goes on."""

    BINDINGS = [Binding("enter,escape,space", "close", show=False), *ScrollKeys.SCROLL_BINDINGS]

    def __init__(self, month: MonthShown, final_turn: Sequence[str] = ()) -> None:
        """``final_turn``: the turn that ended the month, a line (markup) a step, shown first as
        the table would have shown it."""
        super().__init__()
        self.month, self.final_turn = month, final_turn

    def compose(self) -> ComposeResult:
        title, body = result_parts(self.month)
        with Vertical(classes="dialog result"):
            yield Static(Content.from_markup(title), classes="dialog-title")
            with VerticalScroll(classes="result-body"):
                if self.final_turn:
                    turn = "\n".join(self.final_turn)
                    yield Static(Content.from_markup(turn), classes="dialog-body final-turn")
                for part in body:
                    yield Static(part, classes="dialog-body")
            yield Button(Content(t("key.continue") + " [Enter]"), id="close", compact=True)
        yield KeysLine(f"[b]Enter[/b] {t('key.continue')}  {t('keys.prompt')}")


@dataclass(frozen=True)
class MonthShown:
    """A month's end as its result screen shows it: the deal's result, the settlements made right
    after it (小引, 吟味: shown as columns and explained), the totals after both, and whether the
    year ended with it."""

    ruleset: str
    result: DealResult
    names: Sequence[str]
    scores: Sequence[int]
    settlements: Sequence[Settlement] = ()
    last: bool = False


def result_parts(month: MonthShown) -> tuple[str, list[VisualType]]:
    """A month result's title (markup) and its body: how it ended, each yaku won with its value,
    every payment with its causes (the deal's lines, then the settlements'), and the totals."""
    ruleset, result, names, scores = month.ruleset, month.result, month.names, month.scores
    settlements, last = month.settlements, month.last
    title = month_label(result.month)
    told = explained(result.lines, names, ruleset)
    for settled in settlements:
        told += explained(settled.lines, names, ruleset)
    why = [Content.from_markup("\n".join(told))] if told else []
    hands = screen_of(ruleset).shown_hands(result)
    shown = [f"{plain(names[s])}: {faces_of(h)}" for s, h in enumerate(hands) if h]
    if shown:
        why.insert(0, Content.from_markup("\n".join(shown)))
    own_parts = screen_of(ruleset).result_parts(result, names, last)
    if own_parts is not None:  # the ruleset's own head and tables, then the running totals
        head, tables = own_parts
        return f"[b]{title}  {head}[/b]", [*tables, *why, totals_table(names, scores, settlements)]
    winner = result.winner
    if winner >= 0:
        head = t("result.won", ruleset, who=plain(names[winner]), value=result.value)
        what = "  ".join(f"{yaku_name(n)} {value}" for n, value in result.yaku)
    else:
        head = t(own("result.nagare_long", ruleset))
        what = reason_text(result.reason, redeal_of(result))
    table = Table(box=None, show_header=True, pad_edge=False)
    table.add_column(t("sheet.player"))
    table.add_column(t("sheet.payment"), justify="right")
    for settled in settlements:
        table.add_column(settled.name, justify="right")
    table.add_column(t("sheet.total"), justify="right")
    out = screen_of(ruleset).sat_out(result)
    for s, name in enumerate(names):
        extra = [signed(x.payments[s]) for x in settlements]
        cell = name_text(name)
        if s in out:  # sat this deal out: 0, and how (下り, 追い込み)
            cell.append(f" ({t('entry.' + out[s])})", style="dim")
        table.add_row(cell, signed(result.payments[s]), *extra, signed(scores[s]))
    return f"[b]{title}  {head}[/b]", [Content.from_markup(what), *why, table]


def totals_table(
    names: Sequence[str], scores: Sequence[int], settlements: Sequence[Settlement]
) -> Table:
    """The settlements that follow a month, and each player's running total."""
    table = Table(box=None, show_header=True, pad_edge=False)
    table.add_column(t("sheet.player"))
    for settled in settlements:
        table.add_column(settled.name, justify="right")
    table.add_column(t("sheet.total"), justify="right")
    for s, name in enumerate(names):
        extra = [signed(x.payments[s]) for x in settlements]
        table.add_row(name_text(name), *extra, signed(scores[s]))
    return table


SEAT_COLUMN = 6
"""The fewest cells for a name on a sheet of more than four seats (six fit at 80 columns)."""
SHEET_WIDTH = 72
"""The cells a sheet has in its dialog (78 wide, less its border, padding and scroll bar)."""
WHAT_ROOM = 8
"""The fewest cells the yaku column is wrapped to where the names want the room."""


def short(name: str, width: int | None) -> str:
    """``name`` in ``width`` cells: its end kept after an ellipsis, which tells bots named
    alike apart (``…梅``, ``…Plum``); None keeps it whole."""
    if width is None or cell_len(name) <= width:
        return name
    tail = ""
    for ch in reversed(name):
        if cell_len(ch + tail) > width - 1:
            break
        tail = ch + tail
    return "…" + tail


def sheet_table(game: SheetGame, names: Sequence[str], width: int = SHEET_WIDTH) -> Table:
    """Every deal's row, the settlements (小引, 吟味) and the totals; a seat that sat a deal out
    is marked so (下り, 追込) in its column. Past four seats, names (and the month) are cut to
    the widest columns that leave the yaku column, wrapped, its longest word within ``width``
    cells; six fit at 80 columns."""
    if len(names) <= 4:
        return laid_sheet(game, names, None)
    console = Console(width=1000)
    longest = max(cell_len(name) for name in names)
    for narrow in range(max(longest, SEAT_COLUMN), SEAT_COLUMN, -1):
        table = laid_sheet(game, names, narrow)
        what = table.columns[3]
        words = [w for cell in what.cells for w in str(cell).split()]
        what.max_width = max([WHAT_ROOM, *map(cell_len, words)])  # wrapped at its longest word
        if Measurement.get(console, console.options, table).maximum <= width:
            what.max_width = None
            return table
    return laid_sheet(game, names, SEAT_COLUMN)


def laid_sheet(game: SheetGame, names: Sequence[str], narrow: int | None) -> Table:
    """The sheet with names and months cut to ``narrow`` cells (None: whole)."""
    table = Table(
        box=None, show_header=True, pad_edge=False, show_footer=True, padding=(0, 1, 0, 0)
    )
    table.add_column(t("sheet.month"), t("sheet.total"), no_wrap=True, max_width=narrow)
    table.add_column(
        t(own("sheet.dealer", game.ruleset)), no_wrap=True, overflow="ellipsis", max_width=10
    )
    table.add_column(t("sheet.winner"), no_wrap=True, overflow="ellipsis", max_width=10)
    table.add_column(t("sheet.what"))
    for s, name in enumerate(names):
        table.add_column(
            name_text(short(name, narrow)), signed(game.scores[s]), justify="right", no_wrap=True
        )
    screen = screen_of(game.ruleset)
    shown = [short(name, narrow) for name in names]
    for result, row in zip(
        game.results, result_rows(game.results, shown, screen.result_note), strict=True
    ):
        cells = list(row)
        for s, how in screen.sat_out(result).items():
            cells[4 + s] = t("sheet.out." + how)
        table.add_row(*map(name_text, cells))
    for settled in game.settlements:
        table.add_row(settled.name, "", "", "", *(signed(p) for p in settled.payments))
    return table


def standings(game: SheetGame, names: Sequence[str]) -> list[str]:
    """Final ranks; 八八 ranks by its 最終得点 in 貫."""
    scores, key = screen_of(game.ruleset).year_scores(game)
    order = sorted(range(len(names)), key=lambda s: -scores[s])
    out = []
    for s in order:
        rank = 1 + sum(1 for o in range(len(names)) if scores[o] > scores[s])
        out.append(t(key, game.ruleset, rank=rank, who=plain(names[s]), total=signed(scores[s])))
    return out


class SheetTable(Static):
    """The sheet laid to the width it is given (its names as wide as that leaves them)."""

    def __init__(self, game: SheetGame, names: Sequence[str]) -> None:
        super().__init__()
        self.game, self.names = game, names
        self.width = SHEET_WIDTH

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self.width = width or SHEET_WIDTH  # the width it is laid at, before it renders
        return super().get_content_height(container, viewport, width)

    def render(self) -> VisualType:
        return sheet_table(self.game, self.names, self.content_region.width or self.width)


class ScoreSheet(ScrollKeys, ModalScreen[str | None]):
    """The month-by-month score sheet; at the year's end, with the final standings first, and
    ``r`` answers ``"rematch"``: a new game at the same table."""

    BINDINGS = [
        Binding("enter,escape,space,s", "close", show=False),
        Binding("r", "rematch", show=False),
        Binding("w", "save_record", show=False),
        *ScrollKeys.SCROLL_BINDINGS,
    ]

    def __init__(
        self,
        game: SheetGame,
        names: Sequence[str],
        final: bool = False,
        save: Callable[[], None] | None = None,
        kept: int | None = None,
    ) -> None:
        """``save``: the year's end at a hosted table, where ``w`` saves the record (no rematch:
        the host decides what comes next); ``kept``: the year's id in the history, said with the
        final standings."""
        super().__init__()
        self.game, self.names, self.final, self.kept = game, names, final, kept
        self.keep = save

    def compose(self) -> ComposeResult:
        ruleset = self.game.ruleset
        title = t(own("year.title", ruleset) if self.final else own("sheet.title", ruleset))
        with Vertical(classes="dialog wide"):
            yield Static(Content.from_markup(f"[b]{title}[/b]"), classes="dialog-title")
            with VerticalScroll(classes="sheet"):
                if self.final:
                    lines = standings(self.game, self.names)
                    yield Static(Content.from_markup("\n".join(lines)), classes="dialog-body")
                    if self.kept is not None and self.kept > 0:
                        note = t("year.kept", id=self.kept)
                        yield Static(Content(note), classes="dialog-body kept")
                own_sheet = screen_of(self.game.ruleset).sheet(self.game, self.names)
                if own_sheet is not None:
                    yield Static(own_sheet, id="kinyu")
                else:
                    yield SheetTable(self.game, self.names)
            label = t("key.close")
            if self.final:
                label = t("year.quit") if self.keep is not None else t("year.new_game")
            with Horizontal(classes="dialog-buttons"):
                yield Button(Content(label + " [Enter]"), id="close", compact=True)
                if self.final and self.keep is not None:
                    keep = t("year.save_record")
                    yield Button(Content(keep + " [w]"), id="save", compact=True)
                elif self.final:
                    again = t("year.rematch")
                    yield Button(Content(again + " [r]"), id="rematch", compact=True)
        keys = f"[b]Enter Esc[/b] {label}  "
        if self.final and self.keep is not None:
            keys += f"[b]w[/b] {t('year.save_record')}  "
        elif self.final:
            keys += f"[b]r[/b] {t('year.rematch')}  "
        yield KeysLine(keys + t("keys.prompt"))

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save_record()
        elif self.is_active:  # a second press, or one from under the too-small notice: dropped
            self.dismiss("rematch" if event.button.id == "rematch" else None)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rematch(self) -> None:
        if self.final and self.keep is None:
            self.dismiss("rematch")

    def action_save_record(self) -> None:
        if self.final and self.keep is not None:
            self.keep()
