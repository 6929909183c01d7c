"""The bots' rules of each ruleset, registered by the ruleset's name: one module here for each
(its yaku as card sets, its stop rule, its measured strengths), one loader in ``BOT_RULES``
(imported when that ruleset's rules are first looked up)."""

from __future__ import annotations

from ...core.rulesets import Registry, ruleset_class
from ..evaluation import BotRules


def _koikoi3() -> BotRules:
    from . import koikoi3

    return BotRules(koikoi3.make, koikoi3.MEASURED)


def _koikoi2() -> BotRules:
    from . import koikoi2

    return BotRules(koikoi2.make, koikoi2.MEASURED)


def _hanaawase() -> BotRules:
    from . import hanaawase

    return BotRules(hanaawase.make, hanaawase.MEASURED)


def _hachihachi() -> BotRules:
    from . import hachihachi

    return BotRules(hachihachi.make, hachihachi.MEASURED, hachihachi.month_state)


BOT_RULES: Registry[BotRules] = Registry(
    {
        "koikoi3": _koikoi3,
        "koikoi2": _koikoi2,
        "hanaawase": _hanaawase,
        "hachihachi": _hachihachi,
    }
)


def bot_rules(ruleset: str) -> BotRules:
    """The bots' rules of a ruleset; UnknownRuleset for a name no ruleset has."""
    ruleset_class(ruleset)
    return BOT_RULES[ruleset]
