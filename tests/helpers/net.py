"""Hosted tables in a test: a host on a free port of this machine, headless bot clients and a
spectator as asyncio tasks, and every message each of them received."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

from hanafuda_tui.core.records import REMOTE, SeatRecord, new_game
from hanafuda_tui.net.client import Connection, play_bot
from hanafuda_tui.net.host import Host, Table, new_code


@dataclass
class Played:
    """A table played to its end: the host's table, and each connection's messages as JSON
    (seat -1: the spectator's)."""

    table: Table
    received: dict[int, list[dict[str, Any]]] = field(default_factory=dict)


def remote_table(ruleset: str, options: dict[str, Any], seed: str) -> Table:
    game = new_game(ruleset, random.Random(seed), options)
    seats = [SeatRecord(name=f"p{i + 1}", player=REMOTE) for i in range(game.players)]
    return Table(game, seats, seed, spectator_code=new_code())


async def watch(where: str, code: str, sink: list[dict[str, Any]]) -> None:
    """A spectator to the year's end."""
    connection = await Connection.open(where, code, trace=lambda raw: sink.append(json.loads(raw)))
    async for message in connection.messages():
        if message.type == "over":
            break
    await connection.close()


async def play_table(
    ruleset: str, options: dict[str, Any], seed: str = "1", bot: str = "random"
) -> Played:
    """Every seat played by a headless ``bot`` client, a spectator watching."""
    host = Host()
    table = host.add(remote_table(ruleset, options, seed))
    port = await host.start()
    where = f"127.0.0.1:{port}"
    played = Played(table)
    sinks = {seat: [] for seat in table.codes}
    driver = asyncio.create_task(table.play())
    spectator: list[dict[str, Any]] = []
    assert table.spectator_code is not None
    watcher = asyncio.create_task(watch(where, table.spectator_code, spectator))

    class Sink:
        def __init__(self, out: list[dict[str, Any]]) -> None:
            self.out = out

        def write(self, text: str) -> None:
            if text.strip():
                self.out.append(json.loads(text))

        def flush(self) -> None:
            pass

    await asyncio.gather(
        *(
            play_bot(where, code, bot, trace=Sink(sinks[seat]), seed=f"{seed}/{seat}")  # type: ignore[arg-type]
            for seat, code in table.codes.items()
        )
    )
    await asyncio.wait_for(driver, 10)
    await asyncio.wait_for(watcher, 10)
    await host.close()
    played.received = {**sinks, -1: spectator}
    return played
