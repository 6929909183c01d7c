"""A table's time control in play: whose decision is pending since when, and what each seat has
left.

Real time: each decision has ``move_seconds``; time past that is taken from the seat's bank
(``bank_seconds`` for the year). Turn-based: each decision has ``move_hours``, and no bank. A seat
whose decision is past its due time is ``out``: the server has its stand-in bot make that one
move. Times are seconds of an injected clock (the epoch's, so a turn-based table's due times
outlive a restart); the state is kept as JSON with the table's record.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from .protocol import RealTime, TimeControl, TurnBased


@dataclass
class SeatClocks:
    """The clocks of one table's seats."""

    control: RealTime | TurnBased
    pending: dict[int, tuple[int, float]] = field(default_factory=dict)
    """Each seat whose decision is awaited: the update it answers and when it began."""
    bank: dict[int, float] = field(default_factory=dict)
    """Real time: each seat's bank left (seconds); a seat not in it has its whole bank."""

    def allowed(self, seat: int) -> float:
        """Seconds the seat's pending decision may take in all."""
        control = self.control
        if isinstance(control, RealTime):
            return control.move_seconds + self.bank.get(seat, float(control.bank_seconds))
        return control.move_hours * 3600.0

    def due(self, seat: int) -> float | None:
        """When the seat's pending decision is out of time (None: none is pending)."""
        pending = self.pending.get(seat)
        return None if pending is None else pending[1] + self.allowed(seat)

    def follow(self, waiting: Iterable[int], seq: int, now: float) -> bool:
        """The table now awaits the decisions of ``waiting`` answering update ``seq``: a
        decision no longer awaited is charged to its seat, a new one starts at ``now``; whether
        anything changed."""
        waiting = set(waiting)
        before = dict(self.pending)
        for seat, (asked, began) in before.items():
            if seat not in waiting or asked != seq:
                del self.pending[seat]
                self.charge(seat, now - began)
        for seat in waiting:
            self.pending.setdefault(seat, (seq, now))
        return self.pending != before

    def charge(self, seat: int, used: float) -> None:
        control = self.control
        if isinstance(control, RealTime):
            over = used - control.move_seconds
            if over > 0:
                left = self.bank.get(seat, float(control.bank_seconds))
                self.bank[seat] = max(0.0, left - over)

    def out(self, now: float) -> list[tuple[int, int]]:
        """The seats whose pending decision is out of time, with the update it answers."""
        return [
            (seat, asked)
            for seat, (asked, began) in sorted(self.pending.items())
            if began + self.allowed(seat) <= now
        ]

    def to_json(self) -> str:
        return json.dumps(
            {
                "pending": {str(s): [q, t] for s, (q, t) in self.pending.items()},
                "bank": {str(s): b for s, b in self.bank.items()},
            }
        )

    @classmethod
    def from_json(cls, control: TimeControl, text: str | None) -> SeatClocks:
        """The clocks kept as ``text`` (fresh ones if none, or if it cannot be read)."""
        clocks = cls(control)
        if not text:
            return clocks
        try:
            data = json.loads(text)
            clocks.pending = {int(s): (int(q), float(t)) for s, (q, t) in data["pending"].items()}
            clocks.bank = {int(s): float(b) for s, b in data["bank"].items()}
        except (ValueError, KeyError, TypeError, AttributeError):
            return cls(control)
        return clocks
