"""One table: the game, its seats (persons, bots, spectators), the bots' thinking, the save after
every action, the finished year kept in the history, the update counter, the teyaku question put
to every seat at once (``teyaku.py``), stand-ins for a seat whose player left, and each seat's feed
of updates (``feed.py``).

Its two seams: ``act(seat, seq, action)`` applies a person's decision (or says why not), and each
feed is told, after every action, what its seat may see. The network (``net/host.py``) and the
screen are adapters around it; nothing here knows of either.
"""

from __future__ import annotations

import asyncio
import enum
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from ..bots import Bot, make_bot
from ..bots.hand_reading import SeenPlay, catch_up, month_plays, show_play
from ..core.events import seen_by
from ..core.game import Game, Phase
from ..core.records import (
    REMOTE,
    SECRET_FILE,
    GameRecord,
    RecordError,
    SeatRecord,
    new_game,
    record_of,
    write_atomically,
)
from .feed import Feed, SeatUpdate, Seen
from .seats import SPECTATOR, BotMaker, bot_rng, people, seat_bots
from .teyaku import TeyakuRound

if TYPE_CHECKING:  # the history (and sqlite3) loads when a year is kept, not with a table
    from ..history import HistoryStore


class Life(enum.Enum):
    """Where a table is in its life."""

    WAITING = "waiting"
    """Some person's seat has never been sat at (the bots play on meanwhile)."""
    PLAYING = "playing"
    FINISHED = "finished"
    """The year is over; the table is still there to tell whoever comes back."""
    CLOSED = "closed"
    """Taken down: removed from its owner, nothing more is applied or told."""


class Saver(Protocol):
    """Where a table's record goes after every action."""

    @property
    def path(self) -> Path: ...

    def write(self, record: GameRecord, over: bool) -> None:
        """Keep ``record`` (``over``: the year is over); OSError or ValueError if it cannot be."""

    def why(self, err: OSError | ValueError) -> str:
        """What went wrong, in one line that names the file."""


class RecordFile:
    """The whole record in a file only its owner reads, rewritten after every action (the year
    over included)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def write(self, record: GameRecord, over: bool) -> None:
        write_atomically(self.path, record.to_json(), SECRET_FILE)

    def why(self, err: OSError | ValueError) -> str:
        return f"{self.path}: {getattr(err, 'strerror', None) or err}"


F = TypeVar("F", bound=Feed)


def actions_in(game: Game) -> int:
    """How many actions the game has applied (a resumed table's ``seq`` goes on from there)."""
    return sum(len(deal.actions) for deal in game.deals)


class Table(Generic[F]):
    """One game and everything around it, its feeds of type ``F``. ``seed``: the game was dealt
    from this seed, so its deals are predictable (the bots' moves come from it too); None for a
    game dealt from ``random.SystemRandom`` (bots with secret seeds). ``here``: the persons'
    seats at this keyboard, sat at from the start. ``bot_maker``: makes the seats' bots.
    ``source``: the history's name for where the year was played; ``think``: seconds a plain
    ``strong`` seat thinks a decision; ``teyaku_at_once``: the teyaku question is put to every
    seat at once (``teyaku.py``), else each seat answers in its turn and is told at once."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatRecord],
        seed: str | None,
        saver: Saver | None = None,
        *,
        here: Sequence[int] = (),
        history: HistoryStore | None = None,
        source: str = "network",
        think: float | None = None,
        advice: bool = False,
        played_on_from: str = "",
        bot_maker: BotMaker = make_bot,
        teyaku_at_once: bool = True,
        executor: Executor | None = None,
        report: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.seed = seed
        self.predictable = seed is not None
        """Whether the deals can be foreseen by whoever knows the seed (every screen says so)."""
        self.saver, self.history, self.source, self.think = saver, history, source, think
        self.advice = advice
        """Whether a player was shown advice in this game (kept in its record)."""
        self.played_on_from = played_on_from
        """The digest of the record this game was played on from (kept in its record)."""
        self.executor = executor
        self.report = report or (lambda line: print(line, file=sys.stderr))
        self.clock = clock
        """The table's clock as updates tell it (``at``)."""
        self.bots: dict[int, Bot] = seat_bots(self.seats, seed, think, bot_maker)
        catch_up(self.bots.items(), game)
        self.stand_ins: dict[int, Bot] = {}
        """Bots given the seats of players who are away, until they are back."""
        self.bot_clients: dict[int, str] = {}
        """The level of each remote seat a bot client plays (kept in the history so)."""
        self.here = list(here)
        self.away: dict[int, float] = {
            s: time.monotonic() for s in people(self.seats) if s not in self.here
        }
        """Each person's seat nobody sits at now, and since when (``time.monotonic``; the
        table's start for a seat not yet sat at)."""
        self.seated: set[int] = set(self.here)
        """Persons' seats sat at, at least once."""
        self.dropped: set[int] = set()
        """Seats whose player was here and left."""
        self.feeds: dict[int, F] = {}
        """The feed of each seat sat at now."""
        self.watchers: set[F] = set()
        """The spectators' feeds."""
        self.seq = actions_in(game)
        """The number of actions applied at the table (a resumed table's, since it began)."""
        self.wake = asyncio.Event()
        self.save_error = ""
        """Why the last save failed (the game goes on), else empty."""
        self.kept: int | None = None
        """The finished year's id in the history once kept (-1: it could not be)."""
        self.history_error = ""
        self.closed = False
        self.on_close: Callable[[], None] | None = None
        """What its owner does when it is closed (lets it go)."""
        self.seen_as_is: dict[int, Seen] = {}
        self.seen_blanked: dict[int, Seen] = {}
        self.teyaku_at_once = teyaku_at_once
        self.round = self.teyaku_round()

    @property
    def life(self) -> Life:
        if self.closed:
            return Life.CLOSED
        if self.game.is_over:
            return Life.FINISHED
        if any(seat not in self.seated for seat in people(self.seats)):
            return Life.WAITING
        return Life.PLAYING

    @property
    def latest(self) -> int:
        """The number of the latest update told (what an action answers)."""
        round_ = self.open_round()
        return self.seq if round_ is None else round_.seq

    # -- seats ------------------------------------------------------------------------------------

    def sit(self, feed: F, name: str = "", bot: str | None = None) -> F | None:
        """A person sits down (or back) at ``feed``'s seat (``bot``: a bot client playing that
        level), or a spectator comes to watch; the feed the seat had, which it no longer has. A
        stand-in gives the seat back; a new name is kept in the record."""
        seat = feed.seat
        if seat == SPECTATOR:
            self.watchers.add(feed)
            return None
        if bot is None:
            self.bot_clients.pop(seat, None)
        else:
            self.bot_clients[seat] = bot
        old = self.feeds.get(seat)
        self.feeds[seat] = feed
        self.seated.add(seat)
        self.away.pop(seat, None)
        self.dropped.discard(seat)
        self.stand_ins.pop(seat, None)
        if name and name != self.seats[seat].name:
            self.seats[seat] = self.seats[seat].model_copy(update={"name": name})
            self.save()
        self.wake.set()
        return old

    def rise(self, feed: F) -> bool:
        """``feed`` leaves the table; whether its seat now waits for its player (one who left
        before the year's end)."""
        if feed.seat == SPECTATOR:
            self.watchers.discard(feed)
            return False
        if self.feeds.get(feed.seat) is not feed:
            return False
        del self.feeds[feed.seat]
        if self.game.is_over:
            return False
        self.away[feed.seat] = time.monotonic()
        self.dropped.add(feed.seat)
        return True

    def give_to_bot(self, seat: int, spec: str = "normal") -> bool:
        """An away player's seat is played by a bot until the player is back; whether it is."""
        if seat not in self.away:
            return False
        self.stand_ins[seat] = make_bot(spec, bot_rng(self.seed, f"stand-in/{seat}/{self.seq}"))
        catch_up([(seat, self.stand_ins[seat])], self.game)
        self.wake.set()
        return True

    def bot_for(self, seat: int) -> Bot | None:
        return self.bots.get(seat) or self.stand_ins.get(seat)

    # -- the game ---------------------------------------------------------------------------------

    def teyaku_round(self) -> TeyakuRound | None:
        """The teyaku question now open, put to every seat at once, if one is."""
        game = self.game
        asked = self.teyaku_at_once and game.phase == Phase.TEYAKU
        return TeyakuRound(game, self.seq) if asked else None

    def open_round(self) -> TeyakuRound | None:
        round_ = self.round
        return round_ if round_ is not None and round_.is_open(self.game) else None

    def act(self, seat: int, seq: int, action: int) -> str | None:
        """A person's decision at ``seat``, answering update ``seq``: applied (None), or why
        not. The teyaku question is answered by every seat asked, in any order."""
        game = self.game
        if self.closed:
            return "the table is closed"
        if game.is_over:
            return "the year is over"
        round_ = self.open_round()
        if round_ is not None and seat not in self.stand_ins:
            if seq != round_.seq:
                return f"the table has moved on (update {round_.seq})"
            why = round_.answer(game, seat, action)
            due = round_.due(game)
            if due is not None:
                self.apply(due)
            return why or None
        if seat != game.to_act or seat in self.stand_ins:
            return "it is not your turn"
        if seq != self.seq:
            return f"the table has moved on (update {self.seq})"
        if action not in game.legal_actions():
            return f"action {action} is not legal now"
        self.apply(action)
        return None

    def apply(self, action: int) -> None:
        """Apply an action of the seat to act, and every answer to the teyaku question then
        due; save, and tell every feed, unless the teyaku question is still open."""
        game = self.game
        while True:
            round_ = self.open_round()
            if round_ is not None:
                round_.answered.add(game.to_act)
            show_play([*self.bots.items(), *self.stand_ins.items()], game, action)
            game.apply(action)
            self.seq += 1
            due = round_.due(game) if round_ is not None else None
            if due is None:
                break
            action = due
        self.save()
        if self.open_round() is not None:
            self.wake.set()  # a bot may answer next
            return
        self.round = self.teyaku_round()
        if game.is_over:
            self.keep()
        self.seen_as_is.clear()  # made afresh for this action's events, kept no longer
        self.seen_blanked.clear()
        self.tell_all()
        self.wake.set()

    async def play(self) -> None:
        """Let the bots (and stand-ins) play, each decision thought in the executor, never on the
        event loop, until the year is over or the table closed; people act through ``act``."""
        loop = asyncio.get_running_loop()
        game = self.game
        while not game.is_over and not self.closed:
            seat = game.to_act
            bot = self.bot_for(seat)
            if bot is None:
                self.wake.clear()
                await self.wake.wait()
                continue
            seq, view = self.seq, game.view(seat)
            try:
                action = await loop.run_in_executor(self.executor, bot.act, view)
            except Exception as err:  # a faulty bot must not end the game
                self.report(f"the bot at seat {seat + 1} failed ({err}); it plays its first card")
                action = view.legal[0]
            if self.seq == seq and action in game.legal_actions() and not self.closed:
                self.apply(action)

    # -- the record -------------------------------------------------------------------------------

    def record(self) -> GameRecord:
        return record_of(self.game, self.seats, self.advice, self.played_on_from)

    def kept_record(self) -> GameRecord:
        """The record the history keeps: a remote seat a bot client played last by its level."""
        seats = [
            s.model_copy(update={"player": self.bot_clients[i]})
            if s.player == REMOTE and i in self.bot_clients
            else s
            for i, s in enumerate(self.seats)
        ]
        return record_of(self.game, seats, self.advice, self.played_on_from)

    def advised(self) -> None:
        """A player was shown advice: the record says so from now on."""
        if not self.advice:
            self.advice = True
            self.save()

    def save(self) -> None:
        """Save the record; a failure is reported once (and kept in ``save_error``)."""
        saver = self.saver
        if saver is None:
            return
        try:
            saver.write(self.record(), self.game.is_over)
            self.save_error = ""
        except (OSError, ValueError) as err:
            error = saver.why(err)
            if error != self.save_error:
                self.report(f"cannot save the record: {error}")
            self.save_error = error

    def keep(self) -> None:
        """Keep the finished year in the history, once; a failure is reported."""
        if self.kept is not None or self.history is None:
            return
        from ..history import HistoryError

        try:
            self.kept = self.history.add(self.kept_record(), self.source, self.game)
        except (HistoryError, RecordError) as err:
            self.kept = -1
            self.history_error = str(err)
            self.report(f"cannot keep the year in the history: {err}")

    # -- feeds ------------------------------------------------------------------------------------

    def seen(self, index: int, seat: int) -> Seen:
        """The event at ``index`` of the log as ``seat`` may see it (made once for all the
        seats told of it at one time: most events are the same for every seat)."""
        event = self.game.log[index]
        own = not event.private or event.seat == seat
        cache = self.seen_as_is if own else self.seen_blanked
        seen = cache.get(index)
        if seen is None:
            shown = event if own else seen_by(event, seat)
            seen = cache[index] = Seen(index, shown, self.game.book.fields[index])
        return seen

    def tell(self, feed: Feed) -> None:
        """Give ``feed`` its view and all it may see that happened since it was last told (told
        nothing yet, a seat also the others' hand plays of the month so far)."""
        seat, plays = feed.seat, None
        if feed.told == 0 and seat != SPECTATOR and not self.game.is_over:
            plays = tuple(month_plays(self.game, seat))
        feed.deliver(self.update(seat, feed.told, feed.results, feed.settlements, plays=plays))
        self.told_all_now(feed)

    def tell_all(self) -> None:
        """Tell every feed what is new: each seat its own update; the spectators, who all see
        the same, one update made once for all those told as far."""
        record = self.record() if self.game.is_over else None
        for feed in list(self.feeds.values()):
            self.tell(feed)
        shared: dict[tuple[int, int, int], SeatUpdate] = {}
        for feed in self.watchers:
            since = (feed.told, feed.results, feed.settlements)
            update = shared.get(since)
            if update is None:
                update = shared[since] = self.update(SPECTATOR, *since, record=record)
            feed.deliver(update)
            self.told_all_now(feed)

    def update(
        self,
        seat: int,
        told: int = 0,
        results: int = 0,
        settlements: int = 0,
        record: GameRecord | None = None,
        plays: tuple[SeenPlay, ...] | None = None,
    ) -> SeatUpdate:
        """The update of ``seat`` (SPECTATOR: of a spectator) told up to these counts of the
        log, the results and the settlements (``record``: the year's, if it is over; ``plays``:
        the month's hand plays, as ``SeatUpdate.plays``)."""
        game = self.game
        round_ = self.open_round()
        view = game.spectator_view() if seat == SPECTATOR else game.view(seat)
        if round_ is not None:
            view = round_.view(game, seat, view)
        if record is None and game.is_over:
            record = self.record()
        return SeatUpdate(
            seq=self.seq if round_ is None else round_.seq,
            view=view,
            told=[self.seen(i, seat) for i in range(told, self.told_end())],
            results=list(game.results[results:]),
            settlements=list(game.settlements[settlements:]),
            scores=list(game.scores),
            board=game.board(),
            at=self.clock(),
            record=record,
            plays=plays,
        )

    def told_end(self) -> int:
        """How far the log is told: all of it, but for the answers of an open teyaku question."""
        round_ = self.open_round()
        return len(self.game.log) if round_ is None else round_.told_until

    def told_all_now(self, feed: Feed) -> None:
        game = self.game
        feed.told, feed.results = self.told_end(), len(game.results)
        feed.settlements = len(game.settlements)

    # -- life -------------------------------------------------------------------------------------

    def close(self) -> None:
        """Take the table down: nothing more is applied or told, and its owner lets it go."""
        if self.closed:
            return
        self.closed = True
        self.wake.set()
        on_close, self.on_close = self.on_close, None
        if on_close is not None:
            on_close()

    def rematch(self, saver: Saver | None = None) -> Table[F]:
        """A new year at a table like this one (the same ruleset, options and seats), dealt
        from the system's secure source at a table dealt so (else from a new seed); this table
        is closed and the new one given to its owner."""
        game = self.game
        options = game.options.model_dump(exclude_defaults=True)
        if self.seed is None:
            seed = None
            rng: random.Random = random.SystemRandom()
        else:
            seed = str(random.SystemRandom().randrange(10**9))
            rng = random.Random(seed)
        table: Table[F] = Table(
            new_game(game.ruleset, rng, options),
            self.seats,
            seed,
            saver,
            here=self.here,
            history=self.history,
            source=self.source,
            think=self.think,
            teyaku_at_once=self.teyaku_at_once,
            executor=self.executor,
            report=self.report,
            clock=self.clock,
        )
        self.close()
        table.save()
        return table
