"""The bots' rules of each ruleset, registered by the ruleset's name: one module here for each
(its yaku as card sets, its stop rule, its measured strengths, together its ``RULES``), imported
when that ruleset's rules are first looked up."""

from __future__ import annotations

from ...core.rulesets import Registry, ruleset_class
from ..evaluation import BotRules

BOT_RULES: Registry[BotRules] = Registry(__name__, lambda rules: rules.RULES)


def bot_rules(ruleset: str) -> BotRules:
    """The bots' rules of a ruleset; UnknownRuleset for a name no ruleset has."""
    ruleset_class(ruleset)
    return BOT_RULES[ruleset]
