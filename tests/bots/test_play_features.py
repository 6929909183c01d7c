"""The play network's features, reckoned once a decision and changed by each action, are exactly
what their definitions say, reckoned plainly and afresh for every action, in every ruleset."""

from __future__ import annotations

import math

import pytest
from helpers.bots import plays_and_takes

from hanafuda_tui.bots.evaluation import Evaluator
from hanafuda_tui.bots.learned import Table, play_features_of
from hanafuda_tui.bots.play_net import NET_FEATURES, net_features_of
from hanafuda_tui.bots.policy import DENY, Seen
from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import ALL_CARDS, cards_of
from hanafuda_tui.core.table import matches


def plain_features(ev: Evaluator, seen: Seen, table: Table, action: int) -> list[float]:
    """``NET_FEATURES`` of one action by their definitions (``play_net``'s docstring)."""
    hand, field, seat, caps = seen.hand, seen.field, seen.seat, seen.captures
    unit = ev.spread
    mine = caps[seat]
    rivals = [c for s, c in enumerate(caps) if s != seat]
    others = 0
    for c in rivals:
        others |= c
    own_open = ALL_CARDS & ~others
    their_open = ALL_CARDS & ~(others | mine)
    if action >= act.TAKE:
        new = 1 << seen.pending | 1 << (action - act.TAKE)
    else:
        met = matches(field, action)
        takes = [1 << action | 1 << t for t in cards_of(met)] if met.bit_count() == 2 else []
        new = 1 << action | met if met and not takes else 0

        def value(pair: int) -> float:
            total = ev.gain(mine, pair, own_open)
            for r in rivals:
                total += DENY * ev.gain(r, pair, their_open | r)
            return total

        if takes:
            new = max(takes, key=value)
    after = mine | new
    own_potential, own_near = ev.reach(mine, own_open)
    best_other = max(v for s, v in enumerate(table.scores) if s != seat)
    return [
        *play_features_of(ev, seen)(action),
        (ev.score(after) - ev.score(mine)) / unit,
        float(ev.reach(after, own_open)[1].bit_count()),
        1.0 if action >= act.TAKE else 0.0,
        float(own_near.bit_count()),
        own_potential / unit,
        ev.score(mine) / unit,
        max(ev.score(c) for c in rivals) / unit,
        hand.bit_count() / 8,
        table.stock / 24,
        table.left / 12,
        (table.scores[seat] - best_other) / (unit * math.sqrt(table.left + 1)),
    ]


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("koikoi2", {}),
        ("koikoi3", {}),
        ("hachihachi", {}),
        ("hanaawase", {}),
        ("hanaawase", {"players": 5}),
    ],
)
def test_every_feature_is_its_definition(ruleset, options):
    """Over three months of learned play, every action of every play and take: the features
    equal their plain definitions, and a card meeting two field cards is judged by the take the
    normal policy's value prefers (the first of equals)."""
    compared = 0
    for view, ev, seen, table in plays_and_takes(ruleset, 4, options=options):
        features = net_features_of(ev, seen, table)
        for a in view.legal:
            got = features(a)
            assert len(got) == len(NET_FEATURES)
            assert got == plain_features(ev, seen, table, a), (ruleset, a)
            compared += 1
    assert compared >= 100
