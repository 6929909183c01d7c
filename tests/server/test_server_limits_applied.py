"""The server's limits over a real socket: connections per address, tables an hour, a message's
size and rate, a wrong token answered after its delay with one reason, the ban list, and a table
that waits too long for players closed."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from helpers.server import FakeClock, connect, hello, make_server, next_of

from hanafuda_tui.server.limits import ServerLimits, TrustedProxies, parse_bans
from hanafuda_tui.server.online import OnlineError
from hanafuda_tui.server.protocol import CreateTable, Hello, LeaderboardRequest


def test_connections_from_one_address_are_bounded(tmp_path: Path) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "db", limits=ServerLimits(connections_per_address=2))
        port = await server.start(port=0)
        first, second, third = await connect(port), await connect(port), await connect(port)
        await hello(first, port, "one", tmp_path / "1")
        await hello(second, port, "two", tmp_path / "2")
        with pytest.raises(OnlineError, match="at most 2 connections from one address"):
            await hello(third, port, "three", tmp_path / "3")
        await first.close()
        await second.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_tables_a_player_creates_an_hour_are_bounded(tmp_path: Path) -> None:
    clock = FakeClock()

    async def main() -> None:
        server = make_server(tmp_path / "db", clock, ServerLimits(tables_per_hour=1))
        port = await server.start(port=0)
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        await me.send(CreateTable(ruleset="koikoi2"))
        await next_of(me, "seated")
        await me.send(CreateTable(ruleset="koikoi2"))
        assert (await next_of(me, "error"))["reason"].startswith("at most 1 new tables an hour")
        clock.now += 3600
        await me.send(CreateTable(ruleset="koikoi2"))
        await next_of(me, "seated")
        await me.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_new_players_from_one_address_an_hour_are_bounded(tmp_path: Path) -> None:
    """A script cannot squat names: past the address's new players of the hour, a hello without
    a token is refused with the reason; a player who has a token still comes in."""

    async def main() -> None:
        server = make_server(tmp_path / "db", limits=ServerLimits(players_per_hour_per_address=2))
        port = await server.start(port=0)
        for n in range(2):
            first = await connect(port)
            await hello(first, port, f"P{n}", tmp_path / str(n))
            await first.close()
        third = await connect(port)
        with pytest.raises(OnlineError, match="at most 2 new players an hour from one address"):
            await hello(third, port, "P2", tmp_path / "2")
        again = await connect(port)
        welcome = await hello(again, port, "P0", tmp_path / "0")  # its token, kept from before
        assert welcome.name == "P0"
        await again.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_message_too_large_is_refused_and_a_flood_closes_the_connection(
    tmp_path: Path,
) -> None:
    limits = ServerLimits(
        max_message_bytes=512, message_burst=3, messages_per_second=0.001, flood_drops=2
    )

    async def main() -> None:
        server = make_server(tmp_path / "db", limits=limits)
        port = await server.start(port=0)
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        await me.socket.send("x" * 600)
        assert (await next_of(me, "error"))["reason"] == "a message is at most 512 bytes"
        for _ in range(5):
            await me.send(LeaderboardRequest(ruleset="koikoi2"))
        answers = []
        async for message in me.messages():
            if message.type in ("leaderboard", "error"):
                answers.append(getattr(message, "reason", message.type))
        assert answers == [
            "leaderboard",
            "leaderboard",
            "too many messages: this one was dropped",
            "too many messages: this one was dropped",
            "too many messages too fast: closed",
        ]
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_wrong_token_is_answered_after_its_delay_with_one_reason(tmp_path: Path) -> None:
    waited: list[float] = []

    async def record(seconds: float) -> None:
        waited.append(seconds)

    async def main() -> None:
        server = make_server(tmp_path / "db", sleep=record)
        port = await server.start(port=0)
        me = await connect(port)
        await me.send(Hello(token="1.not-the-secret"))
        assert (await next_of(me, "error"))["reason"] == "no player has that token"
        await server.stop()
        server.store.close()

    asyncio.run(main())
    assert waited == [1.0]


def test_the_ban_list_keeps_out_an_address_and_a_name(tmp_path: Path) -> None:
    async def main(bans: str, name: str, reason: str) -> None:
        banned, problems = parse_bans(bans)
        assert problems == []
        server = make_server(tmp_path / f"{name}.db", bans=banned)
        port = await server.start(port=0)
        me = await connect(port)
        with pytest.raises(OnlineError, match=reason):
            await hello(me, port, name, tmp_path / name)
        await server.stop()
        server.store.close()

    asyncio.run(main("127.0.0.0/8  # this machine\n", "Hana", "this address may not connect"))
    asyncio.run(main("name: MALLORY\n", "mallory", "this player may not play"))


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_one_counted(tmp_path: Path) -> None:
    """A connection from a trusted proxy is banned (and limited) under the address its
    X-Forwarded-For ends with; the same header from an address not trusted changes nothing."""
    from websockets.asyncio.client import connect as ws_connect
    from websockets.exceptions import ConnectionClosed

    async def main(trusted: list[str], forwarded: str, name: str) -> str:
        banned, _ = parse_bans("203.0.113.7\n")
        proxies = TrustedProxies.parse(trusted)
        server = make_server(tmp_path / f"{name}.db", bans=banned, proxies=proxies)
        port = await server.start(port=0)
        headers = {"X-Forwarded-For": forwarded}
        async with ws_connect(f"ws://127.0.0.1:{port}", additional_headers=headers) as socket:
            with contextlib.suppress(ConnectionClosed):  # refused as it opens: said first
                await socket.send(Hello(name=name).model_dump_json(exclude_none=True))
            answer = str(await socket.recv())
        await server.stop()
        server.store.close()
        return answer

    trusted = asyncio.run(main(["127.0.0.1"], "198.51.100.1, 203.0.113.7", "Hana"))
    assert "this address may not connect" in trusted
    spoofed = asyncio.run(main([], "203.0.113.7", "Taro"))  # a client's own header: ignored
    assert '"welcome"' in spoofed
    chained = asyncio.run(main(["127.0.0.0/8"], "203.0.113.7, 198.51.100.1", "Jiro"))
    assert '"welcome"' in chained  # the proxy saw 198.51.100.1: the first entry is the client's


def test_trusted_proxies_name_the_client_only_for_a_proxy_they_trust() -> None:
    proxies = TrustedProxies.parse(["10.0.0.0/8", "::1"])
    assert proxies.client_address("10.1.2.3", "203.0.113.7") == "203.0.113.7"
    assert proxies.client_address("::1", "192.0.2.1, 2001:db8::5") == "2001:db8::5"
    assert proxies.client_address("192.0.2.9", "203.0.113.7") == "192.0.2.9"  # not a proxy
    assert proxies.client_address("10.1.2.3", "not an address") == "10.1.2.3"
    assert proxies.client_address("10.1.2.3", None) == "10.1.2.3"
    with pytest.raises(ValueError, match="not an address or a network"):
        TrustedProxies.parse(["example.org"])


def test_a_table_that_waits_too_long_is_closed(tmp_path: Path) -> None:
    clock = FakeClock()

    async def main() -> None:
        server = make_server(tmp_path / "db", clock, idle_wait=600)
        port = await server.start(port=0)
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        await me.send(CreateTable(ruleset="koikoi2"))
        table = (await next_of(me, "seated"))["table"]
        clock.now += 599
        server.tick()
        assert table in server.tables
        clock.now += 1
        server.tick()
        assert (await next_of(me, "error"))["reason"] == (
            f"table {table} waited too long for players: closed"
        )
        assert table not in server.tables
        row = server.store.table(table)
        assert row is not None and row.state == "closed"
        await me.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_connections_of_one_player_are_bounded(tmp_path: Path) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "db", limits=ServerLimits(connections_per_player=1))
        port = await server.start(port=0)
        first, second = await connect(port), await connect(port)
        await hello(first, port, "Hana", tmp_path / "book")
        with pytest.raises(OnlineError, match="at most 1 connections for one player"):
            await hello(second, port, "Hana", tmp_path / "book")  # by the token kept
        await first.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_the_server_raises_its_open_file_limit_for_its_connections(tmp_path: Path) -> None:
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard <= 256:
        pytest.skip("no finite hard limit above 256 to raise the soft one to")
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))

    async def main() -> int:
        server = make_server(tmp_path / "server.sqlite3")
        await server.start(port=0)
        now = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        await server.stop()
        server.store.close()
        return int(now)

    try:
        assert asyncio.run(main()) == hard
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_the_server_queues_a_burst_of_connections_as_a_host_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hanafuda_tui.net.host import BACKLOG
    from hanafuda_tui.server import lobby

    asked: dict[str, object] = {}
    listen = lobby.serve

    async def serve(*args: object, **kwargs: object) -> object:
        asked.update(kwargs)
        return await listen(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(lobby, "serve", serve)

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        await server.start(port=0)
        await server.stop()
        server.store.close()

    asyncio.run(main())
    assert asked["backlog"] == BACKLOG > 100  # asyncio's own is 100
