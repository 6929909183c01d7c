"""One seat's game as its table tells it (``feed.py``): the seat's view, the events it may see and
the core's turns filed from them, the deal results and settlements, the scores and board, and at
the year's end the whole record. A screen draws a table from this alone, whether the table is
held at this keyboard or by a host across the network; it holds nothing the seat was not told.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.hand_reading import SeenPlay
from ..core.events import Event, Played
from ..core.game import NO_BOARD, Phase, PlayerView, PublicBoard
from ..core.options import RulesetOptions
from ..core.records import GameRecord, SeatRecord
from ..core.results import DealResult, Settlement
from ..core.turns import TurnBook
from .feed import SeatUpdate


class SeatGame:
    """What ``seat`` (-1: a spectator) knows of its table's game, update by update."""

    def __init__(
        self,
        seat: int,
        ruleset: str,
        options: RulesetOptions,
        seats: Sequence[SeatRecord],
        predictable: bool = False,
    ) -> None:
        self.seat = seat
        self.ruleset = ruleset
        self.options = options
        self.seats = list(seats)
        self.predictable = predictable
        """The table deals from a seed: whoever knows it foresees every card."""
        self.seq = -1
        """The number of the last update (an action answers it)."""
        self.current: PlayerView | None = None
        self.log: list[Event] = []
        self.book = TurnBook()
        self.results: list[DealResult] = []
        self.settlements: list[Settlement] = []
        self.scores: list[int] = [0] * len(self.seats)
        self.public_board: PublicBoard = NO_BOARD
        self.record: GameRecord | None = None
        """The year's whole record, once it is over."""
        self.told_plays: tuple[SeenPlay, ...] = ()
        """The other seats' hand plays the last update told (public: each card is played face
        up), each with this seat's view just before it: the view, the player, the card. An
        update one action on tells that action's play; a seat's first update (it sits down or
        comes back) the month's so far. A bot following the table by its updates is shown them
        (``bots.hand_reading``; it reads a play it was shown before once)."""
        self.month_plays: list[SeenPlay] = []
        """The other seats' hand plays of this month so far, in order (advice reads the others'
        hands from them)."""

    def board(self) -> PublicBoard:
        """The ruleset's public whole-game facts as last told (as the core's ``Game.board``)."""
        return self.public_board

    @property
    def players(self) -> int:
        return len(self.seats)

    def take(self, update: SeatUpdate) -> None:
        """Take an update: file its events as the core did, its results, the new view."""
        if update.plays is not None:
            self.told_plays = update.plays
            self.month_plays = list(update.plays)
        else:
            play = hand_play(self.current, self.seq, update)
            self.told_plays = () if play is None else (play,)
            if self.current is None or update.view.deal_number != self.current.deal_number:
                self.month_plays = []
            else:
                self.month_plays.extend(self.told_plays)
        for seen in update.told:
            self.book.add(seen.event, seen.field, len(self.log))
            self.log.append(seen.event)
        self.results.extend(update.results)
        self.settlements.extend(update.settlements)
        self.scores = list(update.scores)
        self.public_board = update.board
        self.current = update.view
        self.seq = update.seq
        if update.record is not None:
            self.finish(update.record)

    def rename(self, names: Sequence[str]) -> None:
        """The seats' names as the table says them now."""
        if len(names) == len(self.seats):
            self.seats = [
                seat.model_copy(update={"name": name})
                for seat, name in zip(self.seats, names, strict=True)
            ]

    def finish(self, record: GameRecord) -> None:
        """The year's record; its seats' names are the table's last word on who sat where (a
        player who joined later with a name of their own is named so)."""
        self.record = record
        self.rename([kept.name for kept in record.seats])

    def view(self, seat: int) -> PlayerView:
        """The seat's view (only its own: another seat's is not known here). A spectator's one
        view, which holds no hand, stands for every seat."""
        if self.current is None or (seat != self.seat and self.seat >= 0):
            raise KeyError(f"no view of seat {seat}")
        return self.current

    def to_decide(self) -> PlayerView | None:
        """The view the seat decides its next action from while the move is its own; None
        while it is another seat's, or there is nothing to decide."""
        view = self.current
        return view if view is not None and view.legal and view.to_act == self.seat else None

    @property
    def to_act(self) -> int:
        return self.current.to_act if self.current else -1

    @property
    def phase(self) -> Phase:
        return self.current.phase if self.current else Phase.OVER

    @property
    def is_over(self) -> bool:
        return self.current is not None and self.current.phase == Phase.OVER


def hand_play(before: PlayerView | None, seq: int, update: SeatUpdate) -> SeenPlay | None:
    """The hand play of another seat ``update`` tells, with ``before`` (the seat's view of update
    ``seq``), where that was the view just before it: the update is the next (one action on)
    and the view had that seat to play a hand card."""
    if before is None or update.seq != seq + 1 or before.phase != Phase.PLAY:
        return None
    for seen in update.told:
        event = seen.event
        if isinstance(event, Played) and event.seat == before.to_act != before.seat:
            return before, event.seat, event.card
    return None
