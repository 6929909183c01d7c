"""Facts a player's screen shows that the rules already decide: what a card takes, the yaku a
capture set scores now, the yaku it would score with one more card (the yaku/score sidebar and the
こいこい prompt), and what a decision to stop is worth (``stakes``).

Each ruleset class gives its yaku function from its options (``Game.yaku_function``); a ruleset
without one simply has no hints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .cards import ALL_CARDS, card_list
from .game import PlayerView
from .rulesets import RULESETS, ruleset_class
from .stakes import Stakes
from .table import matches

YakuFunction = Callable[[int], dict[str, int]]
"""Values are each ruleset's own unit: 文 (三人こいこい), points (二人こいこい, 花合わせ), 貫 at 小場 (八八)."""


def meeting_field(view: PlayerView, seat: int | None = None) -> int:
    """The cards a card of ``seat``'s (the viewer's by default) meets: the field, and in 花合わせ
    the others' shown cards. (A game's own ``field`` already holds them during a turn:
    ``Hanaawase.begin_turn``.)"""
    if ruleset_class(view.ruleset).shown_are_field:
        shown = view.shown  # in different hands, so their sum is their union
        return view.field | sum(shown) - shown[view.seat if seat is None else seat]
    return view.field


def takes(view: PlayerView, card: int) -> int:
    """The cards ``card`` would meet if the viewer played or drew it now: one is taken, two give
    a choice, three are all taken. In 花合わせ the others' shown cards count as field cards."""
    return matches(meeting_field(view), card)


def stakes(view: PlayerView) -> Stakes | None:
    """What the viewer's decision to stop pays each seat, with its doublings, and what going on
    risks (``Game.stakes``); None unless the viewer is asked to stop or go on."""
    return view.rules.stakes(view)


def available(captures: Sequence[int], seat: int) -> int:
    """Every card ``seat`` could still capture: all but those in another seat's captures."""
    taken = 0
    for caps in captures:
        taken |= caps
    return ALL_CARDS & ~(taken & ~captures[seat])


def yaku_function(ruleset: str, options: Any) -> YakuFunction | None:
    """The function from captures to scoring yaku of ``ruleset`` with ``options``, if it has one."""
    cls = RULESETS.get(ruleset)
    return cls.yaku_function(options) if cls else None


def current_yaku(ruleset: str, options: Any, captures: int) -> dict[str, int]:
    """The yaku ``captures`` scores now, with values ({} if the ruleset has no hints)."""
    fn = yaku_function(ruleset, options)
    return fn(captures) if fn else {}


def near_yaku(ruleset: str, options: Any, captures: int, available: int) -> dict[str, int]:
    """Yaku one card away: name → the bit set of the ``available`` cards that would each form it.

    ``available`` is every card the player could still capture (not in another player's captures).
    A yaku counts as near when it does not score now and would score with that one card added.
    """
    fn = yaku_function(ruleset, options)
    if fn is None:
        return {}
    now = fn(captures)
    out: dict[str, int] = {}
    for c in card_list(available & ~captures):
        for name in fn(captures | 1 << c):
            if name not in now:
                out[name] = out.get(name, 0) | 1 << c
    return out
