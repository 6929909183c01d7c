"""Statistics of one player name or bot level in one ruleset, as queries over the stored games,
their seats and their facts added up (``fact_totals``)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .store import HistoryStore, Standing, who_matches

RECENT = 40
"""Years shown in the results of the last games."""


class Tally(BaseModel):
    """How often, and the seat's payments for those deals added up."""

    count: int = 0
    amount: int = 0


class PlayerStats(BaseModel):
    standing: Standing
    yaku: dict[str, int] = Field(default_factory=dict)
    """Each yaku made (once a deal), and in how many deals."""
    teyaku: dict[str, int] = Field(default_factory=dict)
    koikoi: dict[str, Tally] = Field(default_factory=dict)
    """こいこい calls by how their deal turned out (won, lost, none)."""
    sage: dict[str, Tally] = Field(default_factory=dict)
    """下げ by how it ended (cancelled, agari, other, none)."""
    entries: dict[str, Tally] = Field(default_factory=dict)
    """出る・下る by entry (deru, oriru, shibari, oikomi)."""
    recent: list[int] = Field(default_factory=list)
    """The final scores of the last games, oldest first."""
    recent_ids: list[int] = Field(default_factory=list)
    """Their game ids, each once (a bot level may sit more than one seat of a game)."""


def player_stats(store: HistoryStore, standing: Standing, recent: int = RECENT) -> PlayerStats:
    """Every statistic of ``standing``'s player or bot level in its ruleset."""
    cond, params = who_matches(standing.side, standing.who)
    stats = PlayerStats(standing=standing)
    rows = store.query(
        "SELECT kind, name, outcome, count, amount FROM fact_totals"
        " WHERE ruleset = ? AND who_kind = ? AND who = ? ORDER BY count DESC, name",
        [standing.ruleset, standing.side, standing.who],
    )
    for kind, name, outcome, count, amount in rows:
        if kind == "yaku":
            stats.yaku[name] = count
        elif kind == "teyaku":
            stats.teyaku[name] = count
        elif kind in ("koikoi", "sage", "entry"):
            table = {"koikoi": stats.koikoi, "sage": stats.sage, "entry": stats.entries}[kind]
            key = name if kind == "entry" else outcome
            table[key] = Tally(count=count, amount=amount)
    last = store.query(
        "SELECT g.id, s.score FROM seats s JOIN games g ON g.id = s.game_id"
        f" WHERE g.ruleset = ? AND {cond} ORDER BY g.id DESC, s.seat LIMIT ?",
        [standing.ruleset, *params, recent],
    )
    stats.recent = [score for _, score in reversed(last)]
    stats.recent_ids = list(dict.fromkeys(game_id for game_id, _ in reversed(last)))
    return stats
