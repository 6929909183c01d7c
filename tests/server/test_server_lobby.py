"""The lobby over a real socket: names with markup kept and shown literally, the open tables and
tables in play each connection is told of, a private table's invite, and a real-time decision
out of time made by the seat's stand-in with everyone told."""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path
from typing import Any

import pytest
from helpers.records import hand_plays
from helpers.server import FakeClock, connect, hello, make_server, next_of, seat_to_move, until
from helpers.tls import certificate

from hanafuda_tui.core.game import PlayerView
from hanafuda_tui.net.protocol import Act, Update
from hanafuda_tui.server import lobby
from hanafuda_tui.server.clocks import SeatClocks
from hanafuda_tui.server.online import OnlineError, leaderboard
from hanafuda_tui.server.protocol import (
    CreateTable,
    JoinTable,
    QuickMatch,
    RealTime,
    TurnBased,
    WatchTable,
)

MARKUP = "[bold red]x[/]"


def test_names_with_markup_are_sent_literally_at_tables_of_people_and_bots(tmp_path: Path) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        host, guest = await connect(port), await connect(port)
        welcome = await hello(host, port, MARKUP, tmp_path / "host")
        assert welcome.name == MARKUP
        await hello(guest, port, "guest", tmp_path / "guest")
        await host.send(CreateTable(ruleset="koikoi2"))
        seated = await next_of(host, "seated")
        lobby = await next_of(guest, "lobby")
        while not lobby["open"]:
            lobby = await next_of(guest, "lobby")
        assert lobby["open"][0]["players"] == [MARKUP]
        await guest.send(JoinTable(table=seated["table"]))
        table_welcome = await next_of(guest, "welcome")
        assert [s["name"] for s in table_welcome["seats"]] == [MARKUP, "guest"]
        await host.send(CreateTable(ruleset="koikoi3", bots=2))  # begins at once, with bots
        bots = await next_of(host, "seated")
        assert bots["seat"] == 0
        table_welcome = await next_of(host, "welcome")
        assert [s["name"] for s in table_welcome["seats"]] == [
            MARKUP,
            "bot:random:2",
            "bot:random:3",
        ]
        await host.close()
        await guest.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_private_table_is_not_listed_and_takes_its_invite(tmp_path: Path) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        host, guest = await connect(port), await connect(port)
        await hello(host, port, "host", tmp_path / "host")
        await hello(guest, port, "guest", tmp_path / "guest")
        await host.send(CreateTable(ruleset="koikoi2", private=True))
        seated = await next_of(host, "seated")
        assert seated["invite"]
        assert server.lobby_state(server.store.player(2)).open == []  # type: ignore[arg-type]
        await guest.send(JoinTable(table=seated["table"], invite="wrong"))
        error = await next_of(guest, "error")
        assert "private" in error["reason"]
        await guest.send(JoinTable(table=seated["table"], invite=seated["invite"]))
        assert (await next_of(guest, "seated"))["seat"] == 1
        await host.close()
        await guest.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


async def real_time_match(port: int, tmp_path: Path) -> tuple[Any, int, Any]:
    """Hana's quick match of 二人こいこい with a bot, 10 s a move and a bank of 5: her connection,
    the table and her game at her first decision."""
    me = await connect(port)
    await hello(me, port, "Hana", tmp_path / "me")
    control = RealTime(move_seconds=10, bank_seconds=5)
    await me.send(QuickMatch(ruleset="koikoi2", bots_after=0, time_control=control))
    table = (await next_of(me, "seated"))["table"]
    return me, table, await seat_to_move(me)


def test_a_real_time_decision_out_of_time_is_made_by_the_stand_in(tmp_path: Path) -> None:
    clock = FakeClock()

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3", clock)
        port = await server.start(port=0)
        watcher = await connect(port)
        await hello(watcher, port, "watcher", tmp_path / "watcher")
        me, table, game = await real_time_match(port, tmp_path)
        live = server.tables[table]
        await watcher.send(WatchTable(table=table))
        await next_of(watcher, "update")
        await until(lambda: server.waiting_on(live) == [game.seat], what="the player's move")
        server.tick()
        seq = live.hosted.seq if live.hosted else -1
        clock.now += 14  # the move's 10 seconds and 4 of the bank
        server.tick()
        assert live.hosted is not None and live.hosted.seq == seq
        clock.now += 1
        server.tick()
        for connection in (me, watcher):
            told = await next_of(connection, "timed_out")
            assert (told["table"], told["seat"], told["name"]) == (table, game.seat, "Hana")
        await until(lambda: live.hosted is not None and live.hosted.seq > seq, what="the move")
        await me.close()
        await watcher.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_stand_in_for_a_move_out_of_time_is_shown_the_year_s_hand_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stand-in bot made when a seat's time runs out reads the others' hand plays made
    before it, as the seat's own bot would have."""
    clock = FakeClock()
    shown: list[tuple[int, int]] = []

    class Watching:
        def act(self, view: PlayerView) -> int:
            return view.legal[0]

        def see_play(self, view: PlayerView, player: int, card: int) -> None:
            shown.append((player, card))

    monkeypatch.setattr(lobby, "make_bot", lambda spec, rng: Watching())

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3", clock)
        port = await server.start(port=0)
        me, table, game = await real_time_match(port, tmp_path)
        live = server.tables[table]
        assert live.hosted is not None
        played, other = live.hosted.table.game, 1 - game.seat

        def others_plays() -> list[tuple[int, int]]:
            assert live.hosted is not None
            plays = hand_plays(played, live.hosted.table.seats)
            return [(p, c) for p, c, _ in plays if p == other]

        while not others_plays():
            await me.send(Act(action=game.current.legal[0], seq=game.seq))
            while True:  # the seat's next decision, the bot having played
                message = await me.next()
                if isinstance(message, Update):
                    game.update(message)
                    if game.current is not None and game.current.legal and game.to_act == game.seat:
                        break
        await until(lambda: server.waiting_on(live) == [game.seat], what="the player's move")
        plays = others_plays()
        server.tick()
        seq = live.hosted.seq
        clock.now += 15
        server.tick()
        await next_of(me, "timed_out")
        await until(lambda: live.hosted is not None and live.hosted.seq > seq, what="the move")
        assert plays and shown == plays
        await me.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_seat_s_bank_pays_for_time_past_each_move() -> None:
    clocks = SeatClocks(RealTime(move_seconds=10, bank_seconds=30))
    clocks.follow([0], seq=1, now=100.0)
    assert clocks.due(0) == 140.0
    clocks.follow([1], seq=2, now=118.0)  # seat 0 took 18 s: 8 from its bank
    assert clocks.bank == {0: 22.0}
    assert clocks.due(1) == 158.0 and clocks.due(0) is None
    clocks.follow([1], seq=3, now=120.0)  # seat 1 again, a new decision: 2 s, within the move
    assert clocks.bank == {0: 22.0} and clocks.due(1) == 160.0
    assert clocks.out(159.0) == [] and clocks.out(160.0) == [(1, 3)]
    kept = SeatClocks.from_json(clocks.control, clocks.to_json())
    assert (kept.pending, kept.bank) == (clocks.pending, clocks.bank)


def test_a_turn_based_decision_has_its_hours_and_no_bank() -> None:
    clocks = SeatClocks(TurnBased(move_hours=2))
    clocks.follow([0, 1], seq=5, now=0.0)  # a question put to two seats at once
    assert clocks.out(7199.0) == [] and clocks.out(7200.0) == [(0, 5), (1, 5)]
    clocks.follow([1], seq=5, now=7000.0)
    assert clocks.bank == {} and list(clocks.pending) == [1]


def test_a_quick_match_asked_again_while_waiting_keeps_the_seat(tmp_path: Path) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        await me.send(QuickMatch(ruleset="koikoi3"))
        first = await next_of(me, "seated")
        await me.send(QuickMatch(ruleset="koikoi3"))
        assert await next_of(me, "seated") == first
        assert len(server.tables) == 1
        await me.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_table_takes_so_many_spectators(tmp_path: Path) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3", max_spectators=1)
        port = await server.start(port=0)
        me, first, second = await connect(port), await connect(port), await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        await hello(first, port, "first", tmp_path / "first")
        await hello(second, port, "second", tmp_path / "second")
        turns = TurnBased(move_hours=1)  # the table waits on its player
        await me.send(QuickMatch(ruleset="koikoi2", bots_after=0, time_control=turns))
        table = (await next_of(me, "seated"))["table"]
        lobby = await next_of(first, "lobby")
        while not lobby["playing"]:  # the lobby tells of the table in play, to watch
            lobby = await next_of(first, "lobby")
        assert [t["table"] for t in lobby["playing"]] == [table] and lobby["open"] == []
        assert lobby["playing"][0]["players"] == ["Hana", "bot:random:2"]
        await first.send(WatchTable(table=table))
        await next_of(first, "update")
        await second.send(WatchTable(table=table))
        error = await next_of(second, "error")
        assert error["reason"] == f"table {table} has as many spectators as it takes"
        for connection in (me, first, second):
            await connection.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_the_server_serves_over_tls(tmp_path: Path) -> None:
    cert, key = certificate(tmp_path, "localhost", "IP:127.0.0.1,DNS:localhost")
    server_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_tls.load_cert_chain(cert, key)
    client_tls = ssl.create_default_context(cafile=str(cert))

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0, tls=server_tls)
        where = f"127.0.0.1:{port}"
        with pytest.raises(OnlineError):  # plain WebSocket to a TLS server
            await leaderboard(where, "koikoi2")
        board = await leaderboard(where, "koikoi2", tls=client_tls)
        assert board.rows == []
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_quick_match_s_free_seats_go_to_bots_after_the_wait_asked(tmp_path: Path) -> None:
    clock = FakeClock()

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3", clock)
        port = await server.start(port=0)
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        await me.send(QuickMatch(ruleset="koikoi3", bots_after=30))
        table = (await next_of(me, "seated"))["table"]
        clock.now += 29
        server.tick()
        assert server.tables[table].hosted is None
        clock.now += 1
        server.tick()
        welcome = await next_of(me, "welcome")
        assert [s["player"] for s in welcome["seats"]] == ["remote", "random", "random"]
        await me.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())
