"""Bot tournaments: duplicate deals with every seat order, over several processes, with statistics.

With ``rotate``, deal set ``k`` is one random source (``"{seed}/{k}"``: the first-胴 draw and every
deck) played once per distinct seating of the bot specs, so each bot meets the same cards from
every seat and luck cancels out. Without it, game ``g`` seats spec ``i`` at seat ``i`` (the plain
``hanafuda sim`` of random bots). Each bot sees only ``game.view(seat)``.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from .bots import make_bot
from .core.game import Game
from .core.records import SeatRecord, new_game, record_of

Z95 = 1.959963984540054
MAX_CHUNK = 256
"""Deal sets sent to a process at a time."""


@dataclass
class Played:
    """One finished game: which spec sat where, and what came of it."""

    seating: tuple[int, ...]
    """The spec index at each seat."""
    scores: tuple[int, ...]
    """Final score of each seat."""
    months: int
    deal_set: int
    choice_ms: list[list[float]] = field(default_factory=list)
    """Each seat's decision times in ms (a bot is asked only when it has a choice)."""


def seatings(specs: Sequence[str]) -> list[tuple[int, ...]]:
    """Every distinct seat order of the specs (copies of one spec are interchangeable)."""
    seen: dict[tuple[str, ...], tuple[int, ...]] = {}
    for perm in permutations(range(len(specs))):
        seen.setdefault(tuple(specs[i] for i in perm), perm)
    return list(seen.values())


def play_one(
    ruleset: str,
    options: Any,
    specs: Sequence[str],
    seating: tuple[int, ...],
    game_seed: str,
    bot_seed: str,
    record_path: Path | None = None,
) -> tuple[Game, list[list[float]]]:
    """Play one game; return it with each seat's decision times. A decision with one legal action
    is applied without asking the bot."""
    bots = [
        make_bot(specs[i], random.Random(f"{bot_seed}/{seat}")) for seat, i in enumerate(seating)
    ]
    game = new_game(ruleset, random.Random(game_seed), options)
    game.logging = False
    times: list[list[float]] = [[] for _ in bots]
    clock = time.perf_counter
    legal_actions, apply = game.legal_actions, game.apply
    while not game.finished:
        legal = legal_actions()
        if len(legal) == 1:
            apply(legal[0])  # forced (a last card, a teyaku-less 'pass'): nothing to ask
            continue
        seat = game.to_act
        view = game.view(seat, legal)
        start = clock()
        action = bots[seat].act(view)
        times[seat].append(clock() - start)
        apply(action)
    for seat_times in times:
        seat_times[:] = [s * 1000 for s in seat_times]
    if record_path is not None:
        seats = [
            SeatRecord(name=f"{specs[i]}-{s + 1}", player=specs[i]) for s, i in enumerate(seating)
        ]
        record_path.write_text(record_of(game, seats).to_json(), encoding="utf-8")
    return game, times


@dataclass(frozen=True)
class Plan:
    ruleset: str
    options: Any
    specs: tuple[str, ...]
    seed: int
    rotate: bool
    record_dir: str | None = None


def play_set(plan: Plan, k: int) -> list[Played]:
    """Deal set ``k``: every seating on the same deals (rotate), or the one game ``k`` (no rotate)."""
    out = []
    orders = seatings(plan.specs) if plan.rotate else [tuple(range(len(plan.specs)))]
    for n, seating in enumerate(orders):
        game_seed = f"{plan.seed}/{k}"
        bot_seed = f"{plan.seed}/{k}/{n}" if plan.rotate else f"{plan.seed}/{k}"
        path = None
        if plan.record_dir:
            suffix = f"-{n}" if plan.rotate else ""
            path = Path(plan.record_dir) / f"game-{plan.seed}-{k:05d}{suffix}.json"
        game, times = play_one(
            plan.ruleset, plan.options, plan.specs, seating, game_seed, bot_seed, path
        )
        out.append(Played(seating, tuple(game.scores), len(game.results), k, times))
    return out


def _play_set_job(job: tuple[Plan, int]) -> list[Played]:
    return play_set(*job)


def run(plan: Plan, games: int, jobs: int = 1) -> list[Played]:
    """At least ``games`` games (whole deal sets when rotating), over ``jobs`` processes. The deal
    sets are handed out as they are played, never listed first (a huge ``games`` starts at once)."""
    per_set = len(seatings(plan.specs)) if plan.rotate else 1
    sets = math.ceil(games / per_set) if games > 0 else 0
    work = ((plan, k) for k in range(sets))
    if jobs <= 1 or sets <= 1:
        return [p for job in work for p in _play_set_job(job)]
    chunk = max(1, min(MAX_CHUNK, sets // (jobs * 8)))
    with get_context("fork").Pool(min(jobs, sets)) as pool:
        return [p for group in pool.imap(_play_set_job, work, chunk) for p in group]


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> list[float] | None:
    """Normal-approximation 95% interval of a mean (None from fewer than two values)."""
    if len(values) < 2:
        return None
    m = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return [round(m - half, 3), round(m + half, 3)]


def percentiles(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    ms = sorted(ms)

    def at(q: float) -> float:
        return round(ms[min(len(ms) - 1, int(q * len(ms)))], 3)

    return {"p50": at(0.5), "p95": at(0.95), "max": round(ms[-1], 3)}


def bot_stats(specs: Sequence[str], played: Sequence[Played]) -> list[dict[str, Any]]:
    """One entry per distinct spec: mean score per game (95% CI over deal sets), per month, win
    rate (a top score shared by k seats counts 1/k) with its Wilson 95% CI, decision times."""
    out = []
    for name in dict.fromkeys(specs):
        scores: list[int] = []
        months = 0
        wins = 0.0
        choices: list[float] = []
        by_set: dict[int, list[int]] = {}
        for p in played:
            top = max(p.scores)
            tied = sum(1 for s in p.scores if s == top)
            for seat, i in enumerate(p.seating):
                if specs[i] != name:
                    continue
                scores.append(p.scores[seat])
                by_set.setdefault(p.deal_set, []).append(p.scores[seat])
                months += p.months
                if p.scores[seat] == top:
                    wins += 1 / tied
                if p.choice_ms:
                    choices.extend(p.choice_ms[seat])
        n = len(scores)
        set_means = [statistics.fmean(v) for v in by_set.values()]
        w_low, w_high = wilson(wins, n)
        out.append(
            {
                "name": name,
                "games": n,
                "mean_score": round(statistics.fmean(scores), 3) if n else 0.0,
                "mean_score_ci": mean_ci(set_means),
                "mean_per_month": round(sum(scores) / months, 3) if months else 0.0,
                "win_rate": round(wins / n, 4) if n else 0.0,
                "win_rate_ci": [round(w_low, 4), round(w_high, 4)],
                "decisions": len(choices),
                "choice_ms": percentiles(choices),
            }
        )
    return out
