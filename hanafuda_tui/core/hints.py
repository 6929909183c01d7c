"""Facts a player's screen shows that the rules already decide: the yaku a capture set scores now,
and the yaku it would score with one more card (the yaku/score sidebar and the こいこい prompt).

Rulesets register their yaku function here; a ruleset without one simply has no hints.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import card_list
from .rulesets.koikoi3_yaku import scoring_yaku

YakuFunction = Callable[[int], dict[str, int]]

YAKU_OF: dict[str, YakuFunction] = {"koikoi3": scoring_yaku}


def current_yaku(ruleset: str, captures: int) -> dict[str, int]:
    """The yaku ``captures`` scores in ``ruleset`` now, with values ({} if the ruleset has none)."""
    fn = YAKU_OF.get(ruleset)
    return fn(captures) if fn else {}


def near_yaku(ruleset: str, captures: int, available: int) -> dict[str, int]:
    """Yaku one card away: name → the bit set of the ``available`` cards that would each form it.

    ``available`` is every card the player could still capture (not in another player's captures).
    A yaku counts as near when it does not score now and would score with that one card added.
    """
    fn = YAKU_OF.get(ruleset)
    if fn is None:
        return {}
    now = fn(captures)
    out: dict[str, int] = {}
    for c in card_list(available & ~captures):
        for name in fn(captures | 1 << c):
            if name not in now:
                out[name] = out.get(name, 0) | 1 << c
    return out
