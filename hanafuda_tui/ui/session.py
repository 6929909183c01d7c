"""A table as the screen at this keyboard knows it: for each seat played here, its game as the
table tells it (``tables/seat_game.py``), and the table's news taken in order as the screen is
ready for it. What differs between a table held here, a seat at a hosted table and a lesson is
the session's ``link``: where a decision goes, and what the table says of itself."""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

from ..bots import Bot, make_bot
from ..bots.hand_reading import SeenPlay
from ..core.game import Game, PlayerView
from ..core.records import HUMAN, GameRecord, SeatRecord, new_game, replay, write_atomically
from ..tables.feed import SeatUpdate
from ..tables.seat_game import SeatGame
from ..tables.storage import Store, data_dir
from ..tables.table import Table
from .i18n import t
from .names import seat_names
from .widgets.status import AwaySeat, hosted_parts

if TYPE_CHECKING:  # the network's modules load when a hosted table opens, not at start
    from textual.notifications import SeverityLevel

    from ..history import HistoryStore
    from ..net.protocol import Over, Presence, Refused, Update
    from ..net.remote import RemoteGame
    from .table_face import TableFace


class Shown(Protocol):
    """The table screen's turn flow, as a session shows what happens at its table."""

    @property
    def moments(self) -> list[Any]:
        """The steps of a move still on screen."""

    def apply(self, action: int) -> None:
        """Take an action to the table (and say what could not be saved)."""

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


def stage_after(game: SeatGame, shown: Shown, move: Callable[[], None]) -> None:
    """Make ``move`` (an action, or an update taken) at ``game``, then show its steps."""
    book = game.book
    seat, start, mark, deals = game.to_act, len(game.log), book.mark(), len(book.deals)
    move()
    shown.stage(seat, start, mark, deals)


@dataclass(frozen=True)
class Told:
    """An update of a seat played at this keyboard's table."""

    seat: int
    update: SeatUpdate


@dataclass(frozen=True)
class Joined:
    """The connection is up (again): the table is shown afresh from ``game``, whose first update
    tells everything so far (after a drop, the host sends it all again)."""

    game: RemoteGame


Inbound: TypeAlias = "Told | Joined | Update | Refused | Over"
"""What a table's session takes in order, one at a time, as the screen is ready for it."""


class InboxFeed:
    """A seat's feed at this keyboard: each update goes to the session's inbox."""

    def __init__(self, seat: int, inbox: deque[Inbound]) -> None:
        self.seat = seat
        self.inbox = inbox
        self.told = self.results = self.settlements = 0

    def deliver(self, update: SeatUpdate) -> None:
        self.inbox.append(Told(self.seat, update))


class Front(Protocol):
    """What the end of a table's year and leaving it ask of the app."""

    def rematch(self, session: Session[Any]) -> None: ...

    def year_done(self) -> None: ...

    def leave_hosted(self) -> None: ...


class Link(Protocol):
    """What differs between tables: where a seat's decision goes, and what the table says of
    itself beyond its seats' games."""

    @property
    def save_error(self) -> str: ...

    @property
    def history_error(self) -> str: ...

    @property
    def kept(self) -> int | None:
        """The finished year's id in the history once kept (-1: it could not be; None: not
        kept here)."""

    @property
    def alone(self) -> bool:
        """One person at the table: an answer with nothing to decide is hidden from nobody."""

    @property
    def coached(self) -> bool:
        """A coach answers every move (a 法度 play included): the table asks nothing first, and
        beginner mode's notes are left to the coach."""

    def pointed(self) -> int:
        """The cards the table points at now."""

    def seats(self, session: Session[Any]) -> list[SeatRecord]: ...

    def humans(self, session: Session[Any]) -> list[int]:
        """The seats played at this keyboard."""

    def apply(self, session: Session[Any], action: int, shown: Shown) -> None:
        """The decision of the seat to act goes to the table; nothing of it is shown."""

    def send(self, session: Session[Any], action: int, shown: Shown) -> None:
        """The decision of the seat to act goes to the table, and its steps are shown."""

    def bot_turn(self, seat: int) -> tuple[Bot, PlayerView] | None:
        """The bot that decides for ``seat`` here and what it sees, if one does."""

    def status_parts(self, session: Session[Any]) -> list[str]: ...

    def ticking(self) -> bool:
        """Whether the status line counts seconds."""

    def year_known(self, session: Session[Any]) -> bool:
        """Whether the year's end is known whole."""

    def record_saver(self, session: Session[Any], shown: Shown) -> Callable[[], None] | None:
        """What ``w`` on the last sheet does (None: nothing, the record is kept as it goes)."""

    def ended(self, session: Session[Any], shown: Shown) -> None:
        """The year's record came."""

    def advised(self) -> None:
        """A player here was shown advice."""

    def year_over(
        self, session: Session[Any], screen: TableFace, front: Front, answer: str | None
    ) -> None:
        """The year's last sheet closed on ``screen`` (``answer``: ``rematch`` for another)."""

    def leave(self, screen: TableFace, front: Front) -> None:
        """The table on ``screen`` is left (Esc)."""


L = TypeVar("L", bound=Link)


class Session(Generic[L]):
    """A table's seats at this keyboard: each one's game as the table tells it, the news not
    yet taken, and the ``link`` to the table."""

    def __init__(self, link: L, games: Mapping[int, SeatGame]) -> None:
        self.link = link
        self.games = dict(games)
        """The game of each seat played here (-1: a spectator's)."""
        self.on_screen = next(iter(self.games))
        """The seat whose game the screen draws."""
        self.inbox: deque[Inbound] = deque()
        self.sent = False
        """An action was sent and its update (or refusal) has not been taken yet."""

    @staticmethod
    def here(link: HereTable, save: bool = False) -> Session[HereTable]:
        """A table held at this keyboard, its record saved now if ``save``."""
        if save:
            link.save()
        return Session.seated(link, link.table)

    @staticmethod
    def seated(link: L, table: Table[InboxFeed]) -> Session[L]:
        """A session of ``table``'s seats at this keyboard (``table.here``; at a table of bots
        only, the first seat's, its hand never shown), told all so far."""
        game = table.game
        shown = table.here or [0]
        seats = [
            SeatGame(seat, game.ruleset, game.options, table.seats, table.predictable)
            for seat in shown
        ]
        session = Session(link, {seat.seat: seat for seat in seats})
        for seat in shown:
            feed = InboxFeed(seat, session.inbox)
            table.sit(feed)
            table.tell(feed)
        session.catch_up()
        return session

    @staticmethod
    def new(
        ruleset: str,
        options: Mapping[str, Any],
        seats: Sequence[SeatRecord],
        seed: str = "",
        store: Store | None = None,
        think: float | None = None,
        history: HistoryStore | None = None,
    ) -> Session[HereTable]:
        """A new game; the same non-empty seed gives the same deals and the same bot moves."""
        seed = seed or str(random.SystemRandom().randrange(10**9))
        game = new_game(ruleset, random.Random(seed), options)
        return Session.here(HereTable(game, seats, seed, store, think, history=history), save=True)

    @staticmethod
    def resume(
        store: Store, think: float | None = None, history: HistoryStore | None = None
    ) -> Session[HereTable]:
        """The saved game at the same decision (RecordError if the save is damaged)."""
        record = store.load()
        game = replay(record, rng=random.Random())
        seed = str(random.SystemRandom().randrange(10**9))
        advice, played_on_from = record.advice, record.played_on_from
        link = HereTable(game, record.seats, seed, store, think, advice, history, played_on_from)
        return Session.here(link)

    @staticmethod
    def hosted(game: RemoteGame, record: Path | None = None) -> Session[HostedSeat]:
        """A seat at a hosted table (``hanafuda join``, the host's own keyboard, a lobby's);
        ``record``: where the year's record is saved when it ends (None: only by a key)."""
        return Session(HostedSeat(record), {game.seat: game})

    # -- what the screen reads --------------------------------------------------------------------

    @property
    def seen(self) -> SeatGame:
        """The game the screen draws."""
        return self.games[self.on_screen]

    def view_of(self, seat: int) -> PlayerView:
        """What ``seat`` sees, if it is played here (else what the seat on screen sees)."""
        game = self.games.get(seat, self.seen)
        return game.view(game.seat)

    def month_plays(self, seat: int) -> list[SeenPlay]:
        """The other seats' hand plays of the month that ``seat`` was told, if it is played
        here (``SeatGame.month_plays``)."""
        game = self.games.get(seat)
        return [] if game is None else list(game.month_plays)

    def show(self, seat: int) -> None:
        """The screen draws ``seat``'s game from now on, if it is played here."""
        if seat in self.games:
            self.on_screen = seat

    @property
    def seats(self) -> list[SeatRecord]:
        return self.link.seats(self)

    @property
    def names(self) -> list[str]:
        return seat_names(self.seats)

    @property
    def humans(self) -> list[int]:
        return self.link.humans(self)

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    @property
    def watching(self) -> bool:
        """A spectator's session: no seat of its own, nothing waits for its keys."""
        return self.seen.seat < 0

    @property
    def year_known(self) -> bool:
        return self.link.year_known(self)

    def status_parts(self) -> list[str]:
        """The table's state, first in the status line."""
        return self.link.status_parts(self)

    def record_saver(self, shown: Shown) -> Callable[[], None] | None:
        return self.link.record_saver(self, shown)

    def advised(self) -> None:
        self.link.advised()

    # -- decisions and news -----------------------------------------------------------------------

    def decide(self, action: int, shown: Shown) -> None:
        """The decision of the seat to act, to the table; its steps are shown."""
        self.link.send(self, action, shown)

    def apply(self, action: int, shown: Shown) -> None:
        """The decision of the seat to act, to the table, with nothing of it shown."""
        self.link.apply(self, action, shown)

    def catch_up(self) -> None:
        """Take every update told to this keyboard's seats so far, showing none of them."""
        while self.inbox and isinstance(told := self.inbox[0], Told):
            self.inbox.popleft()
            self.games[told.seat].take(told.update)

    @property
    def behind(self) -> bool:
        """A spectator with another move waiting behind the one taken: it is taken without its
        steps held, so that the one watching never falls behind the live table (a player sees
        every move of the table, in order)."""
        from ..net.protocol import Update

        return self.watching and any(isinstance(m, Update | Told) for m in self.inbox)

    def take_news(self, shown: Shown) -> bool:
        """Take the table's news in order until one is being shown (a move staged): True when
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
                    self.games[message.game.seat] = message.game
                    self.sent = False
                else:
                    self.inbox.appendleft(first)
            elif isinstance(message, Update | Told):
                if self.behind:
                    self.take(message)
                    continue
                seen = self.seen
                if seen.to_act == seen.seat:
                    self.sent = False
                stage_after(seen, shown, partial(self.take, message))
                if shown.moments:
                    return False
            elif isinstance(message, Refused):
                self.sent = False
                shown.say(t("net.refused", reason=message.reason), "warning")
            elif isinstance(message, Over):
                self.seen.finish(message.record)
                self.link.ended(self, shown)
        return True

    def take(self, message: Update | Told) -> None:
        """An update of the table taken into its seat's game."""
        if isinstance(message, Told):
            self.games[message.seat].take(message.update)
        else:
            from ..net.remote import seat_update

            self.seen.take(seat_update(message))

    def hand_to(self, flow: Any, on_top: bool) -> None:
        """Something came for the table screen whose turns ``flow`` runs (``on_top``: nothing
        over it): a spectator behind cuts the move on screen short, a table busy showing
        something has its status line redrawn (who is away, the connection), else it takes the
        news now."""
        if flow.moments and self.behind:
            flow.staged.skip()  # a spectator keeps up with the live table
        elif flow.moments or flow.pending or not on_top:
            flow.refresh_table()
        else:
            flow.advance()

    def opened(self) -> bool:
        """Before there is a table screen: the welcome and the first update taken; whether the
        table is known now (and can be opened)."""
        from ..net.protocol import Update

        while self.inbox and self.seen.current is None:
            message = self.inbox.popleft()
            if isinstance(message, Joined):
                self.games[message.game.seat] = message.game
            elif isinstance(message, Update | Told):
                self.take(message)
        return self.seen.current is not None


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


class AtThisKeyboard:
    """What a table held at this keyboard (a game here, a lesson) answers alike: nothing before
    the game's own status, no clock, the year known as it is played and ended by its last
    update, no record kept beside the table's own save."""

    def status_parts(self, session: Session[Any]) -> list[str]:
        return []

    def ticking(self) -> bool:
        return False

    def year_known(self, session: Session[Any]) -> bool:
        return True

    def record_saver(self, session: Session[Any], shown: Shown) -> None:
        """None: a game here is saved as it goes, a lesson keeps no record."""

    def ended(self, session: Session[Any], shown: Shown) -> None:
        """The year's end is in its last update."""


class HereTable(AtThisKeyboard):
    """A table held at this keyboard (``tables/table.py``): a decision is applied at once (and
    saved), the bots are asked here, and the year is kept in the history when it ends."""

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
        """Its persons' seats are here, the others bots; the record is saved in ``store`` after
        every action. ``think``: seconds a plain ``strong`` seat thinks a decision (its own
        default if None); ``history``: where the finished year is kept (None: not kept);
        ``played_on_from``: the digest of the record this game was played on from (kept in its
        record)."""
        self.table: Table[InboxFeed] = Table(
            game,
            seats,
            seed,
            here=[i for i, s in enumerate(seats) if s.player == HUMAN],
            history=history,
            source="table",
            think=think,
            advice=advice,
            played_on_from=played_on_from,
            bot_maker=make_bot,
            teyaku_at_once=False,  # one keyboard: nobody can time another's answer
            report=lambda line: None,  # the table screen says what went wrong
        )
        self.seed = seed
        self.store = store

    coached = False

    def pointed(self) -> int:
        """No card is pointed at."""
        return 0

    @property
    def alone(self) -> bool:
        return len(self.table.here) == 1

    @property
    def kept(self) -> int | None:
        return self.table.kept

    @property
    def history_error(self) -> str:
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

    def seats(self, session: Session[Any]) -> list[SeatRecord]:
        return self.table.seats

    def humans(self, session: Session[Any]) -> list[int]:
        return self.table.here

    def apply(self, session: Session[Any], action: int, shown: Shown) -> None:
        """Apply the decision (and save), and take what the seats here are told of it."""
        table = self.table
        why = table.act(table.game.to_act, table.latest, action)
        if why is not None:
            raise ValueError(why)
        session.catch_up()

    def send(self, session: Session[Any], action: int, shown: Shown) -> None:
        stage_after(session.seen, shown, lambda: shown.apply(action))

    def bot_turn(self, seat: int) -> tuple[Bot, PlayerView] | None:
        bot = self.table.bots.get(seat)
        return None if bot is None else (bot, self.table.game.view(seat))

    def advised(self) -> None:
        """A player was shown advice: the record says so from now on."""
        self.table.advised()

    def save(self) -> None:
        """Save the record; a finished game is kept in the history and leaves no save to
        continue."""
        self.table.save()
        if self.table.game.is_over:
            self.table.keep()

    def year_over(
        self, session: Session[Any], screen: TableFace, front: Front, answer: str | None
    ) -> None:
        """Back to the selector, or (``r``) straight on to a new year at the same table."""
        screen.app.pop_screen()
        if answer == "rematch":
            front.rematch(session)

    def leave(self, screen: TableFace, front: Front) -> None:
        """Back to the selector; the game is saved and can be continued."""
        screen.app.pop_screen()


class SeatSender(Protocol):
    """What sends a hosted seat's decisions: ``hanafuda join``'s connection, or a lobby's."""

    async def act(self, action: int) -> None: ...


class HostedSeat:
    """A seat at a hosted table: the connection that sends its decisions, who is away, whether
    the connection is lost. Nothing is applied here: the host decides, and its updates are
    shown in order."""

    save_error = ""
    history_error = ""
    """Never set: the host keeps the year in its history."""
    kept = None
    alone = False
    """Others at the table could tell an answer with nothing to decide from how soon it came."""
    coached = False

    def pointed(self) -> int:
        """No card is pointed at."""
        return 0

    def __init__(self, record: Path | None = None) -> None:
        self.record_path = record
        """Where the year's record is saved when it ends (None: only by a key)."""
        self.connection: SeatSender | None = None
        self.away: dict[int, AwaySeat] = {}
        self.lost = ""
        """Why the connection is down while it is rejoined, else empty."""
        self.closed = ""
        """Why the host closed this seat's connection for good, else empty."""

    def seats(self, session: Session[Any]) -> list[SeatRecord]:
        return session.seen.seats

    def humans(self, session: Session[Any]) -> list[int]:
        seat = session.seen.seat
        return [seat] if seat >= 0 else []

    def apply(self, session: Session[Any], action: int, shown: Shown) -> None:
        """Sent as any decision: nothing is applied here."""
        self.send(session, action, shown)

    def send(self, session: Session[Any], action: int, shown: Shown) -> None:
        """Send our decision to the host; nothing is applied here: its update, staged as any
        move, or its refusal comes back through the inbox."""
        connection = self.connection
        if connection is None or self.lost or self.closed:
            shown.say(t("net.not_sent"), "warning")
            return
        session.sent = True
        shown.run(self.sending(session, connection, action))
        shown.refresh_table()

    async def sending(self, session: Session[Any], connection: SeatSender, action: int) -> None:
        try:
            await connection.act(action)
        except Exception:  # the connection went down: its rejoin tells the table again
            session.sent = False

    def bot_turn(self, seat: int) -> None:
        """The host's next update says what its bots did."""

    def status_parts(self, session: Session[Any]) -> list[str]:
        """The hosted table's state, first in the status line."""
        watching, predictable = session.watching, session.seen.predictable
        return hosted_parts(watching, predictable, self.closed, self.lost, self.away, session.names)

    def ticking(self) -> bool:
        """Someone is away, or the connection is down."""
        return bool(self.away or self.lost)

    def year_known(self, session: Session[Any]) -> bool:
        """The year's end is known whole once its record comes with the host's last word."""
        return session.seen.record is not None

    def record_saver(self, session: Session[Any], shown: Shown) -> Callable[[], None]:
        """``w`` on the last sheet: the year's record written, where it went said."""
        return lambda: self.record_saved(session, shown)

    def ended(self, session: Session[Any], shown: Shown) -> None:
        """The record saved where ``--record`` said, if it said."""
        if self.record_path is not None:
            self.record_saved(session, shown)

    def record_saved(self, session: Session[Any], shown: Shown) -> None:
        """Write the year's record; where it went, or why not, is said."""
        try:
            where = self.save_record(session.seen)
        except (OSError, ValueError) as err:
            error = getattr(err, "strerror", None) or str(err)
            shown.say(t("net.record_failed", error=error), "error")
            return
        shown.say(t("net.record_saved", path=str(where)), timeout=10)

    def save_record(self, game: SeatGame, path: Path | None = None) -> Path:
        """Write the year's record to ``path`` (else ``record_path``, else a new file of the data
        directory's ``records``); where it went. OSError if it cannot be written, ValueError
        before the year is over."""
        record = game.record
        if record is None:
            raise ValueError("the year is not over")
        where = path or self.record_path or default_record_path(game.ruleset)
        write_atomically(where, record.to_json())
        return where

    def advised(self) -> None:
        """Advice is this player's own affair: the host's record does not hear of it."""

    def present(self, session: Session[Any], message: Presence) -> None:
        """Who is away now and the seats' names, as the host last said."""
        for game in session.games.values():
            game.rename(message.names)
        now = time.monotonic()
        self.away = {a.seat: AwaySeat(now - a.seconds, a.by_bot) for a in message.away}

    def year_over(
        self, session: Session[Any], screen: TableFace, front: Front, answer: str | None
    ) -> None:
        """A hosted table's year ends the program (or goes back to its lobby)."""
        front.year_done()

    def leave(self, screen: TableFace, front: Front) -> None:
        """Left by quitting (asked first), or back to the lobby it was met in: its host keeps
        the seat for a rejoin."""
        front.leave_hosted()


def default_record_path(ruleset: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return data_dir() / "records" / f"{ruleset}-{stamp}.json"
