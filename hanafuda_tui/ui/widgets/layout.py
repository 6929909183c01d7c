"""The table's layout, shared by the table and the record viewer: the status line, the board
(the other seats, the last turns, the field, one's own seat and hand) beside the yaku and the
log, and the keys line."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from .last_turns import LastTurns
from .open_hand import OpenHand
from .table import FieldPanel, HandPanel, LogPanel, SeatPanel, YakuPanel


def table_layout(players: int, open_hands: bool = False) -> ComposeResult:
    """The widgets of a table of ``players`` seats; ``open_hands``: each other seat's hand shown
    under it, and a line for the decision taken at this position (the viewer)."""
    yield Static(id="status")
    with Horizontal(id="body"):
        with Vertical(id="board"):
            with Vertical(id="opponents"):
                for _ in range(players - 1):
                    yield SeatPanel(classes="opponent")
                    if open_hands:
                        yield OpenHand(classes="open-hand")
            yield LastTurns(id="last-turns")
            yield FieldPanel(id="field")
            if open_hands:
                yield Static(id="decision")
            yield SeatPanel(id="me")
            yield HandPanel(id="hand")
        with Vertical(id="side"):
            yield YakuPanel(id="yaku")
            yield LogPanel(id="log")
    yield Static(id="keys")
