"""A game at the table: the core game, its seats (human or bot), the bots, and the save."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import Bot, make_bot
from ..core.game import Game
from ..core.records import RecordError, SeatRecord, new_game, record_of, replay
from ..history import HistoryError, HistoryStore
from .storage import Store

HUMAN = "human"


class Session:
    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatRecord],
        seed: str,
        store: Store | None,
        think: float | None = None,
        advice: bool = False,
        history: HistoryStore | None = None,
    ) -> None:
        """``think``: seconds a plain ``strong`` seat thinks a decision (its own default if None);
        ``history``: where the finished year is kept (None: not kept)."""
        self.game = game
        self.history = history
        self.kept: int | None = None
        """The finished year's id in the history once it is kept (-1: it could not be)."""
        self.history_error = ""
        """Why the finished year could not be kept in the history, else empty."""
        self.seats = list(seats)
        self.seed = seed
        self.store = store
        self.save_error = ""
        """Why the last save failed (the game goes on; the screen reports it), else empty."""
        self.advice = advice
        """Whether a player was shown advice in this game (kept in its record)."""
        self.bots: dict[int, Bot] = {
            i: make_bot(timed(s.player, think), random.Random(f"{seed}/bot/{i}"))
            for i, s in enumerate(seats)
            if s.player != HUMAN
        }

    @classmethod
    def new(
        cls,
        ruleset: str,
        options: Mapping[str, Any],
        seats: Sequence[SeatRecord],
        seed: str = "",
        store: Store | None = None,
        think: float | None = None,
        history: HistoryStore | None = None,
    ) -> Session:
        """A new game; the same non-empty seed gives the same deals and the same bot moves."""
        seed = seed or str(random.SystemRandom().randrange(10**9))
        game = new_game(ruleset, random.Random(seed), options)
        session = cls(game, seats, seed, store, think, history=history)
        session.save()
        return session

    @classmethod
    def resume(
        cls, store: Store, think: float | None = None, history: HistoryStore | None = None
    ) -> Session:
        """The saved game at the same decision (RecordError if the save is damaged)."""
        record = store.load()
        game = replay(record, rng=random.Random())
        seed = str(random.SystemRandom().randrange(10**9))
        return cls(game, record.seats, seed, store, think, record.advice, history)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.player == HUMAN]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].player == HUMAN

    def advised(self) -> None:
        """A player was shown advice: the record says so from now on."""
        if not self.advice:
            self.advice = True
            self.save()

    def apply(self, action: int) -> None:
        self.game.apply(action)
        self.save()

    def save(self) -> None:
        """Save the record; a finished game is kept in the history and leaves no save to
        continue."""
        if self.game.is_over:
            self.keep()
        if self.store is None:
            return
        try:
            if self.game.is_over:
                self.store.clear()
            else:
                self.store.write(record_of(self.game, self.seats, self.advice).to_json())
            self.save_error = ""
        except OSError as err:
            self.save_error = f"{self.store.path}: {err.strerror or err}"
        except ValueError as err:  # text that cannot be written as UTF-8
            self.save_error = f"{self.store.path}: {type(err).__name__}"

    def keep(self) -> None:
        """Keep the finished year with its record in the history, once."""
        if self.kept is not None or self.history is None:
            return
        record = record_of(self.game, self.seats, self.advice)
        try:
            self.kept = self.history.add(record, "table", self.game)
        except (HistoryError, RecordError) as err:
            self.kept = -1
            self.history_error = str(err)


def timed(spec: str, think: float | None) -> str:
    """A bot spec with the table's think time for a plain ``strong`` seat (a spec that names its
    own budget keeps it)."""
    return f"strong:time={think:g}" if spec.strip() == "strong" and think is not None else spec
