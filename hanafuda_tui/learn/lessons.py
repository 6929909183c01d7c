"""Lessons as data: a prepared deal (a game record the core replays and checks) and the steps a
newcomer goes through on it, each said in Japanese and English.

A lesson file (``data/<ruleset>.json``) holds one ruleset's path of lessons, in order. A lesson's
``record`` is a game record (docs/records.md) of one deal: its stacked deck, and the actions
already taken in it before the lesson begins (none, or a few turns that set the scene). The
learner sits at ``seat``; the record's other seats name the bot that moves for them.

A step's ``want`` says what completes it:

- an action token (``A``, ``take:C``, ``koikoi``, ``shobu``, ``declare``, ``pass``, ``agari``,
  ``sage``, ``deru``, ``oriru`` …): exactly that action;
- ``one-of:AIc``: playing any of those hand cards;
- ``capture``: a hand play (or a field choice) that takes a card; ``lay``: a hand play that
  takes nothing; ``any``: any legal action;
- ``read``: nothing to play, the learner reads on;
- ``play-out``: play freely (the others move, hints on) until the deal ends.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..core import actions as act
from ..core.cards import CARD_OF_CODE, mask
from ..core.records import GameRecord, printable
from ..core.rulesets import RULESETS

DATA = Path(__file__).parent / "data"
LANGS = ("ja", "en")

KINDS = ("one-of", "capture", "lay", "any", "read", "play-out")
"""The kinds of ``want`` that are no single action (``one-of`` carries its cards)."""


class LessonError(ValueError):
    """A lesson that cannot be read or no longer fits the rules; the message is one line naming
    the lesson and, where it is one, the step."""


STRICT = ConfigDict(extra="forbid", strict=True, frozen=True)


class Said(BaseModel):
    """A text in both languages, neither empty."""

    model_config = STRICT

    ja: str = Field(min_length=1)
    en: str = Field(min_length=1)

    def __getitem__(self, language: str) -> str:
        return self.en if language == "en" else self.ja

    @field_validator("ja", "en")
    @classmethod
    def _not_blank(cls, text: str) -> str:
        if not text.strip():
            raise ValueError("is blank")
        return text


@dataclass(frozen=True)
class Want:
    """What completes a step: ``how`` is ``action`` (with ``action``) or one of ``KINDS``
    (``one-of`` with its ``cards``, a bit set)."""

    how: str
    action: int = -1
    cards: int = 0

    def fits(self, action: int, takes: int) -> bool:
        """Whether ``action`` completes the step; ``takes``: the field cards it meets (for a hand
        play) or the one it takes (for a field choice), 0 for anything else."""
        kind = self.how
        if kind == "action":
            return action == self.action
        if kind == "one-of":
            return 0 <= action < 48 and bool(self.cards >> action & 1)
        if kind == "capture":
            return action < act.TAKE + 48 and takes != 0
        if kind == "lay":
            return 0 <= action < 48 and takes == 0
        return kind in ("any", "play-out")


def parse_want(text: str) -> Want:
    """A step's ``want``; ValueError if it names nothing."""
    if text.startswith("one-of:"):
        codes = text[len("one-of:") :]
        if not codes or any(c not in CARD_OF_CODE for c in codes):
            raise ValueError(f"{text!r}: one-of needs card codes")
        return Want("one-of", cards=mask(codes))
    if text in KINDS:
        return Want(text)
    return Want("action", action=act.parse_token(text))


class Step(BaseModel):
    model_config = STRICT

    say: Said
    """What the step tells the learner and asks of them."""
    want: str
    """What completes the step (see the module's docstring)."""
    point: str = ""
    """The cards to point at, as codes."""
    why: Said | None = None
    """Why the lesson wants this, said after a legal move that is not the step's point."""
    ok: Said | None = None
    """Said once the step is done (optional)."""

    @field_validator("want")
    @classmethod
    def _want(cls, text: str) -> str:
        parse_want(text)
        return text

    @field_validator("point")
    @classmethod
    def _codes(cls, text: str) -> str:
        bad = "".join(sorted({c for c in text if c not in CARD_OF_CODE}))
        if bad:
            raise ValueError(f"unknown card code(s) {bad!r}")
        return text

    @property
    def wanted(self) -> Want:
        return parse_want(self.want)

    @property
    def pointed(self) -> int:
        return mask(self.point)


class Lesson(BaseModel):
    model_config = STRICT

    id: str = Field(min_length=1)
    title: Said
    summary: Said
    record: GameRecord
    seat: int = Field(ge=0)
    """The learner's seat."""
    hints: bool = False
    """Whether the learner may ask what to play (and ``play-out`` steps offer it)."""
    steps: list[Step] = Field(min_length=1)
    done: Said
    """Said when the last step is done."""

    @property
    def ruleset(self) -> str:
        return self.record.ruleset


class LessonFile(BaseModel):
    model_config = STRICT

    ruleset: str
    lessons: list[Lesson] = Field(min_length=1)


def read_lessons(data: Any, where: str) -> tuple[Lesson, ...]:
    """The lessons of one file's parsed JSON; LessonError with one line if it is not one (the
    file, the lesson and the field at fault)."""
    try:
        parsed = LessonFile.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        loc = list(first["loc"])
        named = ""
        if len(loc) >= 2 and loc[0] == "lessons" and isinstance(data, dict):
            try:
                named = str(data["lessons"][loc[1]].get("id", "")) or f"#{loc[1]}"
            except (KeyError, IndexError, TypeError, AttributeError):
                named = f"#{loc[1]}"
            loc = loc[2:]
        field = printable(".".join(str(p) for p in loc)) or "file"
        who = f"{where} lesson {printable(named)}" if named else where
        raise LessonError(f"{who}: {field}: {first['msg']}") from None
    if parsed.ruleset not in RULESETS:
        raise LessonError(f"{where}: unknown ruleset {printable(parsed.ruleset)!r}")
    for lesson in parsed.lessons:
        if lesson.ruleset != parsed.ruleset:
            raise LessonError(f"{lesson.id}: a {lesson.ruleset} record in {parsed.ruleset}'s file")
        if lesson.seat >= len(lesson.record.seats):
            raise LessonError(f"{lesson.id}: seat {lesson.seat} is not a seat of the record")
        if len(lesson.record.deals) != 1:
            raise LessonError(f"{lesson.id}: a lesson's record holds one deal")
    return tuple(parsed.lessons)


@cache
def lessons_of(ruleset: str) -> tuple[Lesson, ...]:
    """The shipped lessons of ``ruleset`` in the order they are taken (none if it has no file)."""
    path = DATA / f"{ruleset}.json"
    if not path.is_file():
        return ()
    return read_lessons(json.loads(path.read_text(encoding="utf-8")), path.name)


def all_lessons() -> dict[str, tuple[Lesson, ...]]:
    """Every ruleset's lessons, by ruleset, in the registry's order."""
    return {name: lessons_of(name) for name in RULESETS}


def find_lesson(lesson_id: str) -> Lesson:
    """The shipped lesson of that id; LessonError if none has it."""
    for lessons in all_lessons().values():
        for lesson in lessons:
            if lesson.id == lesson_id:
                return lesson
    raise LessonError(f"no lesson {printable(lesson_id)!r}")
