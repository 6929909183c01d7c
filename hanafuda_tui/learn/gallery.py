"""What the card gallery says of each card: its kind, names and the yaku it belongs to in a
ruleset (the core's yaku table under the game's options)."""

from __future__ import annotations

from typing import Any

from ..core.rulesets import ruleset_class


def yaku_of_cards(ruleset: str, options: Any = None) -> tuple[tuple[str, ...], ...]:
    """For each of the 48 cards, the names of the ruleset's 出来役 its captures can count toward
    (a counted yaku such as カス included: 菊に盃 is in タネ and カス in こいこい)."""
    cls = ruleset_class(ruleset)
    defs = cls.yaku_defs(options if options is not None else cls.Options())
    return tuple(tuple(d.name for d in defs if d.cards >> card & 1) for card in range(48))
