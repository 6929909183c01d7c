"""三人こいこい's public facts in a view (docs/rules/koikoi3.md)."""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from ...game import FactsDefaults


class Koikoi3Fields(NamedTuple):
    """The fields of ``Koikoi3Facts``."""

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


class Koikoi3Facts(Koikoi3Fields, FactsDefaults):
    """What every seat knows of the year and the month, and what only the viewer knows of its own
    hand while the teyaku question is asked."""

    __slots__ = ()
    OWN = MappingProxyType({"own_teyaku": None})

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
