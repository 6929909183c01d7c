"""The lobby told as changes: a connection is sent the whole lobby once, then only what changed
(the lists' changes made once for every connection, the player's own tables where it is their
move to that player); merging them gives the lobby as the server holds it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from random import Random
from types import SimpleNamespace
from typing import Any

from helpers.server import Recorder, connect, hello, make_server, seat_to_move, until

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.game import Phase, PlayerView
from hanafuda_tui.server.lobby import LobbyServer
from hanafuda_tui.server.online import LobbyConnection, play_quick, play_year
from hanafuda_tui.server.protocol import (
    SERVER,
    CreateTable,
    JoinTable,
    LeaveTable,
    LobbyState,
    OpenTable,
    PlayingTable,
    QuickMatch,
    RealTime,
    TurnBased,
    YourMove,
)
from hanafuda_tui.server.tokens import TokenBook


def open_table(table: int, free: int = 1) -> OpenTable:
    return OpenTable(
        table=table,
        ruleset="koikoi3",
        options={},
        seats=3,
        free=free,
        players=["Hana"],
        time_control=RealTime(),
        rated=True,
        waiting_since=1.0,
    )


def playing_table(table: int) -> PlayingTable:
    return PlayingTable(
        table=table, ruleset="koikoi3", players=["a", "b", "c"], time_control=RealTime(), rated=True
    )


def test_a_change_replaces_a_table_s_entry_in_either_list_and_takes_out_those_gone() -> None:
    mine = YourMove(table=4, ruleset="koikoi3", players=["a"], time_control=RealTime(), since=2.0)
    lobby = LobbyState(open=[open_table(1), open_table(2), open_table(3)], your_move=[mine])
    lobby = lobby.merged(
        LobbyState(whole=False, open=[open_table(3, free=2)], playing=[playing_table(1)], gone=[2])
    )
    assert [(t.table, t.free) for t in lobby.open] == [(3, 2)]
    assert [t.table for t in lobby.playing] == [1]
    assert lobby.your_move == [mine]  # not told again: as it was
    lobby = lobby.merged(LobbyState(whole=False, gone=[1], your_move=[]))
    assert (lobby.open, lobby.playing, lobby.your_move) == ([open_table(3, free=2)], [], [])
    whole = LobbyState(playing=[playing_table(5)], your_move=[])
    assert lobby.merged(whole) == whole


class Watcher:
    """A connection's lobby, merged from every lobby message it is sent (each read as the
    client reads it)."""

    def __init__(self, connection: LobbyConnection) -> None:
        self.connection = connection
        self.lobby = LobbyState()
        self.told: list[LobbyState] = []
        self.reading = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for message in self.connection.messages():
            if isinstance(message, LobbyState):
                self.told.append(message)
                self.lobby = self.lobby.merged(message)

    def where(self, table: int) -> tuple[str, Any] | None:
        """The list the table is in, and its entry."""
        for name in ("open", "playing"):
            for entry in getattr(self.lobby, name):
                if entry.table == table:
                    return name, entry
        return None


class Shown:
    """A random bot that keeps the others' hand plays it is shown, with the view it was shown."""

    def __init__(self) -> None:
        self.random = make_bot("random", Random(3))
        self.seen: list[tuple[PlayerView, int, int]] = []

    def act(self, view: PlayerView) -> int:
        return self.random.act(view)

    def see_play(self, view: PlayerView, player: int, card: int) -> None:
        self.seen.append((view, player, card))


def test_a_watcher_sees_a_table_appear_fill_begin_and_finish(tmp_path: Path) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        where = f"127.0.0.1:{port}"
        recorder = Recorder()
        connection = await connect(port, recorder)
        await hello(connection, port, "watcher", tmp_path / "watcher")
        watcher = Watcher(connection)
        years: list[Any] = []

        def player(name: str) -> asyncio.Task[None]:
            return asyncio.create_task(
                play_quick(
                    where, name, "random", "koikoi3", {"months": 3}, 1, years.append,
                    book=TokenBook(tmp_path / name),
                )
            )  # fmt: skip

        players = [player("p1")]
        await until(lambda: bool(watcher.lobby.open), what="the table listed")
        table = watcher.lobby.open[0].table
        assert watcher.where(table) == ("open", watcher.lobby.open[0])
        assert watcher.lobby.open[0].free == 2 and watcher.lobby.open[0].players == ["p1"]
        players.append(player("p2"))
        await until(lambda: watcher.lobby.open[0].free == 1, what="a second seat taken")
        assert watcher.lobby.open[0].players == ["p1", "p2"]
        third = await connect(port)  # seated, but holding its first move until the table is seen
        await hello(third, port, "p3", tmp_path / "p3")
        await third.send(QuickMatch(ruleset="koikoi3", options={"months": 3}))
        await until(lambda: bool(watcher.lobby.playing), what="the table in play")
        assert watcher.lobby.open == []
        assert [(t.table, t.players) for t in watcher.lobby.playing] == [
            (table, ["p1", "p2", "p3"])
        ]
        shown = Shown()
        years.append(await asyncio.wait_for(play_year(third, shown), 60))
        await asyncio.wait_for(asyncio.gather(*players), 60)
        await until(lambda: watcher.where(table) is None, what="the table gone")
        assert len(years) == 3
        assert watcher.lobby == server.lobby_state(server.store.player(1))
        assert len(shown.seen) >= 6  # the others' hand plays, each with the view just before
        for view, player, card in shown.seen:
            assert view.phase == Phase.PLAY and view.to_act == player != view.seat
            assert not (view.hand | view.field | sum(view.captures)) >> card & 1
        first, *later = [m for m in recorder.received if m["type"] == "lobby"]
        assert first["whole"] and not any(m["whole"] for m in later)
        for message in recorder.received:  # each as the client reads it
            if message["type"] == "lobby":
                SERVER.validate_python(message)
        await third.close()
        await connection.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_burst_of_changes_told_together_ends_with_the_lobby_the_server_holds(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3", lobby_every=3600.0)
        port = await server.start(port=0)
        watching, host, guest = await connect(port), await connect(port), await connect(port)
        await hello(watching, port, "watcher", tmp_path / "watcher")
        await hello(host, port, "host", tmp_path / "host")
        await hello(guest, port, "guest", tmp_path / "guest")
        watcher = Watcher(watching)
        await host.send(CreateTable(ruleset="koikoi3"))
        await until(lambda: len(watcher.lobby.open) == 1, what="the first table told")
        first = watcher.lobby.open[0].table
        told = len(watcher.told)  # told at once; the next changes wait for the next turn
        await host.send(CreateTable(ruleset="koikoi2"))
        await host.send(CreateTable(ruleset="koikoi3"))
        await host.send(LeaveTable(table=first))  # its last player gone: it closes
        await until(lambda: len(server.tables) == 2, what="the burst taken")
        second, third = sorted(server.tables)
        await guest.send(JoinTable(table=second))  # the table fills and begins
        await guest.send(JoinTable(table=third))
        await until(lambda: server.tables[second].hosted is not None, what="the table begun")
        await until(lambda: server.tables[third].free == 1, what="a seat taken")
        assert len(watcher.told) == told
        server.broadcast()
        await until(lambda: len(watcher.told) == told + 1, what="the burst told")
        change = watcher.told[-1]
        assert not change.whole and change.gone == [first]
        assert [t.table for t in change.playing] == [second]
        assert [(t.table, t.free, t.players) for t in change.open] == [
            (third, 1, ["host", "guest"])
        ]
        assert watcher.where(first) is None and watcher.where(second) == (
            "playing",
            change.playing[0],
        )
        assert watcher.lobby == server.lobby_state(server.store.player(1))
        for connection in (watching, host, guest):
            await connection.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_player_s_other_connection_is_told_of_its_move_and_of_the_table_gone(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        playing, looking = await connect(port), await connect(port)
        await hello(playing, port, "Hana", tmp_path / "me")
        await hello(looking, port, "Hana", tmp_path / "me")  # by the token kept
        lobby = Watcher(looking)
        turns = TurnBased(move_hours=24)
        await playing.send(QuickMatch(ruleset="koikoi2", bots_after=0, time_control=turns))
        game = await seat_to_move(playing)
        (table,) = server.tables
        await until(
            lambda: [t.table for t in lobby.lobby.your_move or []] == [table], what="her move"
        )
        assert lobby.where(table) is not None and game.seat in (0, 1)
        hosted = server.tables[table].hosted
        assert hosted is not None
        hosted.close()  # the table let go
        await until(lambda: lobby.lobby.your_move == [], what="her move gone")
        assert lobby.where(table) is None
        for connection in (playing, looking):
            await connection.close()
        await server.stop()
        server.store.close()

    asyncio.run(main())


def test_a_table_begins_at_the_connection_that_sat_there_not_the_player_s_other_one() -> None:
    """The player's connection that sat down is told the table, whichever order the server
    holds its connections in; another one at no table is told it only if none sat there."""
    sat, other, elsewhere = (
        SimpleNamespace(player=SimpleNamespace(id=7), current=current) for current in (5, None, 9)
    )
    live = SimpleNamespace(id=5, seat_of=lambda player_id: 1 if player_id == 7 else None)
    for clients in ([other, sat, elsewhere], [sat, other, elsewhere], [elsewhere, other, sat]):
        held: Any = SimpleNamespace(clients=clients)
        assert LobbyServer.seated_connections(held, live) == {1: sat}
    held = SimpleNamespace(clients=[elsewhere, other])
    assert LobbyServer.seated_connections(held, live) == {1: other}
