"""Help: the rules and a yaku reference with card faces for the ruleset being played. The yaku's
names, values and card sets are the core's (``Game.yaku_defs``); the help data adds glosses and
notes."""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ...core.cards import CARD_OF_CODE, MONTH_NAMES_EN, NAME_EN, codes_of
from ...core.options import RulesetOptions
from ...core.rulesets import RULESETS, titles
from ..faces import FACES, rich_style
from ..i18n import has, lang, t
from ..keys import KeysLine
from ..text import plain
from ..widgets.folded import Folded

_HELP = Path(__file__).parent.parent / "data" / "help"
NONE: Mapping[str, str] = MappingProxyType({})
"""No theme: cards in the terminal's own colour."""


def ruleset_doc(ruleset: str) -> str:
    """The rules summary a ruleset's module gives, for rulesets without a help text of their own."""
    cls = RULESETS.get(ruleset)
    module = sys.modules.get(cls.__module__) if cls else None
    return inspect.getdoc(module) or t("help.rules.none") if module else t("help.rules.none")


def _faces(codes: str, note: str, variables: Mapping[str, str]) -> Text:
    text = Text()
    for code in codes:
        c = CARD_OF_CODE[code]
        text.append(FACES[c], style=rich_style(c, variables))
        text.append(" ")
    text.append(note)
    return text


def localized(note: str | Mapping[str, str]) -> str:
    """A help note in the language shown: a note in words is ``{"ja": ..., "en": ...}``, one of
    card names or a pattern (盃役, 4-1-1-1) is the same text in both."""
    return note if isinstance(note, str) else note[lang()]


def yaku_rows(
    ruleset: str, glosses: dict[str, list[Any]], options: RulesetOptions | None = None
) -> list[list[object]]:
    """The core's yaku of ``ruleset`` under the game's ``options`` (None: the defaults) as
    reference rows: name, English gloss, value, cards (the yaku's own set, or an example hand where
    it takes some of its cards) and note (in the language shown, ``{need}``, ``{per}`` and
    ``{grown}``, its grown names' values, filled in)."""
    cls = RULESETS.get(ruleset)
    if cls is None:
        return []
    rows: list[list[object]] = []
    for d in cls.yaku_defs(options if options is not None else cls.Options()):
        english, example, note = glosses.get(d.name, ("", "", ""))
        # the yaku's own set; where it takes some of its cards, the rule that says which (an
        # example hand only where there is no such rule), so no card is named twice
        codes = codes_of(d.cards) if d.need == d.cards.bit_count() else "" if note else example
        grown = ", ".join(f"{name} {d.value + d.per * k}" for k, name in enumerate(d.grown, 1))
        rows.append(
            [
                d.name,
                english,
                d.value,
                codes,
                localized(note).format(need=d.need, per=d.per, grown=grown),
            ]
        )
    return rows


def yaku_table(
    rows: list[list[object]], title: str, ruleset: str = "", variables: Mapping[str, str] = NONE
) -> Table:
    """A reference table: name (with its English gloss in English), value, cards or a note."""
    table = Table(title=title, box=None, pad_edge=False, title_justify="left")
    unit = f"help.value.{ruleset}"
    table.add_column(t("help.name"))
    table.add_column(t(unit if has(unit) else "help.value"), justify="right")
    table.add_column(t("help.cards"))
    for name, english, value, codes, note in rows:
        label = f"{name} ({english})" if lang() == "en" and english else str(name)
        table.add_row(label, str(value), _faces(str(codes), str(note), variables))
    return table


def card_legend(variables: Mapping[str, str]) -> Table:
    """Each face with its English name, month by month (English mode: the faces are kanji)."""
    table = Table(title=t("help.legend"), box=None, pad_edge=False, title_justify="left")
    table.add_column(t("help.month"))
    for _ in range(4):
        table.add_column("")
    for month in range(12):
        cells = [
            Text(FACES[c], style=rich_style(c, variables)) + f" {NAME_EN[c]}"
            for c in range(4 * month, 4 * month + 4)
        ]
        table.add_row(MONTH_NAMES_EN[month], *cells)
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,question_mark,y", "close", show=False),
        Binding("g", "gallery", show=False),
    ]

    def __init__(
        self, ruleset: str, yaku_first: bool = False, options: RulesetOptions | None = None
    ) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.yaku_first = yaku_first
        self.options = options
        """The game's options at the table (its yaku values), None from the selector."""

    def compose(self) -> ComposeResult:
        title = titles(self.ruleset)
        rules_key = f"help.rules.{self.ruleset}"
        rules = t(rules_key) if has(rules_key) else plain(ruleset_doc(self.ruleset))
        variables = self.app.theme_variables
        with Vertical(classes="dialog wide"):
            yield Static(
                Content.from_markup(f"[b]{title[0]}[/b] · {t('help.title')}"),
                classes="dialog-title",
            )
            with VerticalScroll(classes="sheet"):
                yield Folded(Content.from_markup(t("help.keys")), id="help-keys")
                yield Folded(Content.from_markup(rules), id="help-rules")
                path = _HELP / f"{self.ruleset}.json"
                if path.is_file():
                    data = json.loads(path.read_text(encoding="utf-8"))
                    sections = {
                        "teyaku": [[*row[:-1], localized(row[-1])] for row in data["teyaku"]],
                        "yaku": yaku_rows(self.ruleset, data["yaku"], self.options),
                    }
                    for section, rows in sections.items():
                        table = yaku_table(rows, t(f"help.{section}"), self.ruleset, variables)
                        yield Static(table, classes="yaku-ref", id=f"help-{section}")
                if lang() == "en":
                    yield Static(card_legend(variables), classes="yaku-ref", id="help-legend")
            yield Static(
                Content.from_markup(f"{t('help.close')}  {t('help.gallery')}"), id="help-close"
            )
        yield KeysLine(t("help.close"))

    def on_mount(self) -> None:
        if self.yaku_first and self.query("#help-yaku"):
            self.query_one("#help-yaku").scroll_visible(animate=False, top=True)

    def action_gallery(self) -> None:
        """Every card with its kind, names and yaku (the gallery)."""
        from .gallery import GalleryScreen

        self.app.push_screen(GalleryScreen(self.ruleset, self.options))

    def action_close(self) -> None:
        self.dismiss(None)
