"""A ruleset plugs in through its Game subclass alone: every fact a screen, a bot or the cli needs
from a ruleset is a class attribute or hook of that class, and no module outside the rulesets
packages (the core's rulesets and each layer's adapters with its registry keyed by name) tells
rulesets apart by comparing their names to literals."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from hanafuda_tui.core.cards import ALL_CARDS, MONTH_MASK
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.rulesets import RULESETS, titles
from hanafuda_tui.core.rulesets.koikoi3.game import Koikoi3
from hanafuda_tui.core.stats import TOTAL_HANDS

PACKAGE = Path(__file__).resolve().parents[2] / "hanafuda_tui"


def in_rulesets(path: Path) -> bool:
    """Whether ``path`` is in a ``rulesets`` package of some layer (core/rulesets/, bots/rulesets/,
    ui/rulesets/): a ruleset's own module or the layer's registry."""
    return "rulesets" in path.relative_to(PACKAGE).parts[:-1]


OWN = ("titles", "dealer_title")
"""Facts with no sensible default: each ruleset must state its own."""


def missing_own(cls: type[Game]) -> list[str]:
    """The facts of ``OWN`` that ``cls`` leaves to a base class."""
    return [name for name in OWN if name not in vars(cls)]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_each_ruleset_states_its_own_titles_and_dealer_title(name: str) -> None:
    cls = RULESETS[name]
    assert missing_own(cls) == []
    ja, en = cls.titles
    assert ja and en and ja != en
    assert titles(name) == cls.titles
    assert cls.dealer_title in ("親", "胴")


def test_a_ruleset_that_forgets_its_facts_is_caught() -> None:
    class Forgetful(Koikoi3):
        __slots__ = ()
        ruleset = "forgetful"

    assert missing_own(Forgetful) == ["titles", "dealer_title"]
    assert Game.titles == ("", "") and Game.dealer_title == ""


def test_unregistered_names_are_their_own_title() -> None:
    assert titles("no-such-ruleset") == ("no-such-ruleset", "no-such-ruleset")


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_yaku_function_maps_captures_to_named_values(name: str) -> None:
    cls = RULESETS[name]
    fn = cls.yaku_function(cls.Options())
    assert callable(fn)
    assert fn(0) == {}
    found = fn(ALL_CARDS & ~MONTH_MASK[10])  # all but November: no 雨 rule voids the yaku
    assert found and all(isinstance(k, str) and isinstance(v, int) for k, v in found.items())


TEYAKU_STATISTICS = {"koikoi3": "counts", "hachihachi": "table", "koikoi2": None, "hanaawase": None}
"""Which exact teyaku statistic each ruleset gives (``hanafuda stats teyaku``): counts per teyaku,
counts per cell of two-type teyaku, or none."""


def test_every_ruleset_says_which_teyaku_statistic_it_gives() -> None:
    assert sorted(TEYAKU_STATISTICS) == sorted(RULESETS)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_teyaku_hooks_give_counts_tables_or_none(name: str) -> None:
    cls = RULESETS[name]
    counts = cls.teyaku_counts()
    table = cls.teyaku_table()
    kind = TEYAKU_STATISTICS.get(name)
    assert (counts is not None, table is not None) == (kind == "counts", kind == "table")
    if counts is not None:
        assert counts and all(isinstance(n, int) for n in counts.values())
        assert 0 < sum(counts.values()) < TOTAL_HANDS
    if table is not None:
        cells = [n for row in table.values() for n in row.values()]
        assert cells and all(isinstance(n, int) for n in cells)
        assert 0 < sum(cells) <= TOTAL_HANDS


def _ruleset_literals(node: ast.AST) -> Iterator[str]:
    """Ruleset names written as literals in ``node`` (a constant, or inside a tuple, list, set)."""
    if isinstance(node, ast.Constant) and node.value in RULESETS:
        yield node.value
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for item in node.elts:
            yield from _ruleset_literals(item)


def name_tests(source: str, where: str) -> list[str]:
    """``where:line`` of each comparison with a ruleset name literal and each dict literal keyed by
    one, in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
        elif isinstance(node, ast.Dict):
            sides = [key for key in node.keys if key is not None]
        else:
            continue
        if any(True for side in sides for _ in _ruleset_literals(side)):
            found.append(f"{where}:{node.lineno}")
    return sorted(found)


def test_name_tests_are_found() -> None:
    source = (
        'if view.ruleset == "hachihachi": pass\n'
        'x = ruleset in ("hanaawase", "koikoi2")\n'
        'y = {"koikoi3": 1}\n'
        'z = ("koikoi3", "x") == pair\n'
        'ok = name == "other" or {"other": 1}\n'
        'label = Evaluator("koikoi3")\n'
    )
    assert name_tests(source, "s.py") == ["s.py:1", "s.py:2", "s.py:3", "s.py:4"]


def test_no_module_outside_the_rulesets_tells_rulesets_apart_by_name() -> None:
    found = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        if not in_rulesets(path)
        for hit in name_tests(path.read_text("utf-8"), path.relative_to(PACKAGE).as_posix())
    ]
    assert found == []


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_year_is_as_long_as_the_months_option_else_twelve(name: str) -> None:
    cls = RULESETS[name]
    assert cls.year_length(cls.Options()) == 12
    if "months" in cls.Options.model_fields:
        assert cls.year_length(cls.Options(months=3)) == 3
