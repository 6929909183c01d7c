"""A lesson at the table: the session the table screen drives as it drives a local one, with the
coach (``learn/coach.py``) deciding. The learner's action goes to the coach, which plays it only
when it is the step's point, and moves the other seats itself (the session has no bots: the
table's own bot loop never runs). Every move the coach played is then shown, one at a time, as
any move is: the session's ``game`` is a second game of the lesson's deal that takes them in
order, as a hosted seat's game takes its host's updates."""

from __future__ import annotations

import random
from collections import deque
from functools import partial
from typing import Literal

from ..bots import Bot
from ..core.game import Game
from ..core.records import SeatRecord, replay
from ..core.table import shuffled_deck
from ..learn.coach import Answer, Coach, joined, said
from ..learn.lessons import Lesson, Said
from .names import seat_names
from .session import Shown, stage_after


class LessonSession:
    """One lesson taken at the table: ``coach`` decides, ``game`` shows what it played."""

    hosted: Literal[False] = False
    watching = False
    sent = False
    ticking = False
    alone = True
    year_known = True
    coached: Literal[True] = True
    """The coach answers every move (a 法度 play included): the table asks nothing first."""
    save_error = ""
    history_error = ""
    kept = None
    advice = False
    store = None

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.coach = Coach(lesson)
        self.game: Game = replay(lesson.record)
        rng = random.Random(f"lesson/{lesson.id}/deals")  # as the coach's: the same later deal
        self.game.deck_source = lambda: shuffled_deck(rng)
        self.bots: dict[int, Bot] = {}
        self.queue: deque[tuple[int, int]] = deque(self.coach.opening)
        """The coach's moves not yet shown, in order."""
        self.said: Said = self.coach.says()
        """What the coach said last: the step, or its answer to the learner's move."""
        self.accepted = True
        """Whether the learner's last move (or reading on) completed its step."""

    @property
    def seats(self) -> list[SeatRecord]:
        return list(self.lesson.record.seats)

    @property
    def names(self) -> list[str]:
        return seat_names(self.seats)

    @property
    def humans(self) -> list[int]:
        return [self.coach.seat]

    def is_human(self, seat: int) -> bool:
        return seat == self.coach.seat

    def status_parts(self) -> list[str]:
        return []

    def pointed(self) -> int:
        """The cards the current step points at, once every move of the coach is shown."""
        return 0 if self.queue else self.coach.pointed()

    @property
    def reading(self) -> bool:
        """The step is read, not played: the table waits for the learner to go on."""
        step = self.coach.step
        return step is not None and step.wanted.how == "read" and not self.queue

    def record_saver(self, shown: Shown) -> None:
        """A lesson keeps no record."""

    def take_news(self, shown: Shown) -> bool:
        """Show the coach's moves in order until one is on screen: True when all are shown."""
        while self.queue:
            _, action = self.queue.popleft()
            stage_after(self.game, shown, partial(self.game.apply, action))
            if shown.moments:
                return False
        return True

    def answered(self, answer: Answer) -> None:
        self.said = answer.text
        self.accepted = answer.accepted
        self.queue.extend(answer.moves)

    def decide(self, action: int, shown: Shown) -> None:
        """The learner's move, to the coach: played (and the others' moves after it) if it is the
        step's point; else answered, and the step stays."""
        self.answered(self.coach.act(action))
        shown.refresh_table()

    def read_on(self) -> None:
        """The learner read the step: on to the next."""
        self.answered(self.coach.read())

    def hint(self) -> Said:
        """A move to try where the lesson gives hints; else what the step asks for, in plain
        words after its own."""
        coach = self.coach
        step = coach.step
        found = coach.hint()
        if found is not None or step is None or step.wanted.how == "read":
            return found or coach.says()
        return joined([step.say, said("want", what=coach.wanted(step.wanted))])

    def advised(self) -> None:
        """No record is kept of a lesson."""

    def apply(self, action: int) -> None:
        raise TypeError("a lesson's moves are the coach's to play")

    def save(self) -> None:
        """A lesson is not saved."""
