"""What one connection or address may cost a host: connections held, join checks pending,
spectators, messages sent; and the host's one-line, rate-limited log of what it refused."""

from __future__ import annotations

import asyncio
import json
import resource
from typing import Any

import pytest
from helpers.net import remote_table
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from hanafuda_tui.net.client import Connection, JoinError, play_bot
from hanafuda_tui.net.host import SPECTATOR, Host, Link, Table
from hanafuda_tui.net.limits import (
    RESERVED_FILES,
    Limits,
    MessageBudget,
    RateLimitedLog,
    TokenBucket,
)

THREE_MONTHS = {"months": 3}
OTHER = "127.0.0.2"
"""Another address of this machine, as another player's."""


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


async def hosted(table: Table, lines: list[str] | None = None, **limits: Any) -> tuple[Host, str]:
    server = Host(limits=Limits(**limits), report=(lines.append if lines is not None else None))
    server.add(table)
    port = await server.start()
    return server, f"127.0.0.1:{port}"


async def until(what: Any) -> None:
    """Wait (at most 20 s) until ``what()`` is true."""
    for _ in range(2000):
        if what():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")


async def opened(where: str, source: str = "127.0.0.1") -> ClientConnection:
    return await connect(f"ws://{where}", local_addr=(source, 0), open_timeout=10)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_token_bucket_lets_a_burst_through_then_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(2.0, 3, clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now = 0.5
    assert [bucket.take() for _ in range(2)] == [True, False]
    clock.now = 100.0
    assert sum(bucket.take() for _ in range(10)) == 3


def test_a_message_budget_drops_then_closes_and_each_update_sent_allows_an_answer() -> None:
    clock = Clock()
    budget = MessageBudget(rate=1.0, burst=2, drops=3, clock=clock)
    assert [budget.take() for _ in range(6)] == ["read", "read", "drop", "drop", "drop", "close"]
    budget.grant()
    assert budget.take() == "read"
    clock.now = 1.0
    assert budget.take() == "read"


def test_the_log_says_one_line_per_kind_at_most_every_few_seconds_with_how_many_more() -> None:
    clock = Clock()
    lines: list[str] = []
    log = RateLimitedLog(lines.append, every=10.0, clock=clock)
    for _ in range(5):
        log.note("a", "refused a")
    log.note("b", "refused b")
    clock.now = 11.0
    log.note("a", "refused a")
    assert lines == ["refused a", "refused b", "refused a (and 4 more like it since)"]


def test_an_address_holds_so_many_connections_and_another_address_still_joins() -> None:
    """Connections that never join hold the address's share; one more from it is dropped at
    once, before any handshake, and said once in the host's log; another address's player
    joins; a connection closed makes room."""

    async def go() -> list[str]:
        lines: list[str] = []
        table = remote_table("koikoi3", THREE_MONTHS, "per-address")
        server, where = await hosted(table, lines, max_per_address=3)
        held = [await opened(where) for _ in range(3)]
        for _ in range(3):
            with pytest.raises((InvalidHandshake, OSError, ConnectionClosed)):
                await opened(where)
        player = await open_from(where, table.codes[0], OTHER)
        await held.pop().close()
        await until(lambda: server.connections.held.get("127.0.0.1") == 2)
        again = await opened(where)
        for socket in [*held, again, player]:
            await socket.close()
        await server.close()
        return lines

    assert run(go()) == ["refused connections from 127.0.0.1: it holds 3"]


async def open_from(where: str, code: str, source: str) -> ClientConnection:
    """A bare client that has joined from ``source`` and been welcomed."""
    socket = await opened(where, source)
    await socket.send(json.dumps({"v": 1, "type": "join", "code": code}))
    assert json.loads(await socket.recv())["type"] == "welcome"
    return socket


def test_a_host_holds_so_many_connections_in_all() -> None:
    async def go() -> list[str]:
        lines: list[str] = []
        table = remote_table("koikoi3", THREE_MONTHS, "total")
        server, where = await hosted(table, lines, max_connections=2)
        held = [await opened(where), await opened(where, OTHER)]
        with pytest.raises((InvalidHandshake, OSError, ConnectionClosed)):
            await opened(where, "127.0.0.3")
        for socket in held:
            await socket.close()
        await server.close()
        return lines

    assert run(go()) == ["refused connections: 2 held already"]


def test_a_host_raises_its_open_file_limit_and_holds_fewer_connections_than_it() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard < 2 * RESERVED_FILES:
        pytest.skip("no open-file limit to raise to")
    resource.setrlimit(resource.RLIMIT_NOFILE, (RESERVED_FILES * 2, hard))

    async def go() -> tuple[int, int]:
        table = remote_table("koikoi3", THREE_MONTHS, "files")
        server, _ = await hosted(table, max_connections=10**9)
        raised = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        await server.close()
        return raised, server.max_connections

    try:
        raised, held = run(go())
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert (raised, held) == (hard, hard - RESERVED_FILES)


def test_library_errors_are_one_line_each_at_most_every_few_seconds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """asyncio's error when accept() runs out of files is said once, in one line, not as a
    traceback each time."""

    async def go() -> list[str]:
        lines: list[str] = []
        server, _ = await hosted(remote_table("koikoi3", THREE_MONTHS, "logs"), lines)
        error = OSError(24, "Too many open files")
        loop = asyncio.get_running_loop()
        for _ in range(50):
            loop.call_exception_handler(
                {"message": "socket.accept() out of system resource", "exception": error}
            )
        await server.close()
        return lines

    lines = run(go())
    assert lines == [
        "asyncio: socket.accept() out of system resource: [Errno 24] Too many open files"
    ]
    assert "Traceback" not in capsys.readouterr().err


def test_an_address_has_so_many_join_checks_at_once_and_another_address_joins_meanwhile() -> None:
    """While a wrong code from one address waits out its delay, that address's next join is
    refused at once; a player at another address joins."""

    async def go() -> tuple[str, str]:
        lines: list[str] = []
        table = remote_table("koikoi3", THREE_MONTHS, "checks")
        server, where = await hosted(table, lines, max_join_checks=1)
        guess = asyncio.create_task(Connection.open(where, "wrong"))
        await until(lambda: server.join_checks.total == 1)
        with pytest.raises(JoinError) as refused:
            await Connection.open(where, "wrong again")
        player = await open_from(where, table.codes[0], OTHER)
        with pytest.raises(JoinError) as wrong:
            await guess
        await player.close()
        await server.close()
        return str(refused.value), str(wrong.value)

    refused, wrong = run(go())
    assert refused == "too many joins from this address at once: try again shortly"
    assert wrong == "no table has this code"


def test_a_table_takes_so_many_spectators() -> None:
    async def go() -> tuple[int, str]:
        table = remote_table("koikoi3", THREE_MONTHS, "watchers")
        server, where = await hosted(table, max_spectators=2)
        assert table.spectator_code is not None
        watching = [await Connection.open(where, table.spectator_code) for _ in range(2)]
        with pytest.raises(JoinError) as refused:
            await Connection.open(where, table.spectator_code)
        player = await Connection.open(where, table.codes[0])
        for connection in [*watching, player]:
            await connection.close()
        await server.close()
        return len(watching), str(refused.value)

    assert run(go()) == (2, "this table has as many spectators as it takes")


def test_every_spectator_is_sent_the_same_update_made_once() -> None:
    class Socket:
        transport = None

    async def go() -> list[list[str]]:
        table = remote_table("koikoi3", THREE_MONTHS, "shared")
        links = [Link(Socket(), SPECTATOR) for _ in range(5)]  # type: ignore[arg-type]
        table.watchers.update(links)
        table.apply(table.game.legal_actions()[0])
        while table.open_round() is not None:  # the teyaku question is told once all answered
            table.apply(table.game.legal_actions()[0])
        return [
            [link.queue.get_nowait() or "" for _ in range(link.queue.qsize())] for link in links
        ]

    sent = run(go())
    assert [len(texts) for texts in sent] == [1] * 5
    assert len({id(texts[0]) for texts in sent}) == 1
    update = json.loads(sent[0][0])
    assert update["type"] == "update" and update["seq"] >= 1 and update["told"]


def test_a_flood_is_refused_then_closed_and_the_table_plays_on() -> None:
    """A spectator sending as fast as it can: what its budget allows is read (and refused as a
    spectator's act), the next few are dropped with a refusal saying so, then it is closed."""

    async def go() -> tuple[list[str], str]:
        table = remote_table("koikoi3", THREE_MONTHS, "flood")
        server, where = await hosted(table, messages_per_second=0.0, message_burst=3, flood_drops=2)
        driver = asyncio.create_task(table.play())
        assert table.spectator_code is not None
        socket = await open_from(where, table.spectator_code, "127.0.0.1")
        act = json.dumps({"v": 1, "type": "act", "action": 0, "seq": 0})
        refusals: list[str] = []
        closed = ""
        for _ in range(20):
            try:
                await socket.send(act)
            except ConnectionClosed:
                break
        try:
            async for raw in socket:
                message = json.loads(raw)
                if message["type"] == "refused":
                    refusals.append(message["reason"])
                if message["type"] == "closed":
                    closed = message["reason"]
        except ConnectionClosed:
            pass
        await asyncio.gather(*(play_bot(where, code, "random") for code in table.codes.values()))
        await driver
        await server.close()
        return refusals, closed

    refusals, closed = run(go())
    assert refusals[:3] == ["a spectator does not play"] * 3
    assert set(refusals[3:]) == {"too many messages: this one was dropped"}
    assert len(refusals) >= 5
    assert closed == "too many messages too fast"


def test_bots_playing_as_fast_as_they_can_stay_within_a_tight_budget() -> None:
    """No time-based allowance and almost no burst: every seat still answers each decision,
    because each update a connection is sent allows one answer."""

    async def go() -> list[Any]:
        table = remote_table("koikoi3", THREE_MONTHS, "budget")
        server, where = await hosted(table, messages_per_second=0.0, message_burst=1, flood_drops=1)
        driver = asyncio.create_task(table.play())
        games = await asyncio.gather(
            *(play_bot(where, code, "random") for code in table.codes.values())
        )
        await driver
        await server.close()
        return [g.record for g in games]

    records = run(go())
    assert records[0] is not None and records.count(records[0]) == 3
