"""The server over a real socket: a whole quick-match year of 三人こいこい played by three
headless bot clients and watched by a spectator, every message each of them received checked to
hold nothing hidden from it; the year kept in the store and rated once."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from helpers.seen import cards_in, check_seat, snapshots
from helpers.server import Recorder, connect, make_server, table_messages, until

from hanafuda_tui.core.records import load_record, replay
from hanafuda_tui.net.protocol import Over
from hanafuda_tui.server.online import play_quick
from hanafuda_tui.server.protocol import Finished, LobbyState, WatchTable
from hanafuda_tui.server.tokens import TokenBook


async def quick_year(tmp: Path, ruleset: str, options: dict[str, Any]) -> dict[str, Any]:
    server = make_server(tmp / "server.sqlite3")
    port = await server.start(port=0)
    where = f"127.0.0.1:{port}"
    seen = {name: Recorder() for name in ("p1", "p2", "p3", "watcher")}
    finished: dict[str, list[Finished]] = {name: [] for name in ("p1", "p2", "p3")}

    def player(name: str) -> asyncio.Task[None]:
        return asyncio.create_task(
            play_quick(
                where,
                name,
                "random",
                ruleset,
                options,
                1,
                finished[name].append,
                book=TokenBook(tmp / name),
                trace=seen[name],
            )
        )

    watcher = await connect(port, seen["watcher"])
    await watcher.hello(where, "watcher", False, TokenBook(tmp / "watcher"))
    first = [player("p1"), player("p2")]
    table = 0
    async for message in watcher.messages():  # the open table, two of its three seats taken
        if isinstance(message, LobbyState) and any(t.free == 1 for t in message.open):
            table = message.open[0].table
            break
    await watcher.send(WatchTable(table=table))
    await until(lambda: any(t.early_watchers for t in server.tables.values()), what="the watch")
    players = [*first, player("p3")]
    await until(lambda: server.tables[table].hosted is not None, what="the year's start")
    hosted = server.tables[table].hosted
    assert hosted is not None
    async for message in watcher.messages():
        if isinstance(message, Over):
            break
    await asyncio.wait_for(asyncio.gather(*players), 60)
    await watcher.close()
    await server.stop()
    row = server.store.table(table)
    ratings = server.store.query("SELECT COUNT(*) FROM rating_history WHERE table_id = ?", (table,))
    server.store.close()
    return {
        "row": row,
        "game": hosted.game,
        "seen": seen,
        "finished": finished,
        "ratings": ratings[0][0],
    }


def test_a_quick_match_year_tells_each_seat_and_a_spectator_only_what_it_may_see(
    tmp_path: Path,
) -> None:
    played = asyncio.run(asyncio.wait_for(quick_year(tmp_path, "koikoi3", {}), 120))
    row = played["row"]
    assert row.state == "finished" and row.record is not None
    record = load_record(row.record)
    game = played["game"]  # the table's own game (its log has the first 親's draw)
    assert list(replay(record).scores) == list(game.scores)
    assert list(row.totals) == list(game.scores)
    shots = snapshots(record)
    seats = {}
    for name, recorder in played["seen"].items():
        messages = table_messages(recorder.received)
        lobby = [m for m in recorder.received if not any(m is t for t in messages)]
        assert lobby and all(cards_in(m) == 0 for m in lobby)  # the lobby's name no card
        seat = messages[0]["seat"]
        seats[name] = seat
        check_seat(seat, messages, record, game, shots)
    assert seats["watcher"] == -1 and sorted(seats[p] for p in ("p1", "p2", "p3")) == [0, 1, 2]
    for name, told in played["finished"].items():
        assert [(f.table, f.seat, f.totals) for f in told] == [
            (row.id, seats[name], list(row.totals))
        ]
        assert told[0].rating is not None and told[0].rating.games == 1
    assert played["ratings"] == 3
