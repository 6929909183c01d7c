"""The bots' rules of each ruleset, registered by the ruleset's name: one module here for each
(its yaku as card sets, its stop rule, its measured strengths), one line in ``BOT_RULES``."""

from __future__ import annotations

from ...core.rulesets import ruleset_class
from ..evaluation import BotRules
from . import hachihachi, hanaawase, koikoi2, koikoi3

BOT_RULES: dict[str, BotRules] = {
    "koikoi3": BotRules(koikoi3.make, koikoi3.MEASURED),
    "koikoi2": BotRules(koikoi2.make, koikoi2.MEASURED),
    "hanaawase": BotRules(hanaawase.make, hanaawase.MEASURED),
    "hachihachi": BotRules(hachihachi.make, hachihachi.MEASURED, hachihachi.month_state),
}


def bot_rules(ruleset: str) -> BotRules:
    """The bots' rules of a ruleset; UnknownRuleset for a name no ruleset has."""
    ruleset_class(ruleset)
    return BOT_RULES[ruleset]
