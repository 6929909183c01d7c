"""``hanafuda train``: the learned stop rule and play policy trained by self-play (``training``),
resumed by the same command."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..training import MAX_JOBS
from .common import ruleset_options
from .parser import Terminated, UsageError, raise_on_sigterm


def cmd_train(args: argparse.Namespace) -> int:
    if args.value and args.play_net:
        raise UsageError("--value and --play-net are two trainings: give one")
    if args.value:
        return cmd_train_value(args)
    if args.play_net:
        return cmd_train_play_net(args)
    from ..training.run import Plan, default_out, train

    plan = _plan(
        Plan,
        **_planned(args),
        play_share=args.play_share,
        stop_iterations=args.stop_iterations,
        play_iterations=args.play_iterations,
    )

    def run(work: Path, out: Path, jobs: int, say: Callable[[str], None]) -> str:
        weights = train(work, plan, out, jobs, say)
        return f"weights written to {out} (rounds {weights.provenance.rounds})"

    return _training(args, "", default_out(args.ruleset), run)


def cmd_train_value(args: argparse.Namespace) -> int:
    """``train --value``: the learned value of a position, by expert iteration."""
    from ..training.value import ValuePlan, default_value_out, train_value

    plan = _plan(
        ValuePlan,
        **_planned(args),
        search_shards=args.search_shards or args.shards,
        positions=args.positions,
        search_iterations=args.search_iterations,
        hidden=32 if args.hidden is None else args.hidden,
    )

    def run(work: Path, out: Path, jobs: int, say: Callable[[str], None]) -> str:
        net = train_value(work, plan, out, jobs, say)
        return f"value written to {out} (rounds {net.provenance['rounds']})"

    return _training(args, " value", default_value_out(args.ruleset), run)


def cmd_train_play_net(args: argparse.Namespace) -> int:
    """``train --play-net``: the play network (strong's playout=net), by expert iteration."""
    from ..bots.play_net import play_net_path
    from ..training.play_train import NetPlan, train_play_net

    plan = _plan(
        NetPlan,
        **_planned(args),
        play_share=args.play_share,
        play_iterations=args.play_iterations,
        held=args.held,
        hidden=8 if args.hidden is None else args.hidden,
        steps=args.steps,
    )

    def run(work: Path, out: Path, jobs: int, say: Callable[[str], None]) -> str:
        net = train_play_net(work, plan, out, jobs, say)
        return f"play network written to {out} (rounds {net.provenance.rounds})"

    return _training(args, " play network", play_net_path(args.ruleset), run)


def _planned(args: argparse.Namespace) -> dict[str, Any]:
    """What every training's plan holds, from the command line."""
    return {
        "ruleset": args.ruleset,
        "options": ruleset_options(args.ruleset, args.option).model_dump(),
        "seed": args.seed,
        "rounds": args.rounds,
        "shards": args.shards,
        "games": args.games,
    }


def _training(
    args: argparse.Namespace,
    what: str,
    default: Path,
    run: Callable[[Path, Path, int, Callable[[str], None]], str],
) -> int:
    """Run a training in its checked places, its progress on stderr; Ctrl+C or SIGTERM stops it
    where the same command goes on."""
    from ..training.run import TrainError

    work, out, jobs = _places(args, default)

    def say(line: str) -> None:
        print(f"train {args.ruleset}{what}: {line}", file=sys.stderr, flush=True)

    previous = signal.signal(signal.SIGTERM, raise_on_sigterm(os.getpid()))
    try:
        done = run(work, out, jobs, say)
    except TrainError as err:
        raise UsageError(str(err)) from None
    except (KeyboardInterrupt, Terminated) as stopped:
        say("stopped; the same command goes on from the last shard written")
        return 130 if isinstance(stopped, KeyboardInterrupt) else 143
    finally:
        signal.signal(signal.SIGTERM, previous)
    say(done)
    return 0


PlanT = TypeVar("PlanT")


def _plan(model: Callable[..., PlanT], **fields: Any) -> PlanT:
    """The training's plan, or UsageError naming the first option out of bounds."""
    from pydantic import ValidationError

    try:
        return model(**fields)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        if not where:  # a check of the plan as a whole: its message names the options
            raise UsageError(first["msg"].removeprefix("Value error, ")) from None
        raise UsageError(f"--{where.replace('_', '-')}: {first['msg']}") from None


def _places(args: argparse.Namespace, default: Path) -> tuple[Path, Path, int]:
    """The work directory, the weights file and the processes, checked before training (and
    numpy there to fit with)."""
    from ..training.run import cpu_count

    if not 0 <= args.jobs <= MAX_JOBS:
        raise UsageError(f"--jobs must be 0 (every core) or 1 to {MAX_JOBS}, not {args.jobs}")
    work = Path(args.work)
    if work.exists() and not work.is_dir():
        raise UsageError(f"--work {work} is not a directory")
    out = Path(args.out) if args.out else default
    _check_out(out)
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise UsageError(
            "training needs numpy: pip install -e '.[train]' (playing does not)"
        ) from None
    return work, out, max(1, min(args.jobs or cpu_count(), MAX_JOBS))


def _check_out(out: Path) -> None:
    """UsageError unless the weights can be written to ``out`` (checked before training, not
    after it)."""
    import tempfile

    if out.is_dir():
        raise UsageError(f"--out {out} is a directory, not a file")
    if out.parent.exists() and not out.parent.is_dir():
        raise UsageError(f"--out {out}: {out.parent} is not a directory")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out.parent):
            pass
    except OSError as err:
        raise UsageError(f"cannot write --out {out}: {err.strerror or err}") from None
