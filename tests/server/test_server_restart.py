"""The server stopped and started again on its database: a turn-based table in play goes on
from its record with its clock, the lobby tells the player it is their move, and a year is
counted in the ratings once however often the server starts."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from helpers.server import FakeClock, connect, hello, make_server, next_of, seat_to_move, until

from hanafuda_tui.core.records import load_record
from hanafuda_tui.net.protocol import Act
from hanafuda_tui.server.lobby import STOPPING
from hanafuda_tui.server.online import play_quick
from hanafuda_tui.server.protocol import Finished, JoinTable, QuickMatch, TurnBased
from hanafuda_tui.server.store import ServerStore
from hanafuda_tui.server.tokens import TokenBook


def test_a_turn_based_table_goes_on_after_a_restart_and_its_move_times_out(
    tmp_path: Path,
) -> None:
    db = tmp_path / "server.sqlite3"
    clock = FakeClock()

    async def before() -> tuple[int, int, int, int]:
        server = make_server(db, clock)
        port = await server.start(port=0)
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "book")
        turns = TurnBased(move_hours=24)
        await me.send(QuickMatch(ruleset="koikoi2", bots_after=0, time_control=turns))
        seated = await next_of(me, "seated")
        game = await seat_to_move(me)
        live = server.tables[seated["table"]]
        await until(lambda: server.waiting_on(live) == [game.seat], what="the player's move")
        server.tick()  # the move's clock starts now
        lobby = await next_of(me, "lobby")
        while not lobby["your_move"]:
            lobby = await next_of(me, "lobby")
        assert [t["table"] for t in lobby["your_move"]] == [seated["table"]]
        assert lobby["your_move"][0]["since"] == clock.now
        row = server.store.table(seated["table"])  # kept at once, whatever stops the server
        assert row is not None and row.clocks is not None
        assert json.loads(row.clocks)["pending"] == {str(game.seat): [game.seq, clock.now]}
        clock.now += 3600  # an hour passes, the server stops
        await server.stop()
        closed = await next_of(me, "closed")
        assert closed["reason"] == STOPPING
        server.store.close()
        return port, seated["table"], game.seat, game.seq

    port, table, seat, seq = asyncio.run(before())
    with ServerStore(db) as store:
        row = store.table(table)
        assert row is not None and row.state == "playing" and row.record is not None
        assert row.clocks is not None
        saved = load_record(row.record)
    assert sum(len(d.actions) for d in saved.deals) == seq

    async def after() -> None:
        server = make_server(db, clock)
        await server.start(port=port)  # the same address: the token kept for it
        live = server.tables[table]
        assert live.hosted is not None and live.hosted.seq == seq
        me = await connect(port)
        await hello(me, port, "Hana", tmp_path / "book")  # by the token kept
        await me.send(JoinTable(table=table))
        game = await seat_to_move(me)
        assert game.seat == seat and game.seq == seq
        clock.now += 22 * 3600  # 23 hours in all: still the player's move
        server.tick()
        assert live.hosted.seq == seq
        clock.now += 3600  # 24 hours: the stand-in makes it
        server.tick()
        timed_out = await next_of(me, "timed_out")
        assert (timed_out["table"], timed_out["seat"], timed_out["name"]) == (table, seat, "Hana")
        assert live.hosted.seq > seq
        await me.send(Act(action=game.view(game.seat).legal[0], seq=seq))
        refused = await next_of(me, "refused")
        assert "moved on" in refused["reason"] or "not your turn" in refused["reason"]
        await me.close()
        await server.stop()
        server.store.close()

    asyncio.run(after())


def test_a_year_is_rated_once_however_often_the_server_starts(tmp_path: Path) -> None:
    db = tmp_path / "server.sqlite3"

    async def play() -> int:
        server = make_server(db)
        port = await server.start(port=0)
        told = []
        await play_quick(
            f"127.0.0.1:{port}",
            "Hana",
            "random",
            "koikoi3",
            {"months": 3},
            1,
            told.append,
            bots_after=0,
            book=TokenBook(tmp_path / "book"),
        )
        await server.stop()
        server.store.close()
        return told[0].table

    async def restart() -> None:
        server = make_server(db)
        await server.start(port=0)
        await server.stop()
        server.store.close()

    table = asyncio.run(play())
    with ServerStore(db) as store:
        rows = store.query("SELECT player_id FROM rating_history WHERE table_id = ?", (table,))
        assert len(rows) == 3
        games = store.query("SELECT games FROM ratings WHERE ruleset = 'koikoi3'")
        assert sorted(g for (g,) in games) == [1, 1, 1]
        # as if the server had stopped between keeping the year and rating it
        with store.transaction() as conn:
            conn.execute("DELETE FROM rating_history")
            conn.execute("DELETE FROM ratings")
    for _ in range(2):
        asyncio.run(restart())
        with ServerStore(db) as store:
            rows = store.query("SELECT player_id FROM rating_history WHERE table_id = ?", (table,))
            assert len(rows) == 3
            games = store.query("SELECT games FROM ratings WHERE ruleset = 'koikoi3'")
            assert sorted(g for (g,) in games) == [1, 1, 1]


def test_a_headless_player_rejoins_its_table_by_itself_after_the_server_restarts(
    tmp_path: Path,
) -> None:
    """The server stops in the middle of a year and starts again on its database and port: the
    client, told why and cut off, reconnects with its kept token, rejoins the table where it is,
    and the year ends once, rated once."""
    db = tmp_path / "server.sqlite3"

    async def main() -> None:
        first = make_server(db)
        port = await first.start(port=0)
        told: list[Finished] = []
        said: list[str] = []
        playing = asyncio.create_task(
            play_quick(
                f"127.0.0.1:{port}",
                "Hana",
                "random",
                "koikoi3",
                {"months": 3},
                1,
                told.append,
                bots_after=0,
                book=TokenBook(tmp_path / "book"),
                say=said.append,
                waits=(0.05,) * 200,
            )
        )

        def in_play() -> bool:
            return any(t.hosted is not None and t.hosted.seq > 5 for t in first.tables.values())

        await until(in_play, what="a year in play")
        (table,) = [t.id for t in first.tables.values() if t.hosted is not None]
        await first.stop()
        first.store.close()
        await until(lambda: bool(said), what="the client told of the lost connection")
        second = make_server(db)
        await second.start(port=port)
        await asyncio.wait_for(playing, 60)
        assert [f.table for f in told] == [table]
        await second.stop()
        second.store.close()

    asyncio.run(main())
    with ServerStore(db) as store:
        rows = store.query("SELECT player_id FROM rating_history")
        assert len(rows) == 3


def test_a_quick_match_still_waiting_when_the_server_restarts_is_asked_again(
    tmp_path: Path,
) -> None:
    """A table waiting for players is closed when the server stops: the waiting client,
    reconnected, asks its quick match again rather than rejoin a table that is no more."""
    db = tmp_path / "server.sqlite3"

    async def main() -> None:
        first = make_server(db)
        port = await first.start(port=0)
        where = f"127.0.0.1:{port}"
        told: list[Finished] = []
        said: list[str] = []

        def player(name: str) -> asyncio.Task[None]:
            return asyncio.create_task(
                play_quick(
                    where, name, "random", "koikoi2", {"months": 3}, 1, told.append,
                    book=TokenBook(tmp_path / name), say=said.append, waits=(0.05,) * 200,
                )
            )  # fmt: skip

        hana = player("Hana")
        await until(lambda: bool(first.tables), what="the table waiting")
        (waited,) = first.tables
        await first.stop()
        first.store.close()
        await until(lambda: bool(said), what="the client told of the lost connection")
        second = make_server(db)
        await second.start(port=port)
        await until(lambda: bool(second.tables), what="the quick match asked again")
        ume = player("Ume")
        await asyncio.wait_for(asyncio.gather(hana, ume), 60)
        assert len(told) == 2 and told[0].table == told[1].table != waited
        await second.stop()
        second.store.close()

    asyncio.run(main())
