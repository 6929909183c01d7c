"""Every deal of every ruleset ends in one ``DealResult``: the shared fields under the same names,
the deals counted from 0 with 流れ and redeals, the yaku as (name, value) adding up to what the
ruleset says the winner scored, and the lines adding up to the payments (docs/rules/koikoi3.md §8,
§9; koikoi2.md §2, §6; hanaawase.md §8, §9; hachihachi.md §10, §11, §14)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pytest

from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.results import Cause, DealResult, Line, Outcome, totals
from hanafuda_tui.core.rulesets import RULESETS

FIELDS = tuple(name for name, member in vars(DealResult).items() if isinstance(member, property))
GAMES = {"koikoi3": 1500, "koikoi2": 1500, "hanaawase": 1000, "hachihachi": 250}
"""Seeded random games per ruleset (a few seconds in all)."""
OPTIONS: dict[str, dict[str, Any]] = {
    "koikoi3": {"months": 3},
    "koikoi2": {"months": 6, "double_seven": True, "teyaku": True, "kuitsuki": True},
    "hanaawase": {"months": 3},
    "hachihachi": {},
}
WON = (Outcome.YAKU, Outcome.TEYAKU, Outcome.CANCELLED)


def koikoi3_scored(r: Any, players: int) -> None:
    """勝負 or teyaku: the yaku add up to what each other player pays (§3, §8)."""
    if r.outcome in WON:
        assert sum(v for _, v in r.yaku) == r.value == r.payments[r.winner] // 2


def koikoi2_scored(r: Any, players: int) -> None:
    """The yaku add up to the score before doubling (§6)."""
    if r.winner >= 0:
        assert sum(v for _, v in r.yaku) == r.base and r.payments[r.winner] == r.value


def hanaawase_scored(r: Any, players: int) -> None:
    """The best result's 出来役 with their points (§9)."""
    if r.winner >= 0:
        assert tuple(name for name, _ in r.yaku) == r.dekiyaku[r.winner]
        assert sum(v for _, v in r.yaku) == r.dekiyaku_points[r.winner]


def hachihachi_scored(r: Any, players: int) -> None:
    """あがり or 取消し: each yaku's face value in 貫 is its line's, and the 点 they took are
    ``value`` (§10, §11); special yaku are paid at their face value (§14)."""
    names = {name for name, _ in r.yaku}
    own = [x for x in r.lines if x.seat == r.winner and x.name in names]
    if r.outcome in WON:
        assert {(x.name, x.value) for x in own if x.cause is Cause.YAKU} == set(r.yaku)
        paid = (Cause.YAKU, Cause.BA, Cause.SAGE, Cause.HATTO)
        assert sum(x.amount for x in own if x.cause in paid) == r.value > 0
    elif r.outcome is Outcome.SPECIAL:
        faces = {(x.name, x.value) for x in r.lines if x.cause is Cause.YAKU and x.amount > 0}
        assert set(r.yaku) <= faces


SCORED: dict[str, Callable[[Any, int], None]] = {
    "koikoi3": koikoi3_scored,
    "koikoi2": koikoi2_scored,
    "hanaawase": hanaawase_scored,
    "hachihachi": hachihachi_scored,
}


def played(ruleset: str, seed: int) -> Game:
    game = new_game(ruleset, random.Random(f"deal/{ruleset}/{seed}"), OPTIONS[ruleset])
    moves = random.Random(seed)
    while not game.finished:
        game.apply(moves.choice(game.legal_actions()))
    return game


def check_fields(r: DealResult, players: int) -> None:
    assert set(FIELDS) <= {f.name for f in fields(r)}  # type: ignore[arg-type]
    assert 1 <= r.month <= 12 and 0 <= r.dealer < players and -1 <= r.winner < players
    assert isinstance(r.outcome, Outcome) and isinstance(r.reason, str) and r.reason
    assert all(isinstance(n, str) and isinstance(v, int) and v > 0 for n, v in r.yaku)
    assert len(r.payments) == players and all(isinstance(p, int) for p in r.payments)
    assert all(isinstance(x, Line) and isinstance(x.cause, Cause) for x in r.lines)
    assert totals(r.lines, players) == r.payments
    if r.outcome in (Outcome.DRAWN, Outcome.FUKE):
        assert r.winner == -1 and r.yaku == () and not any(r.payments)


def test_the_fields_are_the_deal_result_protocol() -> None:
    assert set(FIELDS) == {
        "month",
        "deal",
        "dealer",
        "outcome",
        "winner",
        "reason",
        "yaku",
        "value",
        "payments",
        "lines",
    }


@pytest.mark.long
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_deal_of_seeded_games_is_one_consistent_deal_result(ruleset: str) -> None:
    outcomes: set[Outcome] = set()
    for seed in range(GAMES[ruleset]):
        game = played(ruleset, seed)
        assert [r.deal for r in game.results] == list(range(len(game.deals)))
        for r in game.results:
            check_fields(r, game.players)
            SCORED[ruleset](r, game.players)
            outcomes.add(r.outcome)
    assert Outcome.YAKU in outcomes or Outcome.PLAYED_OUT in outcomes


def test_a_koikoi2_redeal_is_a_deal_of_its_own() -> None:
    """A field シマ is dealt again and uses no month (koikoi2.md §2): its deal has a result that
    pays nothing, and the month is dealt again."""
    redeals = []
    for seed in range(GAMES["koikoi2"]):
        game = played("koikoi2", seed)
        redeals += [(game, i) for i, r in enumerate(game.results) if r.reason == "nagare-shima"]
        if len(redeals) >= 3:
            break
    assert redeals
    for game, i in redeals:
        r, after = game.results[i], game.results[i + 1]
        assert r.outcome is Outcome.DRAWN and r.lines == () and r.payments == (0, 0)
        assert (after.deal, after.month, after.dealer) == (r.deal + 1, r.month, r.dealer)
