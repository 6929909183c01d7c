"""What the table shows differently for each ruleset, registered by the ruleset's name: one module
(or package) here for each, its ``SCREEN`` a ``RulesetScreen``, imported when that ruleset is
first shown."""

from __future__ import annotations

from ...core.rulesets import Registry, ruleset_class
from ..screens.ruleset_screen import RulesetScreen

SCREENS: Registry[RulesetScreen] = Registry(__name__, lambda screen: screen.SCREEN)


def screen_of(ruleset: str) -> RulesetScreen:
    """The screen adapter of a ruleset; UnknownRuleset for a name no ruleset has."""
    screen = SCREENS.get(ruleset)
    if screen is None:
        ruleset_class(ruleset)
        raise KeyError(ruleset)
    return screen
