"""Every message each client of a hosted table received over a whole year, checked against the
host's record: each update is exactly the core's view of that seat at that point, the events are
exactly those the seat may see, and no card hidden from the seat then (another's hand, the stock)
appears anywhere in it. Every ruleset; 花合わせ with six seated too."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from helpers.net import play_table
from helpers.seen import check_seat, snapshots

from hanafuda_tui.core.records import replay

TABLES = [
    ("koikoi3", {"months": 3}),
    ("koikoi2", {"months": 3}),
    ("hachihachi", {}),
    ("hanaawase", {"months": 3}),
    ("hanaawase", {"players": 6, "months": 3}),
]


@pytest.mark.parametrize(("ruleset", "options"), TABLES)
def test_every_message_holds_only_what_its_seat_may_see(
    ruleset: str, options: dict[str, Any]
) -> None:
    played = asyncio.run(play_table(ruleset, options, seed=f"{ruleset}/{len(options)}"))
    table = played.table
    game = table.game
    shots = snapshots(table.record())
    assert len(shots) == table.seq + 1
    for seat, messages in played.received.items():
        check_seat(seat, messages, table.record(), game, shots)
    assert list(replay(table.record()).scores) == list(game.scores)


def test_a_seat_that_could_declare_is_not_told_to_the_others() -> None:
    """The one private field in play (a teyaku answer's could_declare) reaches its own seat only."""
    played = asyncio.run(play_table("koikoi3", {"months": 3}, seed="teyaku"))
    decisions = {
        seat: [t["event"] for m in msgs if m["type"] == "update" for t in m["told"]]
        for seat, msgs in played.received.items()
    }
    own = [
        e for e in decisions[0] if e["kind"] == "decision" and e["seat"] == 0 and e["could_declare"]
    ]
    others = [
        e
        for seat in (1, 2, -1)
        for e in decisions[seat]
        if e["kind"] == "decision" and e["seat"] == 0 and e["could_declare"]
    ]
    assert others == []
    assert own or not any(
        getattr(e, "could_declare", False) and e.seat == 0 for e in played.table.game.log
    )
