"""``hanafuda train``: expert iteration in rounds, each checkpointed in a work directory.

Round ``r`` plays self-play shards with the policy of round ``r − 1`` (round 0: the normal
policy), labels their decisions with the search playing out by that same policy, and fits new
weights (``fit``). Every shard's labels are written to ``round-R/shard-K.json`` as it finishes and
every round's weights to ``round-R/weights.json``: stopped at any point, the same command skips
what is written and goes on. The plan (ruleset, options, sizes, seed) is kept in ``plan.json``: a
work directory answers only the command that began it, or the same with more rounds. The last round's weights, with their
provenance, are written to ``--out`` (the package's shipped file by default). A fitted rule is kept
only where it loses less of the search's value than the normal policy on the states held out of
its fit; else the normal policy's answer stays (and the provenance says which was kept).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..bots.arena import end_if_orphaned, worker_pool
from ..bots.learned import (
    NORMAL_PLAY,
    PLAY_FEATURES,
    STOP_FEATURES,
    WEIGHTS,
    Linear,
    Provenance,
    Weights,
    WeightsError,
    read_weights,
)
from ..core.readable import first_fault
from ..core.records import write_atomically
from .states import Labels, Shard, label_shard

MIN_STOP_STATES = 50
"""Stop decisions a round needs to fit a stop rule (fewer: the normal rule answers)."""


MAX_SEED = (1 << 63) - 1


class TrainError(Exception):
    """Reported as one line (a work directory of another plan, unreadable checkpoints)."""


class Planned(BaseModel):
    """What every training is: kept in its work directory, compared on every resume."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: str
    options: dict[str, Any]
    seed: int = Field(ge=0, le=MAX_SEED)
    rounds: int = Field(ge=1, le=20)
    shards: int = Field(ge=1, le=10_000)
    games: int = Field(ge=1, le=1_000)
    """Games per shard."""


class Plan(Planned):
    """The stop rule's and play policy's training."""

    play_share: float = Field(ge=0.0, le=1.0)
    stop_iterations: int = Field(ge=2, le=100_000)
    play_iterations: int = Field(ge=2, le=100_000)


def _commit() -> str:
    """The checkout's commit (``unknown`` outside a git checkout)."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.strip() or "unknown"


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError) as err:
        raise TrainError(f"cannot read {path}: {err}") from None


AGAIN = "remove it and the same command makes it again"


Model = TypeVar("Model", bound=BaseModel)


def read_shard(path: Path, model: type[Model], what: str) -> Model:
    """A shard's file as written, checked: TrainError naming the file and saying it is not
    ``what`` (its labels, its positions) if it is not."""
    try:
        return model.model_validate(_read_json(path))
    except ValidationError as err:
        raise TrainError(
            f"{path} is not {what} ({first_fault(err, 'the file')}); {AGAIN}"
        ) from None


Written = TypeVar("Written")


def read_round(
    done: Path, read: Callable[[str, str], Written], error: type[Exception], ruleset: str
) -> Written:
    """What a round wrote when it was done (``read`` of its text and the ruleset): TrainError
    naming the file if it cannot be read."""
    try:
        return read(done.read_text("utf-8"), ruleset)
    except (OSError, UnicodeDecodeError, error) as err:
        raise TrainError(f"{done}: {err}; {AGAIN}") from None


def begin(work: Path, plan: Planned, foreign: str = "") -> None:
    """Make the work directory, or check that it holds this plan: the same but for its rounds
    (a round does not depend on how many follow it, so a training can be given more rounds, or
    fewer). ``foreign``: what to say of a plan file of another shape (default: that it is not a
    training's plan, and why)."""
    try:
        work.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise TrainError(f"cannot make --work {work}: {err.strerror or err}") from None
    kept = work / "plan.json"
    if kept.exists():
        try:
            held = type(plan).model_validate(_read_json(kept))
        except ValidationError as err:
            raise TrainError(
                foreign
                or f"{kept} is not a training's plan ({first_fault(err, 'the file')}): use another --work"
            ) from None
        if held.model_copy(update={"rounds": plan.rounds}) != plan:
            raise TrainError(f"{work} holds another training's plan: use another --work")
        if held == plan:
            return
    write_atomically(kept, plan.model_dump_json(indent=1))


def round_weights(
    plan: Plan,
    stop: list[float] | None,
    play: list[float],
    r: int,
    stats: dict[str, Any],
    commit: str,
) -> Weights:
    provenance = Provenance(
        command=shlex.join(["hanafuda", "train", *sys.argv[2:]]),
        seed=plan.seed,
        commit=commit,
        rounds=r + 1,
        **stats,
    )
    return Weights(
        ruleset=plan.ruleset,
        stop=None if stop is None else Linear(features=STOP_FEATURES, weights=tuple(stop)),
        play=Linear(features=PLAY_FEATURES, weights=tuple(play)),
        provenance=provenance,
    )


def train(
    work: Path,
    plan: Plan,
    out: Path,
    jobs: int,
    say: Callable[[str], None],
) -> Weights:
    """Every round not yet written, then the last round's weights to ``out``."""
    from .fit import fit_play, fit_stop  # numpy: the training extra

    begin(work, plan)
    commit = _commit()  # the code this run labels and fits with
    weights: Weights | None = None
    for r in range(plan.rounds):
        folder = work / f"round-{r}"
        folder.mkdir(exist_ok=True)
        done = folder / "weights.json"
        if done.exists():
            weights = read_round(done, read_weights, WeightsError, plan.ruleset)
            say(f"round {r + 1}/{plan.rounds}: done before")
            continue
        policy = None if weights is None else weights.model_dump_json()
        shards = [
            Shard(
                plan.ruleset,
                plan.options,
                plan.seed,
                r,
                k,
                plan.games,
                plan.play_share,
                plan.stop_iterations,
                plan.play_iterations,
                policy,
            )
            for k in range(plan.shards)
            if not (folder / f"shard-{k}.json").exists()
        ]
        _label(folder, shards, plan, r, jobs, say)
        stop_rows: list[list[float]] = []
        play_states: list[dict[str, Any]] = []
        cpu = 0.0
        for k in range(plan.shards):
            data = read_shard(folder / f"shard-{k}.json", Labels, "a shard's labels")
            stop_rows += data.stop
            play_states += [state.model_dump() for state in data.play]
            cpu += data.cpu_seconds
        stop: list[float] | None = None
        stop_fit: dict[str, Any] = {"states": len(stop_rows), "kept": "normal"}
        if len(stop_rows) >= MIN_STOP_STATES:
            fitted, stop_fit = fit_stop(stop_rows)
            kept = stop_fit["lost"] < stop_fit["normal_lost"]
            stop_fit["kept"] = "fitted" if kept else "normal"
            stop = fitted if kept else None
        if play_states:
            play, play_fit = fit_play(play_states, NORMAL_PLAY.weights)
        else:
            play, play_fit = list(NORMAL_PLAY.weights), {}
        stats = {
            "games": plan.shards * plan.games * (r + 1),
            "round_cpu_seconds": round(cpu),
            "stop_fit": stop_fit,
            "play_fit": play_fit,
        }
        weights = round_weights(plan, stop, play, r, stats, commit)
        write_atomically(done, weights.model_dump_json(indent=1))
        say(
            f"round {r + 1}/{plan.rounds}: {len(stop_rows):,} stop decisions"
            f" (held out, chance lost: {_lost(stop_fit)}, {stop_fit['kept']} kept),"
            f" {len(play_states):,} plays"
            f" ({_lost(play_fit)}, {play_fit.get('kept', 'normal')} kept),"
            f" {cpu / 60:.1f} CPU minutes"
        )
    assert weights is not None
    write_atomically(out, weights.model_dump_json(indent=1) + "\n")
    return weights


def _lost(fit: dict[str, Any]) -> str:
    if "lost" not in fit:
        return "-"
    return f"learned {fit['lost']:.4f}, normal {fit['normal_lost']:.4f}"


def _label(
    folder: Path,
    shards: Sequence[Shard],
    plan: Plan,
    r: int,
    jobs: int,
    say: Callable[[str], None],
) -> None:
    """Label the shards over ``jobs`` processes, each written as it finishes; a line of progress
    after each."""

    def labelled(data: dict[str, Any]) -> str:
        return f"{len(data['stop'])} stop decisions, {len(data['play'])} plays"

    label_shards(
        folder, shards, _label_job, plan.shards, f"round {r + 1}/{plan.rounds}", jobs, labelled, say
    )


class Numbered(Protocol):
    """A shard: its number in the round."""

    @property
    def k(self) -> int: ...


ShardT = TypeVar("ShardT", bound=Numbered)


def label_shards(
    folder: Path,
    shards: Sequence[ShardT],
    job: Callable[[ShardT], tuple[ShardT, dict[str, Any]]],
    count: int,
    round_name: str,
    jobs: int,
    labelled: Callable[[dict[str, Any]], str],
    say: Callable[[str], None],
) -> None:
    """Label ``shards`` (of ``count`` in the round) with ``job`` over ``jobs`` processes, each
    written as ``shard-K.json`` as it finishes, with a line of progress (``labelled`` says what a
    shard held) after each."""
    if not shards:
        return
    start = time.monotonic()
    left = len(shards)
    done = count - left

    def keep(shard: ShardT, data: dict[str, Any]) -> None:
        nonlocal done
        write_atomically(folder / f"shard-{shard.k}.json", json.dumps(data))
        done += 1
        rate = (time.monotonic() - start) / (done - (count - left))
        eta = rate * (count - done)
        say(
            f"{round_name}: shard {done}/{count} ({labelled(data)}),"
            f" about {eta / 60:.0f} min left in the round"
        )

    if jobs <= 1:
        for shard in shards:
            keep(*job(shard))
        return
    with worker_pool(jobs) as pool:
        for shard, data in pool.imap_unordered(job, shards):
            keep(shard, data)


def _label_job(shard: Shard) -> tuple[Shard, dict[str, Any]]:
    """A shard with its labels (as they finish, in any order)."""
    end_if_orphaned()
    return shard, label_shard(shard)


def default_out(ruleset: str) -> Path:
    """The weights file the package ships for ``ruleset``."""
    return WEIGHTS / f"{ruleset}.json"


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
