"""Each ruleset's yaku are one table (``Game.yaku_defs``): the scoring function agrees with it card by
card under every option that changes yaku, and the bots' specs are that table at the bots' scale."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from hanafuda_tui.bots.evaluation import Spec
from hanafuda_tui.bots.rulesets import BOT_RULES, hachihachi, hanaawase
from hanafuda_tui.core.cards import ALL_CARDS, card_list, codes_of, mask
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.options import RulesetOptions
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA, OBA, ZEBA
from hanafuda_tui.core.rulesets.hachihachi.yaku import points
from hanafuda_tui.core.rulesets.koikoi3.yaku import CUP_YAKU
from hanafuda_tui.core.yaku_defs import YakuDef

Score = Callable[[int], dict[str, int]]

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "koikoi3": [{}],
    "koikoi2": [
        {"low_values": low, "rain": rain, "double_seven": seven}
        for low, rain, seven in itertools.product((False, True), repeat=3)
    ]
    + [{"rules": "nintendo"}],
    "hanaawase": [{}],
    "hachihachi": [{"menu": menu} for menu in "ABCDEF"],
}
"""Each ruleset's options that change its yaku or the bots' values of them."""
CASES = [(name, kw) for name in RULESETS for kw in OPTIONS[name]]
SAMPLES = 200
"""Subsets tried of a card set with more ways to choose its cards than this."""


def subsets(cards: int, size: int) -> Iterator[int]:
    """Every ``size``-card subset of ``cards``, or a seeded sample of them when there are many."""
    pool = card_list(cards)
    if size < 0 or size > len(pool):
        return
    combos: Iterable[tuple[int, ...]] = itertools.combinations(pool, size)
    if math.comb(len(pool), size) > SAMPLES:
        rng = random.Random(cards ^ size)
        combos = (tuple(rng.sample(pool, size)) for _ in range(SAMPLES))
    for combo in combos:
        yield sum(1 << c for c in combo)


def held(found: dict[str, int], d: YakuDef, defs: tuple[YakuDef, ...]) -> bool:
    """``d`` scores, or a better yaku of its exclusive group does instead (四光 over 雨四光...)."""
    if d.name in found or any(name in found for name in d.grown):
        return True
    return bool(d.group) and any(
        o.group == d.group and o.value > d.value and o.name in found for o in defs
    )


def drift(defs: tuple[YakuDef, ...], score: Score) -> list[str]:
    """Where a yaku table and the scoring function disagree: each yaku's ``need`` cards score it
    (or a better one of its group) at its value, one card fewer never does, and one more card is
    worth ``per`` more under its grown name."""
    problems = []
    for d in defs:
        if not 0 < d.need <= d.cards.bit_count():
            problems.append(f"{d.name}: needs {d.need} of {d.cards.bit_count()} cards")
            continue
        alone = False
        for caps in subsets(d.cards, d.need):
            found = score(caps)
            if not held(found, d, defs):
                problems.append(f"{d.name}: {codes_of(caps)} does not score it")
            elif d.name in found:
                alone = True
                if found[d.name] != d.value:
                    problems.append(f"{d.name}: worth {found[d.name]}, the table says {d.value}")
        if not alone:
            problems.append(f"{d.name}: no {d.need} of its cards score it")
        problems += [
            f"{d.name}: {codes_of(caps)} score it with fewer cards"
            for caps in subsets(d.cards, d.need - 1)
            if d.name in score(caps)
        ]
        name = d.grown[0] if d.grown else d.name
        more = [score(caps) for caps in subsets(d.cards, d.need + 1)]
        if d.per and not any(name in found for found in more):
            problems.append(f"{d.name}: one card more does not score {name}")
        problems += [
            f"{name}: worth {found[name]} at one card more, not {d.value + d.per}"
            for found in more
            if name in found and found[name] != d.value + d.per
        ]
    return problems


def core(
    name: str, kw: dict[str, Any]
) -> tuple[type[Game], RulesetOptions, tuple[YakuDef, ...], Score]:
    cls = RULESETS[name]
    options = cls.Options(**kw)
    score = cls.yaku_function(options)
    assert score is not None
    return cls, options, cls.yaku_defs(options), score


@pytest.mark.parametrize(("name", "kw"), CASES)
def test_the_yaku_table_is_what_the_core_scores(name: str, kw: dict[str, Any]) -> None:
    _, _, defs, score = core(name, kw)
    assert defs, "every ruleset describes its yaku"
    assert len({d.name for d in defs}) == len(defs)
    assert drift(defs, score) == []


@pytest.mark.parametrize(("name", "kw"), CASES)
def test_every_yaku_the_core_scores_is_in_the_table(name: str, kw: dict[str, Any]) -> None:
    _, _, defs, score = core(name, kw)
    known = {d.name for d in defs} | {n for d in defs for n in d.grown}
    rng = random.Random(48)
    seen: set[str] = set()
    for _ in range(3000):
        seen |= set(score(sum(1 << c for c in rng.sample(range(48), rng.randint(3, 30)))))
    seen |= set(score(ALL_CARDS))
    assert seen <= known
    assert len(seen) >= len(defs), "the random capture sets met most yaku"


def test_a_drifted_table_is_found() -> None:
    _, _, defs, score = core("koikoi3", {})
    table = {d.name: d for d in defs}
    akatan = table["赤短"]
    assert akatan.cards == mask("BFJ")
    for changed in (
        akatan._replace(value=8),
        akatan._replace(cards=mask("BFV")),
        akatan._replace(need=2),
        table["カス"]._replace(per=2),
    ):
        assert drift((changed,), score), changed
    _, _, h8, dekiyaku = core("hachihachi", {})
    assert drift((h8[-1]._replace(grown=("九短",)),), dekiyaku)


def month_states(cls: type[Game]) -> list[dict[str, Any]]:
    """The month facts a ruleset's bot values depend on (八八's 場)."""
    return [{"ba": ba} for ba in (KOBA, OBA, ZEBA)] if cls.has_ba else [{}]


def bot_specs(cls: type[Game], options: RulesetOptions, month: dict[str, Any]) -> tuple[Spec, ...]:
    specs: tuple[Spec, ...] = BOT_RULES[cls.ruleset].make(options, **month).specs
    return specs


def bot_scale(name: str, options: Any, month: dict[str, Any]) -> Callable[[int], float]:
    """What a yaku of the core's value is worth to that ruleset's bot (its judgement): the value in
    文 or 点, doubled at 7 or more under 二人こいこい's ``double_seven``, three times its points
    against the others in 花合わせ, and so in 八八 at the month's 場 under the menu."""
    if name == "koikoi2":
        doubled = options.double_seven or options.rules == "nintendo"
        return lambda v: 2 * v if doubled and v >= 7 else v
    if name == "hanaawase":
        return lambda v: hanaawase.MARGIN * v
    if name == "hachihachi":
        return lambda v: hachihachi.MARGIN * points(v, month["ba"], options.menu)
    return lambda v: v


def voiding(d: YakuDef, defs: tuple[YakuDef, ...], score: Score) -> int:
    """The single cards that, added to the first ``need`` cards of ``d``, void it in the core."""
    caps = next(subsets(d.cards, d.need))
    return sum(1 << c for c in range(48) if not held(score(caps | 1 << c), d, defs))


IGNORED_VOIDS = {("koikoi3", name) for name in CUP_YAKU}
"""三人こいこい's bot leaves the 雨流れ of the 盃役 to the exact score (a voidable spec cannot be in
an exclusive group, and 鉄砲 > 月見酒, 花見酒 is one)."""


@pytest.mark.parametrize(("name", "kw"), CASES)
def test_the_bots_specs_are_the_cores_yaku(name: str, kw: dict[str, Any]) -> None:
    cls, options, defs, score = core(name, kw)
    table = {d.name: d for d in defs}
    for month in month_states(cls):
        specs = bot_specs(cls, options, month)
        scale = bot_scale(name, options, month)
        assert sorted(s.name for s in specs) == sorted(table), "one spec per yaku, none other"
        for s in specs:
            d = table[s.name]
            assert (s.cards, s.need, s.group) == (d.cards, d.need, d.group), s.name
            assert s.value == scale(d.value), s.name
            assert s.value + s.per == scale(d.value + d.per), s.name
            if (name, s.name) not in IGNORED_VOIDS:
                assert s.void == voiding(d, defs, score), s.name
