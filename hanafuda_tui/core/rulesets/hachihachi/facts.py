"""八八's public facts in a view (docs/rules/hachihachi.md)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from ...game import NO_WARNINGS, FactsDefaults
from .hatto import Hatto
from .teyaku import Teyaku


class HachihachiFields(NamedTuple):
    """The fields of ``HachihachiFacts``."""

    menu: str
    """The 大場/絶場 menu A–F (§5)."""
    ba: int
    """This month's 場: KOBA, OBA or ZEBA (§4)."""
    carried: int
    """The 二代しばり this month carries to the next (KOBA: none; §4)."""
    shibari: int
    """The 二代しばり this month is bound by (KOBA: none; §4)."""
    declared: tuple[str, ...]
    """Each seat's declared teyaku by name, once revealed ("" for none; §9)."""
    sage: int
    """The seat that called 下げ this month, or -1 (§11)."""
    stones: tuple[int, ...]
    """Each seat's month stones on the 番個板 (§15)."""
    pot: int
    """The 番個板: one 点 per month stone (§15)."""
    month_number: int
    """1..12, the month of the year being played."""
    own_teyaku: Teyaku | None
    """The viewer's own teyaku while the question is asked (§6), else None."""
    hatto: Mapping[int, tuple[Hatto, bool]]
    """For the viewer when it is to play: each hand card whose play would be 法度, with whether it
    is exempt (§13); empty otherwise."""
    charged: tuple[tuple[str, int], ...] = ()
    """While the viewer is asked あがり/下げ or 下げの取消し: its 出来役 completed by 法度, each with
    the offender who pays it alone (§13), as the table was told; empty otherwise."""


class HachihachiFacts(HachihachiFields, FactsDefaults):
    """What every seat knows of the year and the month, and what only the viewer knows of its own
    hand: its teyaku while the question is asked, its 法度 plays when it is to play."""

    __slots__ = ()
    OWN = MappingProxyType({"own_teyaku": None, "hatto": NO_WARNINGS, "charged": ()})

    def held(self) -> tuple[str, int] | None:
        own = self.own_teyaku
        return (own.name, own.value) if own else None

    def warnings(self) -> Mapping[int, tuple[Any, bool]]:
        return self.hatto
