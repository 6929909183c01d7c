"""Fitting the learned stop rule and play policy to the search's labels (numpy, training only).

The stop rule is a logistic regression: stop when the search found stopping better, each state
weighed by how much better either answer was (a near tie teaches little). The play policy is a
linear softmax over each decision's actions, fitted to the search's values of the actions
(cross-entropy to their softmax), starting from the normal policy's weights; it is kept only where
it loses less of the search's value than the normal policy on states held out of the fit. Both
are fitted by Newton's method on standardised features with a small ridge, then written back
in the features' own units, so that play time needs only a dot product.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

RIDGE = 1e-3
"""The ridge on the standardised weights, per labelled state."""
STEPS = 50
"""Newton steps at most."""
HELD_OUT = 0.2
"""The share of the states (the last ones) a fit is judged on before it is kept."""
TEMPERATURE = 0.01
"""The play values' temperature (a chance of 0.01 to finish first: one action twice as likely as
another 0.007 worse)."""
PLAY_RIDGE = 0.1
"""The play fit's ridge towards the normal policy's weights, per labelled state (0.1 at 0.01 lost
least on 二人こいこい's first round held out, among 0.001–1 and 0.002–0.05)."""
MAX_STEP = 1.0
"""The largest Newton step on a standardised weight: a softmax is blind to a feature alike for
every action of a decision (a take's card), and an unbounded step along such a direction
diverges."""


def _scale(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each column's mean and spread (a constant column: mean 0, spread 1, left as it is)."""
    mean = x.mean(axis=0)
    spread = x.std(axis=0)
    flat = spread < 1e-9
    mean[flat] = 0.0
    spread[flat] = 1.0
    return mean, spread


def fit_stop(rows: Sequence[Sequence[float]]) -> tuple[list[float], dict[str, Any]]:
    """Stop weights from rows of (features..., value of stopping less value of going on), fitted
    on all but the last ``HELD_OUT`` of the rows; with the mean value lost on those held out by
    the fitted rule and by the normal rule (``normal_stops``, the second feature)."""
    data = np.asarray(rows, dtype=float)
    x, d = data[:, :-1], data[:, -1]
    cut = len(x) - max(1, int(len(x) * HELD_OUT))
    weights = _logistic(x[:cut], d[:cut])
    lost = _stop_lost(x[cut:], d[cut:], np.asarray(weights))
    normal_lost = float(np.where((x[cut:, 1] > 0) == (d[cut:] > 0), 0.0, np.abs(d[cut:])).mean())
    weights = _logistic(x, d)
    return weights, {
        "states": float(len(x)),
        "held_out": float(len(x) - cut),
        "lost": round(lost, 5),
        "normal_lost": round(normal_lost, 5),
    }


def _stop_lost(x: np.ndarray, d: np.ndarray, w: np.ndarray) -> float:
    """The mean chance lost by stopping where ``x @ w >= 0``: |d| where the answer is not the
    search's better one."""
    return float(np.where(((x @ w) >= 0) == (d > 0), 0.0, np.abs(d)).mean())


def _logistic(x: np.ndarray, d: np.ndarray) -> list[float]:
    """Logistic regression of "stop is better" (d > 0), each state weighed by |d|, with a
    bias (the first column is 1)."""
    y = (d > 0).astype(float)
    weight = np.abs(d)
    weight = weight / weight.mean() if weight.mean() > 0 else np.ones_like(weight)
    mean, spread = _scale(x[:, 1:])
    z = np.column_stack([np.ones(len(x)), (x[:, 1:] - mean) / spread])
    w = np.zeros(z.shape[1])
    ridge = RIDGE * len(z) * np.eye(len(w))
    ridge[0, 0] = 0.0
    for _ in range(STEPS):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (weight * (p - y)) + ridge @ w
        hess = (z * (weight * p * (1 - p))[:, None]).T @ z + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    raw = w[1:] / spread
    return [float(w[0] - raw @ mean), *map(float, raw)]


class _Plays:
    """Play states flattened: every action's features, its state, and each state's start."""

    def __init__(self, states: Sequence[dict[str, Any]]) -> None:
        self.x = np.asarray([row for s in states for row in s["x"]], dtype=float)
        self.v = np.asarray([v for s in states for v in s["v"]], dtype=float)
        sizes = np.asarray([len(s["x"]) for s in states])
        self.starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        self.group = np.repeat(np.arange(len(states)), sizes)

    def softmax(self, u: np.ndarray) -> np.ndarray:
        u = u - np.maximum.reduceat(u, self.starts)[self.group]
        e = np.exp(u)
        return e / np.add.reduceat(e, self.starts)[self.group]

    def lost(self, w: Sequence[float]) -> float:
        """The mean value lost by playing each state's highest-scored action (the first of
        equals) rather than the search's best."""
        u = self.x @ np.asarray(w)
        best = np.maximum.reduceat(self.v, self.starts)
        total = 0.0
        for k, start in enumerate(self.starts):
            end = self.starts[k + 1] if k + 1 < len(self.starts) else len(u)
            total += best[k] - self.v[start + int(np.argmax(u[start:end]))]
        return total / len(self.starts)


def fit_play(
    states: Sequence[dict[str, Any]], prior: Sequence[float]
) -> tuple[list[float], dict[str, Any]]:
    """Play weights from states of ``{"x": each action's features, "v": its value}``: a softmax
    fitted to the search's values made into a distribution (``TEMPERATURE``), with a ridge
    towards ``prior`` (the normal policy's weights). Fitted on all but the last ``HELD_OUT`` of
    the states, the fit is kept only if it loses less value there than ``prior`` does; else the
    prior is kept (and the report says so)."""
    cut = len(states) - max(1, int(len(states) * HELD_OUT))
    held = _Plays(states[cut:])
    trial = _softmax_fit(_Plays(states[:cut]), prior)
    lost, prior_lost = held.lost(trial), held.lost(prior)
    kept = "fitted" if lost < prior_lost else "normal"
    weights = _softmax_fit(_Plays(states), prior) if kept == "fitted" else [*map(float, prior)]
    return weights, {
        "states": float(len(states)),
        "held_out": float(len(states) - cut),
        "lost": round(float(lost), 5),
        "normal_lost": round(float(prior_lost), 5),
        "kept": kept,
    }


def _softmax_fit(plays: _Plays, prior: Sequence[float]) -> list[float]:
    mean, spread = _scale(plays.x)
    z = plays.x / spread
    start = np.asarray(prior, dtype=float) * spread
    target = plays.softmax(plays.v / TEMPERATURE)
    w = start.copy()
    ridge = PLAY_RIDGE * len(plays.starts) * np.eye(len(w))
    for _ in range(STEPS):
        p = plays.softmax(z @ w)
        expected = np.add.reduceat(z * p[:, None], plays.starts)
        wanted = np.add.reduceat(z * target[:, None], plays.starts)
        grad = (expected - wanted).sum(axis=0) + ridge @ (w - start)
        centred = z - expected[plays.group]
        hess = (centred * p[:, None]).T @ centred + ridge
        step = np.linalg.solve(hess, grad)
        step *= min(1.0, MAX_STEP / max(float(np.abs(step).max()), 1e-12))
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return [float(v) for v in w / spread]
