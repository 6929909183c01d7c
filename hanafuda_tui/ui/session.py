"""A game at the table: the core game, its seats (human or bot), the bots, and the save; or a seat
at a hosted table, its game as the host tells it."""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from ..bots import Bot, make_bot
from ..core.game import Game
from ..core.records import (
    RecordError,
    SeatRecord,
    new_game,
    record_of,
    replay,
    write_atomically,
)
from ..tables.storage import Store, data_dir
from .names import seat_names

if TYPE_CHECKING:  # the network's modules load when a hosted table opens, not at start
    from ..history import HistoryStore
    from ..net.client import Connection
    from ..net.protocol import Over, Presence, Refused, Update
    from ..net.remote import RemoteGame

HUMAN = "human"


class Session:
    hosted = False

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatRecord],
        seed: str,
        store: Store | None,
        think: float | None = None,
        advice: bool = False,
        history: HistoryStore | None = None,
        played_on_from: str = "",
    ) -> None:
        """``think``: seconds a plain ``strong`` seat thinks a decision (its own default if None);
        ``history``: where the finished year is kept (None: not kept); ``played_on_from``: the
        digest of the record this game was played on from (kept in its record)."""
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
        self.played_on_from = played_on_from
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
        return cls(
            game, record.seats, seed, store, think, record.advice, history, record.played_on_from
        )

    @property
    def names(self) -> list[str]:
        return seat_names(self.seats)

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
                self.store.write(
                    record_of(self.game, self.seats, self.advice, self.played_on_from).to_json()
                )
            self.save_error = ""
        except OSError as err:
            self.save_error = f"{self.store.path}: {err.strerror or err}"
        except ValueError as err:  # text that cannot be written as UTF-8
            self.save_error = f"{self.store.path}: {type(err).__name__}"

    def keep(self) -> None:
        """Keep the finished year with its record in the history, once."""
        if self.kept is not None or self.history is None:
            return
        from ..history import HistoryError

        record = record_of(self.game, self.seats, self.advice, self.played_on_from)
        try:
            self.kept = self.history.add(record, "table", self.game)
        except (HistoryError, RecordError) as err:
            self.kept = -1
            self.history_error = str(err)


def timed(spec: str, think: float | None) -> str:
    """A bot spec with the table's think time for a plain ``strong`` seat (a spec that names its
    own budget keeps it)."""
    return f"strong:time={think:g}" if spec.strip() == "strong" and think is not None else spec


@dataclass(frozen=True)
class Joined:
    """The connection is up (again): the table is shown afresh from ``game``, whose first update
    tells everything so far (after a drop, the host sends it all again)."""

    game: RemoteGame


Inbound: TypeAlias = "Joined | Update | Refused | Over"
"""What a hosted table takes in order, one at a time, as the screen is ready for it."""


@dataclass
class AwaySeat:
    since: float
    """``time.monotonic()`` when the seat's player left, as the host counts it."""
    by_bot: str = ""


class HostedSession:
    """A seat at a hosted table (``hanafuda join``, or the host's own keyboard): the game as this
    seat knows it (a ``RemoteGame``, moved on only as the screen takes each message of ``inbox``),
    the connection that sends this seat's actions, who is away, and whether the connection is
    lost. Nothing is applied here: the host decides, and its updates are shown in order."""

    hosted = True

    def __init__(self, game: RemoteGame, record: Path | None = None) -> None:
        self.game = game
        self.record_path = record
        """Where the year's record is saved when it ends (None: only by a key)."""
        self.connection: Connection | None = None
        self.inbox: deque[Inbound] = deque()
        self.sent = False
        """An action was sent and its update (or refusal) has not been taken yet."""
        self.away: dict[int, AwaySeat] = {}
        self.lost = ""
        """Why the connection is down while it is rejoined, else empty."""
        self.closed = ""
        """Why the host closed this seat's connection for good, else empty."""
        self.store: Store | None = None
        self.save_error = ""
        self.history_error = ""
        """Never set: the host keeps the year in its history."""
        self.advice = False
        self.bots: dict[int, Bot] = {}

    @property
    def names(self) -> list[str]:
        return seat_names(self.seats)

    @property
    def seats(self) -> list[SeatRecord]:
        return [SeatRecord(name=s.name, player=s.player) for s in self.game.seats]

    @property
    def humans(self) -> list[int]:
        return [self.game.seat] if self.game.seat >= 0 else []

    def is_human(self, seat: int) -> bool:
        return seat >= 0 and seat == self.game.seat

    @property
    def watching(self) -> bool:
        """A spectator's session: no seat of its own, nothing waits for its keys."""
        return self.game.seat < 0

    def advised(self) -> None:
        """Advice is this player's own affair: the host's record does not hear of it."""

    def apply(self, action: int) -> None:
        raise TypeError("a hosted table's actions are sent to its host")

    def save(self) -> None:
        """The host keeps the record."""

    def present(self, message: Presence) -> None:
        """Who is away now and the seats' names, as the host last said."""
        self.game.present(message)
        now = time.monotonic()
        self.away = {a.seat: AwaySeat(now - a.seconds, a.by_bot) for a in message.away}

    def save_record(self, path: Path | None = None) -> Path:
        """Write the year's record to ``path`` (else ``record_path``, else a new file of the data
        directory's ``records``); where it went. OSError if it cannot be written, ValueError
        before the year is over."""
        record = self.game.record
        if record is None:
            raise ValueError("the year is not over")
        where = path or self.record_path or default_record_path(self.game.ruleset)
        write_atomically(where, record.to_json())
        return where


def default_record_path(ruleset: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return data_dir() / "records" / f"{ruleset}-{stamp}.json"
