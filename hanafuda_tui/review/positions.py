"""A record's positions, one action at a time: position 0 is the game as it started (the first deal
dealt), position k the game after the record's first k actions (``core.records.replay`` calls back
at each). The game at any position is the record replayed that far, events and turns included,
so every reader (the table's panels, views, ``seen_by``) reads it as it read the game then.

Stepping forward applies the next recorded action to the game at hand; any other move replays the
record from its start to the position asked (a whole year replays in about 10 ms).
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import actions as act
from ..core.game import Game
from ..core.records import GameRecord, replay


class Position(NamedTuple):
    """Where a position stands in the record."""

    at: int
    """How many of the record's actions are applied."""
    deal: int
    """The deal being played (counted from 0, redeals included), as in ``game.deals``."""
    month: int
    action: int
    """The recorded action taken next (-1 at the record's last position)."""
    results: int
    """The deals with a result so far."""
    settled: int
    """The settlements made so far (小引, 吟味...)."""


class _Reached(Exception):
    """The replay reached the position asked for."""


class Positions:
    """Every position of a record, and the game at any of them."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.flat = [
            (d, act.parse_token(tok)) for d, deal in enumerate(record.deals) for tok in deal.actions
        ]
        """Each recorded action with its deal."""
        marks: list[Position] = []

        def seen(game: Game) -> None:
            k = len(marks)
            action = self.flat[k][1] if k < len(self.flat) else -1
            deal = len(game.deals) - 1
            done = (len(game.results), len(game.settlements))
            marks.append(Position(k, deal, game.month, action, *done))

        self.final = replay(record, after=seen)
        """The game at the record's last position (its own copy: the game at hand moves)."""
        self.marks = marks[: len(self.flat) + 1]
        self._game: Game | None = None
        self._at = -1

    def __len__(self) -> int:
        return len(self.marks)

    @property
    def finished(self) -> bool:
        """Whether the record holds the whole game, to its end."""
        return self.final.is_over

    def game_at(self, index: int) -> Game:
        """The game at position ``index`` (0 to ``len(self) - 1``). The game returned is the
        viewer's own and moves with the next call: read it, never keep it."""
        if not 0 <= index < len(self.marks):
            raise IndexError(f"no position {index} (0 to {len(self.marks) - 1})")
        game = self._game
        if game is not None and self._at <= index:
            for k in range(self._at, index):
                game.apply(self.flat[k][1])
        else:
            game = self._replayed(index)
        self._game, self._at = game, index
        return game

    def _replayed(self, index: int) -> Game:
        """The record replayed from its start to ``index`` (the replay stops there, its deck
        source still holding the later deals)."""
        reached: list[Game] = []
        count = [0]

        def after(game: Game) -> None:
            if count[0] == index:
                reached.append(game)
                raise _Reached
            count[0] += 1

        try:
            return replay(self.record, after=after)
        except _Reached:
            return reached[0]

    def month_starts(self) -> dict[int, int]:
        """Each month with the first position of its first deal."""
        out: dict[int, int] = {}
        for mark in self.marks:
            out.setdefault(mark.month, mark.at)
        return out

    def reached(self, results: int) -> int:
        """The position at which the deal with result number ``results`` (from 1) ended."""
        return next(m.at for m in self.marks if m.results >= results)

    def deal_starts(self) -> list[int]:
        """The first position of each deal played (a deal with no action has none)."""
        out: list[int] = []
        last = -1
        for mark in self.marks:
            if mark.deal != last:
                out.append(mark.at)
                last = mark.deal
        return out
