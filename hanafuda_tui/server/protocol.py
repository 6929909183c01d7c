"""The lobby's messages over WebSocket, version 1: pydantic models, one JSON text frame each.

A client opens with ``Hello``: a name (a new player) or its token (a known one). The server
answers ``Welcome`` (the player, and the token once, when the player is new), then the whole
``LobbyState``, then what changed of it (a ``LobbyState`` that is not ``whole``) whenever it
changes. The client may then ``CreateTable``, ``JoinTable``,
``WatchTable``, ``LeaveTable``, ask for a ``QuickMatch``, a ``LeaderboardRequest``, a ``PlayerRequest`` (a player's page) or
a ``RecordRequest`` (a finished table's record); the server answers ``Seated``,
``Leaderboard``, ``PlayerPage``, ``TableRecord`` or an ``Error`` of one reason, ``Finished`` when a table of
the player's is over, ``TimedOut`` when a seat's time ran out. A table's own messages (its views,
actions and record) are the table protocol's (``net/protocol.py``), on the same connection: once
a table the client sits at (or watches) is in play, the server sends it that table's ``welcome``,
``update``, ``presence``, ``refused``, ``over`` and ``closed`` as ``hanafuda host`` does, and the
client's ``act`` goes to the table it last sat at or rejoined. The lobby's ``welcome`` is the
connection's first message; every later ``welcome`` is a table's.

Every model forbids fields it does not know, and every string and list is bounded; a client's
messages hold each value as its own JSON type (``"5"`` is no table id). ``read_client`` reads a
frame, or says in one line why it is none. This version is separate from the table protocol's.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from ..core.readable import first_fault
from ..core.rulesets import RULESETS
from .identity import MAX_NAME_CHARS, MAX_TOKEN
from .limits import MAX_MESSAGE_BYTES

VERSION: Literal[1] = 1
MAX_RULESET = 40
MAX_OPTIONS = 32
"""Options one table may set (each ruleset has fewer)."""
MAX_INVITE = 64
MAX_LISTED = 200
"""Tables a lobby state lists in each of its lists."""
MAX_REASON = 300
MAX_BOARD = 100
MAX_HISTORY = 60
"""Points of a player's rating over time a player page holds (the latest)."""
MAX_RECENT = 20
"""Finished tables a player page lists (the latest)."""
MAX_RECORD = 200_000
"""The longest record (characters of JSON) a ``record`` answer carries."""
MAX_BOTS_AFTER = 600
"""The longest wait (seconds) before a quick match fills its free seats with bots."""

STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)
CLOSED = ConfigDict(extra="forbid", frozen=True)

Ruleset = Annotated[str, Field(min_length=1, max_length=MAX_RULESET)]
Name = Annotated[str, Field(max_length=MAX_NAME_CHARS)]
TableId = Annotated[int, Field(ge=1, lt=1 << 63)]
Options = Annotated[
    dict[Annotated[str, Field(max_length=MAX_RULESET)], Any], Field(max_length=MAX_OPTIONS)
]


class Message(BaseModel):
    model_config = STRICT

    v: Literal[1] = VERSION

    @field_validator("v", mode="before")
    @classmethod
    def _version_number(cls, v: Any) -> Any:
        """The version is the number 1 (``true`` equals 1, but is no version)."""
        if type(v) is not int:
            raise ValueError("should be 1")
        return v


def _known_ruleset(name: str) -> str:
    if name not in RULESETS:
        raise ValueError(f"not a ruleset of this server: {name!r} (known: {', '.join(RULESETS)})")
    return name


KnownRuleset = Annotated[Ruleset, AfterValidator(_known_ruleset)]


# -- time controls ------------------------------------------------------------------------------


class RealTime(BaseModel):
    """Everyone at the table at once: each decision has ``move_seconds``, then draws on the
    seat's bank of ``bank_seconds`` for the year; a decision not made by then is made by the
    seat's stand-in bot (that one move), and everyone at the table is told."""

    model_config = STRICT

    kind: Literal["realtime"] = "realtime"
    move_seconds: int = Field(30, ge=5, le=600)
    bank_seconds: int = Field(60, ge=0, le=3600)


class TurnBased(BaseModel):
    """Players come and go; each move waits up to ``move_hours`` (a server restarted meanwhile
    included), then the seat's stand-in bot makes it."""

    model_config = STRICT

    kind: Literal["turns"] = "turns"
    move_hours: int = Field(24, ge=1, le=336)


TimeControl = Annotated[RealTime | TurnBased, Field(discriminator="kind")]


# -- the client's --------------------------------------------------------------------------------


class Hello(Message):
    """Who the client is: ``name`` for a new player, or the ``token`` a ``Welcome`` gave."""

    type: Literal["hello"] = "hello"
    name: Name | None = None
    token: Annotated[str, Field(max_length=MAX_TOKEN)] | None = None
    bot: bool = False
    """The new player is a bot (marked as one on the leaderboard)."""

    @model_validator(mode="after")
    def _name_or_token(self) -> Hello:
        if (self.name is None) == (self.token is None):
            raise ValueError("a hello gives a name or a token, not both")
        return self


class CreateTable(Message):
    """A new table of ``ruleset`` under ``options`` (the ruleset's own, checked here); private:
    only those given its invite code may join; ``bots``: seats the server's bots take at once
    (the last ones; at least one seat stays the creator's)."""

    type: Literal["create"] = "create"
    ruleset: KnownRuleset
    options: Options = {}
    rated: bool = True
    time_control: TimeControl = RealTime()
    private: bool = False
    bots: int = Field(0, ge=0, le=5)

    @model_validator(mode="after")
    def _options_of_the_ruleset(self) -> CreateTable:
        check_options(self.ruleset, self.options)
        if self.bots >= self.seats():
            raise ValueError(f"bots take at most {self.seats() - 1} of this table's seats")
        return self

    def seats(self) -> int:
        """How many sit at the table its options make."""
        cls = RULESETS[self.ruleset]
        return cls.seated(cls.Options.model_validate(self.options))


def check_options(ruleset: str, options: dict[str, Any]) -> None:
    """ValueError naming the first option ``ruleset`` does not take as given."""
    try:
        RULESETS[ruleset].Options.model_validate(options)
    except ValidationError as err:
        raise ValueError(f"option {first_fault(err, 'options')}") from None


class JoinTable(Message):
    """Sit at a table (a private one with its invite code)."""

    type: Literal["join"] = "join"
    table: TableId
    invite: Annotated[str, Field(max_length=MAX_INVITE)] | None = None


class WatchTable(Message):
    type: Literal["watch"] = "watch"
    table: TableId


class LeaveTable(Message):
    """Leave a table not yet started, or stop watching one."""

    type: Literal["leave"] = "leave"
    table: TableId


class QuickMatch(Message):
    """Sit at the first open quick table of ``ruleset`` with these options and time control, or
    a new one (rated); its free seats are given to bots after ``bots_after`` seconds (None: wait
    for people; the shortest wait asked at a table applies)."""

    type: Literal["quick"] = "quick"
    ruleset: KnownRuleset
    options: Options = {}
    bots_after: int | None = Field(None, ge=0, le=MAX_BOTS_AFTER)
    time_control: TimeControl = RealTime()

    @model_validator(mode="after")
    def _options_of_the_ruleset(self) -> QuickMatch:
        check_options(self.ruleset, self.options)
        return self


class LeaderboardRequest(Message):
    type: Literal["leaderboard"] = "leaderboard"
    ruleset: KnownRuleset
    limit: int = Field(20, ge=1, le=MAX_BOARD)
    offset: int = Field(0, ge=0, le=1_000_000)


class PlayerRequest(Message):
    """A player's page in ``ruleset``: the rating, its course, the latest finished tables."""

    type: Literal["player"] = "player"
    player: TableId
    ruleset: KnownRuleset


class RecordRequest(Message):
    """The record of a finished table (a private one: to its players only)."""

    type: Literal["record"] = "record"
    table: TableId


ClientMessage = Annotated[
    Hello
    | CreateTable
    | JoinTable
    | WatchTable
    | LeaveTable
    | QuickMatch
    | LeaderboardRequest
    | PlayerRequest
    | RecordRequest,
    Field(discriminator="type"),
]

# -- the server's --------------------------------------------------------------------------------


class ServerMessage(BaseModel):
    model_config = CLOSED

    v: Literal[1] = VERSION


class Welcome(ServerMessage):
    """Who the client is now; ``token`` only when the player was just made (keep it: it is never
    sent again, and the server keeps only its hash)."""

    type: Literal["welcome"] = "welcome"
    player: int
    name: Name
    token: Annotated[str, Field(max_length=MAX_TOKEN)] | None = None


class OpenTable(BaseModel):
    """A table waiting for players."""

    model_config = CLOSED

    table: int
    ruleset: Ruleset
    options: Options
    seats: int
    free: int
    players: list[Name] = Field(max_length=6)
    """The names of those seated: shown literally, never as markup."""
    time_control: TimeControl
    rated: bool
    waiting_since: float
    """Seconds since the epoch."""


class PlayingTable(BaseModel):
    """A table in play, to watch."""

    model_config = CLOSED

    table: int
    ruleset: Ruleset
    players: list[Name] = Field(max_length=6)
    time_control: TimeControl
    rated: bool
    watchers: int = 0


class YourMove(BaseModel):
    """A table of the player's where it is their move."""

    model_config = CLOSED

    table: int
    ruleset: Ruleset
    players: list[Name] = Field(max_length=6)
    time_control: TimeControl
    since: float
    """When the move fell to the player, seconds since the epoch."""


class LobbyState(ServerMessage):
    """The lobby, ``whole`` (the first after the hello) or what changed since the last one: the
    open tables and tables in play listed anew or changed (each replaces that table's entry in
    either list), the tables no longer listed (``gone``), and the player's tables where it is
    their move (None: as before)."""

    type: Literal["lobby"] = "lobby"
    whole: bool = True
    open: list[OpenTable] = Field(default=[], max_length=MAX_LISTED)
    playing: list[PlayingTable] = Field(default=[], max_length=MAX_LISTED)
    gone: list[int] = Field(default=[], max_length=2 * MAX_LISTED)
    your_move: list[YourMove] | None = Field(default=None, max_length=MAX_LISTED)

    def merged(self, change: LobbyState) -> LobbyState:
        """The lobby after ``change``: itself if whole, else these lists with its entries put
        in place (a table listed once, in order of its number) and its tables gone taken out."""
        if change.whole:
            return change
        out = {t.table for t in change.open} | {t.table for t in change.playing} | set(change.gone)
        open_ = {t.table: t for t in self.open if t.table not in out}
        playing = {t.table: t for t in self.playing if t.table not in out}
        open_.update((t.table, t) for t in change.open)
        playing.update((t.table, t) for t in change.playing)
        return LobbyState(
            open=[open_[k] for k in sorted(open_)][:MAX_LISTED],
            playing=[playing[k] for k in sorted(playing)][:MAX_LISTED],
            your_move=self.your_move if change.your_move is None else change.your_move,
        )


class Seated(ServerMessage):
    """The client sits at ``table`` (seat -1: watches it); ``invite``: a private table's code, to
    the player who created it, once."""

    type: Literal["seated"] = "seated"
    table: int
    seat: int
    invite: Annotated[str, Field(max_length=MAX_INVITE)] | None = None


class LeaderRow(BaseModel):
    model_config = CLOSED

    rank: int
    player: int
    name: Name
    bot: bool
    ordinal: float
    """The conservative estimate ``mu - 3 sigma`` the board is ordered by."""
    games: int


class Leaderboard(ServerMessage):
    type: Literal["leaderboard"] = "leaderboard"
    ruleset: Ruleset
    rows: list[LeaderRow] = Field(max_length=MAX_BOARD)


class Rating(BaseModel):
    model_config = CLOSED

    mu: float
    sigma: float
    ordinal: float
    games: int


class RatingPoint(BaseModel):
    """A player's rating after one rated table."""

    model_config = CLOSED

    table: int
    at: Annotated[str, Field(max_length=40)]
    """When it was rated (ISO 8601, UTC)."""
    mu: float
    sigma: float
    ordinal: float


class PastTable(BaseModel):
    """A finished table of the player's: who sat where, each seat's total."""

    model_config = CLOSED

    table: int
    ruleset: Ruleset
    finished: Annotated[str, Field(max_length=40)]
    seat: int
    players: list[Name] = Field(max_length=6)
    totals: list[int] = Field(max_length=6)
    rated: bool


class PlayerPage(ServerMessage):
    """A player's page in ``ruleset``: the rating now (None: not rated yet), the latest points
    of its course (oldest first) and the latest finished tables (newest first)."""

    type: Literal["player"] = "player"
    player: int
    name: Name
    bot: bool
    ruleset: Ruleset
    rating: Rating | None = None
    history: list[RatingPoint] = Field(default=[], max_length=MAX_HISTORY)
    recent: list[PastTable] = Field(default=[], max_length=MAX_RECENT)


class TableRecord(ServerMessage):
    """A finished table's record (the ``records`` JSON ``hanafuda replay`` reads)."""

    type: Literal["record"] = "record"
    table: int
    record: Annotated[str, Field(max_length=MAX_RECORD)]


class Finished(ServerMessage):
    """A table of the player's is over: each seat's total, and the player's rating in its
    ruleset after it (None: an unrated table)."""

    type: Literal["finished"] = "finished"
    table: int
    seat: int
    totals: list[int] = Field(max_length=6)
    rating: Rating | None = None


class TimedOut(ServerMessage):
    """At ``table``, the seat's time ran out: its stand-in bot made that one move."""

    type: Literal["timed_out"] = "timed_out"
    table: int
    seat: int
    name: Name


class Error(ServerMessage):
    """What the client asked was not done, and why (one line)."""

    type: Literal["error"] = "error"
    reason: Annotated[str, Field(max_length=MAX_REASON)]


ServerMessages = Annotated[
    Welcome
    | LobbyState
    | Seated
    | Leaderboard
    | PlayerPage
    | TableRecord
    | Finished
    | TimedOut
    | Error,
    Field(discriminator="type"),
]

CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
SERVER: TypeAdapter[ServerMessages] = TypeAdapter(ServerMessages)


class ProtocolError(ValueError):
    """One line: why a frame is no message of the lobby protocol."""


def read_client(frame: str | bytes, max_bytes: int = MAX_MESSAGE_BYTES) -> ClientMessage:
    """A client's message from a WebSocket frame; ProtocolError with one line if it is none (a
    binary frame, too large, not JSON, not of this version, a field out of bounds)."""
    if not isinstance(frame, str):
        raise ProtocolError("not a message: the lobby's messages are JSON text frames")
    if len(frame) > max_bytes or len(frame.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ProtocolError(f"not a message: larger than {max_bytes} bytes")
    try:
        return CLIENT.validate_json(frame)
    except ValidationError as err:
        raise ProtocolError(
            f"not a message of this protocol: {first_fault(err, 'message')}"
        ) from None


def schema_text() -> str:
    """The JSON Schema of the lobby's messages: what a client sends, what the server sends."""
    schema = {
        "$comment": f"hanafuda-tui lobby protocol, version {VERSION}: one JSON text frame a message",
        "client": CLIENT.json_schema(),
        "server": SERVER.json_schema(),
    }
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"
