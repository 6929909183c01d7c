"""What the table shows differently for each ruleset, registered by the ruleset's name: one module
(or package) here for each, its ``SCREEN`` a ``RulesetScreen``, one loader in ``SCREENS`` (imported
when that ruleset is first shown)."""

from __future__ import annotations

from ...core.rulesets import Registry, ruleset_class
from ..screens.ruleset_screen import RulesetScreen


def _koikoi3() -> RulesetScreen:
    from .koikoi3 import SCREEN

    return SCREEN


def _koikoi2() -> RulesetScreen:
    from .koikoi2 import SCREEN

    return SCREEN


def _hanaawase() -> RulesetScreen:
    from .hanaawase import SCREEN

    return SCREEN


def _hachihachi() -> RulesetScreen:
    from .hachihachi import SCREEN

    return SCREEN


SCREENS: Registry[RulesetScreen] = Registry(
    {
        "koikoi3": _koikoi3,
        "koikoi2": _koikoi2,
        "hanaawase": _hanaawase,
        "hachihachi": _hachihachi,
    }
)


def screen_of(ruleset: str) -> RulesetScreen:
    """The screen adapter of a ruleset; UnknownRuleset for a name no ruleset has."""
    screen = SCREENS.get(ruleset)
    if screen is None:
        ruleset_class(ruleset)
        raise KeyError(ruleset)
    return screen
