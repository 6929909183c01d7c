"""The coach: a lesson played on the core's game. It says the current step, checks the learner's
action against it (the core's legal actions decide what is legal; the step decides what is its
point), answers a legal move that is not the step's point without playing it, and moves the other
seats with their bots (a gentle ``easy`` bot, seeded by the lesson).

Every text the coach gives is a ``Said``: both languages, for the screen to pick one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..bots import Bot, make_bot
from ..bots.evaluators import evaluator_of
from ..bots.policy import normal_action, seen_of_view
from ..core import actions as act
from ..core.cards import MONTH_NAMES_EN, NAME, NAME_EN, card_list
from ..core.game import Game, PlayerView
from ..core.hints import stakes as stakes_of
from ..core.hints import takes as takes_of
from ..core.records import PEOPLE, RecordError, replay
from ..core.rulesets import ruleset_class
from ..core.table import shuffled_deck
from .lessons import DATA, LANGS, Lesson, LessonError, Said, Step, Want

NAMED_WORDS = {
    act.KOIKOI: "koikoi",
    act.SHOBU: "shobu",
    act.AGARI: "agari",
    act.SAGE: "sage",
    act.CANCEL: "cancel",
    act.KEEP: "keep",
    act.DECLARE: "declare",
    act.PASS: "pass",
    act.DERU: "deru",
    act.ORIRU: "oriru",
}
"""The named decisions the coach can say what they do."""


@cache
def _words() -> dict[str, dict[str, str]]:
    data: dict[str, dict[str, str]] = json.loads((DATA / "words.json").read_text(encoding="utf-8"))
    return data


def word(language: str, key: str, **values: Any) -> str:
    """The coach's own text ``key`` in ``language``, ``values`` put in."""
    text = _words()[language][key]
    return text.format(**values) if values else text


def said(key: str, **values: Any) -> Said:
    """``word`` in both languages; a value that is a ``Said`` is put in in each language."""
    return Said(
        **{
            language: word(
                language,
                key,
                **{k: v[language] if isinstance(v, Said) else v for k, v in values.items()},
            )
            for language in LANGS
        }
    )


def joined(parts: Sequence[Said]) -> Said:
    """Texts one after another, a space apart in English."""
    return Said(ja="".join(p.ja for p in parts if p.ja), en=" ".join(p.en for p in parts if p.en))


def card_name(card: int) -> Said:
    """``松に鶴`` / ``crane (pine)``: the English name with its month where it does not say it."""
    name, month = NAME_EN[card], MONTH_NAMES_EN[card // 4]
    return Said(ja=NAME[card], en=name if month in name else f"{name} ({month})")


def cards_named(cards: int, joiner: str = "and") -> Said:
    """The cards' names joined by ``joiner``: ``and`` (every card), ``or`` (each name once: the
    choices)."""
    names = [card_name(c) for c in card_list(cards)]
    out = {}
    for language in LANGS:
        each = [n[language] for n in names]
        if joiner == "or":
            each = list(dict.fromkeys(each))
        out[language] = word(language, joiner).join(each) or "-"
    return Said(**out)


def amount(ruleset: str, value: int) -> Said:
    """A payment in the ruleset's unit: 文, 点, and 八八's 貫 (12点 = 1貫, halves kept)."""
    key = f"unit.{ruleset}" if f"unit.{ruleset}" in _words()["ja"] else "unit"
    number = f"{value / ruleset_class(ruleset).points_per_unit:g}"
    return Said(ja=number + word("ja", key), en=number + word("en", key))


@dataclass(frozen=True)
class Answer:
    """The coach's answer to an action: whether it completed the step (and was played), what to
    say, and every action played after it, the learner's own first (``moves`` as (seat,
    action), for a table to show)."""

    accepted: bool
    text: Said
    moves: tuple[tuple[int, int], ...] = field(default_factory=tuple)


class Coach:
    """One lesson being taken. ``game`` is the core's game, replayed from the lesson's record (a
    record that no longer replays is a LessonError)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.seat = lesson.seat
        try:
            self.game: Game = replay(lesson.record)
        except RecordError as err:
            raise LessonError(f"{lesson.id}: the record does not replay: {err}") from None
        rng = random.Random(f"lesson/{lesson.id}/deals")
        self.game.deck_source = lambda: shuffled_deck(rng)  # a later deal: never part of a lesson
        self.deal_results = len(self.game.results)
        """The results before the lesson's deal ends (it ends when one more is there)."""
        self.bots: dict[int, Bot] = {}
        for seat, record in enumerate(lesson.record.seats):
            if seat != self.seat and record.player not in PEOPLE:
                self.bots[seat] = make_bot(
                    record.player, random.Random(f"lesson/{lesson.id}/bot/{seat}")
                )
        self.index = 0
        """The current step's index (``len(steps)``: the lesson is done)."""
        self.opening = self.settle()
        """The moves the others made before the learner's first step (a table shows them)."""

    # -- where the lesson is ----------------------------------------------------------------------

    @property
    def steps(self) -> Sequence[Step]:
        return self.lesson.steps

    @property
    def step(self) -> Step | None:
        """The current step, None once the lesson is done."""
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def deal_over(self) -> bool:
        """Whether the lesson's deal has ended (no one moves after it)."""
        return len(self.game.results) > self.deal_results or self.game.is_over

    @property
    def learner_to_act(self) -> bool:
        return not self.deal_over and self.game.to_act == self.seat

    def view(self) -> PlayerView:
        """The game as the learner sees it."""
        return self.game.view(self.seat)

    def says(self) -> Said:
        """What the current step says (the lesson's closing words once it is done)."""
        step = self.step
        return step.say if step is not None else self.lesson.done

    def pointed(self) -> int:
        """The cards the current step points at (a bit set)."""
        step = self.step
        return step.pointed if step is not None else 0

    # -- acting -------------------------------------------------------------------------------------

    def takes(self, action: int) -> int:
        """The field cards ``action`` meets (a hand play) or takes (a field choice), else 0."""
        if 0 <= action < 48:
            return takes_of(self.view(), action)
        if act.TAKE <= action < act.TAKE + 48:
            return 1 << (action - act.TAKE)
        return 0

    def fits(self, action: int) -> bool:
        """Whether ``action`` completes the current step (legal or not)."""
        step = self.step
        return step is not None and step.wanted.fits(action, self.takes(action))

    def read(self) -> Answer:
        """The learner read a ``read`` step: the lesson goes on."""
        step = self.step
        if step is None:
            return Answer(False, said("over"))
        if step.wanted.how != "read":
            return Answer(False, step.say)
        return self._done(step, ())

    def act(self, action: int) -> Answer:
        """The learner's ``action``: played if legal and the step's point (then the others move);
        a legal move that is not the point is answered and not played (the step can be tried
        again); anything else is refused."""
        step = self.step
        if step is None:
            return Answer(False, said("over"))
        wanted = step.wanted
        if wanted.how == "read":
            return Answer(False, said("read_first"))
        if not self.learner_to_act or action not in self.game.legal_actions():
            return Answer(False, said("illegal"))
        if not wanted.fits(action, self.takes(action)):
            return Answer(False, self.answer(step, action))
        self.game.apply(action)
        moves = [(self.seat, action)]
        if wanted.how == "play-out" and not self.deal_over:
            moves += self.settle()
            if not self.deal_over:
                return Answer(True, step.say, tuple(moves))
            self.index += 1
            return Answer(True, self._closing(step), tuple(moves))
        return self._done(step, moves)

    def _done(self, step: Step, moves: Sequence[tuple[int, int]]) -> Answer:
        self.index += 1
        moves = [*moves, *self.settle()]
        return Answer(True, self._closing(step), tuple(moves))

    def _closing(self, step: Step) -> Said:
        """What is said as ``step`` is done: its own words, then the next step's (or the end)."""
        return joined([*([step.ok] if step.ok else []), self.says()])

    def settle(self) -> list[tuple[int, int]]:
        """Move for everyone but the learner until the learner is to act or the deal is over;
        the learner's own forced moves (one legal action, not what the step names) are played
        too. A ``play-out`` step completes when the deal ends."""
        moves: list[tuple[int, int]] = []
        game = self.game
        while not self.deal_over:
            seat = game.to_act
            legal = game.legal_actions()
            if seat == self.seat:
                if len(legal) != 1 or legal[0] < act.DECLARE or self._names(legal[0]):
                    break
                action = legal[0]  # a forced answer: pass without a teyaku, a しばり 出る
            else:
                bot = self.bots.get(seat)
                if bot is None:
                    break  # another person's seat: the lesson waits (no shipped lesson has one)
                action = bot.act(game.view(seat, legal))
            game.apply(action)
            moves.append((seat, action))
        step = self.step
        if self.deal_over and step is not None and step.wanted.how == "play-out":
            self.index += 1
        return moves

    def _names(self, action: int) -> bool:
        """Whether the current step asks for exactly ``action``."""
        step = self.step
        return step is not None and step.wanted == Want("action", action=action)

    # -- what the coach says --------------------------------------------------------------------

    def did(self, action: int) -> Said:
        """What ``action`` does now, in the learner's view."""
        view = self.view()
        if 0 <= action < 48:
            meets = takes_of(view, action)
            count = meets.bit_count()
            key = ("lays", "takes_one", "takes_two", "takes_three")[min(count, 3)]
            text = said(key, card=card_name(action), taken=cards_named(meets))
            if action in view.facts.warnings() and not meets:
                text = joined([text, said("hatto")])
            return text
        if act.TAKE <= action < act.TAKE + 48:
            pending = view.pending_card
            taken = action - act.TAKE
            return said("takes_one", card=card_name(pending), taken=card_name(taken))
        name = NAMED_WORDS.get(action)
        if name is None:
            return Said(ja=act.token(action), en=act.token(action))
        if action in (act.SHOBU, act.AGARI, act.CANCEL):
            found = stakes_of(view)
            n = found.stop[self.seat] if found is not None else 0
            return said(name, n=amount(self.game.ruleset, n))
        if action == act.DECLARE:
            held = view.facts.held()
            return said(name, name=held[0] if held else "")
        return said(name)

    def wanted(self, want: Want) -> Said:
        """What a step asks for, as words: of several cards, those in the learner's hand."""
        kind = want.how
        if kind == "action":
            action = want.action
            if 0 <= action < 48:
                return said("want.card", card=card_name(action))
            if act.TAKE <= action < act.TAKE + 48:
                return said("want.take", card=card_name(action - act.TAKE))
            return said("want." + NAMED_WORDS[action])
        if kind == "one-of":  # of the cards asked for, those the learner holds
            held = want.cards & self.game.hands[self.seat] or want.cards
            if held.bit_count() == 1:
                return said("want.card", card=card_name(held.bit_length() - 1))
            return said("want.one_of", cards=cards_named(held, "or"))
        return said("want." + kind)

    def answer(self, step: Step, action: int) -> Said:
        """The answer to a legal move that is not the step's point: what it did, what the step
        wanted and why, and that it can be tried again."""
        parts = [self.did(action), said("want", what=self.wanted(step.wanted))]
        if step.why is not None:
            parts.append(step.why)
        parts.append(said("again"))
        return joined(parts)

    def hint(self) -> Said | None:
        """A suggested move for the learner (the ``normal`` bot's choice) with what it does, where
        the lesson gives hints and the learner is to act; else None."""
        if not self.lesson.hints or not self.learner_to_act:
            return None
        view = self.view()
        action = normal_action(evaluator_of(view), seen_of_view(view))
        did = self.did(action)
        if 0 <= action < 48:
            return said("hint", card=card_name(action), did=did)
        if act.TAKE <= action < act.TAKE + 48:
            return said("hint", card=card_name(action - act.TAKE), did=did)
        return said("hint.named", what=self.wanted(Want("action", action=action)), did=did)
