"""Whether a lesson still fits the rules: every way through it is played on the core's game.

At every step each move that completes it is tried (a ``play-out`` step is played by the ``easy``
policy for the learner), so a later step that fits only one of the learner's choices is found.
A problem is one line naming the lesson and the step.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots.evaluators import evaluator_of
from ..bots.policy import easy_action, seen_of_view
from ..core import actions as act
from ..core.cards import codes_of
from .coach import Coach
from .lessons import Lesson, LessonError

READ = -1
"""A way's input for reading a ``read`` step on."""
MAX_WAYS = 512
"""Ways through one lesson at most: a lesson is a short path, not a game tree."""


@dataclass(frozen=True)
class Survey:
    """Every complete way through a lesson (the learner's inputs: actions, ``READ``), and the
    problems found on the way."""

    ways: list[list[int]]
    problems: list[str]


def coach_after(lesson: Lesson, way: list[int]) -> Coach:
    """A coach that has taken ``way``'s inputs (each must be accepted)."""
    coach = Coach(lesson)
    for n, entry in enumerate(way):
        answer = coach.read() if entry == READ else coach.act(entry)
        if not answer.accepted:
            raise LessonError(f"{lesson.id}: input {n} of a way through it was refused")
    return coach


def _legal_words(coach: Coach) -> str:
    return " ".join(act.token(a) for a in coach.game.legal_actions())


def survey(lesson: Lesson) -> Survey:
    """Play every way through ``lesson``."""
    ways: list[list[int]] = []
    problems: list[str] = []
    try:
        Coach(lesson)
    except LessonError as err:
        return Survey([], [str(err)])
    pending: list[list[int]] = [[]]
    while pending:
        if len(ways) + len(pending) > MAX_WAYS:
            problems.append(f"{lesson.id}: more than {MAX_WAYS} ways through it")
            break
        way = pending.pop()
        coach = coach_after(lesson, way)
        step = coach.step
        if step is None:
            ways.append(way)
            continue
        where = f"{lesson.id} step {coach.index + 1} ({step.want})"
        view = coach.view()
        seen = view.hand | view.field | sum(view.captures) | sum(view.shown)
        missing = step.pointed & ~seen
        if missing:
            problems.append(f"{where}: points at {codes_of(missing)}, not on the table")
            continue
        kind = step.wanted.how
        if kind == "read":
            pending.append([*way, READ])
            continue
        if coach.deal_over:
            problems.append(f"{where}: the deal is over before this step")
            continue
        if not coach.learner_to_act:
            problems.append(f"{where}: seat {coach.game.to_act} is to act, not the learner")
            continue
        legal = list(coach.game.legal_actions())
        fitting = [a for a in legal if coach.fits(a)]
        if not fitting:
            problems.append(f"{where}: no legal move fits (legal: {_legal_words(coach)})")
            continue
        if len(fitting) < len(legal) and step.why is None:
            problems.append(f"{where}: a legal move does not fit and the step says no why")
            continue
        if kind == "play-out":
            pending.append([*way, easy_action(seen_of_view(view), evaluator_of(view))])
        else:
            pending.extend([*way, a] for a in reversed(fitting))
    return Survey(ways, problems)


def check_lesson(lesson: Lesson) -> list[str]:
    """The problems of ``lesson`` (empty: it fits the rules)."""
    return survey(lesson).problems
