"""The table's messages over WebSocket, version 1: pydantic models, one JSON text frame each.

A client sends ``Join`` with its seat's code, then ``Act`` for each of its decisions. The host
answers ``Welcome`` (the seat, the table), then an ``Update`` after every action at the table: the
seat's view and the events that seat may see, typed as the core types them (``core/events.py``),
each with the field as it was when it was told, so the client files the core's turns itself
(``TurnBook.add``). ``Refused`` says why an action was not applied, ``Presence`` who is away,
``Over`` closes the year with its whole record (every hand is public then), and ``Closed`` tells
why the host closes a connection. ``docs/protocol.md`` describes them; its JSON Schema is
generated from these models (``schema()``).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    GetJsonSchemaHandler,
    PlainSerializer,
    Tag,
    TypeAdapter,
    create_model,
    field_validator,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema
from typing_extensions import TypedDict

from ..core import events as ev
from ..core.game import NO_BOARD, Game, PlayerView, PublicBoard
from ..core.records import GameRecord
from ..core.results import DealResult, Settlement
from ..core.rulesets import RULESETS

VERSION: Literal[1] = 1
MAX_MESSAGE_BYTES = 256 << 10
"""The largest message either side accepts (a whole record is a few KB)."""
MAX_CODE = 64
MAX_NAME = 40


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    v: Literal[1] = VERSION

    @field_validator("v", mode="before")
    @classmethod
    def _version_number(cls, v: Any) -> Any:
        """The version is the number 1 (``true`` equals 1, but is no version)."""
        if type(v) is not int:
            raise ValueError("should be 1")
        return v


# -- the core's types as JSON ------------------------------------------------------------------------


SCALARS = (int, str, bool, float, type(None))


def plain(value: Any) -> Any:
    """A core value as plain JSON data: NamedTuples and dataclasses as objects, enums as their
    value, mappings with their keys, every tuple a list."""
    if isinstance(value, SCALARS) and not isinstance(value, enum.Enum):
        return value
    if isinstance(value, tuple):
        if hasattr(value, "_fields"):
            return {name: plain(v) for name, v in zip(value._fields, value, strict=True)}
        return [plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _event_types() -> dict[str, type[ev.Base]]:
    found: dict[str, type[ev.Base]] = {}
    pending = [ev.Base]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if dataclasses.is_dataclass(cls) and "kind" in vars(cls):
            found[cls.kind] = cls
    return found


EVENT_TYPES = _event_types()
"""Each event type of the core by its ``kind``."""


def _event_model(cls: type[ev.Base]) -> type[BaseModel]:
    """A pydantic model of one event type: its ``kind``, then its fields."""
    hints = typing.get_type_hints(cls, vars(ev))
    fields: dict[str, Any] = {"kind": (Literal[cls.kind], ...)}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        default = ... if f.default is dataclasses.MISSING else f.default
        fields[f.name] = (hints[f.name], default)
    config = ConfigDict(extra="forbid", frozen=True)
    return create_model(f"{cls.__name__}Event", __config__=config, **fields)


EVENT_MODELS = {kind: _event_model(cls) for kind, cls in EVENT_TYPES.items()}
if typing.TYPE_CHECKING:
    EventModel = BaseModel
else:
    EventModel = Annotated[
        typing.Union[tuple(EVENT_MODELS.values())],  # noqa: UP007 (a union made of a tuple)
        Field(discriminator="kind"),
    ]
"""Any event of the core, told by its ``kind``."""


def event_model(event: ev.Event) -> BaseModel:
    """An event as its model (with its ``kind``), made from the core's typed event as it is."""
    fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}
    return EVENT_MODELS[event.kind].model_construct(kind=event.kind, **fields)


def event_of(model: BaseModel) -> ev.Event:
    """The core's event of an event model."""
    values = {name: getattr(model, name) for name in type(model).model_fields}
    kind = values.pop("kind")
    return EVENT_TYPES[kind](**values)  # type: ignore[return-value]


def object_form(tp: Any) -> Any:
    """``tp`` as ``plain`` sends it: each NamedTuple and dataclass in it a TypedDict of the same
    fields (the JSON Schema of a value sent as ``wire_object``)."""
    if isinstance(tp, type) and (hasattr(tp, "_fields") or dataclasses.is_dataclass(tp)):
        hints = typing.get_type_hints(tp)
        names = (
            [f.name for f in dataclasses.fields(tp)] if dataclasses.is_dataclass(tp) else tp._fields
        )
        return TypedDict(tp.__name__, {n: object_form(hints[n]) for n in names})  # type: ignore[operator]
    args = typing.get_args(tp)
    if not args:
        return tp
    forms = tuple(a if a is Ellipsis else object_form(a) for a in args)
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[forms]  # noqa: UP007 (a union made of a tuple)
    return origin[forms]


class ObjectSchema:
    """The JSON Schema of a value sent as ``plain`` makes it: its NamedTuples as objects."""

    def __init__(self, tp: Any) -> None:
        self.form = TypeAdapter(object_form(tp)).core_schema

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(self.form)


def wire_object(tp: Any) -> Any:
    """``tp`` as a message's field: read by pydantic from its JSON object, sent as ``plain``
    makes it (NamedTuples, dataclasses and mappings as objects, as the core's values read)."""
    return Annotated[tp, PlainSerializer(plain), ObjectSchema(tp)]


class View(BaseModel):
    """A seat's view: the core's ``PlayerView``, field by field, each ruleset's its own model
    (``VIEWS``: ``facts`` of its ``Facts`` type; ``options`` its options as a dict, read as its
    ruleset's options)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_validator(mode="after")
    def _options_of_its_ruleset(self) -> View:
        RULESETS[getattr(self, "ruleset")].Options.model_validate(getattr(self, "options"))  # noqa: B009
        return self


def _view_model(cls: type[Game]) -> type[View]:
    hints = typing.get_type_hints(PlayerView)
    fields: dict[str, Any] = {name: (hints[name], ...) for name in PlayerView._fields}
    fields["ruleset"] = (Literal[cls.ruleset], ...)
    fields["facts"] = (wire_object(cls.Facts), ...)
    fields["options"] = (dict[str, Any], ...)
    return create_model(f"{cls.__name__}View", __base__=View, **fields)


VIEWS = {name: _view_model(cls) for name, cls in RULESETS.items()}
"""Each ruleset's view model by its name."""


def view_model(view: PlayerView) -> View:
    """A view as its model, made from the core's view as it is."""
    data = view._asdict()
    data["options"] = view.options.model_dump()
    return VIEWS[view.ruleset].model_construct(**data)


def view_of(model: View) -> PlayerView:
    """The core's view of a ``View`` (pydantic's ValidationError if its options are none of its
    ruleset's)."""
    values = {name: getattr(model, name) for name in PlayerView._fields}
    values["options"] = RULESETS[values["ruleset"]].Options.model_validate(values["options"])
    return PlayerView(**values)


# -- the client's ---------------------------------------------------------------------------------


STRICT = ConfigDict(extra="forbid", frozen=True, strict=True)
"""A client's message holds each value as its own JSON type: ``"5"``, ``5.0`` or ``true`` is no
action."""


class Join(Message):
    """Sit at the seat ``code`` grants (or watch, with a spectator code); again after a drop."""

    model_config = STRICT

    type: Literal["join"] = "join"
    code: str = Field(max_length=MAX_CODE)
    name: str = Field(default="", max_length=MAX_NAME)
    """The player's name, shown to the others (empty: the seat's own)."""
    bot: str | None = Field(default=None, max_length=MAX_NAME)
    """The bot level playing the seat (``join --bot``), for the host's history; None: a person."""


class Act(Message):
    """A decision of the client's seat: an action of the core (``core/actions.py``), answering
    the update numbered ``seq``."""

    model_config = STRICT

    type: Literal["act"] = "act"
    action: int
    seq: int


ClientMessage = Annotated[Join | Act, Field(discriminator="type")]

# -- the host's -----------------------------------------------------------------------------------


class Seat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    player: str
    """``host`` (a human at the host's keyboard), ``remote``, or a bot spec."""


class Welcome(Message):
    """The client's seat (-1: a spectator) and the table."""

    type: Literal["welcome"] = "welcome"
    seat: int
    ruleset: str
    options: dict[str, Any]
    seats: list[Seat]
    predictable: bool = False
    """The table's deals come from a seed given to the host (``--seed``): whoever knows it can
    foresee every card. A table for anything but a test or a game played again deals from a
    secure random source and says false."""


class Told(BaseModel):
    """An event as the seat may see it, and the field when it was told."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    event: EventModel
    field: int


if typing.TYPE_CHECKING:
    Results = list[DealResult]
else:
    Results = list[Any]
"""Deal results of any ruleset (each ruleset's update reads its own ``Result`` type)."""


class HandPlay(BaseModel):
    """Another seat's hand play, with the seat's own view just before it (each ruleset's its
    own model, of its ``View``): what the seat saw as it was played."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    view: View
    player: int = Field(ge=0, lt=8)
    card: int = Field(ge=0, lt=48)


HAND_PLAYS = {
    name: create_model(f"{cls.__name__}HandPlay", __base__=HandPlay, view=(VIEWS[name], ...))
    for name, cls in RULESETS.items()
}
"""Each ruleset's hand play model by its name."""


class Update(Message):
    """After each action: the seat's view, the events since the last update, the deal results
    and settlements since then, and the scores; each ruleset's its own model (``UPDATES``)."""

    type: Literal["update"] = "update"
    seq: int
    view: View
    told: list[Told]
    results: Results = []
    """New deal results, of the ruleset's ``Result`` type."""
    settlements: list[Settlement] = []
    scores: list[int]
    """Each seat's score as the table shows it."""
    at: float = 0.0
    """The host's clock (seconds since the epoch) when it made the update: a client on a machine
    with the same clock can tell how long the update took to reach it."""
    board: PublicBoard = NO_BOARD
    """The ruleset's public whole-game facts a table shows beside the view, of its ``Board`` type
    (the 八八 記入式)."""
    plays: list[HandPlay] | None = None
    """With a seat's first update (it sits down or comes back mid-month): the other seats' hand
    plays of the month so far, which its advice reads their hands from."""


def _update_model(cls: type[Game]) -> type[Update]:
    results: Any = (list[wire_object(cls.Result)], [])  # type: ignore[misc]
    board: Any = (cls.Board, NO_BOARD) if cls.Board is PublicBoard else (cls.Board, ...)
    view = (VIEWS[cls.ruleset], ...)
    plays: Any = (list[HAND_PLAYS[cls.ruleset]] | None, None)  # type: ignore[valid-type, name-defined]
    return create_model(
        f"{cls.__name__}Update",
        __base__=Update,
        view=view,
        results=results,
        board=board,
        plays=plays,
    )


UPDATES = {name: _update_model(cls) for name, cls in RULESETS.items()}
"""Each ruleset's update model by its name."""


def _ruleset_of(update: Any) -> str | None:
    """The ruleset an update is of: its view's."""
    if isinstance(update, Update):
        return str(getattr(update.view, "ruleset", ""))
    view = update.get("view") if isinstance(update, dict) else None
    ruleset = view.get("ruleset") if isinstance(view, dict) else None
    return ruleset if isinstance(ruleset, str) else None


if typing.TYPE_CHECKING:
    AnyUpdate = Update
else:
    AnyUpdate = Annotated[
        typing.Union[tuple(Annotated[m, Tag(name)] for name, m in UPDATES.items())],  # noqa: UP007
        Discriminator(_ruleset_of),
    ]
"""An update of any ruleset, told by its view's ``ruleset``."""


class Refused(Message):
    """An action not applied, and why."""

    type: Literal["refused"] = "refused"
    seq: int
    reason: str


class Away(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    seconds: float
    """How long the seat has been away."""
    by_bot: str = ""
    """The bot the host gave the seat to, if any."""


class Presence(Message):
    """Who is away from the table now, and who sits where."""

    type: Literal["presence"] = "presence"
    away: list[Away]
    names: list[str] = []
    """Each seat's name now (a player may join under a name of their own)."""
    rejoined: int | None = None
    """The seat whose code was just used to join again from another connection: the older
    connection was closed and acts no more."""


class Over(Message):
    """The year is over: its whole record, every hand open."""

    type: Literal["over"] = "over"
    record: GameRecord


class Closed(Message):
    """The host closes this connection, and why."""

    type: Literal["closed"] = "closed"
    reason: str


HostMessage = Annotated[
    Welcome | AnyUpdate | Refused | Presence | Over | Closed, Field(discriminator="type")
]

CLIENT = TypeAdapter(ClientMessage)
HOST = TypeAdapter(HostMessage)


def schema_text() -> str:
    """The JSON Schema of the protocol's messages: what a client sends, what the host sends
    (``docs/protocol.schema.json``, generated, never written by hand)."""
    schema = {
        "$comment": f"hanafuda-tui table protocol, version {VERSION}: one JSON text frame a message",
        "client": CLIENT.json_schema(),
        "host": HOST.json_schema(),
    }
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"
