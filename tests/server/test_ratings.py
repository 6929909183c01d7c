"""Ratings: ranks by totals with ties, a table applied once (again a no-op, after the database
is opened again too), the leaderboard's order, and a player's history."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from hanafuda_tui.server.ratings import RatingError, Ratings, ranks
from hanafuda_tui.server.store import ServerStore


def test_ranks_follow_the_totals_and_ties_share_a_rank() -> None:
    assert ranks([100, 50, 50, 10]) == [1, 2, 2, 4]
    assert ranks([-5, 20, 7]) == [3, 1, 2]
    assert ranks([0, 0]) == [1, 1]
    assert ranks([3, 3, 3, 1, 9, 9]) == [3, 3, 3, 6, 1, 1]


def finished_table(
    store: ServerStore, players: Sequence[int], totals: Sequence[int], ruleset: str = "koikoi3"
) -> int:
    table = store.add_table(ruleset, "{}", len(players), True, '{"kind": "realtime"}')
    for seat, player in enumerate(players):
        store.seat_player(table, seat, player)
    store.set_state(table, "playing")
    store.finish(table, totals, "{}")
    return table


def test_a_table_is_rated_once_even_after_the_database_is_opened_again(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    with ServerStore(path) as store:
        ids = [store.add_player(n, n, "h").id for n in ("a", "b", "c")]
        table = finished_table(store, ids, [50, 0, -50])
        ratings = Ratings(store)
        assert ratings.apply(table) is True
        board = ratings.leaderboard("koikoi3")
        assert ratings.apply(table) is False
        assert ratings.leaderboard("koikoi3") == board
    with ServerStore(path) as store:
        ratings = Ratings(store)
        assert ratings.apply(table) is False
        assert ratings.leaderboard("koikoi3") == board
        assert [s.games for s in board] == [1, 1, 1]
        assert store.query("SELECT COUNT(*) FROM rating_history") == [(3,)]


def test_the_leaderboard_orders_by_the_conservative_estimate_and_marks_bots(
    tmp_path: Path,
) -> None:
    with ServerStore(tmp_path / "server.sqlite3") as store:
        hana = store.add_player("Hana", "hana", "h").id
        tsuki = store.add_player("Tsuki", "tsuki", "h").id
        bot = store.add_player("bot:strong", "bot:strong", "h", is_bot=True).id
        ratings = Ratings(store)
        for _ in range(3):
            ratings.apply(finished_table(store, [hana, tsuki, bot], [60, -60, 0]))
        ratings.apply(finished_table(store, [tsuki, hana], [10, -10], ruleset="koikoi2"))
        board = ratings.leaderboard("koikoi3")
        assert [s.name for s in board] == ["Hana", "bot:strong", "Tsuki"]
        assert [s.is_bot for s in board] == [False, True, False]
        assert [s.games for s in board] == [3, 3, 3]
        assert board[0].ordinal == pytest.approx(board[0].mu - 3 * board[0].sigma)
        assert board[0].ordinal > board[1].ordinal > board[2].ordinal
        assert [s.name for s in ratings.leaderboard("koikoi2")] == ["Tsuki", "Hana"]
        history = ratings.history(hana, "koikoi3")
        assert len(history) == 3
        assert history[0].ordinal < history[1].ordinal < history[2].ordinal
        assert history[-1].mu == board[0].mu


def test_tied_players_move_alike(tmp_path: Path) -> None:
    with ServerStore(tmp_path / "server.sqlite3") as store:
        ids = [store.add_player(n, n, "h").id for n in ("a", "b", "c", "d")]
        ratings = Ratings(store)
        ratings.apply(finished_table(store, ids, [30, 0, 0, -30], ruleset="hanaawase"))
        by_id = {s.player_id: s for s in ratings.leaderboard("hanaawase")}
        assert by_id[ids[1]].mu == pytest.approx(by_id[ids[2]].mu)
        assert by_id[ids[0]].mu > by_id[ids[1]].mu > by_id[ids[3]].mu


def test_a_table_that_is_not_finished_or_not_rated_is_refused_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    with ServerStore(tmp_path / "server.sqlite3") as store:
        ids = [store.add_player(n, n, "h").id for n in ("a", "b")]
        ratings = Ratings(store)
        playing = store.add_table("koikoi2", "{}", 2, True, "{}")
        for seat, player in enumerate(ids):
            store.seat_player(playing, seat, player)
        store.set_state(playing, "playing")
        unrated = store.add_table("koikoi2", "{}", 2, False, "{}")
        for table, said in ((playing, "playing"), (unrated, "waiting"), (999, "no table 999")):
            with pytest.raises(RatingError, match=said):
                ratings.apply(table)
        assert store.query("SELECT COUNT(*) FROM ratings") == [(0,)]
