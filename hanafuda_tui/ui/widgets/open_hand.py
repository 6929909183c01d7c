"""A seat's whole hand, face up: the replay viewer shows the other seats' hands with every hand
open (the player's own is the hand panel)."""

from __future__ import annotations

from rich.cells import cell_len

from ...core.cards import card_list
from ..faces import FACES, face, wrap
from ..i18n import t
from .table import Panel


class OpenHand(Panel):
    """One line of a seat's hand cards (wrapped if it must), hidden while it shows none."""

    DEFAULT_CSS = "OpenHand { display: none; color: $text; } OpenHand.open { display: block; }"

    cards = 0
    chosen = -1

    def show(self, cards: int, chosen: int = -1) -> None:
        """``chosen``: the card the seat plays next, marked (-1: none)."""
        if not self.changed((cards, chosen)):
            return
        self.cards, self.chosen = cards, chosen
        self.shown_cards = cards
        self.set_class(bool(cards), "open")
        self.refresh(layout=True)

    def lines(self, width: int) -> list[str]:
        if not self.cards:
            return []
        label = "  " + t("table.hand") + " "
        items = [
            (face(c, selected=c == self.chosen), cell_len(FACES[c])) for c in card_list(self.cards)
        ]
        return wrap(items, width, label, cell_len(label))
