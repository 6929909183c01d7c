"""Every shipped lesson, played every way through on the core's game, in both languages; a lesson
that no longer fits the rules is reported in one line."""

from __future__ import annotations

import copy
import json

import pytest

from hanafuda_tui.core import actions as act
from hanafuda_tui.core.cards import card_list
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.learn.check import READ, check_lesson, coach_after, survey
from hanafuda_tui.learn.coach import Coach, card_name
from hanafuda_tui.learn.lessons import (
    DATA,
    Lesson,
    LessonError,
    Said,
    all_lessons,
    find_lesson,
    read_lessons,
)

LESSONS = [lesson for lessons in all_lessons().values() for lesson in lessons]
IDS = [lesson.id for lesson in LESSONS]


def texts(lesson: Lesson) -> list[Said]:
    out = [lesson.title, lesson.summary, lesson.done]
    for step in lesson.steps:
        out += [step.say, *[t for t in (step.why, step.ok) if t is not None]]
    return out


def test_every_ruleset_has_a_path_of_lessons_with_unique_ids() -> None:
    lessons = all_lessons()
    assert set(lessons) == set(RULESETS)
    for ruleset, path in lessons.items():
        assert len(path) >= 4, ruleset
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_text_is_in_both_languages(lesson: Lesson) -> None:
    for said in texts(lesson):
        assert said.ja.strip() and said.en.strip()
        assert any(ord(ch) > 0x3000 for ch in said.ja), said.ja  # Japanese, not a copy
        assert said.ja != said.en


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_way_through_the_lesson_reaches_its_end(lesson: Lesson) -> None:
    found = survey(lesson)
    assert found.problems == []
    assert found.ways
    for way in found.ways:
        assert coach_after(lesson, way).finished


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_a_legal_move_beside_the_point_is_answered_and_the_step_kept(lesson: Lesson) -> None:
    """Along the first way through: at every step with a legal move that does not fit, that
    move is answered (what it did, what the step wants and why, in both languages) and not
    played; then the right move goes on."""
    way = survey(lesson).ways[0]
    coach = Coach(lesson)
    answered = 0
    for entry in way:
        step = coach.step
        assert step is not None
        if entry != READ:
            beside = [a for a in coach.game.legal_actions() if not coach.fits(a)]
            for wrong in beside[:2]:
                before = (coach.index, len(coach.game.actions), coach.game.phase)
                answer = coach.act(wrong)
                assert not answer.accepted and answer.moves == ()
                assert (coach.index, len(coach.game.actions), coach.game.phase) == before
                assert step.why is not None
                for language in ("ja", "en"):
                    assert step.why[language] in answer.text[language]
                    assert coach.wanted(step.wanted)[language] in answer.text[language]
                answered += 1
        answer = coach.read() if entry == READ else coach.act(entry)
        assert answer.accepted
        assert answer.text.ja and answer.text.en
    assert coach.finished
    kinds = {s.wanted.how for s in lesson.steps}
    if kinds - {"read", "play-out", "any"}:
        assert answered, "a lesson with a point to make answers a move beside it"


def test_the_answer_says_what_the_move_did() -> None:
    coach = Coach(find_lesson("koikoi2.matching"))
    coach.read()
    answer = coach.act(act.parse_token("c"))  # the moon: not this step's point
    assert not answer.accepted
    assert "芒に月は芒に雁と芒のカスと芒のカスの三枚を全部取ります" in answer.text.ja
    assert "moon (pampas) takes all three" in answer.text.en
    assert "松に鶴を出すこと" in answer.text.ja
    assert "playing crane (pine)" in answer.text.en


def test_a_step_asking_for_one_of_several_cards_names_those_in_the_hand() -> None:
    """Of the five lights asked for, the words name only those the learner holds (one: that
    card alone), never a card they could not play."""
    coach = Coach(find_lesson("koikoi2.cards"))
    while coach.step is not None and coach.step.wanted.how != "one-of":
        coach.read()
    step = coach.step
    assert step is not None
    held = step.wanted.cards & coach.game.hands[coach.seat]
    asked = coach.wanted(step.wanted)
    for card in card_list(step.wanted.cards):
        named = card_name(card)
        assert (named.en in asked.en) == bool(held >> card & 1)
        assert (named.ja in asked.ja) == bool(held >> card & 1)
    if held.bit_count() == 1:
        assert asked.en.startswith("playing ") and "one of" not in asked.en


def test_a_decision_beside_the_point_says_what_stopping_pays() -> None:
    lesson = find_lesson("koikoi2.first-yaku")
    coach = coach_after(lesson, [READ, act.parse_token("I"), act.parse_token("g")])
    answer = coach.act(act.SHOBU)
    assert not answer.accepted
    assert "5 points" in answer.text.en and "5点" in answer.text.ja


def test_moves_off_the_rules_or_out_of_turn_are_refused() -> None:
    coach = Coach(find_lesson("koikoi2.matching"))
    assert not coach.act(act.parse_token("A")).accepted  # a read step first
    assert coach.read().accepted
    refused = coach.act(act.parse_token("s"))  # not in the hand
    assert not refused.accepted and refused.text.en == "That move is not possible now."


def test_the_month_lesson_gives_hints_and_the_others_do_not() -> None:
    month = coach_after(find_lesson("koikoi2.month"), [READ])
    hint = month.hint()
    assert hint is not None and hint.en.startswith("Hint: ") and hint.ja.startswith("ヒント：")
    assert Coach(find_lesson("koikoi2.matching")).hint() is None


def broken(lesson_id: str, change: str) -> Lesson:
    """A copy of a shipped lesson with one thing changed: ``deck`` swaps two cards of its
    deck, ``step`` makes a step want a card the learner does not hold."""
    ruleset = lesson_id.split(".")[0]
    data = json.loads((DATA / f"{ruleset}.json").read_text(encoding="utf-8"))
    raw = copy.deepcopy(next(x for x in data["lessons"] if x["id"] == lesson_id))
    if change == "deck":
        deck = raw["record"]["deals"][0]["deck"]
        raw["record"]["deals"][0]["deck"] = deck[16:24] + deck[8:16] + deck[:8] + deck[24:]
    else:
        raw["steps"][1]["want"] = "s"
    return read_lessons({"ruleset": ruleset, "lessons": [raw]}, "test")[0]


def test_a_lesson_whose_deal_no_longer_fits_is_reported_in_one_line() -> None:
    problems = check_lesson(broken("koikoi2.matching", "deck"))
    assert problems
    assert all("\n" not in p and p.startswith("koikoi2.matching step ") for p in problems)


def test_a_lesson_whose_step_no_longer_fits_is_reported_in_one_line() -> None:
    assert check_lesson(broken("koikoi2.matching", "step")) == [
        "koikoi2.matching step 2 (s): no legal move fits (legal: A G J O T c p u)"
    ]


def test_a_lesson_whose_record_does_not_replay_is_one_line() -> None:
    data = json.loads((DATA / "koikoi2.json").read_text(encoding="utf-8"))
    raw = data["lessons"][0]
    raw["record"]["deals"][0]["actions"] = ["take:A"]
    lesson = read_lessons({"ruleset": "koikoi2", "lessons": [raw]}, "test")[0]
    with pytest.raises(LessonError, match=r"^koikoi2.cards: the record does not replay: .*take:A"):
        Coach(lesson)
    assert len(check_lesson(lesson)) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"want": "play-the-moon"},
            "test lesson koikoi2.cards: steps.0.want: Value error, 'play-the-moon' is not an action",
        ),
        (
            {"say": {"ja": "札", "en": " "}},
            "test lesson koikoi2.cards: steps.0.say.en: Value error, is blank",
        ),
        (
            {"point": "A#"},
            "test lesson koikoi2.cards: steps.0.point: Value error, unknown card code(s) '#'",
        ),
    ],
)
def test_a_lesson_file_that_is_not_one_is_one_line(change: dict[str, object], message: str) -> None:
    data = json.loads((DATA / "koikoi2.json").read_text(encoding="utf-8"))
    data["lessons"][0]["steps"][0].update(change)
    with pytest.raises(LessonError) as caught:
        read_lessons(data, "test")
    assert str(caught.value) == message
