"""What an あがり/下げ or 下げの取消し decision pays (docs/rules/hachihachi.md §5, §10, §11, §13), per
seat in 点 (12点 = 1貫), pinned on the seed's 記入式 examples (§17) at each 場, and checked against
what the month then pays in seeded games."""

from __future__ import annotations

import random

import pytest

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.hints import stakes
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA, OBA, ZEBA
from hanafuda_tui.core.rulesets.hachihachi.game import Hachihachi
from hanafuda_tui.core.rulesets.hachihachi.payout import offered
from hanafuda_tui.core.table import shuffled_deck

A, B, C = 0, 1, 2
K = 12


def kan(*values: float) -> tuple[int, ...]:
    return tuple(round(v * K) for v in values)


@pytest.mark.parametrize(
    ("seat", "yaku", "ba", "full", "half"),
    [
        # 5月 小場: C's 青短 and 七短, あがり after 下げ: 7 + 10 in full from each
        (C, {"青短": 7, "七短": 10}, KOBA, kan(-17, -17, 34), kan(-8.5, -8.5, 17)),
        # 8月 小場: C cancels 下げ on 青短: 3.5貫 (3貫6点) from each
        (C, {"青短": 7}, KOBA, kan(-7, -7, 14), kan(-3.5, -3.5, 7)),
        # 1月 大場: B's 赤短 in full; 11月 大場: B's 赤短 at half, 7 from each
        (B, {"赤短": 7}, OBA, kan(-14, 28, -14), kan(-7, 14, -7)),
        # 10月 絶場: B's 四光, 12 × 4 from each
        (B, {"四光": 12}, ZEBA, kan(-48, 96, -48), kan(-24, 48, -24)),
    ],
)
def test_the_seeds_examples_at_each_ba(seat, yaku, ba, full, half):
    got = offered(seat, yaku, ba, "A")
    assert got.yaku == tuple(yaku.items())
    assert (got.full, got.half) == (full, half)


def test_menus_change_the_values_by_the_ba():
    """Menu F adds 2貫 at 絶場 (青短 9貫); menu C multiplies by 1.5 at 大場."""
    assert offered(A, {"青短": 7}, ZEBA, "F").full == kan(18, -9, -9)
    assert offered(A, {"青短": 7}, ZEBA, "F").half == kan(9, -4.5, -4.5)
    assert offered(A, {"赤短": 7}, OBA, "C").full == kan(21, -10.5, -10.5)
    assert offered(A, {"赤短": 7}, OBA, "E").full == kan(14, -7, -7)


def test_a_hatto_offender_pays_both_shares_of_its_yaku_only():
    """§13: the offender pays the yaku it helped complete alone; halved when the month ends at
    half (補足 (1) 2). The other yaku are paid by both."""
    yaku = {"赤短": 7, "猪鹿蝶": 6}
    got = offered(A, yaku, OBA, "A", {"赤短": C})
    assert got.full == kan(28 + 24, -12, -28 - 12)
    assert got.half == kan(14 + 12, -6, -14 - 6)


def decisions(game: Hachihachi, seed: int):
    """Play a seeded random year, yielding the game at each あがり/下げ or 取消し decision."""
    bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(3)]
    while not game.is_over:
        legal = game.legal_actions()
        if act.AGARI in legal or act.CANCEL in legal:
            yield game
        game.apply(bots[game.to_act].act(game.view(game.to_act)))


def paid_for(game: Hachihachi, choice: int, count: int) -> tuple[int, ...]:
    """The decision ``choice`` taken on a copy: what the month's last ``count`` rows pay."""
    copy = game.clone(lambda: shuffled_deck(random.Random(0)))
    months = len(copy.results)
    copy.apply(choice)
    rows = copy.results[months].rows[-count:]
    return tuple(sum(r.amounts[s] for r in rows) for s in range(3))


def test_the_offer_is_what_the_month_then_pays():
    seen = {act.AGARI: 0, act.CANCEL: 0}
    for seed in range(40):
        game = new_game("hachihachi", random.Random(seed))
        assert isinstance(game, Hachihachi)
        for at in decisions(game, seed):
            offer = stakes(at.view(at.to_act))
            assert offer is not None and offer.seat == at.to_act
            n = len(offer.yaku)
            if act.AGARI in at.legal_actions():
                assert paid_for(at, act.AGARI, n) == offer.stop
                seen[act.AGARI] += 1
            else:
                assert paid_for(at, act.CANCEL, n) == offer.stop
                seen[act.CANCEL] += 1
    assert min(seen.values()) >= 5, seen
