"""Fitting the learned stop rule and play policy to the search's labels (numpy, training only).

The stop rule is a logistic regression: stop when the search found stopping better, each state
weighed by how much better either answer was (a near tie teaches little). The play policy is a
linear softmax over each decision's actions, fitted to the search's choice (cross-entropy). Both
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


def _scale(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each column's mean and spread (a constant column: mean 0, spread 1, left as it is)."""
    mean = x.mean(axis=0)
    spread = x.std(axis=0)
    flat = spread < 1e-9
    mean[flat] = 0.0
    spread[flat] = 1.0
    return mean, spread


def fit_stop(rows: Sequence[Sequence[float]]) -> tuple[list[float], dict[str, float]]:
    """Stop weights from rows of (features..., value of stopping less value of going on), with
    the share of the weighted states the fitted rule answers as the search did."""
    data = np.asarray(rows, dtype=float)
    x, d = data[:, :-1], data[:, -1]
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
    bias = w[0] - float(raw @ mean)
    weights = [float(bias), *map(float, raw)]
    agree = float(weight[((x @ np.asarray(weights)) >= 0) == (d > 0)].sum() / weight.sum())
    return weights, {"states": float(len(x)), "agreement": round(agree, 4)}


def fit_play(states: Sequence[dict[str, Any]]) -> tuple[list[float], dict[str, float]]:
    """Play weights from states of ``{"x": each action's features, "best": the search's choice}``,
    with the share of states whose highest-valued action is the search's choice."""
    x = np.asarray([row for s in states for row in s["x"]], dtype=float)
    sizes = np.asarray([len(s["x"]) for s in states])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    chosen = starts + np.asarray([s["best"] for s in states])
    group = np.repeat(np.arange(len(states)), sizes)
    mean, spread = _scale(x)
    z = (x - mean) / spread
    w = np.zeros(z.shape[1])
    ridge = RIDGE * len(states) * np.eye(len(w))
    for _ in range(STEPS):
        u = z @ w
        u = u - np.maximum.reduceat(u, starts)[group]
        e = np.exp(u)
        p = e / np.add.reduceat(e, starts)[group]
        expected = np.add.reduceat(z * p[:, None], starts)
        grad = expected.sum(axis=0) - z[chosen].sum(axis=0) + ridge @ w
        centred = z - expected[group]
        hess = (centred * p[:, None]).T @ centred + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    raw = w / spread
    u = x @ raw
    top = np.maximum.reduceat(u, starts)
    agree = float(np.mean(u[chosen] >= top - 1e-12))
    return [float(v) for v in raw], {"states": float(len(states)), "agreement": round(agree, 4)}
