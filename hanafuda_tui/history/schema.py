"""A SQLite database with a numbered schema (``schema_version``) moved on by migrations in order:
what the history's store and the server's store read of it alike."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence


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


def one_line(err: BaseException) -> str:
    """An error's message on one line (its type's name if it has none)."""
    return " ".join(str(err).split()) or type(err).__name__
