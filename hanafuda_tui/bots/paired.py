"""Two bots compared on the very same deals and seats: the row bot of one set of duplicate
tournaments against the row bot of another, game by game.

``python -m hanafuda_tui.bots.paired --row A/*.json --vs B/*.json``: each file is what
``hanafuda sim --json`` printed; the row bot is a run's first spec. A file of ``--row`` is paired
with the ``--vs`` file of the same seed, which must be the same ruleset, options, games and
number seated, so that both played the same deals from the same seats (a deal set is every seat
order on one deal's cards). A game counts as won when the row bot's total is the top (a shared
top counts 1/k, as ``sim`` counts it), and its lead is its total less the others' mean. The
paired difference of each deal set is the row's mean less the other row's; the 95% intervals are
over deal sets. Paired so, the deals' luck cancels: the cheapest fair judge of a new bot against
the one it would replace (``docs/bots.md``, "The play network").
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..core.readable import first_fault, printable
from .arena import Z95, seatings, wilson


class SimRun(BaseModel):
    """What a paired reading needs of ``hanafuda sim --json``'s output."""

    model_config = ConfigDict(extra="ignore")

    ruleset: str
    options: dict[str, Any]
    seed: int
    specs: list[str] = Field(min_length=2)
    totals: list[list[int]] = Field(min_length=1)

    @model_validator(mode="after")
    def _a_total_a_seat(self) -> SimRun:
        if any(len(row) != len(self.specs) for row in self.totals):
            raise ValueError("every game's totals must hold one total a spec")
        if len(self.totals) % self.deal_set_size:
            raise ValueError("the games are not whole deal sets")
        return self

    @property
    def deal_set_size(self) -> int:
        return len(seatings(self.specs))


class PairingError(ValueError):
    pass


def read_run(path: Path) -> SimRun:
    """A sim's JSON output, checked: a bad file is a ``PairingError`` in one line."""
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise PairingError(f"cannot read {printable(str(path))}: {err}") from None
    if not text.strip():
        raise PairingError(f"{printable(str(path))} is empty")
    try:
        return SimRun.model_validate_json(text)
    except ValidationError as err:
        fault = first_fault(err, "the sim output")
        raise PairingError(
            f"{printable(str(path))} is not a sim's --json output: {fault}"
        ) from None


def row_games(run: SimRun) -> list[tuple[float, float]]:
    """Each game's win (1, 1/k for a shared top, else 0) and lead of the row bot."""
    out = []
    for totals in run.totals:
        top = max(totals)
        won = 1 / totals.count(top) if totals[0] == top else 0.0
        others = (sum(totals) - totals[0]) / (len(totals) - 1)
        out.append((won, totals[0] - others))
    return out


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal, over the values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * spread / math.sqrt(n)
    return mean, mean - half, mean + half


def pair_runs(rows: Sequence[SimRun], others: Sequence[SimRun]) -> list[tuple[float, float]]:
    """Each deal set's difference of win share and of lead, row less other, over the seeds the
    two sides share; a seed whose two runs did not play the same deals is a ``PairingError``."""
    by_seed = {run.seed: run for run in others}
    pairs: list[tuple[float, float]] = []
    for row in rows:
        other = by_seed.get(row.seed)
        if other is None:
            continue
        same = (row.ruleset, row.options, len(row.totals), len(row.specs))
        if same != (other.ruleset, other.options, len(other.totals), len(other.specs)):
            raise PairingError(
                f"seed {row.seed}: the two runs did not play the same games"
                " (ruleset, options, games and number seated must match)"
            )
        if row.deal_set_size != other.deal_set_size:
            raise PairingError(f"seed {row.seed}: the two runs seat their bots differently")
        k = row.deal_set_size
        mine, theirs = row_games(row), row_games(other)
        for start in range(0, len(mine), k):
            a, b = mine[start : start + k], theirs[start : start + k]
            pairs.append(
                (
                    sum(x[0] - y[0] for x, y in zip(a, b, strict=True)) / k,
                    sum(x[1] - y[1] for x, y in zip(a, b, strict=True)) / k,
                )
            )
    return pairs


def standing(label: str, runs: Sequence[SimRun]) -> str:
    """One side's line: its row bot's games won and mean lead."""
    games = [g for run in runs for g in row_games(run)]
    won = sum(g[0] for g in games)
    low, high = wilson(won, len(games))
    lead = sum(g[1] for g in games) / len(games)
    specs = ", ".join(dict.fromkeys(printable(run.specs[0]) for run in runs))
    return (
        f"{label} {specs}: {len(games)} games, won {100 * won / len(games):.1f}%"
        f" [{100 * low:.1f}, {100 * high:.1f}], lead {lead:+.2f} a game"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hanafuda_tui.bots.paired", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--row", nargs="+", required=True, help="sim --json outputs")
    parser.add_argument("--vs", nargs="+", required=True, help="the same seeds' outputs")
    args = parser.parse_args(argv)
    try:
        rows = [read_run(Path(p)) for p in args.row]
        others = [read_run(Path(p)) for p in args.vs]
        pairs = pair_runs(rows, others)
    except PairingError as err:
        print(f"paired: {err}", file=sys.stderr)
        return 2
    if not pairs:
        print("paired: no seed is in both --row and --vs", file=sys.stderr)
        return 2
    print(standing("row", rows))
    print(standing("vs ", others))
    wins, wins_low, wins_high = mean_interval([p[0] for p in pairs])
    lead, lead_low, lead_high = mean_interval([p[1] for p in pairs])
    print(
        f"paired on {len(pairs)} deal sets: wins {100 * wins:+.2f} points"
        f" [{100 * wins_low:+.2f}, {100 * wins_high:+.2f}],"
        f" lead {lead:+.2f} [{lead_low:+.2f}, {lead_high:+.2f}] a game"
    )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # a reader such as `head` stopped reading: nothing more to say
        sys.stderr.close()
