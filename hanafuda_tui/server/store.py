"""The server's SQLite database: players, tables, who sat them, and ratings.

One file, opened once by the server (``ServerStore.open``) in WAL mode with foreign keys on. The
schema is numbered (``schema_version``) and moved on by ``MIGRATIONS`` in order, as the history's
is (``history/store.py``). Every write is one transaction (``BEGIN IMMEDIATE``).

Unlike the history, the server never sets a database aside: a file that is no SQLite database, is
damaged (``PRAGMA quick_check`` reads it whole when it is opened), is another program's, or was
written by a newer schema, is refused with a ``StoreError`` of one line, and the server does not
start on it.

Players' display names are unique by their key (``identity.name_key``: NFKC, case folded); only
a hash of each player's token is kept. A table's ``state`` is ``waiting`` (seats free),
``playing``, ``finished`` (its seats' totals and record kept) or ``closed`` (left before it
finished). ``rating_history`` has one row per player and table, so a table's year is counted in
the ratings once however often it is applied (``ratings.py``).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from ..history.schema import SchemaError, migrate, one_line

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE players (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            token_hash TEXT NOT NULL,
            is_bot INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
            created TEXT NOT NULL
        )""",
        """CREATE TABLE tables (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            ruleset TEXT NOT NULL,
            options TEXT NOT NULL,
            seats INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 6),
            state TEXT NOT NULL DEFAULT 'waiting'
                CHECK (state IN ('waiting', 'playing', 'finished', 'closed')),
            rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
            time_control TEXT NOT NULL,
            invite_hash TEXT,
            record TEXT,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )""",
        "CREATE INDEX tables_by_state ON tables (state, id)",
        """CREATE TABLE table_seats (
            table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player_id INTEGER NOT NULL REFERENCES players (id),
            total INTEGER,
            PRIMARY KEY (table_id, seat),
            UNIQUE (table_id, player_id)
        )""",
        "CREATE INDEX table_seats_by_player ON table_seats (player_id)",
        """CREATE TABLE ratings (
            player_id INTEGER NOT NULL REFERENCES players (id),
            ruleset TEXT NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (player_id, ruleset)
        )""",
        "CREATE INDEX ratings_by_ruleset ON ratings (ruleset)",
        """CREATE TABLE rating_history (
            player_id INTEGER NOT NULL REFERENCES players (id),
            ruleset TEXT NOT NULL,
            table_id INTEGER NOT NULL REFERENCES tables (id),
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            at TEXT NOT NULL,
            UNIQUE (player_id, table_id)
        )""",
        "CREATE INDEX rating_history_by_table ON rating_history (table_id)",
    ),
    ("ALTER TABLE tables ADD COLUMN clocks TEXT",),
)
"""Schema version ``n`` is reached by running ``MIGRATIONS[n - 1]`` (version 1: players, tables
and their seats, ratings and their history; version 2: each table's clocks, as JSON)."""
SCHEMA_VERSION = len(MIGRATIONS)
BUSY_MS = 10_000
"""How long a write waits for another writer (ms) before it gives up."""

TableState = Literal["waiting", "playing", "finished", "closed"]
Clock = Callable[[], datetime]


class StoreError(Exception):
    """One line: why the database cannot be opened or written (damaged, another program's, a
    newer schema, a directory that cannot be written)."""


class NameTaken(StoreError):
    """Another player has that name (compared by its key)."""


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    """As the player chose it: always shown literally, never read as markup."""
    is_bot: bool
    created: str


@dataclass(frozen=True)
class TableRow:
    id: int
    ruleset: str
    options: str
    """The ruleset's options as JSON."""
    seats: int
    state: TableState
    rated: bool
    time_control: str
    """The time control as JSON (``protocol.TimeControl``)."""
    invite_hash: str | None
    """The hash of a private table's invite code; None: an open table."""
    record: str | None
    created: str
    updated: str
    players: tuple[int | None, ...]
    """The player at each seat; None: free."""
    totals: tuple[int | None, ...]
    """Each seat's total when the table finished."""
    clocks: str | None = None
    """The time control's state in play as JSON (whose move since when, what is left)."""


def now_utc() -> datetime:
    return datetime.now(UTC)


class ServerStore:
    """The server's database at ``path``; ``open`` it before use, ``close`` it at the end."""

    def __init__(self, path: Path, clock: Clock = now_utc, busy_ms: int = BUSY_MS) -> None:
        self.path = path
        self.clock = clock
        self.busy_ms = busy_ms
        self._conn: sqlite3.Connection | None = None

    # -- the connection and the schema ----------------------------------------------------------

    def open(self) -> ServerStore:
        """Open the database (created, or moved on to the current schema); StoreError with one
        line if it cannot be."""
        if self._conn is not None:
            return self
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(f"{self.path.parent}: {err.strerror or err}") from None
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_ms / 1000, isolation_level=None)
        except sqlite3.Error as err:
            raise StoreError(f"{self.path}: {one_line(err)}") from None
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_ms)}")
            migrate(conn, MIGRATIONS, "hanafuda server")
            conn.execute("PRAGMA foreign_keys = ON")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"{self.path}: cannot use WAL mode (journal mode {mode})")
            conn.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash
        except sqlite3.Error as err:
            conn.close()
            raise StoreError(f"{self.path}: {_described(err)}") from None
        except (SchemaError, StoreError) as err:
            conn.close()
            raise StoreError(f"{self.path}: {err}") from None
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        return self

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> ServerStore:
        return self.open()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"{self.path}: not open")
        return self._conn

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``): committed whole, or rolled back if
        anything in it raises. An SQLite error is a StoreError of one line."""
        conn = self.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:  # Ctrl+C may land just after COMMIT
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as err:
            raise StoreError(f"{self.path}: {one_line(err)}") from None

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query."""
        try:
            return list(self.conn.execute(sql, tuple(params)).fetchall())
        except sqlite3.Error as err:
            raise StoreError(f"{self.path}: {one_line(err)}") from None

    def now(self) -> str:
        """The clock's time, ISO 8601 in UTC to the second."""
        return self.clock().astimezone(UTC).isoformat(timespec="seconds")

    # -- players --------------------------------------------------------------------------------

    def add_player(self, name: str, name_key: str, token_hash: str, is_bot: bool = False) -> Player:
        """A new player; NameTaken if another has the same ``name_key``."""
        created = self.now()
        with self.transaction() as conn:
            taken = conn.execute("SELECT 1 FROM players WHERE name_key = ?", (name_key,)).fetchone()
            if taken:
                raise NameTaken(f"the name {name!r} is taken")
            cur = conn.execute(
                "INSERT INTO players (name, name_key, token_hash, is_bot, created)"
                " VALUES (?, ?, ?, ?, ?)",
                (name, name_key, token_hash, int(is_bot), created),
            )
        return Player(int(cur.lastrowid or 0), name, is_bot, created)

    def player(self, player_id: int) -> Player | None:
        rows = self.query(
            "SELECT id, name, is_bot, created FROM players WHERE id = ?", (_id(player_id),)
        )
        return Player(rows[0][0], rows[0][1], bool(rows[0][2]), rows[0][3]) if rows else None

    def token_hash(self, player_id: int) -> str | None:
        """The stored hash of a player's token; None: no such player."""
        rows = self.query("SELECT token_hash FROM players WHERE id = ?", (_id(player_id),))
        return str(rows[0][0]) if rows else None

    def player_named(self, name_key: str) -> Player | None:
        rows = self.query(
            "SELECT id, name, is_bot, created FROM players WHERE name_key = ?", (name_key,)
        )
        return Player(rows[0][0], rows[0][1], bool(rows[0][2]), rows[0][3]) if rows else None

    # -- tables ---------------------------------------------------------------------------------

    def add_table(
        self,
        ruleset: str,
        options: str,
        seats: int,
        rated: bool,
        time_control: str,
        invite_hash: str | None = None,
    ) -> int:
        """A new table, waiting for players; its id."""
        at = self.now()
        with self.transaction() as conn:
            cur = conn.execute(
                "INSERT INTO tables (ruleset, options, seats, rated, time_control, invite_hash,"
                " created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (ruleset, options, seats, int(rated), time_control, invite_hash, at, at),
            )
        return int(cur.lastrowid or 0)

    def seat_player(self, table_id: int, seat: int, player_id: int) -> None:
        """Sit ``player_id`` at a free seat of a waiting table; StoreError (one line) if the seat
        is taken, the player sits there already, or the table waits for no one."""
        with self.transaction() as conn:
            row = conn.execute(
                "SELECT state, seats FROM tables WHERE id = ?", (_id(table_id),)
            ).fetchone()
            if row is None or row[0] != "waiting" or not 0 <= seat < row[1]:
                raise StoreError(f"table {table_id} has no free seat {seat}")
            try:
                conn.execute(
                    "INSERT INTO table_seats (table_id, seat, player_id) VALUES (?, ?, ?)",
                    (table_id, seat, player_id),
                )
            except sqlite3.IntegrityError:
                raise StoreError(
                    f"table {table_id}: seat {seat} is taken, or player {player_id} sits there"
                ) from None
            self._touch(conn, table_id)

    def leave_seat(self, table_id: int, player_id: int) -> None:
        """A player leaves a table that has not started."""
        with self.transaction() as conn:
            conn.execute(
                "DELETE FROM table_seats WHERE table_id = ? AND player_id = ? AND table_id IN"
                " (SELECT id FROM tables WHERE state = 'waiting')",
                (_id(table_id), player_id),
            )
            self._touch(conn, table_id)

    def set_state(self, table_id: int, state: TableState) -> None:
        """Move a table to ``playing`` or ``closed`` (``finish`` ends it with its totals)."""
        if state == "finished":
            raise StoreError("a table is finished with its totals (finish)")
        with self.transaction() as conn:
            conn.execute("UPDATE tables SET state = ? WHERE id = ?", (state, _id(table_id)))
            self._touch(conn, table_id)

    def finish(self, table_id: int, totals: Sequence[int], record: str) -> None:
        """The table's year is over: each seat's total and the record, in one transaction."""
        with self.transaction() as conn:
            row = conn.execute("SELECT seats FROM tables WHERE id = ?", (_id(table_id),)).fetchone()
            if row is None or len(totals) != row[0]:
                raise StoreError(f"table {table_id}: {len(totals)} totals for its seats")
            conn.executemany(
                "UPDATE table_seats SET total = ? WHERE table_id = ? AND seat = ?",
                [(total, table_id, seat) for seat, total in enumerate(totals)],
            )
            conn.execute(
                "UPDATE tables SET state = 'finished', record = ? WHERE id = ?", (record, table_id)
            )
            self._touch(conn, table_id)

    def save_play(self, table_id: int, record: str, clocks: str | None) -> None:
        """A table in play: its record so far and its clocks, kept after every action."""
        with self.transaction() as conn:
            conn.execute(
                "UPDATE tables SET record = ?, clocks = ?, updated = ? WHERE id = ?",
                (record, clocks, self.now(), _id(table_id)),
            )

    def save_clocks(self, table_id: int, clocks: str) -> None:
        """A table in play's clocks, kept when a decision starts or ends."""
        with self.transaction() as conn:
            conn.execute("UPDATE tables SET clocks = ? WHERE id = ?", (clocks, _id(table_id)))

    def unrated(self) -> list[int]:
        """The finished rated tables whose year is not yet in the ratings, oldest first."""
        rows = self.query(
            "SELECT id FROM tables t WHERE state = 'finished' AND rated = 1 AND NOT EXISTS"
            " (SELECT 1 FROM rating_history h WHERE h.table_id = t.id) ORDER BY id"
        )
        return [r[0] for r in rows]

    def table(self, table_id: int) -> TableRow | None:
        rows = self.query(
            "SELECT id, ruleset, options, seats, state, rated, time_control, invite_hash, record,"
            " created, updated, clocks FROM tables WHERE id = ?",
            (_id(table_id),),
        )
        if not rows:
            return None
        r = rows[0]
        players: list[int | None] = [None] * r[3]
        totals: list[int | None] = [None] * r[3]
        for seat, player, total in self.query(
            "SELECT seat, player_id, total FROM table_seats WHERE table_id = ?", (table_id,)
        ):
            players[seat] = player
            totals[seat] = total
        return TableRow(
            id=r[0],
            ruleset=r[1],
            options=r[2],
            seats=r[3],
            state=r[4],
            rated=bool(r[5]),
            time_control=r[6],
            invite_hash=r[7],
            record=r[8],
            created=r[9],
            updated=r[10],
            players=tuple(players),
            totals=tuple(totals),
            clocks=r[11],
        )

    def tables_in(self, state: TableState, limit: int = 100) -> list[int]:
        """The ids of the tables in ``state``, oldest first."""
        rows = self.query(
            "SELECT id FROM tables WHERE state = ? ORDER BY id LIMIT ?", (state, int(limit))
        )
        return [r[0] for r in rows]

    def _touch(self, conn: sqlite3.Connection, table_id: int) -> None:
        conn.execute("UPDATE tables SET updated = ? WHERE id = ?", (self.now(), table_id))


def _id(value: int) -> int:
    """An id as SQLite can bind it (beyond its integers: an id no row has)."""
    return value if -(1 << 63) <= value < 1 << 63 else -1


def _described(err: sqlite3.Error) -> str:
    """An SQLite error on opening, said as what it means for the file."""
    text = one_line(err)
    if "not a database" in text or "malformed" in text:
        return f"damaged or not a database ({text})"
    return text
