"""A new game: its options read from outside (one readable line if they are not the ruleset's), its
first 胴 drawn and its decks shuffled from one random source."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from typing import Any

from .events import FirstDraw
from .game import Game
from .options import RulesetOptions
from .readable import first_fault, printable
from .rulesets import ruleset_class
from .table import draw_first_dealer, shuffled_deck

MAX_DIGITS = 20
"""The longest whole number a record or an option value may hold."""

_WHOLE = re.compile(rf"\s*-?[0-9]{{1,{MAX_DIGITS}}}\s*")


class OptionError(ValueError):
    pass


def _number(value: Any) -> Any:
    """A whole number written as text (``--option months=6``) as an int; anything else as is."""
    if isinstance(value, str) and _WHOLE.fullmatch(value):
        return int(value)
    return value


def make_options(cls: type[Game], values: Mapping[str, Any]) -> RulesetOptions:
    """The ruleset's options from a mapping; OptionError with one readable line if invalid."""
    if cls.Options._as_written(values):
        return cls.Options.model_validate(dict(values))
    from pydantic import ValidationError

    try:
        return cls.Options.model_validate(dict(values))
    except ValidationError as err:
        numbers = {k: _number(v) for k, v in values.items()}
        if numbers != dict(values):
            try:
                return cls.Options.model_validate(numbers)
            except ValidationError:
                pass
        known = ", ".join(cls.Options.model_fields)
        raise OptionError(
            f"option {first_fault(err, 'options')} (options of {cls.ruleset}: {known})"
        ) from None


def record_options(cls: type[Game], values: Mapping[str, Any]) -> RulesetOptions:
    """The ruleset's options from a record's options, each value of the type the option
    takes (``"months": 12.0`` or ``"6"`` is no number of months); OptionError otherwise."""
    options = make_options(cls, values)
    for key, value in values.items():
        held = getattr(options, key)
        if type(value) is not type(held):
            raise OptionError(
                f"option {printable(key)}: {json.dumps(value)} is not of the option's type"
                f" (should be like {json.dumps(held)})"
            )
    return options


def new_game(
    ruleset: str,
    rng: random.Random,
    options: Mapping[str, Any] | RulesetOptions | None = None,
    first_dealer: int | None = None,
) -> Game:
    """A new game whose first-胴 draw and shuffles all come from ``rng``."""
    cls = ruleset_class(ruleset)
    opts = options if isinstance(options, RulesetOptions) else make_options(cls, options or {})
    draws: list[tuple[int, int]] = []
    if first_dealer is None:
        first_dealer, draws = draw_first_dealer(rng, cls.seated(opts), cls.first_draw_key)
    game = cls(opts, first_dealer, lambda: shuffled_deck(rng))
    for k, (seat, card) in enumerate(draws):  # again: a draw after a tie (1, 2 ...)
        game.emit(FirstDraw, seat, card, sum(s == seat for s, _ in draws[:k]))
    game.start()
    return game
