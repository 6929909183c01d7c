"""Fitting the learned value (numpy, training only): one ReLU hidden layer and a logistic output,
fitted to the positions' labels (chances, so a log loss against a soft target) by Adam on
minibatches, with the numbers standardised; the standardisation is folded into the first layer's
weights, so that play time reads plain weights. The last ``HELD_OUT`` of the positions (the last
shards) are held out: the fit stops when their loss has not improved for ``PATIENCE`` epochs, and
the weights of the best epoch are kept, with a few held-out positions and their values as the
training computed them (``check``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..bots.value import card_blocks

HELD_OUT = 0.1
EPOCHS = 30
PATIENCE = 3
BATCH = 256
LEARNING_RATE = 1e-3
L2 = 1e-5
CHECKED = 3
"""Held-out positions kept with the weights (``fit.check``) with the fitted network's value of
each as training computed it: what play time must read the weights to."""


def _matrix(
    bits: Sequence[Sequence[Sequence[int]]],
    scalars: Sequence[Sequence[Sequence[float]]],
    players: int,
) -> np.ndarray:
    cards = 48 * card_blocks(players)
    rows = sum(len(b) for b in bits)
    width = cards + len(next(s[0] for s in scalars if s))
    x = np.zeros((rows, width), dtype=np.float32)
    i = 0
    for shard_bits, shard_scalars in zip(bits, scalars, strict=True):
        for b, s in zip(shard_bits, shard_scalars, strict=True):
            x[i, b] = 1.0
            x[i, cards:] = s
            i += 1
    return x


def _loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def fit_value(
    bits: Sequence[Sequence[Sequence[int]]],
    scalars: Sequence[Sequence[Sequence[float]]],
    labels: Sequence[Sequence[float]],
    players: int,
    hidden: int,
    seed: int,
) -> tuple[list[tuple[list[list[float]], list[float]]], dict[str, Any]]:
    """The layers (rows by output unit, biases) and what the fit saw."""
    x = _matrix(bits, scalars, players)
    y = np.asarray([v for shard in labels for v in shard], dtype=np.float32)
    cards = 48 * card_blocks(players)
    mean = np.zeros(x.shape[1], dtype=np.float32)
    spread = np.ones(x.shape[1], dtype=np.float32)
    mean[cards:] = x[:, cards:].mean(axis=0)
    sd = x[:, cards:].std(axis=0)
    spread[cards:] = np.where(sd < 1e-6, 1.0, sd)
    z = (x - mean) / spread
    cut = len(z) - max(1, int(len(z) * HELD_OUT))
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0, np.sqrt(2.0 / z.shape[1]), (z.shape[1], hidden)).astype(np.float32)
    b1 = np.zeros(hidden, dtype=np.float32)
    w2 = rng.normal(0, np.sqrt(1.0 / hidden), (hidden, 1)).astype(np.float32)
    b2 = np.zeros(1, dtype=np.float32)
    params = [w1, b1, w2, b2]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]

    def forward(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.maximum(a @ params[0] + params[1], 0.0)
        out = 1.0 / (1.0 + np.exp(-np.clip(h @ params[2] + params[3], -30, 30)))
        return h, out[:, 0]

    best = (np.inf, [p.copy() for p in params], 0)
    step = 0
    epochs = 0
    for epoch in range(EPOCHS):
        epochs = epoch + 1
        order = rng.permutation(cut)
        for start in range(0, cut, BATCH):
            idx = order[start : start + BATCH]
            a, t = z[idx], y[idx]
            h, p = forward(a)
            g = ((p - t) / len(idx))[:, None]
            grads = [
                a.T @ ((g @ params[2].T) * (h > 0)) + L2 * params[0],
                ((g @ params[2].T) * (h > 0)).sum(axis=0),
                h.T @ g + L2 * params[2],
                g.sum(axis=0),
            ]
            step += 1
            for p_, g_, (m, v) in zip(params, grads, moments, strict=True):
                m *= 0.9
                m += 0.1 * g_
                v *= 0.999
                v += 0.001 * g_ * g_
                p_ -= (
                    LEARNING_RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
                )
        held = _loss(forward(z[cut:])[1], y[cut:])
        if held < best[0]:
            best = (held, [p.copy() for p in params], epoch)
        elif epoch - best[2] >= PATIENCE:
            break
    params[:] = best[1]
    rows = range(cut, min(len(z), cut + CHECKED))
    check = {
        "bits": [[int(i) for i in np.nonzero(x[r, :cards])[0]] for r in rows],
        "scalars": [[float(v) for v in x[r, cards:]] for r in rows],
        "p": [float(v) for v in forward(z[list(rows)])[1]],
    }
    raw_w1, raw_b1, out_w, out_b = (p.astype(np.float64) for p in best[1])
    # fold the standardisation in: (x - mean) / spread @ w1 + b1
    in_w = raw_w1 / spread.astype(np.float64)[:, None]
    in_b = raw_b1 - mean.astype(np.float64) @ in_w
    whole = x[cut:, cards + _whole_offset(players)]
    stats = {
        "positions": int(len(z)),
        "held_out": int(len(z) - cut),
        "hidden": hidden,
        "epochs": epochs,
        "loss": round(best[0], 5),
        "scores_loss": round(_loss(whole, y[cut:]), 5),
        "constant_loss": round(_loss(np.full(len(z) - cut, y[:cut].mean()), y[cut:]), 5),
        "label_entropy": round(_loss(y[cut:], y[cut:]), 5),
        "check": check,
    }
    layers = [
        ([_short(col) for col in in_w.T], _short(in_b)),
        ([_short(out_w[:, 0])], _short(out_b)),
    ]
    return layers, stats


def _whole_offset(players: int) -> int:
    """Where the scores' own chance (``whole`` in ``encode``) sits among the numbers."""
    from ..bots.learned import STOP_FEATURES

    return len(STOP_FEATURES) + 3 * (players - 1)


def _short(values: np.ndarray) -> list[float]:
    """Weights to 7 significant digits (the file a third the size; values move by ~1e-6)."""
    return [float(f"{v:.7g}") for v in values]
