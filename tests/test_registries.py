"""Each layer finds a ruleset's adapter in its own registry, by the ruleset's name: nothing loads a
module by a name given as a string, and the core names no module of a layer above it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from hanafuda_tui.bots import measured
from hanafuda_tui.bots.evaluators import evaluator
from hanafuda_tui.bots.rulesets import BOT_RULES, bot_rules
from hanafuda_tui.core.rulesets import RULESETS, UnknownRuleset
from hanafuda_tui.ui.rulesets import SCREENS, screen_of

PACKAGE = Path(__file__).resolve().parents[1] / "hanafuda_tui"


def sources(under: Path) -> dict[str, str]:
    return {str(p.relative_to(PACKAGE)): p.read_text("utf-8") for p in sorted(under.rglob("*.py"))}


def test_no_module_of_the_package_loads_a_module_by_name() -> None:
    loading = re.compile(r"\bimportlib\b|\bimport_module\b|\b__import__\b")
    assert [name for name, text in sources(PACKAGE).items() if loading.search(text)] == []


def test_the_core_names_no_module_of_a_layer_above_it() -> None:
    above = re.compile(r"hanafuda_tui\.(history|bots|review|training|tables|net|ui|cli)\b")
    assert [name for name, text in sources(PACKAGE / "core").items() if above.search(text)] == []


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_each_layer_finds_a_ruleset_s_adapter_by_its_name(name: str) -> None:
    assert bot_rules(name) is BOT_RULES[name]
    assert screen_of(name) is SCREENS[name]
    assert evaluator(name).ruleset == name


@pytest.mark.parametrize("find", [bot_rules, screen_of, lambda name: measured(name, 3)])
def test_a_name_no_ruleset_has_is_refused_with_the_known_ones(
    find: Callable[[str], object],
) -> None:
    with pytest.raises(UnknownRuleset, match="known: hachihachi, hanaawase, koikoi2, koikoi3"):
        find("nosuch")
