"""Ratings per ruleset: OpenSkill's Plackett–Luce model (Weng–Lin), which rates a game of any
number of players ranked in order, ties included, so one model serves two-player こいこい and
three-player 八八 alike.

A finished rated table is applied once (``Ratings.apply``): its seats ranked by their year's
totals (equal totals share a rank), each player's rating moved on, and a row per player written
to ``rating_history``, all in one transaction. A table already in the history is not applied
again (a retry, or a server restarted mid-way), and the history's uniqueness (one row per player
and table) keeps it so even if two writers tried. The leaderboard orders players by the
conservative estimate ``mu - 3 sigma`` (OpenSkill's ordinal), which rises as a player both wins
and plays enough for the rating to be sure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .store import ServerStore, StoreError

MIN_PLAYERS = 2
MAX_PLAYERS = 6


class RatingError(StoreError):
    """One line: why a table cannot be rated (not finished, not rated, a seat without totals)."""


@dataclass(frozen=True)
class Standing:
    """A player's place on a ruleset's leaderboard."""

    player_id: int
    name: str
    is_bot: bool
    ordinal: float
    """The conservative estimate ``mu - 3 sigma``: what the board is ordered by."""
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating in a ruleset after one table."""

    table_id: int
    mu: float
    sigma: float
    at: str

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def ranks(totals: Sequence[int]) -> list[int]:
    """Each seat's rank by its total, 1 the highest; equal totals share a rank and the next one
    is skipped (100, 50, 50, 10 → 1, 2, 2, 4)."""
    return [1 + sum(other > total for other in totals) for total in totals]


class Ratings:
    """Ratings kept in the server's store."""

    def __init__(self, store: ServerStore, model: PlackettLuce | None = None) -> None:
        self.store = store
        self.model = model or PlackettLuce()

    def apply(self, table_id: int) -> bool:
        """Rate a finished rated table's players by their totals, in one transaction; False if
        it was rated already (nothing done). RatingError if it cannot be rated."""
        with self.store.transaction() as conn:
            row = conn.execute(
                "SELECT ruleset, state, rated, seats FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            if row is None:
                raise RatingError(f"no table {table_id}")
            ruleset, state, rated, size = row
            if state != "finished" or not rated:
                raise RatingError(f"table {table_id} is not a finished rated table ({state})")
            if conn.execute(
                "SELECT 1 FROM rating_history WHERE table_id = ? LIMIT 1", (table_id,)
            ).fetchone():
                return False
            seats = conn.execute(
                "SELECT player_id, total FROM table_seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
            if (
                len(seats) != size
                or not MIN_PLAYERS <= size <= MAX_PLAYERS
                or any(t is None for _, t in seats)
            ):
                raise RatingError(f"table {table_id}: not every seat has a player and a total")
            before = []
            for player_id, _ in seats:
                found = conn.execute(
                    "SELECT mu, sigma, games FROM ratings WHERE player_id = ? AND ruleset = ?",
                    (player_id, ruleset),
                ).fetchone()
                mu, sigma, games = found or (self.model.mu, self.model.sigma, 0)
                before.append((self.model.rating(mu=mu, sigma=sigma), games))
            after = self.model.rate(
                [[rating] for rating, _ in before],
                ranks=[float(r) for r in ranks([t for _, t in seats])],
            )
            at = self.store.now()
            for (player_id, _), (_, games), [rating] in zip(seats, before, after, strict=True):
                conn.execute(
                    "INSERT INTO ratings (player_id, ruleset, mu, sigma, games)"
                    " VALUES (?, ?, ?, ?, ?) ON CONFLICT (player_id, ruleset) DO UPDATE SET"
                    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
                    (player_id, ruleset, rating.mu, rating.sigma, games + 1),
                )
                conn.execute(
                    "INSERT INTO rating_history (player_id, ruleset, table_id, mu, sigma, at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (player_id, ruleset, table_id, rating.mu, rating.sigma, at),
                )
        return True

    def leaderboard(self, ruleset: str, limit: int = 50, offset: int = 0) -> list[Standing]:
        """A ruleset's rated players, best conservative estimate first (then more games, then
        the earlier player)."""
        rows = self.store.query(
            "SELECT p.id, p.name, p.is_bot, r.mu - 3 * r.sigma AS ordinal, r.mu, r.sigma, r.games"
            " FROM ratings r JOIN players p ON p.id = r.player_id WHERE r.ruleset = ?"
            " ORDER BY ordinal DESC, r.games DESC, p.id LIMIT ? OFFSET ?",
            (ruleset, int(limit), int(offset)),
        )
        return [Standing(r[0], r[1], bool(r[2]), r[3], r[4], r[5], r[6]) for r in rows]

    def history(self, player_id: int, ruleset: str, limit: int = 1 << 30) -> list[RatingPoint]:
        """A player's rating in ``ruleset`` after each rated table (the last ``limit``), oldest
        first."""
        rows = self.store.query(
            "SELECT table_id, mu, sigma, at FROM rating_history"
            " WHERE player_id = ? AND ruleset = ? ORDER BY rowid DESC LIMIT ?",
            (player_id, ruleset, int(limit)),
        )
        return [RatingPoint(*r) for r in reversed(rows)]
