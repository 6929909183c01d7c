"""The turns of a game as the core applied them (docs/rules/README.md §5): each deal's opening, its
turns (the card played and what it took or that it was laid, the card drawn and what that took,
the decisions, the field before and after each step, what followed), and its close.

The game fills a ``TurnBook`` as it tells its events (only while it logs: never in simulations or
bot playouts), so every reader (the table's staging and last-turns strip, a month's final turn,
``replay --json``) reads the turns and none rebuilds one from the events.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as later

from .events import Captured, Dealt, Decided, DrawOnly, Drew, Event, Laid, MonthEnded, Played


@dataclass(slots=True)
class Step:
    """One card meeting the field: played (``drawn`` False) or drawn, the field cards it ``took``
    or that it was ``laid``; ``field_after`` is -1 while its player chooses between two field
    cards. ``events`` are what followed it in the turn (a yaku formed, こいこい, 法度...)."""

    index: int
    """Its place among every step of the game (the table tells steps up to one)."""
    seat: int
    card: int
    drawn: bool
    field_before: int
    log_at: int
    """Where its Played or Drew event is in the game's log."""
    took: int = 0
    laid: bool = False
    field_after: int = -1
    events: list[Event] = later(default_factory=list)

    @property
    def done(self) -> bool:
        """Whether the card has taken or been laid (not waiting for a choice of field card)."""
        return self.field_after >= 0


@dataclass(slots=True)
class Turn:
    """A seat's turn: its steps (the hand step, then the draw step; a seat with no hand card only
    draws), the decisions taken in it, and every other event it brought, in order."""

    seat: int
    steps: list[Step] = later(default_factory=list)
    decisions: list[Decided] = later(default_factory=list)
    events: list[Event] = later(default_factory=list)

    @property
    def play(self) -> Step | None:
        return next((s for s in self.steps if not s.drawn), None)

    @property
    def draw(self) -> Step | None:
        return next((s for s in self.steps if s.drawn), None)


@dataclass(slots=True)
class DealTurns:
    """One dealt deck: who dealt, its month and field, what came before the first turn (teyaku,
    場, シマ, 出る・下る...; the answers to the questions then), the turns, and the events from
    its end on (the month's end, 小引, 吟味, the year's end)."""

    index: int
    dealer: int
    month: int
    field: int
    log_at: int
    opening: list[Event] = later(default_factory=list)
    answers: list[Decided] = later(default_factory=list)
    turns: list[Turn] = later(default_factory=list)
    closing: list[Event] = later(default_factory=list)

    @property
    def ended(self) -> bool:
        return bool(self.closing)


@dataclass(slots=True)
class TurnBook:
    """Every deal's turns so far, the events before the first deal, every step in order, and the
    field as it was when each event was told (what a reader of the events alone needs to file
    them as the core did: the network's clients)."""

    start: list[Event] = later(default_factory=list)
    deals: list[DealTurns] = later(default_factory=list)
    steps: list[Step] = later(default_factory=list)
    fields: list[int] = later(default_factory=list)

    def add(self, event: Event, field_now: int, at: int) -> None:
        """File ``event``, told at log index ``at`` with the field as it is then."""
        self.fields.append(field_now)
        if isinstance(event, Dealt):
            index = len(self.deals)
            self.deals.append(DealTurns(index, event.dealer, event.month, event.field, at))
            return
        if not self.deals:
            self.start.append(event)
            return
        deal = self.deals[-1]
        if deal.closing or isinstance(event, MonthEnded):
            deal.closing.append(event)
            return
        if isinstance(event, DrawOnly):  # a turn of the draw step alone
            deal.turns.append(Turn(event.seat, events=[event]))
            return
        if isinstance(event, Played | Drew):
            if isinstance(event, Played) or not deal.turns or deal.turns[-1].seat != event.seat:
                deal.turns.append(Turn(event.seat))
            drawn = isinstance(event, Drew)
            step = Step(len(self.steps), event.seat, event.card, drawn, field_now, at)
            deal.turns[-1].steps.append(step)
            self.steps.append(step)
            return
        if isinstance(event, Captured | Laid) and self.steps and not self.steps[-1].done:
            step = self.steps[-1]
            step.took |= event.took if isinstance(event, Captured) else 0
            step.laid = isinstance(event, Laid)
            step.field_after = field_now
            return
        turn = deal.turns[-1] if deal.turns else None
        if isinstance(event, Decided):
            if turn is None:
                deal.answers.append(event)
            else:
                turn.decisions.append(event)
            return
        if turn is None:
            deal.opening.append(event)
            return
        turn.events.append(event)
        if turn.steps:
            turn.steps[-1].events.append(event)

    def mark(self) -> int:
        """Where the steps stand: the first step not yet done (a later ``since`` starts there)."""
        steps = self.steps
        return len(steps) - 1 if steps and not steps[-1].done else len(steps)

    def since(self, mark: int) -> list[Step]:
        """The steps told or finished since ``mark``."""
        return self.steps[mark:]

    def latest_turns(self, told: int | None = None) -> dict[int, list[Step]]:
        """Each seat's card steps on its latest turn of the current deal (only the steps before
        ``told``, all if None), the seat that moved last last."""
        latest: dict[int, list[Step]] = {}
        if not self.deals:
            return latest
        for turn in self.deals[-1].turns:
            steps = [s for s in turn.steps if told is None or s.index < told]
            if steps:
                latest.pop(turn.seat, None)  # re-inserted: the latest turn's seat comes last
                latest[turn.seat] = steps
        return latest
