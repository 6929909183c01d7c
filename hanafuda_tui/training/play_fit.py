"""Fitting the play network to the search's play values (numpy, training only), and judging it.

The labels are ``play_labels``' decisions (the positions with the search's value of every legal
action). Each action's ``NET_FEATURES`` are read from its position; the network's scores are
fitted to the search's values made into a distribution (a softmax at ``TEMPERATURE``, as the
linear play fit does) by cross-entropy, full batch with Adam, from the normal policy's weights
(its capture value in ``lin``) and small random hidden weights drawn from the seed: the same
labels and seed give the same network. The last shards are held out (by game, never a decision
of a game fitted on) and every policy is judged there: how often it plays the search's best
action, and how much of the search's value it loses a decision.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from ..bots.evaluators import evaluator
from ..bots.learned import NORMAL_WEIGHTS, PLAY_FEATURES, Provenance, Table
from ..bots.play_net import NET_FEATURES, Net, PlayNet, net_features_of
from ..bots.policy import Seen, normal_action
from ..core.game import NO_FACTS

TEMPERATURE = 0.01
"""The values' temperature (as ``fit.TEMPERATURE``)."""
HIDDEN = 8
STEPS = 1500
RATE = 0.01
RIDGE = 0.01
"""The ridge on the standardised weights (hidden and linear alike), per decision."""
RIDGES = (0.003, 0.01, 0.03)
"""The ridges the command chooses among, on decisions of the fit's own that it holds back."""
MIN_FITTED = 5
"""Decisions a fit needs at least: the last fifth of them choose its ridge."""


class Decisions(NamedTuple):
    """Labelled decisions flattened: every action's features and value, each decision's start,
    and the normal policy's action's index in each decision."""

    x: np.ndarray
    v: np.ndarray
    starts: np.ndarray
    group: np.ndarray
    normal: np.ndarray


def seen_of(p: dict[str, Any]) -> tuple[Seen, Table]:
    """A labelled position as the policy sees it (no public facts: a playout's turn has none)."""
    seen = Seen(
        p["seat"], p["legal"], p["hand"], p["field"], tuple(p["captures"]), p["pending"], NO_FACTS
    )
    return seen, Table(tuple(p["scores"]), p["left"], p["stock"])


def decisions(ruleset: str, positions: Sequence[dict[str, Any]]) -> Decisions:
    ev = evaluator(ruleset)
    rows: list[list[float]] = []
    values: list[float] = []
    sizes: list[int] = []
    normal: list[int] = []
    for p in positions:
        seen, table = seen_of(p)
        features = net_features_of(ev, seen, table)
        rows += [features(a) for a in p["legal"]]
        values += p["v"]
        sizes.append(len(p["legal"]))
        normal.append(list(p["legal"]).index(normal_action(ev, seen)))
    size = np.asarray(sizes)
    return Decisions(
        np.asarray(rows, dtype=float),
        np.asarray(values, dtype=float),
        np.concatenate([[0], np.cumsum(size)[:-1]]).astype(int),
        np.repeat(np.arange(len(size)), size),
        np.asarray(normal),
    )


def _softmax(u: np.ndarray, d: Decisions) -> np.ndarray:
    u = u - np.maximum.reduceat(u, d.starts)[d.group]
    e = np.exp(u)
    return e / np.add.reduceat(e, d.starts)[d.group]


def _first_best(u: np.ndarray, d: Decisions) -> np.ndarray:
    """Each decision's index (within it) of its highest score, the first of equals."""
    out = np.empty(len(d.starts), dtype=int)
    ends = [*d.starts[1:], len(u)]
    for k, (s, e) in enumerate(zip(d.starts, ends, strict=True)):
        out[k] = int(np.argmax(u[s:e]))
    return out


def judge(chosen: np.ndarray, d: Decisions) -> dict[str, float]:
    """How often ``chosen`` (an index a decision) is the search's best, the mean value lost, and
    how much more it gets than the normal policy's choice (with its 95% half-width, paired by
    decision)."""
    best = np.maximum.reduceat(d.v, d.starts)
    got = d.v[d.starts + chosen]
    top = _first_best(d.v, d)
    gained = got - d.v[d.starts + d.normal]
    half = 1.96 * float(gained.std(ddof=1)) / np.sqrt(len(gained)) if len(gained) > 1 else 0.0
    return {
        "decisions": float(len(d.starts)),
        "agrees": round(float(np.mean(chosen == top)), 4),
        "lost": round(float(np.mean(best - got)), 5),
        "gain_over_normal": round(float(gained.mean()), 5),
        "gain_over_normal_95": round(float(half), 5),
    }


def scores(net: Net, x: np.ndarray) -> np.ndarray:
    if not net.W:
        return x @ np.asarray(net.lin)
    w = np.asarray(net.W)
    return x @ np.asarray(net.lin) + np.tanh(x @ w.T + np.asarray(net.b)) @ np.asarray(net.out)


def fit_net(
    d: Decisions, seed: int, hidden: int = HIDDEN, steps: int = STEPS, ridge: float = RIDGE
) -> Net:
    """The network fitted to ``d`` (features in their own units in the result)."""
    rng = np.random.default_rng(seed)
    mean = d.x.mean(axis=0)
    spread = d.x.std(axis=0)
    flat = spread < 1e-9
    spread[flat] = 1.0
    z = (d.x - mean) / spread
    n = z.shape[1]
    lin = np.zeros(n)
    lin[: len(PLAY_FEATURES)] = np.asarray(NORMAL_WEIGHTS) * spread[: len(PLAY_FEATURES)]
    lin0 = lin.copy()
    w = rng.normal(0.0, 0.3 / np.sqrt(n), (hidden, n))
    b = np.zeros(hidden)
    out = rng.normal(0.0, 0.1, hidden)
    target = _softmax(d.v / TEMPERATURE, d)
    decisions_n = len(d.starts)
    params = [lin, w, b, out]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    for t in range(1, steps + 1):
        h = np.tanh(z @ w.T + b)
        u = z @ lin + h @ out
        p = _softmax(u, d)
        g = (p - target) / decisions_n  # d loss / d score of each action
        dh = np.outer(g, out) * (1 - h * h)
        grads = [
            z.T @ g + ridge * (lin - lin0),
            dh.T @ z + ridge * w,
            dh.sum(axis=0),
            h.T @ g + ridge * out,
        ]
        for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
            moments[i] = 0.9 * moments[i] + 0.1 * grad
            squares[i] = 0.999 * squares[i] + 0.001 * grad * grad
            m = moments[i] / (1 - 0.9**t)
            s = squares[i] / (1 - 0.999**t)
            param -= RATE * m / (np.sqrt(s) + 1e-8)
    w_raw = w / spread
    return Net(
        features=NET_FEATURES,
        lin=tuple(float(v) for v in lin / spread),
        W=tuple(tuple(float(v) for v in row) for row in w_raw),
        b=tuple(float(v) for v in b - w_raw @ mean),
        out=tuple(float(v) for v in out),
    )


def choose_ridge(
    train: Decisions,
    check: Decisions,
    ridges: Sequence[float],
    fit: Callable[[Decisions, float], Net],
) -> tuple[float, dict[float, float]]:
    """The ridge whose fit on ``train`` loses least value on ``check`` (the first of equals),
    with each ridge's value lost there."""
    lost = {
        r: judge(_first_best(scores(fit(train, r), check.x), check), check)["lost"] for r in ridges
    }
    return min(ridges, key=lost.__getitem__), lost


def fit_and_judge(
    ruleset: str,
    fit_on: Sequence[dict[str, Any]],
    held_out: Sequence[dict[str, Any]],
    seed: int,
    hidden: int,
    steps: int,
    ridges: Sequence[float],
) -> tuple[Net, dict[str, Any]]:
    """The network fitted to ``fit_on`` (its ridge chosen on the last fifth of those, fitted on
    the rest), and how it and the other policies play ``held_out``: the normal policy, its
    weights, a linear fit over the same features, the network there and on its own fit."""
    cut = len(fit_on) - len(fit_on) // 5
    ridge, lost = choose_ridge(
        decisions(ruleset, fit_on[:cut]),
        decisions(ruleset, fit_on[cut:]),
        ridges,
        lambda d, r: fit_net(d, seed, hidden, steps, r),
    )
    fitted = decisions(ruleset, fit_on)
    held = decisions(ruleset, held_out)
    net = fit_net(fitted, seed, hidden, steps, ridge)
    linear = fit_net(fitted, seed, 0, steps, ridge)
    report = {
        "normal": judge(held.normal, held),
        "normal_weights": judge(
            _first_best(held.x[:, :9] @ np.asarray(NORMAL_WEIGHTS), held), held
        ),
        "linear_rich": judge(_first_best(scores(linear, held.x), held), held),
        "net": judge(_first_best(scores(net, held.x), held), held),
        "net_on_fitted": judge(_first_best(scores(net, fitted.x), fitted), fitted),
    }
    stats = {
        "decisions": len(fitted.starts),
        "ridge": ridge,
        "ridges_lost": {f"{r:g}": v for r, v in lost.items()},
        "held_out": report,
    }
    return net, stats


def read_labels(work: Path) -> list[list[dict[str, Any]]]:
    """Every shard's labelled decisions in ``work`` (``plays-K.json``), by shard number."""
    found = sorted(work.glob("plays-*.json"), key=lambda f: int(f.stem.split("-")[1]))
    return [json.loads(f.read_text("utf-8"))["plays"] for f in found]


def main(argv: list[str] | None = None) -> int:
    """``python -m hanafuda_tui.training.play_fit``: fit on all but the last ``--held``
    shards, judge every policy on those, write the network (``--out``)."""
    import argparse
    import shlex
    import sys

    parser = argparse.ArgumentParser(prog="python -m hanafuda_tui.training.play_fit")
    parser.add_argument("--ruleset", default="koikoi2")
    parser.add_argument("--work", required=True, nargs="+", help="labels' directories")
    parser.add_argument("--out", required=True)
    parser.add_argument("--held", type=int, default=20, help="last shards held out, a directory")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=HIDDEN)
    parser.add_argument("--steps", type=int, default=STEPS)
    parser.add_argument(
        "--ridge",
        type=float,
        nargs="+",
        default=list(RIDGES),
        help="ridges to choose from on the last fifth of the fitted decisions",
    )
    args = parser.parse_args(argv)
    fit_on: list[dict[str, Any]] = []
    held_out: list[dict[str, Any]] = []
    for work in args.work:
        shards = read_labels(Path(work))
        if len(shards) <= args.held:
            print(
                f"{work}: {len(shards)} shards, not more than --held {args.held}", file=sys.stderr
            )
            return 2
        fit_on += [p for s in shards[: -args.held] for p in s]
        held_out += [p for s in shards[-args.held :] for p in s]
    if len(fit_on) < MIN_FITTED or not held_out:
        print(
            f"{len(fit_on)} decisions to fit and {len(held_out)} held out: too few", file=sys.stderr
        )
        return 2
    net, stats = fit_and_judge(
        args.ruleset, fit_on, held_out, args.seed, args.hidden, args.steps, args.ridge
    )
    print("ridges:", ", ".join(f"{r}: {v:.5f}" for r, v in stats["ridges_lost"].items()))
    for name, line in stats["held_out"].items():
        print(f"{name}: {line}")
    provenance = Provenance(
        command=shlex.join(["python", "-m", "hanafuda_tui.training.play_fit", *sys.argv[1:]]),
        seed=args.seed,
        commit="unknown",
        rounds=1,
        decisions=stats["decisions"],
        ridge=stats["ridge"],
        held_out=stats["held_out"],
    )
    Path(args.out).write_text(
        PlayNet(ruleset=args.ruleset, net=net, provenance=provenance).model_dump_json(indent=1)
        + "\n",
        "utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
