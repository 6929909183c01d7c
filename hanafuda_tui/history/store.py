"""Finished games in an SQLite database of the data directory: the record beside summary columns.

Each year is one row of ``games`` (ruleset, options, date, months, the record's JSON) with one row
per seat in ``seats`` (name, player, final score, whether it won) and its facts in ``facts`` (each
yaku made, こいこい calls, 下げ, 出る・下る: see ``facts``), so statistics are queries. The schema is
numbered (``schema_version``) and moved on by ``MIGRATIONS`` in order. Every write is one
transaction (``BEGIN IMMEDIATE``) on a connection opened for it alone, with a busy timeout, so two
app instances and a ``hanafuda sim --history`` can write at once.

A database that cannot be read (damaged anywhere: ``PRAGMA quick_check`` reads it whole when it is
opened), lacks a table of its schema, or was written by a newer schema, is set aside (renamed, never
deleted) and a new one started; ``notices`` says so in one line. A directory that cannot be written
leaves ``problem`` set: the history is not kept and nothing else stops.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from ..core.game import Game
from ..core.records import (
    HUMAN,
    PEOPLE,
    REMOTE,
    GameRecord,
    RecordError,
    SeatRecord,
    default_name,
    load_record,
    replay,
)
from .facts import FACTS_VERSION, Fact, facts_of
from .schema import SchemaError, migrate, one_line

DB_NAME = "history.sqlite3"
T = TypeVar("T")

BUSY_MS = 30_000
"""How long a write waits for another writer (ms) before it gives up."""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            digest TEXT NOT NULL UNIQUE,
            finished_at TEXT NOT NULL,
            source TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            options TEXT NOT NULL,
            seated INTEGER NOT NULL,
            months INTEGER NOT NULL,
            scores TEXT NOT NULL,
            winners TEXT NOT NULL,
            advice INTEGER NOT NULL,
            record TEXT NOT NULL
        )""",
        "CREATE INDEX games_by_ruleset ON games (ruleset, id)",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            player TEXT NOT NULL,
            score INTEGER NOT NULL,
            won INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        "CREATE INDEX seats_by_name ON seats (name)",
        "CREATE INDEX seats_by_player ON seats (player)",
    ),
    (
        """CREATE TABLE facts (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            outcome TEXT NOT NULL,
            count INTEGER NOT NULL,
            amount INTEGER NOT NULL
        )""",
        "CREATE INDEX facts_by_game ON facts (game_id, seat)",
        "CREATE TABLE facts_done (game_id INTEGER PRIMARY KEY, version INTEGER NOT NULL)",
    ),
    (
        """CREATE TABLE fact_totals (
            ruleset TEXT NOT NULL,
            who_kind TEXT NOT NULL,
            who TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            outcome TEXT NOT NULL,
            count INTEGER NOT NULL,
            amount INTEGER NOT NULL,
            PRIMARY KEY (ruleset, who_kind, who, kind, name, outcome)
        )""",
    ),
    (
        "ALTER TABLE seats ADD COLUMN side TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE seats ADD COLUMN who TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE games ADD COLUMN played_on_from TEXT NOT NULL DEFAULT ''",
        "{IDENTITIES}",
        "CREATE INDEX seats_by_who ON seats (side, who)",
        "DELETE FROM fact_totals",
        "{TOTALS}",
    ),
)
"""Schema version ``n`` is reached by running ``MIGRATIONS[n - 1]`` (version 1: games and seats;
2: the facts of each game, and which games' facts are counted by which ``FACTS_VERSION``;
3: the facts added up per ruleset and player, kept up as games are stored, so a player's
statistics read a few rows however many games are kept; 4: who sat each seat (``identity``), the
default names of earlier versions in either language read as the player they stand for, and the
totals added up again by it; the digest of the record a year was played on from)."""
SCHEMA_VERSION = len(MIGRATIONS)

TOTALS = (
    "SELECT g.ruleset, s.side, s.who, f.kind, f.name, f.outcome, SUM(f.count), SUM(f.amount)"
    " FROM facts f JOIN seats s ON s.game_id = f.game_id AND s.seat = f.seat"
    " JOIN games g ON g.id = f.game_id GROUP BY 1, 2, 3, 4, 5, 6"
)
"""Every stored fact added up per ruleset, player (``identity``), kind, name and outcome."""

YOU_NAMES = ("あなた", "You")
"""The default name of the one person at the keyboard, as earlier versions wrote it."""
SEAT_NAMES = ("プレイヤー{n}", "Player {n}", "席{n}", "Seat {n}")
"""Other people's default names (``n`` the seat's number), as earlier versions wrote them."""


def identity(seats: Sequence[SeatRecord], seat: int) -> tuple[str, str]:
    """Who sat ``seat``, whatever language named them: ``("bot", level)``, ``("you", "")`` (the
    one person playing bots at this keyboard under the default name), ``("seat", n)`` (a person
    at seat ``n`` under the default name, where several play) or ``("player", name)`` (a person
    by the name they gave). A name earlier versions wrote as a default counts as that default."""
    record = seats[seat]
    if record.player not in PEOPLE:
        return "bot", record.player
    n = str(seat + 1)
    if record.name in YOU_NAMES and record.player == HUMAN:
        return "you", ""
    if record.name in [w.format(n=n) for w in SEAT_NAMES] or (
        record.name == n and record.player == REMOTE  # a hosted seat's default until now
    ):
        return "seat", n
    if record.name:
        return "player", record.name
    kind, _ = default_name(seats, seat)
    return ("you", "") if kind == "you" else ("seat", n)


class HistoryError(Exception):
    """A one-line reason the history cannot do what was asked (no such game, cannot write);
    ``stored``: of the games given to store, how many were stored before it stopped."""

    def __init__(self, reason: str, stored: int = 0) -> None:
        super().__init__(reason)
        self.stored = stored


class SeatSummary(BaseModel):
    seat: int
    name: str
    """As typed; empty: the seat's default name."""
    player: str
    """``human``, ``remote`` or a bot spec."""
    side: str
    """Who sat it (``identity``): ``you``, ``seat``, ``player`` or ``bot``..."""
    who: str
    """...and which one: the seat's number, the name or the bot level."""
    score: int
    won: bool


class GameSummary(BaseModel):
    """One stored game without its record."""

    id: int
    finished_at: str
    """When it was stored, ISO 8601 in UTC."""
    source: str
    """``table`` (played in the app) or ``sim``."""
    ruleset: str
    options: dict[str, Any]
    months: int
    """The deals played (each 流れ too)."""
    advice: bool
    seats: list[SeatSummary]
    played_on_from: str = ""
    """The digest of the record this year was played on from (a review's position), if any..."""
    origin: int | None = None
    """...and that year's id here, if it is kept here."""

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


class Standing(BaseModel):
    """One player (``identity``) in one ruleset."""

    ruleset: str
    side: str
    """``you``, ``seat`` (a person by seat number), ``player`` (by name) or ``bot`` (by level)."""
    who: str
    games: int
    """Years played, each once however many seats it sat."""
    wins: int
    """Years it ended with the top score (shared or not), each once."""
    average: float
    best: int
    worst: int


@dataclass
class Prepared:
    """What is written for one game: everything computed before the transaction starts."""

    digest: str
    ruleset: str
    options: str
    seated: int
    months: int
    scores: list[int]
    winners: list[int]
    advice: bool
    record: str
    played_on_from: str
    seats: list[tuple[str, str]]
    identities: list[tuple[str, str]]
    facts: list[Fact]


def winners_of(scores: Sequence[int]) -> list[int]:
    """The seats with the top score; none when every seat ties (no one won the year)."""
    top = max(scores)
    tops = [s for s, x in enumerate(scores) if x == top]
    return [] if len(tops) == len(scores) else tops


def prepare(record: GameRecord, game: Game | None = None) -> Prepared:
    """The summary and facts of a finished game from its record (replayed with its events, unless
    ``game`` is that replay); RecordError if the record is not a whole finished year."""
    text = record.to_json()
    if game is None or not game.logging:
        game = replay(record)
    if not game.is_over:
        raise RecordError("the record ends before the game does")
    scores = list(game.scores)
    return Prepared(
        digest=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        ruleset=record.ruleset,
        options=json.dumps(record.options, ensure_ascii=False, sort_keys=True),
        seated=len(record.seats),
        months=len(game.results),
        scores=scores,
        winners=winners_of(scores),
        advice=record.advice,
        record=text,
        played_on_from=record.played_on_from,
        seats=[(s.name, s.player) for s in record.seats],
        identities=[identity(record.seats, i) for i in range(len(record.seats))],
        facts=facts_of(game),
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class HistoryStore:
    """The history database in ``directory`` (the data directory; the app's and ``sim``'s)."""

    def __init__(self, directory: Path, name: str = DB_NAME, busy_ms: int = BUSY_MS) -> None:
        self.directory = directory
        self.path = directory / name
        self.busy_ms = busy_ms
        self.problem = ""
        """Why the history cannot be kept here (the directory cannot be written), else empty."""
        self.notices: list[str] = []
        """One line for each database set aside (damaged, or of a newer schema)."""
        self._ready = False

    # -- connections and the schema -------------------------------------------------------------

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection of its own for one piece of work (autocommit: transactions are explicit)."""
        conn = sqlite3.connect(self.path, timeout=self.busy_ms / 1000, isolation_level=None)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_ms)}")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash
            yield conn
        finally:
            conn.close()

    def open(self) -> bool:
        """Make the database ready (created, or moved on to the current schema); a damaged one, or
        one of a newer schema, is set aside and a new one made. False, with ``problem`` set, if
        the history cannot be kept here."""
        if self._ready:
            return True
        if self.problem:
            return False
        for _ in range(3):
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
                self._patiently(self._migrate)
                self._ready = True
                return True
            except SchemaError as why:
                if not self._set_aside(str(why)):
                    return False
            except sqlite3.DatabaseError as err:
                if _unwritable(err) or not self.path.exists():
                    self.problem = f"{self.path}: {one_line(err)}"
                    return False
                if not self._set_aside(f"damaged ({one_line(err)})"):
                    return False
            except OSError as err:
                self.problem = f"{self.directory}: {err.strerror or err}"
                return False
        self.problem = f"{self.path}: cannot be opened"
        return False

    def _patiently(self, work: Callable[[], T]) -> T:
        """``work``, done again while another process holds the database for a moment (SQLite
        answers "locked" at once, without waiting, while a process's last connection tidies the
        write-ahead log away), for up to the busy timeout."""
        deadline = time.monotonic() + self.busy_ms / 1000
        wait = 0.01
        while True:
            try:
                return work()
            except sqlite3.OperationalError as err:
                if not _busy(err) or time.monotonic() + wait > deadline:
                    raise
            time.sleep(wait)
            wait = min(wait * 2, 0.5)

    def _migrate(self) -> None:
        with self._connect() as conn:
            run = {"{IDENTITIES}": _set_identities, "{TOTALS}": _add_up_totals}
            migrate(conn, MIGRATIONS, "history", run)

    def _set_aside(self, why: str) -> bool:
        """Rename the database (and its journal files) out of the way; say so in ``notices``."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1, 1000):
            target = self.path.with_name(f"history-set-aside-{stamp}{'' if n == 1 else f'-{n}'}")
            target = target.with_suffix(".sqlite3")
            if target.exists():
                continue
            try:
                os.rename(self.path, target)
            except FileNotFoundError:  # another process set it aside first
                return True
            except OSError as err:
                self.problem = f"{self.path}: {why}; cannot set it aside: {err.strerror or err}"
                return False
            for suffix in ("-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.rename(f"{self.path}{suffix}", f"{target}{suffix}")
            self.notices.append(f"history {self.path}: {why}; set aside as {target.name}")
            return True
        self.problem = f"{self.path}: {why}; no free name to set it aside"
        return False

    # -- writing ------------------------------------------------------------------------------

    def add(self, record: GameRecord, source: str = "table", game: Game | None = None) -> int:
        """Store a finished game (its summary, seats, facts and record) in one transaction; its
        id. The same record stored again is kept once (the id of the first). HistoryError if
        it cannot be written, RecordError if the record is no finished game."""
        return self.add_prepared([prepare(record, game)], source)[0]

    def add_prepared(self, games: Sequence[Prepared], source: str) -> list[int]:
        """Store games, one transaction each, on one connection; their ids. HistoryError, saying
        how many were stored, at the first that cannot be."""
        if not self.open():
            raise HistoryError(self.problem)
        ids: list[int] = []
        try:
            with self._connect() as conn:
                for p in games:
                    ids.append(self._patiently(functools.partial(self._insert, conn, p, source)))
        except sqlite3.Error as err:
            raise HistoryError(f"{self.path}: {one_line(err)}", len(ids)) from None
        return ids

    def _insert(self, conn: sqlite3.Connection, p: Prepared, source: str) -> int:
        conn.execute("BEGIN IMMEDIATE")
        try:
            row = conn.execute("SELECT id FROM games WHERE digest = ?", (p.digest,)).fetchone()
            if row is not None:
                conn.execute("COMMIT")
                return int(row[0])
            cur = conn.execute(
                "INSERT INTO games (digest, finished_at, source, ruleset, options, seated, months,"
                " scores, winners, advice, record, played_on_from)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    p.digest,
                    _now(),
                    source,
                    p.ruleset,
                    p.options,
                    p.seated,
                    p.months,
                    json.dumps(p.scores),
                    json.dumps(p.winners),
                    int(p.advice),
                    p.record,
                    p.played_on_from,
                ),
            )
            game_id = int(cur.lastrowid or 0)
            conn.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (game_id, s, name, player, p.scores[s], int(s in p.winners), *p.identities[s])
                    for s, (name, player) in enumerate(p.seats)
                ],
            )
            _write_facts(conn, game_id, p.facts)
            _add_totals(conn, p)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # Ctrl+C may land just after COMMIT
                conn.execute("ROLLBACK")
            raise
        return game_id

    def refresh_facts(self, limit: int | None = None) -> int:
        """Count again the facts of games counted by an older ``FACTS_VERSION`` (or not at all),
        each game in its own transaction; how many were counted."""
        if not self.open():
            return 0
        try:
            return self._refresh_facts(limit)
        except sqlite3.Error as err:
            raise HistoryError(f"{self.path}: {one_line(err)}") from None

    def _refresh_facts(self, limit: int | None) -> int:
        done = 0
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT g.id, g.record FROM games g LEFT JOIN facts_done d ON d.game_id = g.id"
                " WHERE d.version IS NULL OR d.version <> ? ORDER BY g.id"
                + ("" if limit is None else f" LIMIT {int(limit)}"),
                (FACTS_VERSION,),
            ).fetchall()
            for game_id, text in rows:
                try:
                    facts = facts_of(replay(load_record(text)))
                except (RecordError, ValueError):
                    facts = []
                conn.execute("BEGIN IMMEDIATE")
                try:
                    conn.execute("DELETE FROM facts WHERE game_id = ?", (game_id,))
                    _write_facts(conn, game_id, facts)
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:  # Ctrl+C may land just after COMMIT
                        conn.execute("ROLLBACK")
                    raise
                done += 1
            if done:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("DELETE FROM fact_totals")
                _add_up_totals(conn)
                conn.execute("COMMIT")
        return done

    # -- reading ------------------------------------------------------------------------------

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of a read-only query ([] where there is no history)."""
        if not self.open():
            return []
        try:
            with self._connect() as conn:
                return list(conn.execute(sql, tuple(params)).fetchall())
        except sqlite3.Error as err:
            raise HistoryError(f"{self.path}: {one_line(err)}") from None

    def games(
        self,
        ruleset: str | None = None,
        player: str | None = None,
        limit: int | None = None,
        newest_first: bool = True,
    ) -> list[GameSummary]:
        """Stored games, newest first; ``player`` a name (a human seat's) or a bot level."""
        where, params = _where(ruleset, player)
        order = "DESC" if newest_first else "ASC"
        games = self.query(
            "SELECT g.id, g.finished_at, g.source, g.ruleset, g.options, g.months, g.advice,"
            " g.played_on_from, (SELECT o.id FROM games o WHERE o.digest = g.played_on_from)"
            f" FROM games g {where} ORDER BY g.id {order}"
            + ("" if limit is None else f" LIMIT {int(limit)}"),
            params,
        )
        if not games:
            return []
        seats: dict[int, list[SeatSummary]] = {}
        ids = [g[0] for g in games]
        for chunk in range(0, len(ids), 500):
            part = ids[chunk : chunk + 500]
            marks = ",".join("?" * len(part))
            for game_id, seat, name, player, score, won, side, who in self.query(
                f"SELECT game_id, seat, name, player, score, won, side, who FROM seats"
                f" WHERE game_id IN ({marks}) ORDER BY game_id, seat",
                part,
            ):
                seats.setdefault(game_id, []).append(
                    SeatSummary(
                        seat=seat,
                        name=name,
                        player=player,
                        side=side,
                        who=who,
                        score=score,
                        won=bool(won),
                    )
                )
        return [
            GameSummary(
                id=g[0],
                finished_at=g[1],
                source=g[2],
                ruleset=g[3],
                options=json.loads(g[4]),
                months=g[5],
                advice=bool(g[6]),
                seats=seats.get(g[0], []),
                played_on_from=g[7],
                origin=g[8],
            )
            for g in games
        ]

    def record(self, game_id: int) -> GameRecord:
        """The record of game ``game_id``; HistoryError if there is none."""
        if not -(1 << 63) <= game_id < 1 << 63:  # beyond SQLite's integers: no such id
            raise HistoryError(f"no game {game_id} in the history ({self.path})")
        rows = self.query("SELECT record FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise HistoryError(f"no game {game_id} in the history ({self.path})")
        try:
            return load_record(rows[0][0])
        except RecordError as err:
            raise HistoryError(f"game {game_id}: {err}") from None

    def count(self, ruleset: str | None = None, player: str | None = None) -> int:
        where, params = _where(ruleset, player)
        rows = self.query(f"SELECT COUNT(*) FROM games g {where}", params)
        return int(rows[0][0]) if rows else 0

    def rulesets(self) -> list[tuple[str, int]]:
        """Each ruleset with stored games, and how many."""
        return [
            (r, n)
            for r, n in self.query(
                "SELECT ruleset, COUNT(*) FROM games GROUP BY ruleset ORDER BY COUNT(*) DESC"
            )
        ]

    def standings(self, ruleset: str | None = None, player: str | None = None) -> list[Standing]:
        """Each player (``identity``) by ruleset: games and wins (a year once, however many of its
        seats they sat), and the average, best and worst final score of their seats."""
        where, params = _where(ruleset, player, seat_only=True)
        rows = self.query(
            "SELECT g.ruleset, s.side, s.who, COUNT(DISTINCT g.id) AS years,"
            " COUNT(DISTINCT CASE WHEN s.won THEN g.id END),"
            " AVG(s.score), MAX(s.score), MIN(s.score)"
            f" FROM seats s JOIN games g ON g.id = s.game_id {where}"
            " GROUP BY g.ruleset, s.side, s.who"
            " ORDER BY g.ruleset, s.side DESC, years DESC, s.who",
            params,
        )
        return [
            Standing(
                ruleset=r[0],
                side=r[1],
                who=r[2],
                games=r[3],
                wins=r[4],
                average=round(r[5], 2),
                best=r[6],
                worst=r[7],
            )
            for r in rows
        ]


def who_matches(side: str, who: str) -> tuple[str, list[Any]]:
    """The SQL condition on a seat ``s`` for one player (``identity``)."""
    return "s.side = ? AND s.who = ?", [side, who]


def asked_identities(player: str) -> list[tuple[str, str]]:
    """Who ``player`` (as a command line or search gives it) may mean: a name, a bot level, and a
    default name in either language (you, or the person at seat n)."""
    out = [("player", player), ("bot", player)]
    if player in YOU_NAMES:
        out.append(("you", ""))
    for words in SEAT_NAMES:
        head, _, tail = words.partition("{n}")
        number = player.removeprefix(head).removesuffix(tail)
        if player.startswith(head) and player.endswith(tail) and number.isdigit():
            out.append(("seat", str(int(number))))
    return out


def _where(
    ruleset: str | None, player: str | None, seat_only: bool = False
) -> tuple[str, list[Any]]:
    """The WHERE clause for a ruleset and a player (``asked_identities``)."""
    parts: list[str] = []
    params: list[Any] = []
    if ruleset:
        parts.append("g.ruleset = ?")
        params.append(ruleset)
    if player:
        asked = asked_identities(player)
        who = " OR ".join(["(s.side = ? AND s.who = ?)"] * len(asked))
        if seat_only:
            parts.append(f"({who})")
        else:
            parts.append(f"EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND ({who}))")
        params += [x for pair in asked for x in pair]
    return ("WHERE " + " AND ".join(parts)) if parts else "", params


def _write_facts(conn: sqlite3.Connection, game_id: int, facts: Sequence[Fact]) -> None:
    conn.executemany(
        "INSERT INTO facts VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(game_id, *f) for f in facts],
    )
    conn.execute("INSERT OR REPLACE INTO facts_done VALUES (?, ?)", (game_id, FACTS_VERSION))


def _add_totals(conn: sqlite3.Connection, p: Prepared) -> None:
    """Add a stored game's facts to ``fact_totals``."""
    rows: dict[tuple[str, ...], list[int]] = {}
    for f in p.facts:
        key = (p.ruleset, *p.identities[f.seat], f.kind, f.name, f.outcome)
        total = rows.setdefault(key, [0, 0])
        total[0] += f.times
        total[1] += f.amount
    conn.executemany(
        "INSERT INTO fact_totals VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET"
        " count = count + excluded.count, amount = amount + excluded.amount",
        [(*key, n, amount) for key, (n, amount) in rows.items()],
    )


def _set_identities(conn: sqlite3.Connection) -> None:
    """Fill the seats' ``side`` and ``who`` (``identity``) of the games stored before them."""
    games: dict[int, list[tuple[int, SeatRecord]]] = {}
    for game_id, seat, name, player in conn.execute(
        "SELECT game_id, seat, name, player FROM seats ORDER BY game_id, seat"
    ):
        games.setdefault(game_id, []).append((seat, SeatRecord(name=name, player=player)))
    rows = []
    for game_id, seated in games.items():
        records = [r for _, r in seated]
        rows += [(*identity(records, i), game_id, seat) for i, (seat, _) in enumerate(seated)]
    conn.executemany("UPDATE seats SET side = ?, who = ? WHERE game_id = ? AND seat = ?", rows)


def _add_up_totals(conn: sqlite3.Connection) -> None:
    """Fill ``fact_totals`` from every stored fact (``TOTALS``)."""
    conn.execute(f"INSERT INTO fact_totals {TOTALS}")


def _busy(err: sqlite3.OperationalError) -> bool:
    """Another connection holds the database for now."""
    code = getattr(err, "sqlite_errorcode", None)
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in str(err).lower()


def _unwritable(err: sqlite3.DatabaseError) -> bool:
    text = str(err).lower()
    return any(w in text for w in ("readonly", "read-only", "unable to open", "disk i/o", "locked"))
