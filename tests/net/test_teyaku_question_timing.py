"""Twin hosted tables, alike but for one seat holding a teyaku in one of them: every message the
other seats and a spectator receive is the same at both, its ``at`` included, however long the
holder thinks. The teyaku question is put to every seat at once and nothing of it is told before
its last answer (docs/rules/koikoi3.md §3, docs/protocol.md)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.game import Game, Phase
from hanafuda_tui.core.records import REMOTE, SeatRecord, make_options
from hanafuda_tui.core.rulesets import ruleset_class
from hanafuda_tui.net.host import SPECTATOR, Link, Table, new_code
from hanafuda_tui.net.protocol import Act

HOLDER = 1
DEALER = 0


def started(ruleset: str, deck: list[int]) -> Game:
    cls = ruleset_class(ruleset)
    game = cls(make_options(cls, {}), DEALER, lambda: list(deck))
    game.start()
    return game


def twin_decks(ruleset: str) -> tuple[list[int], list[int]]:
    """Two decks alike but for one card of the holder's hand swapped with the stock's last: a
    teyaku in the first deal, none in the second; the others' hands and the field the same."""
    rng = random.Random(ruleset)
    while True:
        deck = rng.sample(range(48), 48)
        game = started(ruleset, deck)
        if game.phase != Phase.TEYAKU or act.DECLARE not in game.teyaku_answers_of(HOLDER):
            continue
        last = deck.index(game.stock[-1])
        for card in range(48):
            if not game.hands[HOLDER] >> card & 1:
                continue
            twin = deck[:]
            here = deck.index(card)
            twin[here], twin[last] = twin[last], twin[here]
            other = started(ruleset, twin)
            if other.phase == Phase.TEYAKU and other.teyaku_answers_of(HOLDER) == (act.PASS,):
                return deck, twin


class Clock:
    """The host's clock, moved by the test: the moments people answer at."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Socket:
    """A connection that is never read from: its link's queue holds what it was sent."""


def table_of(ruleset: str, deck: list[int], clock: Clock) -> Table:
    game = started(ruleset, deck)
    seats = [SeatRecord(name=f"p{i + 1}", player=REMOTE) for i in range(game.players)]
    return Table(game, seats, "", spectator_code=new_code(), clock=clock)


def received(link: Link) -> list[dict[str, Any]]:
    out = []
    while not link.queue.empty():
        text = link.queue.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def answered_at(
    table: Table, clock: Clock, moments: dict[int, float]
) -> dict[int, list[dict[str, Any]]]:
    """Seat every person and a spectator, then let each seat pass at its moment; the updates
    each connection received on arriving, then every message after."""
    clock.now = 1_000_000.0
    links = {seat: Link(Socket(), seat) for seat in range(3)}  # type: ignore[arg-type]
    links[SPECTATOR] = Link(Socket(), SPECTATOR)  # type: ignore[arg-type]
    for link in links.values():
        table.arrive(link, "")
    # (who is away while the others arrive is told in seconds of the host's own: not compared)
    arriving = {seat: received(link) for seat, link in links.items()}
    seq = table.seq
    for seat, moment in sorted(moments.items(), key=lambda item: item[1]):
        clock.now = 1_000_000.0 + moment
        assert table.act(links[seat], Act(action=act.PASS, seq=seq)) == ""
    assert table.game.phase != Phase.TEYAKU
    return {
        seat: [m for m in arriving[seat] if m["type"] == "update"] + received(link)
        for seat, link in links.items()
    }


@pytest.mark.parametrize("ruleset", ["koikoi3", "hachihachi"])
def test_the_others_cannot_tell_a_teyaku_from_how_long_its_holder_thought(ruleset: str) -> None:
    async def both() -> tuple[dict[int, Any], dict[int, Any]]:
        holding, not_holding = twin_decks(ruleset)
        clock = Clock()
        # The holder thinks it over and passes last but one; at the twin table, with nothing to
        # declare, it passes at a glance. The last answer comes at the same moment at both.
        thinks = answered_at(table_of(ruleset, holding, clock), clock, {0: 2, HOLDER: 8, 2: 9})
        glance = answered_at(table_of(ruleset, not_holding, clock), clock, {0: 2, HOLDER: 0, 2: 9})
        return thinks, glance

    thinks, glance = asyncio.run(both())
    assert thinks[HOLDER] != glance[HOLDER]  # the holder's own question differs
    for seat in (0, 2, SPECTATOR):
        assert thinks[seat] == glance[seat], f"seat {seat} can tell"
    updates = [m for m in thinks[0] if m["type"] == "update"]
    assert [m["at"] - 1_000_000.0 for m in updates] == [0, 9]  # on arriving, at the last answer
    assert len(updates[-1]["told"]) >= 3  # every answer told together
