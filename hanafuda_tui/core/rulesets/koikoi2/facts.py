"""二人こいこい's public facts in a view (docs/rules/koikoi2.md)."""

from __future__ import annotations

from typing import NamedTuple

from ...game import FactsDefaults


class Koikoi2Fields(NamedTuple):
    """The fields of ``Koikoi2Facts``."""

    month_index: int
    """Months played so far (§7)."""
    last_month: int
    """How many months the game has (§8)."""
    koikoi: tuple[bool, ...]
    """Each seat's こいこい call this month (§5)."""
    offer: tuple[str, ...]
    """The yaku the turn formed or raised, when the viewer is asked こいこい or 勝負 (§5)."""
    koikoi_open: bool = True
    """こいこい can still be called this month; False under ``rules=nintendo`` after the month's one
    call, when the next turn that forms or raises a yaku ends the month (§11.2)."""


class Koikoi2Facts(Koikoi2Fields, FactsDefaults):
    """What both players know of the game and the month."""

    __slots__ = ()

    def called(self) -> tuple[bool, ...]:
        return self.koikoi

    def offered(self) -> tuple[str, ...]:
        return self.offer
