"""二人こいこい's public facts in a view (docs/rules/koikoi2.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...game import NO_WARNINGS


class Koikoi2Facts(NamedTuple):
    """What both players know of the game and the month."""

    month_index: int
    """Months played so far (§7)."""
    last_month: int
    """How many months the game has (§8)."""
    koikoi: tuple[bool, ...]
    """Each seat's こいこい call this month (§5)."""
    offer: tuple[str, ...]
    """The yaku held, when the viewer is asked こいこい or 勝負 (§5)."""
    koikoi_open: bool = True
    """こいこい can still be called this month; False under ``rules=nintendo`` after the month's one
    call, when the next turn that forms or raises a yaku ends the month (§11.2)."""

    def status(self) -> tuple[tuple[str, object], ...]:
        return ()

    def called(self) -> tuple[bool, ...]:
        return self.koikoi

    def offered(self) -> tuple[str, ...]:
        return self.offer

    def held(self) -> tuple[str, int] | None:
        return None

    def warnings(self) -> Mapping[int, tuple[Any, bool]]:
        return NO_WARNINGS

    def seating(self) -> None:
        return None
