"""A decision shown in steps: each card step as moments on screen (the card sliding along the field
row to its month, the cards it takes lit, then gone to the captures)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...core.turns import Step
from .last_turns import step_note

FRAME = 0.04
"""The longest a frame of a sliding card is held (seconds)."""


class Moment(NamedTuple):
    """A step of a decision on screen: the field then, its lit cards, the card on its way, a note;
    the seat that moved, the cards it captures in this step and the later ones (not yet in its
    captures on screen), the end of the events told so far (for the log) and of the steps told
    so far (for the last-turns strip)."""

    field: int
    lit: int
    card: int
    note: str
    seat: int = -1
    unseen: int = 0
    log_end: int = -1
    told: int | None = None
    at: int = -1
    """Where the moving ``card`` stands in the field row (-1: its own place, beside its month)."""
    hold: float = 0.0
    """How long it is held (0: the pace)."""


def captured_by(steps: Sequence[Step]) -> int:
    """The cards ``steps`` capture: each card that took and what it took."""
    cards = 0
    for step in steps:
        if step.took:
            cards |= step.took | 1 << step.card
    return cards


def step_moments(
    step: Step,
    later: Sequence[Step],
    pace: float,
    names: Sequence[str],
    ruleset: str,
    motion: bool,
) -> list[Moment]:
    """A card step as the table shows it: the card slides along the field row (with ``motion``)
    to its month, beside the cards it takes (lit), or to its place if it stays; then the cards
    it took leave the field for the captures."""
    before = step.field_before & ~(1 << step.card)
    note = step_note(step, names, ruleset)
    unseen = captured_by([step, *later])
    told = step.index + 1
    meet = Moment(before, step.took & before, step.card, note, unseen=unseen, told=told)
    place = (before & ((1 << step.card) - 1)).bit_count()
    slide = [
        meet._replace(lit=0, at=k, hold=min(FRAME, pace / 4 / max(place, 1)))
        for k in range(place)
        if motion
    ]
    if not step.took or not step.done:
        return [*slide, meet]
    gone = meet._replace(field=step.field_after, lit=0, card=-1, unseen=captured_by(later))
    return [*slide, meet, gone._replace(hold=pace / 2)]
