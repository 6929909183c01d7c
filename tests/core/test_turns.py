"""The core's typed events and recorded turns: every kind is its own type, each deal's turns hold
exactly the record's decisions and the cards that met the field, and a seat never receives
another seat's private field."""

from __future__ import annotations

import ast
import random
from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest

from hanafuda_tui.core import actions as act
from hanafuda_tui.core import events
from hanafuda_tui.core.cards import BIT
from hanafuda_tui.core.events import Base, Decided, Flat, Played, seen_by
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.rulesets import RULESETS

PACKAGE = Path(events.__file__).parents[1]
GAMES = [
    ("koikoi3", {}),
    ("koikoi2", {"teyaku": True, "kuitsuki": True}),
    ("koikoi2", {"rules": "nintendo"}),
    ("hachihachi", {}),
    ("hanaawase", {}),
    ("hanaawase", {"players": 6}),
]


def played(ruleset: str, options: dict[str, object], seed: int):
    rng = random.Random(seed)
    game = new_game(ruleset, rng, options)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_every_event_type_is_in_the_union_and_says_how_it_is_recorded() -> None:
    kinds = {
        cls
        for cls in vars(events).values()
        if isinstance(cls, type) and issubclass(cls, Base) and is_dataclass(cls)
    }
    union = set(events.Event.__args__)  # type: ignore[attr-defined]
    assert kinds - union == {events.FieldShima}  # a Shima, matched as one
    for cls in kinds:
        own = {f.name for f in fields(cls)}
        assert set(cls.private) <= own, cls
        if cls.flat is Base.flat:  # every field but the seat and private ones goes in the record
            told = {field for _, field in cls.FLAT}
            assert told == own - {"seat", "dealer"} - set(cls.private), cls


@pytest.mark.parametrize(("ruleset", "options"), GAMES, ids=[f"{r}-{o}" for r, o in GAMES])
def test_each_deals_turns_hold_its_decisions_and_its_cards(ruleset, options) -> None:
    for seed in range(8):
        game = played(ruleset, options, seed)
        assert len(game.book.deals) == len(game.deals)
        for told, dealt in zip(game.book.deals, game.deals, strict=True):
            decided = [d.action for d in told.answers]
            for turn in told.turns:
                decided += [d.action for d in turn.decisions]
                assert all(s.seat == turn.seat for s in turn.steps)
                plays = [s for s in turn.steps if not s.drawn]
                assert len(plays) <= 1 and (not plays or plays[0] is turn.steps[0])
                for step in turn.steps:
                    assert step.done
                    assert step.took or step.laid
                    if step.laid:  # a laid card joins the field
                        assert step.field_after & BIT[step.card]
                    else:  # what it took left the field (a shown teyaku card is in no field)
                        assert not step.field_after & step.took & step.field_before
            assert decided == dealt.actions
            played_cards = [e.card for e in told_events(game, told.index) if isinstance(e, Played)]
            assert played_cards == [t.play.card for t in told.turns if t.play is not None]
        assert sum(len(t.steps) for d in game.book.deals for t in d.turns) == len(game.book.steps)


def told_events(game, deal: int) -> list[events.Event]:
    start = game.book.deals[deal].log_at
    end = game.book.deals[deal + 1].log_at if deal + 1 < len(game.book.deals) else len(game.log)
    return game.log[start:end]


def test_a_teyaku_answer_says_only_to_its_seat_whether_it_could_declare() -> None:
    answer = Decided(2, act.PASS, could_declare=True)
    assert seen_by(answer, 2).could_declare
    assert not seen_by(answer, 0).could_declare and not seen_by(answer, 1).could_declare
    assert seen_by(answer, 0).flat() == answer.flat() == Flat("decision", 2, value=act.PASS)
    hidden = 0
    for seed in range(20):
        game = played("koikoi3", {}, seed)
        for e in game.log:
            if isinstance(e, Decided) and e.could_declare:
                hidden += 1
                assert all(not seen_by(e, s).could_declare for s in range(3) if s != e.seat)
    assert hidden > 0


def test_no_code_outside_the_event_types_branches_on_a_kind_string() -> None:
    """Readers match on the types; ``kind`` is only a record's name for an event."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "events.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare | ast.MatchValue):
                text = ast.unparse(node)
                if ".kind" in text and ("==" in text or " in " in text):
                    found.append(f"{path.name}: {text}")
    assert not found


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_simulations_and_playouts_record_no_turns(ruleset: str) -> None:
    rng = random.Random(1)
    game = new_game(ruleset, rng)
    game.logging = False
    for _ in range(30):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    copy = game.clone()
    assert not copy.book.steps and not copy.log
