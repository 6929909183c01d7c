"""花合わせ's public facts in a view (docs/rules/hanaawase.md)."""

from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from ...game import FactsDefaults, Seating


class HanaawaseFields(NamedTuple):
    """The fields of ``HanaawaseFacts``."""

    month_index: int
    """Rounds played so far (§10)."""
    last_month: int
    """How many rounds the game has (§10)."""
    declared: tuple[str | None, ...]
    """Each seat's declared teyaku, once revealed (§5); all None while the question is asked."""
    own_teyaku: tuple[str, int] | None
    """The viewer's own teyaku (name, value) while the question is asked (§5), else None."""
    entries: tuple[str | None, ...]
    """Each seat's way into or out of the round so far, public once given: deru, oriru, shibari
    (forced 出る), oikomi (put out); None for the 親 and seats not yet settled (§11)."""
    participants: tuple[int, ...]
    """The round's 親, 胴二 and ビキ once settled (§11), else empty."""
    out_in_stock: int
    """How many of the out seats' cards are still at the bottom of the stock (§11)."""
    set_aside: int
    """The viewer's own cards still under the stock when it sits the round out (§11), else 0."""
    places_left: int
    """Places beside the 親 not yet taken while 出る・下る is asked (§11); 0 with three seated."""


class HanaawaseFacts(HanaawaseFields, FactsDefaults):
    """What every seat knows of the game and the round, and what only the viewer knows of its own
    hand while the teyaku question is asked."""

    __slots__ = ()
    OWN = MappingProxyType({"own_teyaku": None, "set_aside": 0})

    def held(self) -> tuple[str, int] | None:
        return self.own_teyaku

    def seating(self) -> Seating | None:
        """With four to six seated (§11); None with three."""
        if len(self.entries) == 3:
            return None
        return Seating(
            self.entries, self.participants, self.out_in_stock, self.set_aside, self.places_left
        )
