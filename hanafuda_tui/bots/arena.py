"""Bot tournaments: duplicate deals with every seat order, over several processes, with statistics.

With ``rotate``, deal set ``k`` is one random source (``"{seed}/{k}"``: the first-胴 draw and every
deck) played once per distinct seating of the bot specs, so each bot meets the same cards from
every seat and luck cancels out. Without it, game ``g`` seats spec ``i`` at seat ``i`` (the plain
``hanafuda sim`` of random bots). Each bot sees only ``game.view(seat)``.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import signal
import sys
import threading
import time
from bisect import bisect_left
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.game import Game
from ..core.start import new_game
from . import make_bot
from .hand_reading import show_play

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

    from ..core.records import GameRecord
    from ..history import Prepared

Z95 = 1.959963984540054
MAX_CHUNK = 256
"""Deal sets sent to a process at a time."""
TIME_STEP = 1.01
"""Decision times are counted in bins 1% wide: their percentiles are exact to 1% (the max is
exact), whatever the number of decisions."""


FOLD_AT = 1 << 15
"""Times held as they are before they are counted into bins (then sorted once, as a list of all
would be)."""
FLOOR_MS = 1e-6
"""Times are counted from a nanosecond up (a clock may read two calls as 0 apart)."""


@dataclass
class Times:
    """Decision times in ms, as counts per bin (``bin_floor``) and the longest: the same size for any
    number of decisions (at most FOLD_AT held as they are)."""

    bins: dict[int, int] = field(default_factory=dict)
    most: float = 0.0
    pending: list[float] = field(default_factory=list)
    """Times not yet counted into ``bins``."""

    def add(self, times_ms: Sequence[float]) -> None:
        self.pending.extend(times_ms)
        if len(self.pending) >= FOLD_AT:
            self._fold()

    def merge(self, other: Times) -> None:
        for b, n in other.bins.items():
            self.bins[b] = self.bins.get(b, 0) + n
        self.most = max(self.most, other.most)
        self.add(other.pending)

    def _fold(self) -> None:
        """Count the pending times into bins: sorted, each bin's run found by bisection (a few
        hundred bins at most, so no Python step per time)."""
        times = self.pending
        if not times:
            return
        times.sort()
        self.most = max(self.most, times[-1])
        bins = self.bins
        i, n = 0, len(times)
        while i < n:
            b = math.floor(math.log(max(times[i], FLOOR_MS), TIME_STEP))
            j = max(i + 1, bisect_left(times, TIME_STEP ** (b + 1), i))
            bins[b] = bins.get(b, 0) + j - i
            i = j
        self.pending = []

    @property
    def count(self) -> int:
        return sum(self.bins.values()) + len(self.pending)

    def percentiles(self) -> dict[str, float]:
        """p50 and p95 (the low edge of their bin) and the max, in ms, rounded to 0.001."""
        self._fold()
        n = self.count
        if not n:
            return {"p50": 0.0, "p95": 0.0, "max": 0.0}
        order = sorted(self.bins.items())

        def at(q: float) -> float:
            rank = min(n - 1, int(q * n))
            for b, k in order:
                rank -= k
                if rank < 0:
                    return round(min(bin_floor(b), self.most), 3)
            return round(self.most, 3)  # pragma: no cover (the counts add up to n)

        return {"p50": at(0.5), "p95": at(0.95), "max": round(self.most, 3)}


def bin_floor(b: int) -> float:
    """The shortest time of bin ``b`` (ms): bin ``b`` holds [TIME_STEP**b, TIME_STEP**(b+1))."""
    return float(TIME_STEP**b)


@dataclass
class Played:
    """One finished game: which spec sat where, and what came of it."""

    seating: tuple[int, ...]
    """The spec index at each seat."""
    scores: tuple[int, ...]
    """Final score of each seat."""
    months: int
    deal_set: int
    choice_ms: list[Times] = field(default_factory=list)
    """Each seat's decision times (a bot is asked only when it has a choice)."""
    kept: Prepared | None = None
    """The game made ready for the history (``Plan.history``), else None."""


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
    keep: list[GameRecord] | None = None,
) -> tuple[Game, list[list[float]]]:
    """Play one game; return it with each seat's decision times. A decision with one legal action
    is applied without asking the bot. Its record is written to ``record_path`` and appended to
    ``keep`` where they are given (with ``keep``, the game tells its events)."""
    bots = [
        make_bot(specs[i], random.Random(f"{bot_seed}/{seat}")) for seat, i in enumerate(seating)
    ]
    game = new_game(ruleset, random.Random(game_seed), options)
    game.logging = keep is not None  # the history counts facts from the events
    times: list[list[float]] = [[] for _ in bots]
    clock = time.perf_counter
    legal_actions, apply = game.legal_actions, game.apply
    watchers = [(seat, bot) for seat, bot in enumerate(bots) if hasattr(bot, "see_play")]
    while not game.finished:
        legal = legal_actions()
        if len(legal) == 1:
            action = legal[0]  # forced (a last card, a teyaku-less 'pass'): nothing to ask
        else:
            seat = game.to_act
            view = game.view(seat, legal)
            start = clock()
            action = bots[seat].act(view)
            times[seat].append(clock() - start)
        if watchers:
            show_play(watchers, game, action)
        apply(action)
    for seat_times in times:
        seat_times[:] = [s * 1000 for s in seat_times]
    if record_path is not None or keep is not None:
        from ..core.records import SeatRecord, record_of

        seats = [
            SeatRecord(name=f"{specs[i]}-{s + 1}", player=specs[i]) for s, i in enumerate(seating)
        ]
        record = record_of(game, seats)
        if record_path is not None:
            record_path.write_text(record.to_json(), encoding="utf-8")
        if keep is not None:
            keep.append(record)
    return game, times


@dataclass(frozen=True)
class Plan:
    ruleset: str
    options: Any
    specs: tuple[str, ...]
    seed: int
    rotate: bool
    record_dir: str | None = None
    history: bool = False
    """Make every game ready for the history (its summary and facts, from its replayed record)."""


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
        keep: list[GameRecord] | None = [] if plan.history else None
        game, times = play_one(
            plan.ruleset, plan.options, plan.specs, seating, game_seed, bot_seed, path, keep
        )
        seat_times = [Times() for _ in times]
        for t, ms in zip(seat_times, times, strict=True):
            t.add(ms)
        kept = None
        if keep:
            from ..history import prepare  # only for sim --history: sqlite3 with it

            kept = prepare(keep[0], game)
        out.append(Played(seating, tuple(game.scores), len(game.results), k, seat_times, kept))
    return out


def _play_set_job(job: tuple[Plan, int]) -> list[Played]:
    end_if_orphaned()
    return play_set(*job)


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when the thread that forked it ends."""
_parent: int | None = None
"""In a worker: the process that started it (None in the parent itself)."""


def _worker_start(parent: int) -> None:
    """A worker leaves Ctrl+C to the parent (which ends it), dies at once on SIGTERM, and ends
    with its parent however that ends (SIGKILL too): on Linux the kernel sends it SIGTERM then;
    elsewhere it sees so before each task (``end_if_orphaned``)."""
    global _parent
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _parent = parent
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    end_if_orphaned()  # the parent may have ended before the line above


def end_if_orphaned() -> None:
    """In a worker whose parent has ended: end at once, quietly (nothing is left to report to)."""
    if _parent is not None and os.getppid() != _parent:
        os._exit(128 + signal.SIGTERM)


def worker_pool(jobs: int) -> Pool:
    """A pool of ``jobs`` forked workers that leave Ctrl+C to the parent and end with it. They
    are forked with SIGINT already ignored: a worker interrupted before its initializer ran could
    die holding the task queue's lock, and the parent's clean-up would then wait for it for ever.
    (A pool made outside the main thread ends with the thread that made it.)"""
    from multiprocessing import get_context

    parent = (os.getpid(),)
    if threading.current_thread() is not threading.main_thread():  # signals are the main's
        return get_context("fork").Pool(jobs, _worker_start, parent)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return get_context("fork").Pool(jobs, _worker_start, parent)
    finally:
        signal.signal(signal.SIGINT, previous)


def games_in(plan: Plan, games: int) -> int:
    """The games played for ``games`` asked: whole deal sets when rotating."""
    per_set = len(seatings(plan.specs)) if plan.rotate else 1
    return math.ceil(games / per_set) * per_set if games > 0 else 0


def deal_sets(plan: Plan, games: int, jobs: int = 1) -> Generator[list[Played], None, None]:
    """The games of each deal set in order as they are played: at least ``games`` (whole deal
    sets when rotating), over ``jobs`` processes. The deal sets are handed out as they are played,
    never listed first (a huge ``games`` starts at once). Closing the iterator, or an exception
    while it waits (Ctrl+C), ends the workers."""
    per_set = len(seatings(plan.specs)) if plan.rotate else 1
    sets = math.ceil(games / per_set) if games > 0 else 0
    work = ((plan, k) for k in range(sets))
    if jobs <= 1 or sets <= 1:
        yield from map(_play_set_job, work)
        return
    chunk = max(1, min(MAX_CHUNK, sets // (jobs * 8)))
    with worker_pool(min(jobs, sets)) as pool:
        yield from pool.imap(_play_set_job, work, chunk)


def run(plan: Plan, games: int, jobs: int = 1) -> list[Played]:
    """Every game of ``deal_sets`` in a list."""
    return [p for group in deal_sets(plan, games, jobs) for p in group]


class Tally:
    """Standings built up one deal set at a time (``add``): the same memory for any number of
    games. ``stats`` gives what ``bot_stats`` gives."""

    def __init__(self, specs: Sequence[str]) -> None:
        self.specs = list(specs)
        self.games = 0
        self.months = 0
        self.totals = [0] * len(specs)
        """Each spec's (each seat's, without rotation) scores added up."""
        self.tops = [0] * len(specs)
        """Games in which each spec's score was the top one (shared or not)."""
        self._bots = {name: _BotTally() for name in dict.fromkeys(specs)}

    def add(self, deal_set: Sequence[Played]) -> None:
        """The games of one deal set (every seating of it when rotating)."""
        in_set: dict[str, list[int]] = {}
        for p in deal_set:
            self.games += 1
            self.months += p.months
            top = max(p.scores)
            tied = sum(1 for s in p.scores if s == top)
            for seat, i in enumerate(p.seating):
                name = self.specs[i]
                bot = self._bots[name]
                score = p.scores[seat]
                self.totals[i] += score
                if score == top:
                    self.tops[i] += 1
                bot.games += 1
                bot.total += score
                bot.months += p.months
                if score == top:
                    bot.wins += 1 / tied
                if p.choice_ms:
                    bot.times.merge(p.choice_ms[seat])
                in_set.setdefault(name, []).append(score)
        for name, scores in in_set.items():
            self._bots[name].add_set_mean(sum(scores) / len(scores))

    def stats(self) -> list[dict[str, Any]]:
        """One entry per distinct spec: mean score per game (95% CI over deal sets), per month,
        win rate (a top score shared by k seats counts 1/k) with its Wilson 95% CI, decision
        times."""
        return [bot.stats(name) for name, bot in self._bots.items()]


@dataclass
class _BotTally:
    games: int = 0
    total: int = 0
    months: int = 0
    wins: float = 0.0
    times: Times = field(default_factory=Times)
    sets: int = 0
    set_mean: float = 0.0
    set_m2: float = 0.0
    """Welford's running mean and sum of squared deviations of the per-deal-set means."""

    def add_set_mean(self, x: float) -> None:
        self.sets += 1
        delta = x - self.set_mean
        self.set_mean += delta / self.sets
        self.set_m2 += delta * (x - self.set_mean)

    def stats(self, name: str) -> dict[str, Any]:
        n = self.games
        ci = None
        if self.sets >= 2:
            half = Z95 * math.sqrt(self.set_m2 / (self.sets - 1)) / math.sqrt(self.sets)
            ci = [round(self.set_mean - half, 3), round(self.set_mean + half, 3)]
        w_low, w_high = wilson(self.wins, n)
        return {
            "name": name,
            "games": n,
            "mean_score": round(self.total / n, 3) if n else 0.0,
            "mean_score_ci": ci,
            "mean_per_month": round(self.total / self.months, 3) if self.months else 0.0,
            "win_rate": round(self.wins / n, 4) if n else 0.0,
            "win_rate_ci": [round(w_low, 4), round(w_high, 4)],
            "decisions": self.times.count,
            "choice_ms": self.times.percentiles(),
        }


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def bot_stats(specs: Sequence[str], played: Sequence[Played]) -> list[dict[str, Any]]:
    """``Tally.stats`` of these games (grouped by deal set)."""
    tally = Tally(specs)
    groups: dict[int, list[Played]] = {}
    for p in played:
        groups.setdefault(p.deal_set, []).append(p)
    for group in groups.values():
        tally.add(group)
    return tally.stats()
