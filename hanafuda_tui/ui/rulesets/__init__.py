"""What the table shows differently for each ruleset, registered by the ruleset's name: one module
(or package) here for each, its ``SCREEN`` a ``RulesetScreen``, one line in ``SCREENS``."""

from __future__ import annotations

from ...core.rulesets import ruleset_class
from ..screens.ruleset_screen import RulesetScreen
from . import hachihachi, hanaawase, koikoi2, koikoi3

SCREENS: dict[str, RulesetScreen] = {
    "koikoi3": koikoi3.SCREEN,
    "koikoi2": koikoi2.SCREEN,
    "hanaawase": hanaawase.SCREEN,
    "hachihachi": hachihachi.SCREEN,
}


def screen_of(ruleset: str) -> RulesetScreen:
    """The screen adapter of a ruleset; UnknownRuleset for a name no ruleset has."""
    screen = SCREENS.get(ruleset)
    if screen is None:
        ruleset_class(ruleset)
        raise KeyError(ruleset)
    return screen
