"""三人こいこい's public facts in a view (docs/rules/koikoi3.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...game import NO_WARNINGS


class Koikoi3Facts(NamedTuple):
    """What every seat knows of the year and the month, and what only the viewer knows of its own
    hand while the teyaku question is asked."""

    season: str
    """春, 夏, 秋 or 冬: the season of the month played (§10)."""
    month_index: int
    """Months played so far, 流れ included."""
    last_month: int
    """How many months the year has (§13)."""
    shibari: bool
    """3文しばり: this month replays a 流れ (§9)."""
    koikoi: tuple[bool, ...]
    """Each seat's こいこい call this month (§7)."""
    offer: tuple[str, ...]
    """The yaku just formed, when the viewer is asked こいこい or 勝負 (§7)."""
    own_teyaku: tuple[str, int] | None
    """The viewer's own teyaku (name, value) while the question is asked (§3), else None."""

    def status(self) -> tuple[tuple[str, object], ...]:
        """The season, and 3文しばり when it binds."""
        season = (("season", self.season),)
        return (*season, ("shibari", True)) if self.shibari else season

    def called(self) -> tuple[bool, ...]:
        return self.koikoi

    def offered(self) -> tuple[str, ...]:
        return self.offer

    def held(self) -> tuple[str, int] | None:
        return self.own_teyaku

    def warnings(self) -> Mapping[int, tuple[Any, bool]]:
        return NO_WARNINGS

    def seating(self) -> None:
        return None
