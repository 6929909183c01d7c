"""A game at the table: the core game, its seats (human or bot), the bots, and the save; or a seat
at a hosted table, its game as the host tells it."""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias

from ..bots import Bot, make_bot
from ..core.game import Game
from ..core.records import (
    HUMAN,
    GameRecord,
    SeatRecord,
    new_game,
    replay,
    write_atomically,
)
from ..tables.feed import SeatFeed
from ..tables.storage import Store, data_dir
from ..tables.table import Table
from .i18n import t
from .names import seat_names
from .widgets.status import AwaySeat, hosted_parts

if TYPE_CHECKING:  # the network's modules load when a hosted table opens, not at start
    from collections.abc import Callable, Coroutine

    from textual.notifications import SeverityLevel

    from ..history import HistoryStore
    from ..net.protocol import Over, Presence, Refused, Update
    from ..net.remote import RemoteGame


class Shown(Protocol):
    """The table screen, as a session shows what happens at its table."""

    moments: list[Any]
    """The steps of a move still on screen."""

    def apply(self, action: int) -> None:
        """Apply an action here (and say what could not be saved)."""

    def stage(self, seat: int, start: int, mark: int, deals: int) -> None:
        """Show the steps of the move ``seat`` just made (the log since ``start``, the turns
        since ``mark``; ``deals`` before it)."""

    def say(
        self, text: str, severity: SeverityLevel = "information", timeout: float | None = None
    ) -> None:
        """A notice."""

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """Work that goes on while the table does."""

    def refresh_table(self) -> None: ...


def stage_after(game: Any, shown: Shown, move: Callable[[], None]) -> None:
    """Make ``move`` (an action, or an update taken) at ``game``, then show its steps."""
    book = game.book
    seat, start, mark, deals = game.to_act, len(game.log), book.mark(), len(book.deals)
    move()
    shown.stage(seat, start, mark, deals)


class SaveSlot:
    """The save at this keyboard: the record after every action, and no save to continue once
    the year is over."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def path(self) -> Path:
        return self.store.path

    def write(self, record: GameRecord, over: bool) -> None:
        if over:
            self.store.clear()
        else:
            self.store.write(record.to_json())

    def why(self, err: OSError | ValueError) -> str:
        if isinstance(err, OSError):
            return f"{self.store.path}: {err.strerror or err}"
        return f"{self.store.path}: {type(err).__name__}"  # text that cannot be written as UTF-8


class Session:
    """A table at this keyboard (``tables/table.py``): its persons' seats are here, the others
    bots; the record is saved in ``store`` after every action."""

    hosted: Literal[False] = False
    watching = False
    """Someone at this keyboard has a seat."""
    sent = False
    """A decision here is applied at once: the table never waits for an answer from elsewhere."""
    ticking = False
    """Nothing on the status line counts the seconds."""
    coached: Literal[False] = False
    """A 法度 play is asked about first (a lesson's coach answers it instead)."""

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
        here = [i for i, s in enumerate(seats) if s.player == HUMAN]
        self.table: Table[SeatFeed] = Table(
            game,
            seats,
            seed,
            SaveSlot(store) if store is not None else None,
            here=here,
            history=history,
            source="table",
            think=think,
            advice=advice,
            played_on_from=played_on_from,
            bot_maker=make_bot,
            report=lambda line: None,  # the table screen says what went wrong
        )
        self.seed = seed
        self.store = store

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
    def game(self) -> Game:
        return self.table.game

    @property
    def seats(self) -> list[SeatRecord]:
        return self.table.seats

    @property
    def bots(self) -> dict[int, Bot]:
        return self.table.bots

    @property
    def history(self) -> HistoryStore | None:
        return self.table.history

    @property
    def advice(self) -> bool:
        return self.table.advice

    @property
    def kept(self) -> int | None:
        """The finished year's id in the history once it is kept (-1: it could not be)."""
        return self.table.kept

    @property
    def history_error(self) -> str:
        """Why the finished year could not be kept in the history, else empty."""
        return self.table.history_error

    @property
    def store(self) -> Store | None:
        return self._store

    @store.setter
    def store(self, store: Store | None) -> None:
        """Where the game is saved (None: nowhere)."""
        self._store = store
        self.table.saver = SaveSlot(store) if store is not None else None

    @property
    def save_error(self) -> str:
        """Why the last save failed (the game goes on; the screen reports it), else empty."""
        return self.table.save_error

    @save_error.setter
    def save_error(self, error: str) -> None:
        self.table.save_error = error

    @property
    def names(self) -> list[str]:
        return seat_names(self.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.player == HUMAN]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].player == HUMAN

    @property
    def alone(self) -> bool:
        """One person at the table: an answer with nothing to decide is hidden from nobody."""
        return len(self.humans) == 1

    def status_parts(self) -> list[str]:
        """Nothing of a table here comes before the game's own status."""
        return []

    def pointed(self) -> int:
        """No card is pointed at (a lesson's step points at some)."""
        return 0

    year_known = True
    """The year's end is known as soon as it comes."""

    def record_saver(self, shown: Shown) -> None:
        """None: the record is the save, kept as the game goes."""

    def take_news(self, shown: Shown) -> bool:
        """Nothing comes from elsewhere: the table goes on."""
        return True

    def decide(self, action: int, shown: Shown) -> None:
        """Apply a decision here (and save), then show its steps."""
        stage_after(self.game, shown, lambda: shown.apply(action))

    def advised(self) -> None:
        """A player was shown advice: the record says so from now on."""
        self.table.advised()

    def apply(self, action: int) -> None:
        """Apply the decision of the seat to act (a person's or a bot's) and save."""
        table = self.table
        why = table.act(self.game.to_act, table.latest, action)
        if why is not None:
            raise ValueError(why)

    def save(self) -> None:
        """Save the record; a finished game is kept in the history and leaves no save to
        continue."""
        self.table.save()
        if self.game.is_over:
            self.table.keep()


@dataclass(frozen=True)
class Joined:
    """The connection is up (again): the table is shown afresh from ``game``, whose first update
    tells everything so far (after a drop, the host sends it all again)."""

    game: RemoteGame


Inbound: TypeAlias = "Joined | Update | Refused | Over"
"""What a hosted table takes in order, one at a time, as the screen is ready for it."""


class SeatSender(Protocol):
    """What sends a hosted seat's decisions: ``hanafuda join``'s connection, or a lobby's."""

    async def act(self, action: int) -> None: ...


class HostedSession:
    """A seat at a hosted table (``hanafuda join``, or the host's own keyboard): the game as this
    seat knows it (a ``RemoteGame``, moved on only as the screen takes each message of ``inbox``),
    the connection that sends this seat's actions, who is away, and whether the connection is
    lost. Nothing is applied here: the host decides, and its updates are shown in order."""

    hosted: Literal[True] = True
    coached: Literal[False] = False

    def __init__(self, game: RemoteGame, record: Path | None = None) -> None:
        self.game = game
        self.record_path = record
        """Where the year's record is saved when it ends (None: only by a key)."""
        self.connection: SeatSender | None = None
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

    @property
    def behind(self) -> bool:
        """A spectator with another move waiting behind the one taken: it is taken without its
        steps held, so that the one watching never falls behind the live table (a player sees
        every move of the table, in order)."""
        from ..net.protocol import Update

        return self.watching and any(isinstance(m, Update) for m in self.inbox)

    def pointed(self) -> int:
        """No card is pointed at."""
        return 0

    alone = False
    """Others at the table could tell an answer with nothing to decide from how soon it came."""

    @property
    def ticking(self) -> bool:
        """Whether the status line counts seconds: someone is away, or the connection is down."""
        return bool(self.away or self.lost)

    def status_parts(self) -> list[str]:
        """The hosted table's state, first in the status line."""
        return hosted_parts(
            self.watching, self.game.predictable, self.closed, self.lost, self.away, self.names
        )

    kept = None
    """The host keeps the year in its history."""

    @property
    def year_known(self) -> bool:
        """Whether the year's end is known whole: its record comes with the host's last word."""
        return self.game.record is not None

    def record_saver(self, shown: Shown) -> Callable[[], None]:
        """``w`` on the last sheet: the year's record written, where it went said."""
        return lambda: self.record_saved(shown)

    def decide(self, action: int, shown: Shown) -> None:
        """Send our decision to the host; nothing is applied here: its update, staged as any
        move, or its refusal comes back through the inbox."""
        connection = self.connection
        if connection is None or self.lost or self.closed:
            shown.say(t("net.not_sent"), "warning")
            return
        self.sent = True
        shown.run(self.sending(connection, action))
        shown.refresh_table()

    async def sending(self, connection: SeatSender, action: int) -> None:
        try:
            await connection.act(action)
        except Exception:  # the connection went down: its rejoin tells the table again
            self.sent = False

    def take_news(self, shown: Shown) -> bool:
        """Take the host's messages in order until one is being shown (a move staged): True when
        nothing is left to show, so the table goes on to results, prompts or waiting."""
        from ..net.protocol import Over, Refused, Update  # loaded only at a hosted table

        while self.inbox:
            message = self.inbox.popleft()
            if isinstance(message, Joined):  # the table afresh, from the update that follows
                if not self.inbox:
                    self.inbox.appendleft(message)
                    return False
                first = self.inbox.popleft()
                if isinstance(first, Update):
                    message.game.update(first)
                    self.game = message.game
                    self.sent = False
                else:
                    self.inbox.appendleft(first)
            elif isinstance(message, Update):
                if self.behind:
                    self.game.update(message)
                    continue
                self.take_update(message, shown)
                if shown.moments:
                    return False
            elif isinstance(message, Refused):
                self.sent = False
                shown.say(t("net.refused", reason=message.reason), "warning")
            elif isinstance(message, Over):
                self.game.over(message)
                if self.record_path is not None:  # saved where ``--record`` said
                    self.record_saved(shown)
        return True

    def hand_to(self, table: Any, on_top: bool) -> None:
        """Something came for the table screen ``table`` (``on_top``: nothing over it): a
        spectator behind cuts the move on screen short, a table busy showing something has its
        status line redrawn (who is away, the connection), else it takes the news now."""
        if table.moments and self.behind:
            table.skip_staging()  # a spectator keeps up with the live table
        elif table.moments or table.pending or not on_top:
            table.refresh_table()
        else:
            table.advance()

    def opened(self) -> bool:
        """Before there is a table screen: the welcome and the first update taken; whether the
        table is known now (and can be opened)."""
        from ..net.protocol import Update

        while self.inbox and self.game.current is None:
            message = self.inbox.popleft()
            if isinstance(message, Joined):
                self.game = message.game
            elif isinstance(message, Update):
                self.game.update(message)
        return self.game.current is not None

    def take_update(self, message: Update, shown: Shown) -> None:
        """An action at the table: the update taken, its steps shown as a local move's are."""
        game = self.game
        if game.to_act == game.seat:
            self.sent = False
        stage_after(game, shown, lambda: game.update(message))

    def record_saved(self, shown: Shown) -> None:
        """Write the year's record; where it went, or why not, is said."""
        try:
            where = self.save_record()
        except (OSError, ValueError) as err:
            error = getattr(err, "strerror", None) or str(err)
            shown.say(t("net.record_failed", error=error), "error")
            return
        shown.say(t("net.record_saved", path=str(where)), timeout=10)

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
