"""A ruleset plugs in through its class and one entry in each layer's registry: every registered
ruleset has every hook the core, the bots and the screens look for, and a ruleset that lacks one is
named, not passed over."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from hanafuda_tui.bots.evaluation import BotRules, Evaluator
from hanafuda_tui.bots.rulesets import BOT_RULES
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.options import RulesetOptions
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.ui.rulesets import SCREENS, screen_of
from hanafuda_tui.ui.screens.ruleset_screen import RulesetScreen

DATA = Path(__file__).resolve().parents[1] / "hanafuda_tui" / "ui" / "data"
SCREEN_TEXTS = ("desc", "roles", "help.rules")
"""Texts every ruleset has in each language: the selector's line, the seats' roles, the rules."""


def missing_hooks(
    cls: type[Game],
    bots: Mapping[str, object] = BOT_RULES,
    screens: Mapping[str, object] = SCREENS,
) -> list[str]:
    """The hooks ``cls`` lacks, by name: its own, and its entries in the bots' and the screens'
    registries."""
    missing = []
    if not cls.ruleset or RULESETS.get(cls.ruleset) is not cls:
        missing.append("registry")
    if not all(cls.titles):
        missing.append("titles")
    if not cls.dealer_title:
        missing.append("dealer_title")
    options = getattr(cls, "Options", None)
    if not (isinstance(options, type) and issubclass(options, RulesetOptions)):
        missing.append("Options")
    elif cls.yaku_function(options()) is None:
        missing.append("yaku_function")
    rules = bots.get(cls.ruleset)
    try:
        evaluator = rules.make(cls.Options()) if isinstance(rules, BotRules) else None
    except (ValueError, AttributeError):
        evaluator = None
    if not isinstance(evaluator, Evaluator) or not evaluator.specs:
        missing.append("bot rules")
    if not isinstance(screens.get(cls.ruleset), RulesetScreen):
        missing.append("screen")
    for language in ("ja", "en"):
        texts = json.loads((DATA / "i18n" / f"{language}.json").read_text("utf-8"))
        if not all(f"{key}.{cls.ruleset}" in texts for key in SCREEN_TEXTS):
            missing.append(f"texts ({language})")
    if not (DATA / "help" / f"{cls.ruleset}.json").is_file():
        missing.append("help")
    return missing


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_registered_ruleset_has_every_hook(name: str) -> None:
    assert missing_hooks(RULESETS[name]) == []
    assert isinstance(screen_of(name), RulesetScreen)


def test_a_ruleset_without_hooks_is_named_for_each_one_it_lacks() -> None:
    class Bare(Game):
        ruleset = "bare"

    assert missing_hooks(Bare) == [
        "registry",
        "titles",
        "dealer_title",
        "Options",
        "bot rules",
        "screen",
        "texts (ja)",
        "texts (en)",
        "help",
    ]


def test_a_registry_entry_that_is_not_an_adapter_is_refused() -> None:
    cls = RULESETS["koikoi3"]
    bots = {"koikoi3": BotRules(lambda options: None, {})}
    screens = {"koikoi3": object()}
    assert missing_hooks(cls, bots, screens) == ["bot rules", "screen"]
    assert missing_hooks(cls, {}, {}) == ["bot rules", "screen"]


def test_each_layer_registers_exactly_the_core_s_rulesets() -> None:
    assert set(BOT_RULES) == set(SCREENS) == set(RULESETS)
