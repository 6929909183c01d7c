"""The card gallery: all 48 cards by month, each face as the table draws it, with its kind, its
name in both languages and the yaku it counts toward in the ruleset at hand (the core's yaku
table under the game's options)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ...core.cards import MONTH_NAMES, MONTH_NAMES_EN, NAME, NAME_EN
from ...core.options import RulesetOptions
from ...core.rulesets import titles
from ...learn.gallery import yaku_of_cards
from ..faces import FACES, kind_key, rich_style
from ..i18n import t
from ..keys import KeysLine


class GalleryScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,g", "close", show=False)]

    def __init__(self, ruleset: str, options: RulesetOptions | None = None) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.options = options
        """The game's options (its yaku), None for the ruleset's defaults."""

    def cards_table(self) -> Table:
        variables = self.app.theme_variables
        yaku = yaku_of_cards(self.ruleset, self.options)
        table = Table(box=None, pad_edge=False, show_header=True, expand=False)
        for column in ("gallery.card", "gallery.name", "gallery.kind", "gallery.yaku"):
            table.add_column(t(column), overflow="fold")
        for month in range(12):
            label = f"{month + 1}月 {MONTH_NAMES[month]} · {MONTH_NAMES_EN[month]}"
            table.add_row("", Text(label, style="bold"), "", "")
            for card in range(4 * month, 4 * month + 4):
                table.add_row(
                    Text(FACES[card], style=rich_style(card, variables)),
                    f"{NAME[card]} / {NAME_EN[card]}",
                    t("kind." + kind_key(card)),
                    " ".join(yaku[card]) or "-",
                )
        return table

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(
                Content.from_markup(f"[b]{titles(self.ruleset)[0]}[/b] · {t('gallery.title')}"),
                classes="dialog-title",
            )
            with VerticalScroll(classes="sheet"):
                yield Static(self.cards_table(), id="gallery-cards")
            yield Static(Content.from_markup(t("help.close")))
        yield KeysLine(t("help.close"))

    def on_mount(self) -> None:
        self.query_one(".sheet").focus()  # ↑↓ scroll, as the keys line says

    def action_close(self) -> None:
        self.dismiss(None)
