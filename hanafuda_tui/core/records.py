"""Game records: the one versioned JSON format that fully determines a game (saves, replays, fixtures).

A record holds the ruleset, its options, the seats, the first 胴, and for every deal its 48-card deck
(top first, the codes of docs/rules/README.md §2) and every decision taken in it, as action tokens
(see ``actions``).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from . import actions as act
from .cards import parse_deck
from .game import Game, IllegalAction
from .people import HUMAN as HUMAN
from .people import PEOPLE as PEOPLE
from .people import REMOTE as REMOTE
from .people import default_name as default_name
from .readable import first_fault, printable
from .rulesets import ruleset_class
from .start import MAX_DIGITS, record_options
from .start import OptionError as OptionError
from .start import make_options as make_options
from .start import new_game as new_game
from .table import shuffled_deck

FORMAT: Literal["hanafuda-tui-record"] = "hanafuda-tui-record"
VERSION: Literal[1] = 1
MAX_RECORD_BYTES = 4 << 20
"""The largest record read (4 MiB); a whole year is a few KB."""
_SURROGATE = re.compile(r"[\ud800-\udfff]")


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names the deal, month and action."""


STRICT = ConfigDict(extra="forbid", strict=True, defer_build=True)
"""A record holds each value as its own JSON type: ``12.0`` is not 12, ``"0"`` or ``true`` not 0."""


def _exactly(value: Any, wanted: Any) -> Any:
    """``value`` if it is ``wanted`` with the same type (``1.0`` and ``true`` equal 1, but are no
    version number)."""
    if type(value) is not type(wanted) or value != wanted:
        raise ValueError(f"should be {json.dumps(wanted)}")
    return value


class SeatRecord(BaseModel):
    model_config = STRICT

    name: str
    """As the player typed it; empty: the seat's default name (``default_name``), shown in the
    reader's language."""
    player: str = "human"
    """``human`` (at the keyboard of the machine holding the game), ``remote`` (a player at a
    hosted table from another machine), or a bot spec such as ``random``."""


class DealRecord(BaseModel):
    model_config = STRICT

    deck: str
    actions: list[str] = Field(default_factory=list)

    @field_validator("deck")
    @classmethod
    def _is_a_deck(cls, deck: str) -> str:
        parse_deck(deck)
        return deck


class GameRecord(BaseModel):
    model_config = STRICT

    format: Literal["hanafuda-tui-record"] = FORMAT
    version: Literal[1] = VERSION
    ruleset: str
    options: dict[str, str | int | float | bool | None] = Field(default_factory=dict)
    seats: list[SeatRecord]
    first_dealer: int = Field(ge=0)
    deals: list[DealRecord] = Field(min_length=1)
    """Every deal dealt so far: a game is dealt its first deal as it starts."""
    advice: bool = False
    """Whether a player was shown advice in this game (written only when true)."""
    played_on_from: str = ""
    """The ``digest`` of the record this game was played on from (a review's position), if it
    was (written only then)."""

    @field_validator("version", mode="before")
    @classmethod
    def _version_number(cls, version: Any) -> Any:
        return _exactly(version, VERSION)

    def to_json(self) -> str:
        """Indented JSON with one line per deal."""
        unset = {"advice"} if not self.advice else set()
        unset |= {"played_on_from"} if not self.played_on_from else set()
        data = self.model_dump(exclude=unset or None)
        deals = data.pop("deals")
        head = json.dumps(data, ensure_ascii=False, indent=2)[:-2]
        body = ",\n".join("    " + json.dumps(d, ensure_ascii=False) for d in deals)
        return f'{head},\n  "deals": [\n{body}\n  ]\n}}\n'


def digest(record: GameRecord) -> str:
    """The record's fingerprint: the SHA-256 of its JSON text, in hex."""
    return hashlib.sha256(record.to_json().encode("utf-8")).hexdigest()


def record_of(
    game: Game, seats: Sequence[SeatRecord], advice: bool = False, played_on_from: str = ""
) -> GameRecord:
    """The record of a game so far; ``advice``: a player was shown advice in it;
    ``played_on_from``: the digest of the record it was played on from."""
    return GameRecord(
        advice=advice,
        played_on_from=played_on_from,
        ruleset=game.ruleset,
        options=game.options.model_dump(),
        seats=list(seats),
        first_dealer=game.first_dealer,
        deals=[
            DealRecord(deck=d.deck, actions=[act.token(a) for a in d.actions]) for d in game.deals
        ],
    )


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RecordError(f"not a game record: a number of {digits} digits")
    return int(text)


def _no_constant(name: str) -> None:
    raise RecordError(f"not JSON: {name}")


def _lone_surrogate(data: Any, where: str) -> str | None:
    """Where a text in ``data`` (a key or a value) holds a lone surrogate: no Unicode character,
    it cannot be written as UTF-8, so such a record could never be saved."""
    if isinstance(data, str):
        return where if _SURROGATE.search(data) else None
    if isinstance(data, dict):
        items: Iterable[tuple[Any, Any]] = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return None
    for key, value in items:
        inner = f"{where}.{key}" if where else str(key)
        found = inner if _SURROGATE.search(str(key)) else _lone_surrogate(value, inner)
        if found is not None:
            return found
    return None


SECRET_FILE = 0o600
"""The mode of a file only its owner may read (a table's record holds the deal's whole deck)."""


def write_atomically(path: Path, text: str, mode: int = 0o666) -> None:
    """Write ``text`` through a temporary file and ``os.replace``: the file is whole or not there.
    The temporary file has a name nobody can foresee, is created only if no file has it, and has
    ``mode`` (less the umask) before anything is written to it. OSError if it cannot be written
    (ValueError for text that is not Unicode: nothing written)."""
    data = text.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(tmp, flags, mode)
    try:
        with open(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def load_record(text: str) -> GameRecord:
    """Parse a record's JSON text; RecordError with one readable line if it is not a record (too
    large, nested too deep, a number too long, a lone surrogate anywhere in it)."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"not a game record: larger than {MAX_RECORD_BYTES >> 20} MiB")
    try:
        data = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise RecordError(f"not JSON: {err.msg}: line {err.lineno} column {err.colno}") from None
    except RecursionError:
        raise RecordError("not a game record: nested too deep") from None
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as err:
        raise RecordError(f"not a game record: {first_fault(err, 'record')}") from None
    bad = _lone_surrogate(record.model_dump(), "")
    if bad is not None:
        raise RecordError(f"not a game record: {printable(bad)}: a lone surrogate (no character)")
    return record


class _DecksRunOut(Exception):
    pass


def replay(
    record: GameRecord,
    rng: random.Random | None = None,
    after: Callable[[Game], None] | None = None,
) -> Game:
    """Replay a record action by action with the rules checking every one.

    When the record's deals run out the game stops there (a save in progress), unless ``rng`` is
    given to deal on. RecordError names the deal, its month and the action index of any fault.
    ``after`` is called with the game once it has started and after every action.
    """
    try:
        cls = ruleset_class(record.ruleset)
        options = record_options(cls, record.options)
    except ValueError as err:
        raise RecordError(str(err)) from None
    seated = cls.seated(options)
    if len(record.seats) != seated:
        raise RecordError(f"{record.ruleset} has {seated} seats, the record {len(record.seats)}")
    if record.first_dealer >= seated:
        raise RecordError(f"first_dealer {record.first_dealer} is not a seat")
    decks: Iterator[str] = iter(d.deck for d in record.deals)

    def source() -> list[int]:
        for deck in decks:
            return parse_deck(deck)
        if rng is not None:
            return shuffled_deck(rng)
        raise _DecksRunOut

    game = cls(options, record.first_dealer, source)
    try:
        game.start()
        if after is not None:
            after(game)
        for i, deal in enumerate(record.deals):
            where = f"deal {i + 1}" if game.is_over else f"deal {i + 1} (month {game.month})"
            if len(game.deals) <= i:
                # (A dealt deal may end the game with no action, e.g. a teyaku in the last month.)
                raise RecordError(f"{where}: the game ended before this deal")
            for j, tok in enumerate(deal.actions):
                if len(game.deals) != i + 1 or game.is_over:
                    raise RecordError(f"{where}, action {j}: the deal was already over")
                try:
                    game.apply(act.parse_token(tok))
                except (ValueError, IllegalAction) as err:
                    raise RecordError(f"{where}, action {j}: {err}") from None
                if after is not None:
                    after(game)
            if i + 1 < len(record.deals) and len(game.deals) == i + 1 and not game.is_over:
                raise RecordError(f"{where}: the record moves on before the deal is over")
    except _DecksRunOut:
        if after is not None:
            after(game)
    return game
