"""A lesson at the table: a session whose link is the coach (``learn/coach.py``). The learner's
action goes to the coach, which plays it only when it is the step's point, and moves the other
seats itself (no bot of the table's moves them). Every move the coach played is applied to the
lesson's table at once and then shown, one at a time, from the learner's feed, as a hosted
seat's updates are."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..bots import Bot
from ..core.game import PlayerView
from ..core.records import REMOTE, SeatRecord, replay
from ..core.table import shuffled_deck
from ..learn.coach import Answer, Coach, joined, said
from ..learn.lessons import Lesson, Said
from ..tables.table import Table
from .session import AtThisKeyboard, Front, Inbound, InboxFeed, Session, Shown, Told
from .table_face import TableFace


class Coached(AtThisKeyboard):
    """One lesson taken at the table: ``coach`` decides, the table plays what it decided."""

    save_error = ""
    history_error = ""
    kept = None
    alone = True
    coached = True

    def __init__(self, lesson: Lesson, back: Callable[[], None] | None = None) -> None:
        """``back``: called once the lesson is left (the lessons list again)."""
        self.lesson = lesson
        self.back = back
        self.coach = Coach(lesson)
        game = replay(lesson.record)
        rng = random.Random(f"lesson/{lesson.id}/deals")  # as the coach's: the same later deal
        game.deck_source = lambda: shuffled_deck(rng)
        learner = self.coach.seat
        seats = [  # the coach plays the others: no bot of the table's
            s if i == learner else s.model_copy(update={"player": REMOTE})
            for i, s in enumerate(lesson.record.seats)
        ]
        self.table: Table[InboxFeed] = Table(
            game, seats, None, here=[learner], teyaku_at_once=False, report=lambda line: None
        )
        self.inbox: deque[Inbound] = deque()
        """The learner's news not yet shown (the session's)."""
        self.said: Said = self.coach.says()
        """What the coach said last: the step, or its answer to the learner's move."""
        self.said_at = self.coach.index
        """The step ``said`` was said at."""
        self.before: tuple[Said, int] = (self.said, self.said_at)
        """What was said before, and at which step: shown while the moves of the coach's last
        answer are still being shown (its words speak of the table after them)."""
        self.accepted = True
        """Whether the learner's last move (or reading on) completed its step."""

    @property
    def bots(self) -> dict[int, Bot]:
        return self.table.bots

    @property
    def unshown(self) -> bool:
        """Moves the coach played are still to be shown."""
        return any(isinstance(m, Told) for m in self.inbox)

    def seats(self, session: Session[Any]) -> list[SeatRecord]:
        return list(self.lesson.record.seats)

    def humans(self, session: Session[Any]) -> list[int]:
        return [self.coach.seat]

    def pointed(self) -> int:
        """The cards the current step points at, once every move of the coach is shown."""
        return 0 if self.unshown else self.coach.pointed()

    @property
    def reading(self) -> bool:
        """The step is read, not played: the table waits for the learner to go on."""
        step = self.coach.step
        return step is not None and step.wanted.how == "read" and not self.unshown

    def play(self, moves: Sequence[tuple[int, int]]) -> None:
        """The coach's moves, applied at the table in order (each shown as its update is)."""
        table = self.table
        for seat, action in moves:
            table.act(seat, table.latest, action)

    def answered(self, answer: Answer) -> None:
        self.say(answer.text)
        self.accepted = answer.accepted
        self.play(answer.moves)

    def say(self, text: Said) -> None:
        """The coach says ``text`` now (what it said before kept in ``before``)."""
        self.before = (self.said, self.said_at)
        self.said, self.said_at = text, self.coach.index

    def apply(self, session: Session[Any], action: int, shown: Shown) -> None:
        """The learner's move, to the coach: played (and the others' moves after it) if it is the
        step's point; else answered, and the step stays."""
        self.answered(self.coach.act(action))

    def send(self, session: Session[Any], action: int, shown: Shown) -> None:
        self.apply(session, action, shown)
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

    def bot_turn(self, seat: int) -> tuple[Bot, PlayerView] | None:
        """The coach moves every other seat."""
        return None

    def advised(self) -> None:
        """No record is kept of a lesson."""

    def year_over(
        self, session: Session[Any], screen: TableFace, front: Front, answer: str | None
    ) -> None:
        """A lesson is not played again."""
        screen.app.pop_screen()

    def leave(self, screen: TableFace, front: Front) -> None:
        """Back to the lessons list, from the table or a prompt over it."""
        while screen.app.screen is not screen:
            screen.app.pop_screen()
        screen.app.pop_screen()
        if self.back is not None:
            self.back()


def lesson_session(lesson: Lesson, back: Callable[[], None] | None = None) -> Session[Coached]:
    """``lesson`` at the table, the coach's opening moves still to be shown (``back``: called
    once the lesson is left)."""
    link = Coached(lesson, back)
    session = Session.seated(link, link.table)
    link.inbox = session.inbox
    link.play(link.coach.opening)
    return session
