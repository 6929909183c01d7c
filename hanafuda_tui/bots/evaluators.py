"""Each game's evaluator: the registered bots' rules of its ruleset (``bots.rulesets``) made for its
options and month, once for each distinct key."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..core.game import PlayerView, PublicFacts
from ..core.options import RulesetOptions
from ..core.rulesets import ruleset_class
from .evaluation import Evaluator
from .rulesets import bot_rules


class _Maker(NamedTuple):
    make: Callable[..., Evaluator]
    """``make(options, *month)``: the ruleset's, with None for its default options."""
    month_state: Callable[[PublicFacts], tuple[Any, ...]] | None
    """The ruleset's ``month_state`` (``BotRules.month_state``)."""


_MAKERS: dict[str, _Maker] = {}
_CACHE: dict[tuple[str, RulesetOptions | None, tuple[Any, ...]], Evaluator] = {}
"""One evaluator for each ruleset, distinct options value and month facts."""
_LAST: dict[str, tuple[RulesetOptions | None, tuple[Any, ...], Evaluator]] = {}
"""Each ruleset's last evaluator with its options object and month facts: the common case (one
game, decision after decision) found without hashing a model."""


def _maker(ruleset: str) -> _Maker:
    """The ruleset's maker, from its bot rules in the registry; found once."""
    cls, rules = ruleset_class(ruleset), bot_rules(ruleset)

    def make(options: RulesetOptions | None, *month: Any) -> Evaluator:
        return rules.make(cls.Options() if options is None else options, *month)

    maker = _MAKERS[ruleset] = _Maker(make, rules.month_state)
    return maker


def evaluator(
    ruleset: str, options: RulesetOptions | None = None, month: tuple[Any, ...] = ()
) -> Evaluator:
    """The evaluator of the ruleset's bot rules for the game's ``options`` (None: the ruleset's
    defaults) and ``month``, the month's public facts its values depend on (its ``month_state``:
    八八's 場; empty: the defaults). Made once for each distinct key."""
    maker = _MAKERS.get(ruleset) or _maker(ruleset)
    last = _LAST.get(ruleset)
    if last is not None and last[0] is options and last[1] == month:
        return last[2]
    key = (ruleset, options, month)
    ev = _CACHE.get(key)
    if ev is None:
        ev = _CACHE[key] = maker.make(options, *month)
    _LAST[ruleset] = (options, month, ev)
    return ev


def evaluator_of(view: PlayerView) -> Evaluator:
    """The evaluator of the game behind ``view``: its ruleset, options and month."""
    maker = _MAKERS.get(view.ruleset) or _maker(view.ruleset)
    state = maker.month_state
    return evaluator(view.ruleset, view.options, state(view.facts) if state else ())
