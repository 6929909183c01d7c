"""A SQLite database with a numbered schema (``schema_version``) moved on by migrations in order:
what the history's store and the server's store read of it alike."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Mapping, Sequence


class SchemaError(Exception):
    """One line: why a database is none of this schema's to read (damaged, another program's, or
    written by a newer version)."""


def damage(conn: sqlite3.Connection) -> str:
    """What is wrong with the database's pages, in a line (``PRAGMA quick_check`` reads it whole);
    empty if every page reads as SQLite wrote it."""
    problems = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
    if problems == ["ok"]:
        return ""
    return f"damaged ({' '.join((problems or ['unreadable'])[0].split())})"


def tables_of(migrations: Sequence[Sequence[str]], version: int) -> set[str]:
    """The tables a database of schema ``version`` has, made by the first ``version`` migrations."""
    return {
        name
        for statements in migrations[:version]
        for statement in statements
        for name in re.findall(r"CREATE TABLE (\w+)", statement)
    }


def table_names(conn: sqlite3.Connection) -> set[str]:
    """The tables the database has."""
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def stored_version(conn: sqlite3.Connection) -> int | None:
    """The version ``schema_version`` holds; None unless it holds exactly one whole number."""
    rows = conn.execute("SELECT version FROM schema_version").fetchall()
    if len(rows) != 1 or not isinstance(rows[0][0], int):
        return None
    return int(rows[0][0])


def schema_version(conn: sqlite3.Connection, migrations: Sequence[Sequence[str]], kind: str) -> int:
    """The schema version of a database of ``kind`` (0: a new, empty one); SchemaError if it has
    other tables but no version, no whole version, a version newer than ``migrations`` reach, or
    lacks a table its version has."""
    tables = table_names(conn) - {"sqlite_sequence"}
    if "schema_version" not in tables:
        if tables:
            raise SchemaError(f"not a {kind} database (it has other tables)")
        return 0
    version = stored_version(conn)
    if version is None:
        raise SchemaError("damaged (no schema version)")
    if version > len(migrations):
        raise SchemaError(
            f"written by a newer version of hanafuda-tui (schema {version}; this one reads"
            f" up to {len(migrations)})"
        )
    missing = sorted(tables_of(migrations, version) - tables)
    if missing:
        raise SchemaError(f"damaged (no {', '.join(missing)} table)")
    return version


def migrate(
    conn: sqlite3.Connection,
    migrations: Sequence[Sequence[str]],
    kind: str,
    run: Mapping[str, Callable[[sqlite3.Connection], None]] | None = None,
) -> None:
    """Check the database whole and move it on to the last of ``migrations``, in one
    transaction, in write-ahead-log mode; a statement named in ``run`` is that function instead.
    SchemaError if it is damaged, another program's, or newer."""
    damaged = damage(conn)
    if damaged:
        raise SchemaError(damaged)
    if schema_version(conn, migrations, kind) == len(migrations):
        return
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = schema_version(conn, migrations, kind)  # another process may have moved it on
        if version == 0:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
        for statements in migrations[version:]:
            for statement in statements:
                if run and statement in run:
                    run[statement](conn)
                else:
                    conn.execute(statement)
        conn.execute("DELETE FROM schema_version")
        conn.execute("INSERT INTO schema_version VALUES (?)", (len(migrations),))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:  # Ctrl+C may land just after COMMIT
            conn.execute("ROLLBACK")
        raise


def one_line(err: BaseException) -> str:
    """An error's message on one line (its type's name if it has none)."""
    return " ".join(str(err).split()) or type(err).__name__
