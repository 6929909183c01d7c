"""A hosted table as one seat knows it, kept from the host's messages: a ``SeatGame`` whose
updates come over the wire (``tables/seat_game.py``); it holds nothing the seat was not sent."""

from __future__ import annotations

from pydantic import BaseModel

from ..core.records import SeatRecord
from ..core.rulesets import ruleset_class
from ..tables.feed import SeatUpdate, Seen
from ..tables.seat_game import SeatGame
from .protocol import Over, Presence, Seat, Update, Welcome, event_of, view_of


class RemoteGame(SeatGame):
    """One seat's copy of a hosted game (seat -1: a spectator's)."""

    def __init__(self, welcome: Welcome) -> None:
        cls = ruleset_class(welcome.ruleset)
        seats = [SeatRecord(name=s.name, player=s.player) for s in welcome.seats]
        options = cls.Options.model_validate(welcome.options)
        super().__init__(welcome.seat, welcome.ruleset, options, seats, welcome.predictable)

    def welcome(self) -> Welcome:
        """The welcome this copy was made from."""
        return Welcome(
            seat=self.seat,
            ruleset=self.ruleset,
            options=self.options.model_dump(),
            seats=[Seat(name=s.name, player=s.player) for s in self.seats],
            predictable=self.predictable,
        )

    def fresh(self) -> RemoteGame:
        """A new, empty copy of the same table, to take the same messages again."""
        return RemoteGame(self.welcome())

    def update(self, message: Update) -> None:
        """Take an update from the host."""
        self.take(seat_update(message))

    def present(self, message: Presence) -> None:
        """The seats' names as the host says them now."""
        self.rename(message.names)

    def over(self, message: Over) -> None:
        """The year's record, as the host's last word."""
        self.finish(message.record)

    def receive(self, message: BaseModel) -> None:
        """Take what the host said into this copy: an update, the seats' names or the year's
        record (any other message, of the host or of a lobby, leaves it as it is)."""
        if isinstance(message, Update):
            self.update(message)
        elif isinstance(message, Over):
            self.over(message)
        elif isinstance(message, Presence):
            self.present(message)


def seat_update(message: Update) -> SeatUpdate:
    """The host's update as a table's feed gives it (its events numbered from 0: a seat's game
    files them after what it has)."""
    return SeatUpdate(
        seq=message.seq,
        view=view_of(message.view),
        told=[Seen(k, event_of(told.event), told.field) for k, told in enumerate(message.told)],
        results=list(message.results),
        settlements=list(message.settlements),
        scores=list(message.scores),
        board=message.board,
        at=message.at,
        plays=None
        if message.plays is None
        else tuple((view_of(p.view), p.player, p.card) for p in message.plays),
    )
