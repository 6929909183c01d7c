"""The history database: what a stored game keeps, concurrent writers in real processes, a damaged
database, one of a newer schema and a directory that cannot be written."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.history import finished

from hanafuda_tui.core.records import SeatRecord, load_record, replay
from hanafuda_tui.history import (
    DB_NAME,
    SCHEMA_VERSION,
    HistoryError,
    HistoryStore,
    facts_of,
    player_stats,
)


def test_a_stored_game_keeps_its_record_and_the_totals_it_replays_to(tmp_path: Path) -> None:
    record, game = finished("koikoi3", 4)
    store = HistoryStore(tmp_path)
    game_id = store.add(record)
    [summary] = store.games()
    assert summary.id == game_id and summary.ruleset == "koikoi3"
    assert [s.score for s in summary.seats] == list(replay(store.record(game_id)).scores)
    assert [s.score for s in summary.seats] == game.scores
    assert [(s.name, s.player) for s in summary.seats] == [(s.name, s.player) for s in record.seats]
    assert summary.months == len(game.results)
    top = max(game.scores)
    assert [s.won for s in summary.seats] == [x == top for x in game.scores]
    assert store.record(game_id) == record


def test_the_same_record_is_kept_once(tmp_path: Path) -> None:
    record, _ = finished("koikoi2", 1, {"months": 3})
    store = HistoryStore(tmp_path)
    assert store.add(record) == store.add(record)
    assert store.count() == 1


def test_an_unfinished_record_is_refused(tmp_path: Path) -> None:
    record, _ = finished("koikoi2", 1, {"months": 3})
    cut = record.model_copy(update={"deals": record.deals[:1]})
    with pytest.raises(ValueError, match="ends before"):
        HistoryStore(tmp_path).add(cut)
    assert HistoryStore(tmp_path).count() == 0


def test_games_filter_by_ruleset_and_player(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    for ruleset, seed in (("koikoi3", 1), ("koikoi2", 2), ("koikoi2", 3)):
        store.add(finished(ruleset, seed, {"months": 3})[0])
    assert [g.ruleset for g in store.games()] == ["koikoi2", "koikoi2", "koikoi3"]
    assert len(store.games("koikoi2")) == 2
    assert len(store.games(player="あなた")) == 3
    assert len(store.games(player="easy")) == 1  # koikoi2 seats a human and a normal bot
    assert store.games(player="nobody") == []
    assert len(store.games(player="You")) == 3  # the default name in either language
    standing = {(s.ruleset, s.side, s.who): s for s in store.standings()}
    assert standing["koikoi2", "you", ""].games == 2
    assert standing["koikoi2", "bot", "normal"].games == 2


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from helpers.history import finished
    from hanafuda_tui.history import HistoryStore
    made = [finished("koikoi2", seed, {"months": 3})[0] for seed in range(int(sys.argv[2]), int(sys.argv[2]) + 12)]
    Path(sys.argv[1], "ready-" + sys.argv[2]).write_text("")
    while len(list(Path(sys.argv[1]).glob("ready-*"))) < 2:
        pass
    for record in made:
        HistoryStore(Path(sys.argv[1])).add(record, "sim")
    """
)


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    tests = str(Path(__file__).resolve().parents[1])
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(start), tests])
        for start in (0, 100)
    ]
    assert [w.wait(timeout=300) for w in writers] == [0, 0]
    store = HistoryStore(tmp_path)
    games = store.games(newest_first=False)
    assert len(games) == 24
    seeds = {
        finished("koikoi2", s, {"months": 3})[0].to_json() for s in [*range(12), *range(100, 112)]
    }
    assert {store.record(g.id).to_json() for g in games} == seeds


def held_for_a_moment(monkeypatch: pytest.MonkeyPatch, name: str, times: int) -> list[int]:
    """Make ``HistoryStore.<name>`` answer "database is locked" at once ``times`` times, as SQLite
    does while another process's last connection tidies the write-ahead log away; the calls."""
    real = getattr(HistoryStore, name)
    calls: list[int] = []

    def flaky(self: HistoryStore, *args: object) -> object:
        calls.append(1)
        if len(calls) <= times:
            raise sqlite3.OperationalError("database is locked")
        return real(self, *args)

    monkeypatch.setattr(HistoryStore, name, flaky)
    return calls


def test_a_database_held_for_a_moment_is_waited_for_not_given_up_or_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    HistoryStore(tmp_path).add(finished("koikoi2", 1, {"months": 3})[0])
    opened = held_for_a_moment(monkeypatch, "_migrate", 2)
    inserted = held_for_a_moment(monkeypatch, "_insert", 3)
    store = HistoryStore(tmp_path)
    store.add(finished("koikoi2", 2, {"months": 3})[0])
    assert (len(opened), len(inserted)) == (3, 4)
    assert store.problem == "" and store.notices == [] and store.count() == 2
    assert not list(tmp_path.glob("history-set-aside-*"))


def test_a_damaged_database_is_set_aside_and_a_new_one_started(tmp_path: Path) -> None:
    damaged = b"this is no database" * 100
    (tmp_path / DB_NAME).write_bytes(damaged)
    store = HistoryStore(tmp_path)
    record, _ = finished("koikoi2", 5, {"months": 3})
    store.add(record)
    [notice] = store.notices
    assert "\n" not in notice and "damaged" in notice and "set aside" in notice
    [aside] = tmp_path.glob("history-set-aside-*.sqlite3")
    assert aside.name in notice and aside.read_bytes() == damaged
    assert store.count() == 1 and store.problem == ""


def test_a_database_of_a_newer_schema_is_set_aside_untouched(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    store.add(finished("koikoi2", 5, {"months": 3})[0])
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    conn.close()
    again = HistoryStore(tmp_path)
    assert again.games() == []
    [notice] = again.notices
    assert f"schema {SCHEMA_VERSION + 1}" in notice and "newer" in notice
    [aside] = tmp_path.glob("history-set-aside-*.sqlite3")
    with sqlite3.connect(aside) as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)
        assert conn.execute("SELECT version FROM schema_version").fetchone() == (
            SCHEMA_VERSION + 1,
        )
    conn.close()


def test_the_schema_moves_on_from_an_older_version(tmp_path: Path) -> None:
    """A database of schema 1 (no facts yet) is migrated; its games' facts are counted after."""
    from hanafuda_tui.history.store import MIGRATIONS

    record, game = finished("koikoi3", 2)
    path = tmp_path / DB_NAME
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER)")
        conn.execute("INSERT INTO schema_version VALUES (1)")
        for statement in MIGRATIONS[0]:
            conn.execute(statement)
        conn.execute(
            "INSERT INTO games VALUES (1, 'x', '2020-01-01T00:00:00+00:00', 'table', 'koikoi3',"
            " '{}', 3, ?, ?, '[]', 0, ?)",
            (len(game.results), json.dumps(game.scores), record.to_json()),
        )
        for s, seat in enumerate(record.seats):
            conn.execute(
                "INSERT INTO seats VALUES (1, ?, ?, ?, ?, 0)",
                (s, seat.name, seat.player, game.scores[s]),
            )
    conn.close()
    store = HistoryStore(tmp_path)
    assert store.open() and store.notices == []
    assert store.query("SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
    assert store.query("SELECT COUNT(*) FROM facts") == [(0,)]
    assert store.refresh_facts() == 1
    assert store.query("SELECT COUNT(*) FROM facts")[0][0] > 0
    [me] = [s for s in store.standings() if s.side == "you"]
    assert sum(player_stats(store, me).yaku.values()) == len(
        [f for f in facts_of(game) if f.seat == 0 and f.kind == "yaku"]
    )
    assert load_record(store.query("SELECT record FROM games")[0][0]) == record


def test_a_directory_that_cannot_be_written_keeps_no_history_and_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    store = HistoryStore(blocker / "data")  # below a file: no directory can be made there
    assert not store.open()
    assert "data" in store.problem and "\n" not in store.problem
    assert store.games() == [] and store.standings() == []
    with pytest.raises(HistoryError):
        store.add(finished("koikoi2", 1, {"months": 3})[0])


def old_database(path: Path, version: int, years: list[tuple[str, list[tuple[str, str]]]]) -> None:
    """A database of schema ``version`` holding ``years`` (ruleset, seats as name and player),
    each a koikoi2 or koikoi3 year played by bots, as that version wrote them."""
    from hanafuda_tui.history.store import MIGRATIONS

    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER)")
        conn.execute("INSERT INTO schema_version VALUES (?)", (version,))
        for migration in MIGRATIONS[:version]:
            for statement in migration:
                conn.execute(statement)
        for game_id, (ruleset, seats) in enumerate(years, 1):
            record, game = finished(ruleset, game_id, {"months": 3})
            conn.execute(
                "INSERT INTO games VALUES (?, ?, '2020-01-01T00:00:00+00:00', 'table', ?,"
                " '{}', ?, ?, ?, '[]', 0, ?)",
                (game_id, str(game_id), ruleset, len(seats), len(game.results),
                 json.dumps(game.scores), record.to_json()),
            )  # fmt: skip
            for s, (name, player) in enumerate(seats):
                conn.execute(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?, 0)",
                    (game_id, s, name, player, game.scores[s]),
                )
    conn.close()


def test_default_names_of_either_language_are_one_player_after_the_schema_moves_on(
    tmp_path: Path,
) -> None:
    """Years stored by earlier versions name the same player "You" or "あなた" (the language
    shown then), the second hot-seat player "Player 2" or "プレイヤー2", a hosted seat "2": each
    is one player after the migration, a typed name stays its own."""
    old_database(
        tmp_path / DB_NAME,
        3,
        [
            ("koikoi2", [("You", "human"), ("Bot Plum", "normal")]),
            ("koikoi2", [("あなた", "human"), ("ボット・梅", "normal")]),
            ("koikoi2", [("Player 1", "human"), ("Player 2", "human")]),
            ("koikoi2", [("プレイヤー1", "human"), ("プレイヤー2", "human")]),
            ("koikoi2", [("1", "remote"), ("2", "remote")]),
            ("koikoi2", [("Alice", "human"), ("Bot Plum", "normal")]),
        ],
    )
    store = HistoryStore(tmp_path)
    assert store.open() and store.notices == []
    games = {(s.side, s.who): s.games for s in store.standings()}
    assert games == {
        ("you", ""): 2,
        ("seat", "1"): 3,
        ("seat", "2"): 3,
        ("player", "Alice"): 1,
        ("bot", "normal"): 3,
    }
    assert len(store.games(player="あなた")) == len(store.games(player="You")) == 2


def test_a_default_name_is_kept_as_the_seat_and_a_typed_one_as_typed(tmp_path: Path) -> None:
    record, _ = finished("koikoi2", 1, {"months": 3})
    store = HistoryStore(tmp_path)
    default = record.model_copy(
        update={"seats": [s.model_copy(update={"name": ""}) for s in record.seats]}
    )
    typed = record.model_copy(
        update={"seats": [record.seats[0].model_copy(update={"name": "You2"}), record.seats[1]]}
    )
    hot_seat = record.model_copy(
        update={"seats": [SeatRecord(name="", player="human"), SeatRecord(name="", player="human")]}
    )
    for r in (default, typed, hot_seat):
        store.add(r)
    games = {(s.side, s.who): s.games for s in store.standings()}
    assert games == {
        ("you", ""): 1,
        ("player", "You2"): 1,
        ("seat", "1"): 1,
        ("seat", "2"): 1,
        ("bot", "normal"): 2,
    }
    [hot, _, alone] = store.games()
    assert [(s.side, s.who) for s in alone.seats] == [("you", ""), ("bot", "normal")]
    assert [s.name for s in hot.seats] == ["", ""]


def _damage_past_the_first_pages(path: Path) -> None:
    """Overwrite every page after the second (the schema and its version still read)."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.close()
    assert pages > 4
    with path.open("r+b") as f:
        f.seek(2 * size)
        f.write(b"\xff" * (pages - 2) * size)


def test_a_database_damaged_past_its_first_page_is_set_aside(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    for seed in range(4):
        store.add(finished("koikoi2", seed, {"months": 3})[0])
    _damage_past_the_first_pages(tmp_path / DB_NAME)
    again = HistoryStore(tmp_path)
    assert again.games() == [] and again.problem == ""
    [notice] = again.notices
    assert "damaged" in notice and "set aside" in notice and "\n" not in notice
    assert len(list(tmp_path.glob("history-set-aside-*.sqlite3"))) == 1
    record = finished("koikoi2", 9, {"months": 3})[0]
    assert again.add(record) == 1 and again.record(1) == record


def test_a_database_without_its_games_table_is_set_aside(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    store.add(finished("koikoi2", 5, {"months": 3})[0])
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("DROP TABLE games")
    conn.close()
    again = HistoryStore(tmp_path)
    assert again.games() == []
    [notice] = again.notices
    assert "no games table" in notice and "set aside" in notice
    assert again.add(finished("koikoi2", 6, {"months": 3})[0]) == 1


def test_an_id_beyond_sqlite_integers_is_no_game(tmp_path: Path) -> None:
    store = HistoryStore(tmp_path)
    with pytest.raises(HistoryError, match="no game"):
        store.record(10**29)


class _InterruptedAfterCommit:
    """A connection on which Ctrl+C lands just as a COMMIT has returned."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __getattr__(self, name: str) -> object:
        return getattr(self.conn, name)

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        cursor = self.conn.execute(sql, *args)
        if sql == "COMMIT":
            raise KeyboardInterrupt
        return cursor


def test_ctrl_c_just_after_a_game_is_stored_stays_an_interruption(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = HistoryStore(tmp_path)
    assert store.open()
    connect = HistoryStore._connect

    @contextlib.contextmanager
    def interrupted(self: HistoryStore) -> Iterator[object]:
        with connect(self) as conn:
            yield _InterruptedAfterCommit(conn)

    monkeypatch.setattr(HistoryStore, "_connect", interrupted)
    record = finished("koikoi2", 5, {"months": 3})[0]
    with pytest.raises(KeyboardInterrupt):
        store.add(record)
    monkeypatch.undo()
    assert store.count() == 1
