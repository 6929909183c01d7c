"""A player's page over a real socket: the rating in a ruleset, its points over time, the latest
finished tables with each seat's total, and a finished table's record to download (a private
table's to its players only); lists bounded."""

from __future__ import annotations

import asyncio
from pathlib import Path

from helpers.server import connect, hello, make_server, next_of

from hanafuda_tui.core.records import load_record
from hanafuda_tui.server.online import play_quick
from hanafuda_tui.server.protocol import (
    MAX_HISTORY,
    Finished,
    PlayerPage,
    PlayerRequest,
    RecordRequest,
)
from hanafuda_tui.server.tokens import TokenBook

MARKUP = "[red]花子"


def test_a_player_page_shows_the_rating_over_time_and_the_records_of_finished_tables(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        where = f"127.0.0.1:{port}"
        finished: list[Finished] = []
        await play_quick(
            where,
            MARKUP,
            "random",
            "koikoi2",
            {"months": 3},
            2,
            finished.append,
            bots_after=0,
            book=TokenBook(tmp_path / "me"),
        )
        me = await connect(port)
        welcome = await hello(me, port, MARKUP, tmp_path / "me")
        await me.send(PlayerRequest(player=welcome.player, ruleset="koikoi2"))
        page = PlayerPage.model_validate(await next_of(me, "player"))
        assert page.name == MARKUP and page.bot  # play_quick plays as a bot player
        assert page.rating is not None and page.rating.games == 2
        assert [p.table for p in page.history] == [f.table for f in finished]
        assert page.history[-1].ordinal == page.rating.ordinal
        assert [t.table for t in page.recent] == [f.table for f in reversed(finished)]
        assert page.recent[0].totals == finished[-1].totals
        assert page.recent[0].players[page.recent[0].seat] == MARKUP

        await me.send(RecordRequest(table=finished[0].table))
        answer = await next_of(me, "record")
        record = load_record(answer["record"])
        assert record.ruleset == "koikoi2" and record.seats[finished[0].seat].name == MARKUP

        await me.send(RecordRequest(table=999))
        assert "no finished record" in (await next_of(me, "error"))["reason"]
        await me.send(PlayerRequest(player=999, ruleset="koikoi2"))
        assert "no player 999" in (await next_of(me, "error"))["reason"]
        await me.close()
        await server.stop()
        server.store.close()

    asyncio.run(asyncio.wait_for(main(), 120))


def test_a_player_page_s_course_is_bounded_to_the_latest_points(tmp_path: Path) -> None:
    async def main() -> None:
        server = make_server(tmp_path / "server.sqlite3")
        port = await server.start(port=0)
        store = server.store
        player = store.add_player("many", "many", "x")
        for n in range(MAX_HISTORY + 5):
            table = store.add_table("koikoi2", "{}", 2, True, '{"kind": "realtime"}', None)
            with store.transaction() as conn:
                conn.execute(
                    "INSERT INTO rating_history (player_id, ruleset, table_id, mu, sigma, at)"
                    " VALUES (?, 'koikoi2', ?, ?, 8.0, '2026-01-01')",
                    (player.id, table, 20.0 + n),
                )
        me = await connect(port)
        await me.send(PlayerRequest(player=player.id, ruleset="koikoi2"))
        page = PlayerPage.model_validate(await next_of(me, "player"))
        assert len(page.history) == MAX_HISTORY
        assert page.history[-1].mu == 20.0 + MAX_HISTORY + 4
        await me.close()
        await server.stop()
        store.close()

    asyncio.run(asyncio.wait_for(main(), 60))
