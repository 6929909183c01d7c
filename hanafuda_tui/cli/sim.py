"""``hanafuda sim``: whole games between bots, their standings, months and speed."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..bots import arena
from ..bots.arena import Plan
from ..core.rulesets import ruleset_class
from .common import check_bot, history_store, print_json, ruleset_options
from .parser import MAX_JOBS, MAX_TOTALS, UsageError, one_line, raise_on_sigterm

HISTORY_BATCH = 64
"""Games ``sim --history`` stores on one connection (each in its own transaction)."""


class _Progress:
    """Games done, their rate and the time left, as Rich's progress bar on stderr (a terminal
    only); gone when the games are."""

    def __init__(self, games: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.task = self.bar.add_task("sim", total=games, rate="")
        self.start = time.perf_counter()
        self.done = 0

    def __enter__(self) -> _Progress:
        self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()

    def advance(self, games: int) -> None:
        self.done += games
        seconds = time.perf_counter() - self.start
        rate = f"{self.done / seconds:,.1f} games/s" if seconds > 0 else ""
        self.bar.update(self.task, completed=self.done, rate=rate)


def cmd_sim(args: argparse.Namespace) -> int:
    cls = ruleset_class(args.ruleset)
    options = ruleset_options(args.ruleset, args.option)
    seated = cls.seated(options)
    specs = [s for s in (args.bots or ",".join(["random"] * seated)).split(",") if s]
    if len(specs) != seated:
        raise UsageError(f"{args.ruleset} needs {seated} bots, got {len(specs)}")
    if not 1 <= args.jobs <= MAX_JOBS or args.games < 0:
        raise UsageError(f"--jobs must be 1 to {MAX_JOBS} and --games at least 0")
    for spec in specs:
        check_bot(spec, args.ruleset)
    if args.record_dir:
        _check_record_dir(args.record_dir)
    history = history_store() if args.history else None
    if history is not None and history.problem:
        raise UsageError(f"cannot keep history: {history.problem}")
    rotate = any(spec != "random" for spec in specs)
    plan = Plan(
        args.ruleset, options, tuple(specs), args.seed, rotate, args.record_dir, args.history
    )
    games = arena.games_in(plan, args.games)
    keep_totals = args.json and games <= MAX_TOTALS
    show_progress = not (args.json or args.jsonl) and sys.stderr.isatty() and games > 0
    totals: list[list[int]] = []
    waiting: list[Any] = []
    """Games played, not yet in the history."""
    tally = arena.Tally(specs)
    start = time.perf_counter()
    previous = signal.signal(signal.SIGTERM, raise_on_sigterm(os.getpid()))
    try:
        with (
            contextlib.closing(arena.deal_sets(plan, args.games, args.jobs)) as sets,
            _Progress(games) if show_progress else contextlib.nullcontext() as progress,
        ):
            for deal_set in sets:
                if history is not None:  # first: an interruption below still keeps them
                    waiting += [p.kept for p in deal_set if p.kept]
                for n, p in enumerate(deal_set, start=tally.games):
                    row = [p.scores[p.seating.index(i)] for i in range(len(specs))]
                    if keep_totals:
                        totals.append(row)
                    if args.jsonl:
                        game = {"game": n, "deal_set": p.deal_set, "months": p.months}
                        print_json({**game, "totals": row})
                tally.add(deal_set)
                if history is not None and len(waiting) >= HISTORY_BATCH:
                    _keep(history, waiting)
                    waiting = []
                if progress is not None:
                    progress.advance(len(deal_set))
        if history is not None and waiting:
            _keep(history, waiting)
            waiting = []
    except OSError as err:
        raise UsageError(f"cannot write {err.filename}: {err.strerror or err}") from None
    except UsageError:
        waiting = []  # said in the line raised
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)
        if history is not None and waiting:  # the games played before an interruption
            try:
                _keep(history, waiting)
            except UsageError as err:
                print(f"hanafuda: {one_line(str(err))}", file=sys.stderr)
    seconds = time.perf_counter() - start
    months = tally.months
    stats = tally.stats()
    rate = months / seconds if seconds else 0.0
    if args.json or args.jsonl:
        out = {
            "ruleset": args.ruleset,
            "options": options.model_dump(),
            "seed": args.seed,
            "specs": specs,
            "rotate": rotate,
            "jobs": args.jobs,
            "games": tally.games,
            "months": months,
            "seconds": round(seconds, 3),
            "months_per_second": round(rate, 1),
            "bots": stats,
        }
        if args.json:
            out["totals"] = totals if keep_totals else None
        print_json(out)
        return 0
    print(
        f"{args.ruleset}: {tally.games} games, {months} months in {seconds:.2f} s"
        f" ({rate:,.0f} months/s)"
    )
    if not rotate:
        for i, spec in enumerate(specs):
            total = tally.totals[i]
            mean = total / tally.games if tally.games else 0.0
            print(
                f"  seat {i + 1} {spec:<12} mean {mean:+8.2f}  total {total:+7d}  top {tally.tops[i]}"
            )
        return 0
    print("  every seat order on the same deals; 95% intervals in brackets")
    for b in stats:
        ci = b["mean_score_ci"]
        mean_ci = f"[{ci[0]:+.2f}, {ci[1]:+.2f}]" if ci else "[n/a]"
        wl, wh = b["win_rate_ci"]
        ms = b["choice_ms"]
        print(
            f"  {b['name']:<24} games {b['games']:>5}  mean {b['mean_score']:+8.2f} {mean_ci}"
            f"  per month {b['mean_per_month']:+6.2f}  wins {100 * b['win_rate']:5.1f}%"
            f" [{100 * wl:.1f}, {100 * wh:.1f}]  choice ms p50 {ms['p50']:.1f} p95 {ms['p95']:.1f}"
            f" max {ms['max']:.1f}"
        )
    return 0


def _keep(history: Any, games: list[Any]) -> None:
    """Store played games in the history; UsageError saying how many were not kept if it
    cannot."""
    from ..history import HistoryError

    try:
        history.add_prepared(games, "sim")
    except HistoryError as err:
        lost = len(games) - err.stored
        raise UsageError(f"cannot keep history ({_games(lost)} not kept): {err}") from None


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _check_record_dir(path: str) -> None:
    """Make sim's record directory if missing; UsageError unless a file can be written there."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--record-dir {path} is not a directory")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise UsageError(f"cannot write records to {path}: {err.strerror or err}") from None
