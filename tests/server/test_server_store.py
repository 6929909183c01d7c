"""The server's database: made from nothing or an empty file, WAL mode and foreign keys on, and a
file that is no server database of this version refused in one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hanafuda_tui.server.store import SCHEMA_VERSION, NameTaken, ServerStore, StoreError


def test_an_empty_file_is_moved_on_to_the_current_schema(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite3"
    path.touch()
    with ServerStore(path) as store:
        assert store.query("SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
        tables = {r[0] for r in store.query("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"players", "tables", "table_seats", "ratings", "rating_history"} <= tables
    with ServerStore(path) as store:  # opened again: nothing to do, nothing lost
        assert store.query("SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]


def test_the_database_is_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    with ServerStore(tmp_path / "server.sqlite3") as store:
        assert store.query("PRAGMA journal_mode") == [("wal",)]
        assert store.query("PRAGMA foreign_keys") == [(1,)]
        with pytest.raises(StoreError) as caught:
            store.seat_player(store.add_table("koikoi3", "{}", 3, True, "{}"), 0, 999)
        assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"these are not the pages of a database\n" * 200, "damaged or not a database"),
        (b"SQLite format 3\x00" + b"\xff" * 2000, "damaged or not a database"),
    ],
)
def test_a_file_that_is_no_database_is_refused_in_one_line(
    tmp_path: Path, content: bytes, said: str
) -> None:
    path = tmp_path / "server.sqlite3"
    path.write_bytes(content)
    with pytest.raises(StoreError) as caught:
        ServerStore(path).open()
    line = str(caught.value)
    assert "\n" not in line and line.startswith(str(path)) and said in line
    assert path.read_bytes() == content


def test_another_program_s_database_and_a_newer_schema_are_refused(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(StoreError, match="not a hanafuda server database"):
        ServerStore(foreign).open()

    newer = tmp_path / "newer.sqlite3"
    ServerStore(newer).open().close()
    conn = sqlite3.connect(newer)
    conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    conn.commit()
    conn.close()
    with pytest.raises(
        StoreError, match=f"newer version of hanafuda-tui \\(schema {SCHEMA_VERSION + 1}"
    ):
        ServerStore(newer).open()


def test_a_directory_in_the_way_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "server.sqlite3").mkdir()
    with pytest.raises(StoreError) as caught:
        ServerStore(tmp_path / "server.sqlite3").open()
    assert "\n" not in str(caught.value)


def test_names_are_unique_by_key_and_a_table_keeps_its_seats_and_totals(tmp_path: Path) -> None:
    with ServerStore(tmp_path / "server.sqlite3") as store:
        a = store.add_player("Hana", "hana", "h1")
        with pytest.raises(NameTaken):
            store.add_player("HANA", "hana", "h2")
        b = store.add_player("Tsuki", "tsuki", "h3", is_bot=True)
        table = store.add_table("koikoi2", '{"months": 12}', 2, True, '{"kind": "turns"}')
        store.seat_player(table, 0, a.id)
        with pytest.raises(StoreError, match="taken"):
            store.seat_player(table, 1, a.id)
        store.seat_player(table, 1, b.id)
        store.set_state(table, "playing")
        with pytest.raises(StoreError, match="no free seat"):
            store.seat_player(table, 1, b.id)
        store.finish(table, [30, -30], "{}")
        row = store.table(table)
        assert row is not None
        assert (row.state, row.players, row.totals) == ("finished", (a.id, b.id), (30, -30))
        assert store.player(b.id) == b and b.is_bot
        assert store.player(1 << 70) is None
