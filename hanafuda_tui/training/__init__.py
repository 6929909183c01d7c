"""Training the learned stop rule and play policy (``hanafuda train``): self-play labelled by the
strong bot's search, fitted with numpy (the ``train`` extra: ``pip install -e '.[train]'``).
Nothing here runs at play time: the bots read only the JSON weights it writes."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.rulesets import RULESETS

MAX_JOBS = 64
"""Processes a training spreads its shards over at most."""


class TrainUsageError(Exception):
    """Reported as one line with exit status 2."""


def add_commands(sub: Any, options: Callable[[str, list[str]], Any]) -> dict[str, Any]:
    """The ``train`` subcommand; its function by name. ``options`` checks --option pairs."""
    train = sub.add_parser(
        "train",
        help="train the strong bot's learned stop rule and playout policy by self-play"
        " (needs numpy: pip install -e '.[train]'); the same command resumes it",
    )
    train.add_argument("--ruleset", required=True, help=f"one of {', '.join(RULESETS)}")
    train.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    train.add_argument("--work", required=True, help="the directory of checkpoints")
    train.add_argument("--out", help="the weights file (default: the one the package ships)")
    train.add_argument("--seed", type=int, default=1)
    train.add_argument("--rounds", type=int, default=2, help="rounds of expert iteration")
    train.add_argument("--shards", type=int, default=100, help="shards a round")
    train.add_argument("--games", type=int, default=3, help="self-play games a shard")
    train.add_argument(
        "--play-share", type=float, default=0.25, help="share of plays labelled (0 to 1)"
    )
    train.add_argument("--stop-iterations", type=int, default=400)
    train.add_argument("--play-iterations", type=int, default=200)
    train.add_argument(
        "--value",
        action="store_true",
        help="train the learned value of a position instead (the search's search=value)",
    )
    train.add_argument(
        "--positions", type=float, default=0.2, help="--value: share of decisions kept (0 to 1)"
    )
    train.add_argument(
        "--search-iterations",
        type=int,
        default=24,
        help="--value: evaluations a decision of the search playing rounds after the first",
    )
    train.add_argument(
        "--search-shards",
        type=int,
        default=0,
        help="--value: shards of each round after the first (0: --shards)",
    )
    train.add_argument("--hidden", type=int, default=32, help="--value: hidden units")
    train.add_argument(
        "--jobs",
        type=int,
        default=0,
        help=f"processes, 1 to {MAX_JOBS} (0: every core, at most {MAX_JOBS})",
    )

    def run(args: argparse.Namespace) -> int:
        return cmd_train(args, options)

    return {"train": run}


def cmd_train(args: argparse.Namespace, options: Callable[[str, list[str]], Any]) -> int:
    if args.value:
        return cmd_train_value(args, options)
    from pydantic import ValidationError

    from .run import Plan, TrainError, cpu_count, default_out, train

    opts = options(args.ruleset, args.option)
    try:
        plan = Plan(
            ruleset=args.ruleset,
            options=opts.model_dump(),
            seed=args.seed,
            rounds=args.rounds,
            shards=args.shards,
            games=args.games,
            play_share=args.play_share,
            stop_iterations=args.stop_iterations,
            play_iterations=args.play_iterations,
        )
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise TrainUsageError(f"--{where.replace('_', '-')}: {first['msg']}") from None
    if not 0 <= args.jobs <= MAX_JOBS:
        raise TrainUsageError(f"--jobs must be 0 (every core) or 1 to {MAX_JOBS}, not {args.jobs}")
    work = Path(args.work)
    if work.exists() and not work.is_dir():
        raise TrainUsageError(f"--work {work} is not a directory")
    out = Path(args.out) if args.out else default_out(args.ruleset)
    _check_out(out)
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise TrainUsageError(
            "training needs numpy: pip install -e '.[train]' (playing does not)"
        ) from None
    jobs = min(args.jobs or cpu_count(), MAX_JOBS)

    def say(line: str) -> None:
        print(f"train {args.ruleset}: {line}", file=sys.stderr, flush=True)

    try:
        weights = train(work, plan, out, max(1, jobs), say)
    except TrainError as err:
        raise TrainUsageError(str(err)) from None
    except KeyboardInterrupt:
        say("stopped; the same command goes on from the last shard written")
        return 130
    say(f"weights written to {out} (rounds {weights.provenance.rounds})")
    return 0


def cmd_train_value(args: argparse.Namespace, options: Callable[[str, list[str]], Any]) -> int:
    """``train --value``: the learned value, by expert iteration (``training.value``)."""
    from pydantic import ValidationError

    from .run import TrainError, cpu_count
    from .value import ValuePlan, default_value_out, train_value

    opts = options(args.ruleset, args.option)
    try:
        plan = ValuePlan(
            ruleset=args.ruleset,
            options=opts.model_dump(),
            seed=args.seed,
            rounds=args.rounds,
            shards=args.shards,
            search_shards=args.search_shards or args.shards,
            games=args.games,
            positions=args.positions,
            search_iterations=args.search_iterations,
            hidden=args.hidden,
        )
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise TrainUsageError(f"--{where.replace('_', '-')}: {first['msg']}") from None
    if not 0 <= args.jobs <= MAX_JOBS:
        raise TrainUsageError(f"--jobs must be 0 (every core) or 1 to {MAX_JOBS}, not {args.jobs}")
    work = Path(args.work)
    if work.exists() and not work.is_dir():
        raise TrainUsageError(f"--work {work} is not a directory")
    out = Path(args.out) if args.out else default_value_out(args.ruleset)
    _check_out(out)
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise TrainUsageError(
            "training needs numpy: pip install -e '.[train]' (playing does not)"
        ) from None
    jobs = min(args.jobs or cpu_count(), MAX_JOBS)

    def say(line: str) -> None:
        print(f"train {args.ruleset} value: {line}", file=sys.stderr, flush=True)

    try:
        net = train_value(work, plan, out, max(1, jobs), say)
    except TrainError as err:
        raise TrainUsageError(str(err)) from None
    except KeyboardInterrupt:
        say("stopped; the same command goes on from the last shard written")
        return 130
    say(f"value written to {out} (rounds {net.provenance['rounds']})")
    return 0


def _check_out(out: Path) -> None:
    """TrainUsageError unless the weights can be written to ``out`` (checked before training, not
    after it)."""
    import tempfile

    if out.is_dir():
        raise TrainUsageError(f"--out {out} is a directory, not a file")
    if out.parent.exists() and not out.parent.is_dir():
        raise TrainUsageError(f"--out {out}: {out.parent} is not a directory")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out.parent):
            pass
    except OSError as err:
        raise TrainUsageError(f"cannot write --out {out}: {err.strerror or err}") from None
