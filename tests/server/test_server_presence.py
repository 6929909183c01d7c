"""Who is away at a server table: everyone there is told when a seat's player leaves and comes
back, and reminded now and then while one is away; a real-time table all of whose players have
gone waits for them (its clocks stopped), then is closed as it is, nobody rated."""

from __future__ import annotations

import asyncio
from pathlib import Path

from helpers.server import FakeClock, connect, hello, make_server, next_of, seat_to_move, until

from hanafuda_tui.server.lobby import LobbyServer
from hanafuda_tui.server.online import LobbyConnection
from hanafuda_tui.server.protocol import CreateTable, JoinTable, QuickMatch, RealTime, TurnBased

IDLE = 600.0
FAST = RealTime(move_seconds=10, bank_seconds=5)


def test_a_player_away_is_told_to_the_table_and_reminded(tmp_path: Path) -> None:
    clock = FakeClock()

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3", clock)
        port = await server.start(port=0)
        me, guest = await connect(port), await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        await hello(guest, port, "Ume", tmp_path / "guest")
        await me.send(CreateTable(ruleset="koikoi2", time_control=TurnBased(move_hours=1)))
        table = (await next_of(me, "seated"))["table"]
        await guest.send(JoinTable(table=table))
        await next_of(guest, "welcome")
        present = await next_of(me, "presence")
        while present["away"]:  # until both sit
            present = await next_of(me, "presence")
        await guest.close()
        away = await next_of(me, "presence")
        assert [(a["seat"], a["by_bot"]) for a in away["away"]] == [(1, "")]
        clock.now += server.remind_every
        server.tick()
        reminded = await next_of(me, "presence", timeout=10)
        assert [a["seat"] for a in reminded["away"]] == [1]
        back = await connect(port)
        await hello(back, port, "Ume", tmp_path / "guest")  # by the token kept
        await back.send(JoinTable(table=table))
        told = await next_of(me, "presence")
        assert told["away"] == [] and told["rejoined"] is None
        clock.now += server.remind_every
        server.tick()  # nobody away: no reminder
        await back.close()
        assert (await next_of(me, "presence"))["away"][0]["seat"] == 1
        for connection in (me, back):
            await connection.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


async def left_alone(server: LobbyServer, me: LobbyConnection) -> tuple[int, int, int]:
    """Hana's quick match with a bot, in real time: the table, her seat and the update she is
    to answer when she leaves."""
    await me.send(QuickMatch(ruleset="koikoi2", bots_after=0, time_control=FAST))
    table = (await next_of(me, "seated"))["table"]
    game = await seat_to_move(me)
    live = server.tables[table]
    await until(lambda: server.waiting_on(live) == [game.seat], what="the player's move")
    server.tick()  # the move's clock starts
    await me.close()
    await until(lambda: live.hosted is not None and not live.hosted.links, what="her leaving")
    return table, game.seat, game.seq


def test_a_real_time_table_its_players_left_is_closed_after_the_wait_unrated(
    tmp_path: Path,
) -> None:
    clock = FakeClock()

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3", clock, idle_wait=IDLE)
        port = await server.start(port=0)
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        table, _, seq = await left_alone(server, me)
        live = server.tables[table]
        server.tick()
        clock.now += IDLE - 1  # far past the move's time: nobody's stand-in plays it
        server.tick()
        assert not server.moves and live.hosted is not None and live.hosted.seq == seq
        assert table in server.tables
        clock.now += 1
        server.tick()
        assert table not in server.tables
        row = server.store.table(table)
        assert row is not None and row.state == "closed" and row.record is not None
        assert server.store.query("SELECT COUNT(*) FROM rating_history") == [(0,)]
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_player_back_within_the_wait_finds_the_table_and_a_fresh_clock(tmp_path: Path) -> None:
    clock = FakeClock()

    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3", clock, idle_wait=IDLE)
        port = await server.start(port=0)
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "me")
        table, seat, seq = await left_alone(server, me)
        live = server.tables[table]
        server.tick()
        clock.now += IDLE - 1
        server.tick()
        again = await connect(port)
        await hello(again, port, "Hana", tmp_path / "me")
        await again.send(JoinTable(table=table))
        await until(lambda: live.hosted is not None and seat in live.hosted.links, what="back")
        server.tick()
        clock.now += 14  # the move's time starts again from her return
        server.tick()
        assert live.hosted is not None and live.hosted.seq == seq
        clock.now += 1
        server.tick()
        told = await next_of(again, "timed_out")
        assert (told["table"], told["seat"]) == (table, seat)
        clock.now += IDLE
        server.tick()
        assert table in server.tables
        await again.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())
