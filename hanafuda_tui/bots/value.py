"""The learned value of a position: a small network (an MLP) over what one seat sees, estimating
the seat's chance to finish the year first as it will stand at the month's end (the strong
search's own ``aim=win`` value of a month played out), trained by ``hanafuda train --value`` from
self-play and written as JSON (read from ``weights/<ruleset>.value.json`` beside this module
where one is shipped, or from a training's file: ``strong:search=value:value=FILE``).

``encode`` reads a ``PlayerView`` only: the seat's hand, the field, every capture pile, the
others' shown cards, the card waiting for a take, the public facts and scores, the months and
stock left; never a hidden card, so the same function serves a real view and an imagined world's
view of the same seat. Its inputs are card bits (``card_blocks`` blocks of 48, seats counted from
the viewer) and a few dozen numbers (``scalars``). The network is read here in plain Python
(sparse over the card bits), so playing needs no numpy: about an eighth of a millisecond a
position, the encoding as much again (docs/bots.md).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from operator import add, mul
from pathlib import Path
from typing import Any, NamedTuple

from ..core.cards import cards_of
from ..core.game import Phase, PlayerView
from .chances import year_win_chance
from .evaluators import evaluator_of
from .learned import STOP_FEATURES, Table, stop_features
from .learned_file import shipped_file
from .policy import seen_of_view

ENCODING = "value-2"
"""The version of ``encode``: a weights file of another encoding is refused."""
PHASES = (
    Phase.PLAY,
    Phase.TAKE,
    Phase.TEYAKU,
    Phase.KOIKOI,
    Phase.AGARI,
    Phase.CANCEL,
    Phase.DERU_ORIRU,
)
CLIP = 1e-4
"""A chance given to the network as a logit is kept within this of 0 and 1."""


def card_blocks(players: int) -> int:
    """Blocks of 48 card bits: the hand, the field, the waiting card, each seat's captures and
    each other seat's shown cards."""
    return 3 + players + players - 1


def scalar_count(players: int) -> int:
    return len(STOP_FEATURES) + 3 * (players - 1) + 2 + len(PHASES) + 2 * players + 2


def inputs(players: int) -> int:
    """The network's inputs for a table of ``players``."""
    return 48 * card_blocks(players) + scalar_count(players)


class Encoded(NamedTuple):
    """A position as the network reads it: the indices of its card bits that are set, and its
    numbers (the inputs after the card bits)."""

    bits: list[int]
    scalars: list[float]


def win_chance(scores: Sequence[int], seat: int, spread: float) -> float:
    """The strong search's chance to end the year ahead (``chances.year_win_chance``; with two seated,
    its closed form)."""
    if len(scores) == 2 and spread > 0:
        lead = scores[seat] - scores[1 - seat]
        return 0.5 * math.erfc(-lead / (spread * math.sqrt(2.0)))
    return year_win_chance(scores, seat, spread)


def _logit(p: float) -> float:
    p = min(1.0 - CLIP, max(CLIP, p))
    return math.log(p / (1.0 - p))


def encode(view: PlayerView) -> Encoded:
    """What ``view``'s seat sees, as the network's inputs."""
    n = view.players
    seat = view.seat
    order = [(seat + k) % n for k in range(n)]
    bits: list[int] = []
    bits += cards_of(view.hand)
    bits += [48 + c for c in cards_of(view.field)]
    if view.pending_card >= 0:
        bits.append(96 + view.pending_card)
    base = 144
    for s in order:
        bits += [base + c for c in cards_of(view.captures[s])]
        base += 48
    for s in order[1:]:
        bits += [base + c for c in cards_of(view.shown[s])]
        base += 48
    ev = evaluator_of(view)
    year = view.rules.year_length(view.options)
    left = max(0, year - view.month)
    table = Table(view.scores, left, view.stock_count)
    scalars = stop_features(ev, seen_of_view(view), table)
    spread = ev.spread
    scores = view.scores
    mine = scores[seat]
    called = view.facts.called()
    for s in order[1:]:
        scalars.append((scores[s] - mine) / (spread * math.sqrt(left + 1)))
        scalars.append(view.hand_counts[s] / 8)
        scalars.append(1.0 if called and called[s] else 0.0)
    whole = win_chance(scores, seat, spread * math.sqrt(left + 1))
    scalars += [whole, _logit(whole) / 4]
    scalars += [1.0 if view.phase == p else 0.0 for p in PHASES]
    scalars += [1.0 if view.to_act == s else 0.0 for s in order]
    scalars += [1.0 if view.dealer == s else 0.0 for s in order]
    scalars += [view.hand.bit_count() / 8, view.month / year]
    return Encoded(bits, scalars)


def dense(encoded: Encoded, players: int) -> list[float]:
    """The inputs as one list (the training's rows)."""
    x = [0.0] * (48 * card_blocks(players))
    for i in encoded.bits:
        x[i] = 1.0
    return x + encoded.scalars


# -- the network -----------------------------------------------------------------------------


class ValueWeightsError(ValueError):
    """A value weights file that is not this version's for the ruleset (one line why)."""


class ValueNet:
    """An MLP: ReLU hidden layers, a logistic output. ``layers``: each layer's weights as rows
    by output unit (``w[j][i]``: input ``i`` to unit ``j``) and its biases."""

    def __init__(
        self,
        ruleset: str,
        players: int,
        layers: Sequence[tuple[Sequence[Sequence[float]], Sequence[float]]],
        provenance: dict[str, Any],
    ) -> None:
        self.ruleset = ruleset
        self.players = players
        self.layers = [([list(r) for r in w], list(b)) for w, b in layers]
        self.provenance = provenance
        first, bias = self.layers[0]
        cards = 48 * card_blocks(players)
        self._bias = bias
        self._card_rows = [list(col) for col in zip(*(r[:cards] for r in first), strict=True)]
        """The first layer by input (a set card bit adds its row)."""
        self._scalar_rows = [r[cards:] for r in first]
        """The first layer's weights on the numbers, by hidden unit."""

    def value(self, view: PlayerView) -> float:
        """The seat's chance, as this network reckons it."""
        return self.forward(encode(view))

    def forward(self, encoded: Encoded) -> float:
        rows = self._card_rows
        scalars = encoded.scalars
        h = [
            b + sum(map(mul, w, scalars))
            for b, w in zip(self._bias, self._scalar_rows, strict=True)
        ]
        for i in encoded.bits:
            h = list(map(add, h, rows[i]))
        h = [v if v > 0.0 else 0.0 for v in h]
        for w, b in self.layers[1:-1]:
            h = [bj + sum(map(mul, row, h)) for row, bj in zip(w, b, strict=True)]
            h = [v if v > 0.0 else 0.0 for v in h]
        w, b = self.layers[-1]
        z = b[0] + sum(map(mul, w[0], h))
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def to_json(self) -> str:
        return json.dumps(
            {
                "ruleset": self.ruleset,
                "players": self.players,
                "encoding": ENCODING,
                "layers": [{"w": w, "b": b} for w, b in self.layers],
                "provenance": self.provenance,
            }
        )


def read_value(text: str, ruleset: str) -> ValueNet:
    """A network from JSON text, checked: ``ValueWeightsError`` with one line saying why."""
    what = f"value weights for {ruleset}" if ruleset else "value weights"
    try:
        data = json.loads(text)
    except ValueError as err:
        raise ValueWeightsError(f"{what} are not readable: {str(err).splitlines()[0]}") from None
    try:
        return _checked(data, ruleset)
    except (KeyError, TypeError, IndexError, ValueError) as err:
        why = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ValueWeightsError(f"{what} are not readable: {why}") from None


def _checked(data: Any, ruleset: str) -> ValueNet:
    if not isinstance(data, dict):
        raise ValueError("not an object")
    if data.get("encoding") != ENCODING:
        raise ValueError("the encoding is not this version's")
    if ruleset and data["ruleset"] != ruleset:
        raise ValueError(f"they are for {str(data['ruleset'])[:20]}, not {ruleset}")
    players = data["players"]
    if not isinstance(players, int) or not 2 <= players <= 6:
        raise ValueError("players must be 2 to 6")
    width = inputs(players)
    layers = []
    for k, layer in enumerate(data["layers"]):
        w, b = layer["w"], layer["b"]
        if not w or len(w) != len(b):
            raise ValueError(f"layer {k}: one bias a unit")
        for row in w:
            if len(row) != width:
                raise ValueError(f"layer {k}: {len(row)} inputs, not {width}")
            if not all(isinstance(v, float | int) and math.isfinite(v) for v in row):
                raise ValueError(f"layer {k}: weights must be finite numbers")
        if not all(isinstance(v, float | int) and math.isfinite(v) for v in b):
            raise ValueError(f"layer {k}: biases must be finite numbers")
        layers.append((w, b))
        width = len(w)
    if not layers or width != 1:
        raise ValueError("the last layer must have one unit")
    provenance = data.get("provenance", {})
    if not isinstance(provenance, dict):
        raise ValueError("provenance must be an object")
    return ValueNet(str(data["ruleset"]), players, layers, provenance)


VALUES = Path(__file__).resolve().parent / "weights"


def value_path(ruleset: str) -> Path:
    """The shipped value weights of ``ruleset``."""
    return VALUES / f"{ruleset}.value.json"


@functools.cache
def shipped_value(ruleset: str) -> ValueNet | None:
    """The value shipped for ``ruleset`` (None: none; the search then plays months out). A
    damaged file says so in one line on stderr, once, and the search plays months out."""
    return shipped_file(
        value_path(ruleset),
        lambda text: read_value(text, ruleset),
        ValueWeightsError,
        "plays months out instead",
    )
