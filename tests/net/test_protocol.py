"""The protocol's messages: the core's views, events, results and settlements go through JSON and
come back equal, for every ruleset; every event type has its model; the committed JSON Schema is
the models'."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from helpers.goldens import PROTOCOL_SCHEMA, REGENERATE
from pydantic import TypeAdapter, ValidationError

from hanafuda_tui.bots.hand_reading import month_plays
from hanafuda_tui.core import events as ev
from hanafuda_tui.core.records import new_game
from hanafuda_tui.core.results import Settlement
from hanafuda_tui.core.rulesets import RULESETS, ruleset_class
from hanafuda_tui.net.client import parse
from hanafuda_tui.net.host import update_text
from hanafuda_tui.net.protocol import (
    CLIENT,
    EVENT_MODELS,
    HOST,
    UPDATES,
    VIEWS,
    Closed,
    EventModel,
    Update,
    event_model,
    event_of,
    plain,
    schema_text,
    view_model,
    view_of,
)
from hanafuda_tui.net.remote import seat_update
from hanafuda_tui.tables.feed import SeatUpdate

EVENTS = TypeAdapter(EventModel)
SETTLEMENTS = TypeAdapter(list[Settlement])
TABLES = [(r, {}) for r in RULESETS] + [("hanaawase", {"players": 6})]


@pytest.mark.parametrize(("ruleset", "options"), TABLES)
def test_a_whole_year_of_views_events_and_results_comes_back_from_json(
    ruleset: str, options: dict[str, int]
) -> None:
    game = new_game(ruleset, random.Random(f"json/{ruleset}"), options)
    rng = random.Random(1)
    model = VIEWS[ruleset]
    while not game.is_over:
        for seat in range(game.players):
            view = game.view(seat)
            assert view_of(model.model_validate_json(view_model(view).model_dump_json())) == view
        spectator = game.spectator_view()
        assert view_of(model.model_validate_json(view_model(spectator).model_dump_json())) == (
            spectator
        )
        game.apply(rng.choice(game.legal_actions()))
    for event in game.log:
        assert event_of(EVENTS.validate_json(event_model(event).model_dump_json())) == event
    results = TypeAdapter(list[ruleset_class(ruleset).Result])  # type: ignore[name-defined]
    sent = json.dumps([plain(r) for r in game.results], ensure_ascii=False)
    assert results.validate_json(sent) == game.results
    assert SETTLEMENTS.validate_json(SETTLEMENTS.dump_json(game.settlements)) == game.settlements


@pytest.mark.parametrize(("ruleset", "options"), TABLES)
def test_an_update_reads_back_its_rulesets_results_and_board(
    ruleset: str, options: dict[str, int]
) -> None:
    game = new_game(ruleset, random.Random(f"update/{ruleset}"), options)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    update = SeatUpdate(0, game.view(0), [], list(game.results), [], [], game.board(), 0.0)
    text = update_text(update)
    message = HOST.validate_json(text)
    assert isinstance(message, Update) and type(message) is UPDATES[ruleset]
    assert message.results == game.results and message.board == game.board()
    assert view_of(message.view) == game.view(0)
    assert view_of(message.view).rules is ruleset_class(ruleset)
    sent = json.loads(text)
    assert sent["results"] == json.loads(json.dumps([plain(r) for r in game.results]))
    assert sent["board"] == json.loads(json.dumps(dataclasses.asdict(game.board())))
    assert isinstance(sent["view"]["facts"], dict)


@pytest.mark.parametrize(("ruleset", "options"), TABLES)
def test_the_months_hand_plays_of_a_first_update_come_back_from_json(
    ruleset: str, options: dict[str, int]
) -> None:
    game = new_game(ruleset, random.Random(f"plays/{ruleset}"), options)
    rng = random.Random(3)
    while len(plays := month_plays(game, 0)) < 2:
        game.apply(rng.choice(game.legal_actions()))
    for given in (tuple(plays), None):
        update = SeatUpdate(0, game.view(0), [], [], [], [], game.board(), 0.0, plays=given)
        message = HOST.validate_json(update_text(update))
        assert isinstance(message, Update)
        assert seat_update(message).plays == given


@pytest.mark.parametrize("where", ["view", "play"])
def test_an_update_whose_options_are_not_its_rulesets_closes_the_client_in_one_line(
    where: str,
) -> None:
    game = new_game("koikoi3", random.Random(4))
    rng = random.Random(4)
    while not (plays := month_plays(game, 0)):
        game.apply(rng.choice(game.legal_actions()))
    update = SeatUpdate(0, game.view(0), [], [], [], [], game.board(), 0.0, plays=tuple(plays))
    sent = json.loads(update_text(update))
    view = sent["view"] if where == "view" else sent["plays"][0]["view"]
    view["options"]["months"] = 7
    told = parse(json.dumps(sent))
    assert isinstance(told, Closed) and "months" in told.reason and "\n" not in told.reason


def test_an_update_whose_facts_are_not_its_rulesets_is_refused() -> None:
    game = new_game("koikoi3", random.Random(3))
    sent = json.loads(update_text(SeatUpdate(0, game.view(0), [], [], [], [], game.board(), 0.0)))
    sent["view"]["facts"]["shibari"] = [1]
    with pytest.raises(ValidationError, match=r"view\.facts\.shibari"):
        HOST.validate_python(sent)
    sent["view"]["ruleset"] = "chess"
    with pytest.raises(ValidationError, match="chess"):
        HOST.validate_python(sent)


def test_every_event_type_of_the_core_has_a_model() -> None:
    kinds = {
        cls.kind
        for cls in vars(ev).values()
        if isinstance(cls, type) and issubclass(cls, ev.Base) and "kind" in vars(cls)
    }
    assert kinds == set(EVENT_MODELS)


def test_a_spectator_view_holds_no_hand_and_no_seat_own_facts() -> None:
    game = new_game("hachihachi", random.Random(5), {})
    view = game.spectator_view()
    assert (view.seat, view.hand, view.legal) == (-1, 0, ())
    assert view.facts.held() is None and not view.facts.warnings()


@pytest.mark.parametrize(
    "raw",
    [
        '{"v": 1, "type": "join"}',
        '{"v": 2, "type": "join", "code": "x"}',
        '{"v": 1, "type": "act", "action": "1", "seq": 0, "extra": 1}',
        '{"v": 1, "type": "join", "code": "' + "x" * 65 + '"}',
        '{"v": 1, "type": "shout"}',
    ],
)
def test_a_client_message_not_of_the_protocol_is_refused(raw: str) -> None:
    with pytest.raises(ValidationError):
        CLIENT.validate_json(raw)


def test_host_messages_are_told_apart_by_type() -> None:
    message = HOST.validate_json('{"v": 1, "type": "closed", "reason": "bye"}')
    assert message.type == "closed"


def test_the_committed_schema_is_the_models() -> None:
    assert PROTOCOL_SCHEMA.read_text("utf-8") == schema_text(), f"regenerate with {REGENERATE}"


@pytest.mark.parametrize(
    "text",
    [
        '{"v": 1, "type": "closed"}',
        '{"v": 1, "type": "presence", "away": [{"seat": "x\\u001b[2J"}], "names": []}',
        '{"v": 1, "type": "nothing of this protocol"}',
    ],
)
def test_a_host_message_the_client_cannot_read_closes_it_with_one_line(text: str) -> None:
    told = parse(text)
    assert isinstance(told, Closed)
    assert told.reason.startswith("the host sent a message this client does not read: ")
    assert "\n" not in told.reason and "\x1b" not in told.reason and len(told.reason) < 300
