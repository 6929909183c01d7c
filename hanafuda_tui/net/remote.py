"""A hosted table as one seat knows it, kept from the host's messages: the seat's view, the
events it was told, the core's turns filed from them, the deal results and settlements, and at
the year's end the whole record.

``RemoteGame`` answers what a table screen reads of a game (``view``, ``log``, ``book``,
``results``, ``legal_actions``...), so the same screens show a hosted table; it holds nothing the
seat was not sent.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from ..core.events import Event
from ..core.game import Phase, PlayerView
from ..core.records import GameRecord
from ..core.results import DealResult, Settlement
from ..core.rulesets import ruleset_class
from ..core.turns import TurnBook
from .protocol import Over, Presence, Seat, Update, Welcome, event_of, view_of


class RemoteGame:
    """One seat's copy of a hosted game (seat -1: a spectator's)."""

    def __init__(self, welcome: Welcome) -> None:
        self.seat = welcome.seat
        self.ruleset = welcome.ruleset
        cls = ruleset_class(welcome.ruleset)
        self.options = cls.Options.model_validate(welcome.options)
        self.seats: list[Seat] = list(welcome.seats)
        self.players = len(welcome.seats)
        self.predictable = welcome.predictable
        """The host deals from a seed: whoever knows it foresees every card."""
        self._results: TypeAdapter[Any] = TypeAdapter(cls.Result)
        self.seq = -1
        """The number of the last update (an action answers it)."""
        self.current: PlayerView | None = None
        self.log: list[Event] = []
        self.book = TurnBook()
        self.results: list[DealResult] = []
        self.settlements: list[Settlement] = []
        self.scores: list[int] = [0] * self.players
        self.board: dict[str, Any] = {}
        self.record: GameRecord | None = None
        """The year's whole record, once it is over."""

    def welcome(self) -> Welcome:
        """The welcome this copy was made from."""
        return Welcome(
            seat=self.seat,
            ruleset=self.ruleset,
            options=self.options.model_dump(),
            seats=list(self.seats),
            predictable=self.predictable,
        )

    def fresh(self) -> RemoteGame:
        """A new, empty copy of the same table, to take the same messages again."""
        return RemoteGame(self.welcome())

    def update(self, message: Update) -> None:
        """Take an update: file its events as the core did, its results, the new view."""
        for told in message.told:
            event = event_of(told.event)
            self.book.add(event, told.field, len(self.log))
            self.log.append(event)
        self.results.extend(self._results.validate_python(r) for r in message.results)
        self.settlements.extend(message.settlements)
        self.scores = list(message.scores)
        self.board = dict(message.board)
        self.current = view_of(message.view)
        self.seq = message.seq

    def present(self, message: Presence) -> None:
        """The seats' names as the host says them now."""
        if len(message.names) == len(self.seats):
            self.seats = [
                seat.model_copy(update={"name": name})
                for seat, name in zip(self.seats, message.names, strict=True)
            ]

    def over(self, message: Over) -> None:
        """The year's record; its seats' names are the table's last word on who sat where (a
        player who joined later with a name of their own is named so)."""
        self.record = message.record
        if len(message.record.seats) == len(self.seats):
            self.seats = [
                seat.model_copy(update={"name": kept.name})
                for seat, kept in zip(self.seats, message.record.seats, strict=True)
            ]

    # -- what a table reads of a game ------------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        """The seat's view (only its own: another seat's is not known here). A spectator's one
        view, which holds no hand, stands for every seat."""
        if self.current is None or (seat != self.seat and self.seat >= 0):
            raise KeyError(f"no view of seat {seat}")
        return self.current

    @property
    def to_act(self) -> int:
        return self.current.to_act if self.current else -1

    @property
    def phase(self) -> Phase:
        return self.current.phase if self.current else Phase.OVER

    @property
    def field(self) -> int:
        return self.current.field if self.current else 0

    @property
    def is_over(self) -> bool:
        return self.current is not None and self.current.phase == Phase.OVER

    def legal_actions(self) -> list[int]:
        return list(self.current.legal) if self.current else []
