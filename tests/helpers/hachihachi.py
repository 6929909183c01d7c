"""Stacked decks and staged 八八 months (docs/rules/hachihachi.md), and the 記入式 example year
(docs/rules/hachihachi.md §17)."""

from __future__ import annotations

import random

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import ALL_CARDS, CARD_OF_CODE, mask
from hanafuda_tui.core.results import Outcome
from hanafuda_tui.core.rulesets.hachihachi.ba import KOBA, OBA, ZEBA
from hanafuda_tui.core.rulesets.hachihachi.game import Hachihachi, HachihachiOptions
from hanafuda_tui.core.rulesets.hachihachi.months import MonthResult, Row, year_end
from hanafuda_tui.core.rulesets.hachihachi.teyaku import teyaku
from hanafuda_tui.core.table import shuffled_deck


def staged(hands, caps, field, stock, menu="A", ba=KOBA, rest_to=-1, declared=None):
    """A month in play with seat 0 as 胴 and seat 0 to play; ``rest_to`` takes every other card."""
    rng = random.Random(7)
    game = Hachihachi(HachihachiOptions(menu=menu), 0, lambda: shuffled_deck(rng))
    game.logging = False
    game.start()
    game._reset_month()
    game.hands = [mask(h) for h in hands]
    game.captures = [mask(c) for c in caps]
    game.field = mask(field)
    game.shown = [0, 0, 0]
    placed = game.field | game.hands[0] | game.hands[1] | game.hands[2] | mask(stock)
    for c in game.captures:
        assert not placed & c
        placed |= c
    assert placed.bit_count() == sum(map(len, (*hands, *caps, field, stock)))
    if rest_to >= 0:
        game.captures[rest_to] |= ALL_CARDS & ~placed
    game.stock = tuple(CARD_OF_CODE[c] for c in stock)
    game.stock_pos = 0
    game.ba = ba
    for seat, hand in (declared or {}).items():
        game.teyaku[seat] = teyaku(mask(hand))
        game.declared[seat] = True
    game.dealer = 0
    if declared:
        game.reveal_teyaku()  # shows and pays the declared teyaku
    game.begin_turn(0)
    return game


def play(game, *tokens):
    for tok in tokens:
        game.apply(act.parse_token(tok))


THREE_HAND = "hijAKOS"
"""A dealt 三本 of 菊 (h i j): 菊に盃 (g) is the fourth card."""


def hatto_then_sage():
    game = staged(
        hands=["BGH", "Akf", "ij"],
        caps=["", "FJYU", ""],
        field="lOP",
        stock="QRSTWX",
    )
    play(game, "B", "A", "sage")  # 赤短 completed with the 法度 card, then 下げ
    assert game.hatto_by[1] == {"赤短": 0}
    return game


A, B, C = 0, 1, 2


K = 12


def row(a, b, c, remark, kan=True, struck=False):
    scale = K if kan else 1
    return Row((a * scale, b * scale, c * scale), remark, not kan, struck)


# (month, 場, 二代しばり left, next 胴 (the * mark), rows in 点), as the example year writes them
# (docs/rules/hachihachi.md §17).
EXAMPLE = [
    (1, OBA, KOBA, B, [row(-4, -4, 8, "三本"), row(-14, 28, -14, "赤短")]),
    (2, KOBA, KOBA, C, [row(-3, 6, -3, "短一"), row(-1, 2, -1, "抜"), row(-10, 1, 9, "", False)]),
    (
        3,
        OBA,
        OBA,
        A,
        [
            row(20, -10, -10, "短一三本"),
            row(4, -2, -2, "飛込"),
            row(4, -2, -2, "抜"),
            row(60, -52, -8, "", False),
        ],
    ),
    (4, OBA, KOBA, A, [row(16, -8, -8, "空素", struck=True), row(56, -28, -28, "素十七")]),
    (5, KOBA, KOBA, C, [row(-17, -17, 34, "青短七短")]),
    (6, ZEBA, KOBA, A, [row(16, -8, -8, "三本"), row(132, -196, 64, "", False)]),
    (
        7,
        KOBA,
        KOBA,
        A,
        [
            row(-4, 8, -4, "光一"),
            row(4, -2, -2, "三本"),
            row(2, -2, 0, "飛込法度"),
            row(13, -12, -1, "", False),
        ],
    ),
    (
        8,
        KOBA,
        KOBA,
        C,
        [row(-3, 6, -3, "立三本"), row(0, 2, -2, "飛込"), Row((-42, -42, 84), "青短・消")],
    ),
    (9, KOBA, KOBA, B, [row(0, 15, -15, "", False)]),
    (10, ZEBA, KOBA, B, [row(-8, 16, -8, "赤"), row(-48, 96, -48, "四光")]),
    (
        11,
        OBA,
        KOBA,
        A,
        [row(-6, 12, -6, "短一"), row(-7, 14, -7, "赤短・下"), row(24, -24, 0, "猪鹿蝶")],
    ),
    (12, OBA, KOBA, C, [row(8, -4, -4, "赤"), row(-12, -12, 24, "猪鹿蝶")]),
]


def example_game():
    rng = random.Random(0)
    game = Hachihachi(HachihachiOptions(), A, lambda: shuffled_deck(rng))
    stones = [0, 0, 0]
    for month, ba, carried, nxt, rows in EXAMPLE:
        live = [r for r in rows if not r.struck]
        pay = tuple(sum(r.amounts[s] for r in live) for s in range(3))
        game.results.append(
            MonthResult(
                month,
                month - 1,
                A,
                nxt,
                "",
                (),
                0,
                pay,
                ba,
                carried,
                tuple(rows),
                month,
                Outcome.YAKU,
                (),
            )
        )
        stones[nxt] += 1
    game.stones = stones
    scores = [sum(r.payments[s] for r in game.results) for s in range(3)]
    game.year = year_end(scores, stones, [C, A, B])
    return game
