"""八八: the seat deciding あがり/下げ or 下げの取消し reads what it is offered from its own view
(docs/rules/hachihachi.md §10, §11, §13); no other seat and no other phase sees it."""

from __future__ import annotations

import random

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.game import Phase
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets.hachihachi.facts import HachihachiFacts
from hanafuda_tui.core.rulesets.hachihachi.game import Hachihachi


def test_the_deciding_seat_s_view_holds_the_core_s_offer_and_no_other_does() -> None:
    decisions = 0
    for seed in range(4):
        game = new_game("hachihachi", random.Random(seed))
        assert isinstance(game, Hachihachi)
        bots = [make_bot("random", random.Random(f"{seed}/{s}")) for s in range(3)]
        while not game.finished:
            deciding = game.phase in (Phase.AGARI, Phase.CANCEL)
            for seat in range(3):
                facts = game.view(seat).facts
                assert isinstance(facts, HachihachiFacts)
                if deciding and seat == game.to_act:
                    assert facts.own_offer == game.offer()
                    decisions += 1
                else:
                    assert facts.own_offer is None
            game.apply(bots[game.to_act].act(game.view(game.to_act)))
    assert decisions > 0
