"""What a table tells one seat (or a spectator) after every action: the seat's view and the events
it may see, each with the field as it was when it was told, the new results and settlements, and
at the year's end its whole record (every hand is public then). The network's ``Update`` is made
from it (``net/protocol.py``); a screen at this keyboard reads it as it is."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Protocol

from ..bots.hand_reading import SeenPlay
from ..core.events import Event
from ..core.game import PlayerView, PublicBoard
from ..core.records import GameRecord
from ..core.results import DealResult, Settlement


@dataclass(frozen=True, eq=False)
class Seen:
    """An event of the log as one seat may see it."""

    index: int
    """Its place in the table's log."""
    event: Event
    field: int
    """The field when it was told (the seat files the core's turns from it)."""
    memo: dict[str, Any] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    """What an adapter made of it, made once for every seat that sees it alike."""


@dataclass(frozen=True, eq=False)
class SeatUpdate:
    """One update of one seat's feed; the spectators told as far are given the same one."""

    seq: int
    """The update's number: an action answers the latest one."""
    view: PlayerView
    told: list[Seen]
    results: list[DealResult]
    settlements: list[Settlement]
    scores: list[int]
    board: PublicBoard
    """The ruleset's public whole-game facts (of its ``Board`` type)."""
    at: float
    """The table's clock when it was made."""
    record: GameRecord | None = None
    """The year's whole record, once the year is over."""
    plays: tuple[SeenPlay, ...] | None = None
    """The other seats' hand plays of the month so far, each with this seat's view just before
    it: given with a seat's first update (it sits down, or comes back mid-month), which tells
    many actions at once; None in every other update (each tells its own play)."""
    memo: dict[str, Any] = dataclasses.field(default_factory=dict, compare=False, repr=False)
    """What an adapter made of it (its JSON), made once for every feed given it."""


class Feed(Protocol):
    """A seat's (or a spectator's) stream of updates, and how far it has been told."""

    seat: int
    told: int
    """The events of the log told so far."""
    results: int
    settlements: int

    def deliver(self, update: SeatUpdate) -> None: ...


class SeatFeed:
    """A feed that keeps every update it is given, in order."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.told = self.results = self.settlements = 0
        self.updates: list[SeatUpdate] = []

    def deliver(self, update: SeatUpdate) -> None:
        self.updates.append(update)
