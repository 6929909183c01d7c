"""The history of finished games: an SQLite store of their records with summary columns, their
facts read from the core's typed events, and a year's sheet as text or CSV.

The readers' interface: ``HistoryStore(directory).games(...)`` lists stored games (``GameSummary``,
newest first), ``.record(id)`` loads a game's record, ``.add(record)`` stores a finished one.
"""

from __future__ import annotations

from .facts import KINDS, Fact, facts_of
from .sheet import running_totals, sheet_csv, sheet_rows, sheet_text
from .stats import PlayerStats, player_stats
from .store import (
    DB_NAME,
    SCHEMA_VERSION,
    GameSummary,
    HistoryError,
    HistoryStore,
    Prepared,
    SeatSummary,
    Standing,
    prepare,
    winners_of,
)

__all__ = [
    "DB_NAME",
    "KINDS",
    "SCHEMA_VERSION",
    "Fact",
    "GameSummary",
    "HistoryError",
    "HistoryStore",
    "Prepared",
    "PlayerStats",
    "SeatSummary",
    "Standing",
    "facts_of",
    "player_stats",
    "prepare",
    "running_totals",
    "sheet_csv",
    "sheet_rows",
    "sheet_text",
    "winners_of",
]
