"""Game records: round trips, and refusals that name the deal, month and action."""

import json
import random

import pytest
from helpers.koikoi3 import TEPPO, game_with, play

from hanafuda_tui.core.records import (
    GameRecord,
    RecordError,
    SeatRecord,
    load_record,
    new_game,
    record_of,
    replay,
)

SEATS = [SeatRecord(name=n, player="random") for n in ("A", "B", "C")]


def random_game(seed: int, months: int = 12):
    rng = random.Random(seed)
    game = new_game("koikoi3", random.Random(f"deal/{seed}"), {"months": months})
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def record_text(seed: int = 1) -> str:
    return record_of(random_game(seed), SEATS).to_json()


def edited(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("seed", range(5))
def test_round_trip_gives_the_same_game_and_the_same_record(seed):
    game = random_game(seed)
    record = record_of(game, SEATS)
    text = record.to_json()
    again = replay(load_record(text))
    assert again.is_over
    assert again.scores == game.scores
    assert again.results == game.results
    assert again.settlements == game.settlements
    assert record_of(again, SEATS) == record
    assert record_of(again, SEATS).to_json() == text


def test_record_shape():
    data = json.loads(record_text())
    assert data["format"] == "hanafuda-tui-record" and data["version"] == 1
    assert data["ruleset"] == "koikoi3" and data["options"] == {"months": 12}
    assert [s["name"] for s in data["seats"]] == ["A", "B", "C"]
    assert all(len(d["deck"]) == 48 for d in data["deals"])
    assert all(isinstance(a, str) for d in data["deals"] for a in d["actions"])


def test_a_hand_written_record_of_a_stacked_month():
    record = GameRecord(
        ruleset="koikoi3",
        seats=SEATS,
        first_dealer=0,
        deals=[
            {
                "deck": TEPPO,
                "actions": ["pass", "pass", "pass", "K", "koikoi", "O", "b", "d", "shobu"],
            }
        ],
    )
    game = replay(record)
    assert game.results[0].payments == (12, -6, -6)
    assert not game.is_over and len(game.deals) == 1, "a save in progress stops at the record's end"
    direct = game_with(TEPPO)
    play(direct, "K koikoi O b d shobu")
    assert direct.results[0] == game.results[0]


def test_a_partial_record_replays_to_where_it_stops_and_can_deal_on():
    game = random_game(3)
    record = record_of(game, SEATS)
    record.deals = record.deals[:2]
    record.deals[1].actions = record.deals[1].actions[:5]
    part = replay(record)
    assert len(part.deals) == 2 and len(part.deals[1].actions) == 5 and not part.is_over
    dealt_on = replay(record, random.Random(0))
    assert len(dealt_on.deals) == 2 and dealt_on.legal_actions()


def refusal(text: str) -> str:
    with pytest.raises(RecordError) as err:
        replay(load_record(text))
    message = str(err.value)
    assert "\n" not in message
    return message


def test_malformed_json_is_refused_with_its_line():
    message = refusal('{\n  "ruleset": "koikoi3",\n  oops\n}')
    assert message.startswith("not JSON") and "line 3 column 3" in message
    cut = refusal('{"ruleset": "koi')
    assert cut == "not JSON: Unterminated string starting at: line 1 column 13"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("ruleset"), "ruleset"),
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(first_dealer=-1), "first_dealer"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d["deals"][2].update(deck=d["deals"][2]["deck"][:47]), "deals.2.deck"),
        (lambda d: d["deals"][0].update(deck="A" * 48), "deals.0.deck"),
        (lambda d: d["deals"][1].update(deck=d["deals"][1]["deck"][:47] + "?"), "deals.1.deck"),
    ],
)
def test_a_record_that_is_not_one_is_refused_naming_the_field(change, words):
    message = refusal(edited(record_text(), change))
    assert message.startswith("not a game record") and words in message


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(ruleset="chess"), "unknown ruleset 'chess'"),
        (lambda d: d.update(options={"months": 5}), "months"),
        (lambda d: d.update(options={"speed": 1}), "speed"),
        (lambda d: d.update(seats=d["seats"][:2]), "3 seats"),
        (lambda d: d.update(first_dealer=3), "first_dealer 3"),
    ],
)
def test_a_record_for_no_game_is_refused(change, words):
    assert words in refusal(edited(record_text(), change))


def month_of(text: str, deal: int) -> int:
    data = json.loads(text)
    data["deals"] = data["deals"][: deal + 1]
    data["deals"][deal]["actions"] = []
    return replay(load_record(json.dumps(data))).month


def test_an_illegal_action_is_refused_naming_deal_month_and_index():
    text = record_text(2)
    data = json.loads(text)
    deal = next(i for i, d in enumerate(data["deals"]) if i >= 3 and len(d["actions"]) >= 10)
    actions = data["deals"][deal]["actions"]
    j = [i for i, a in enumerate(actions) if len(a) == 1][3]
    actions[j] = next(a for a in actions[:j] if len(a) == 1)
    message = refusal(json.dumps(data))
    assert message.startswith(f"deal {deal + 1} (month {month_of(text, deal)}), action {j}: ")
    assert "not legal" in message


def test_an_unknown_token_is_refused_naming_its_index():
    text = record_text(2)
    message = refusal(edited(text, lambda d: d["deals"][0]["actions"].insert(0, "fold")))
    assert message.startswith("deal 1 (month 1), action 0: ") and "'fold'" in message


def test_actions_after_the_deal_ended_are_refused():
    message = refusal(edited(record_text(2), lambda d: d["deals"][0]["actions"].append("A")))
    n = len(json.loads(record_text(2))["deals"][0]["actions"])
    assert message.startswith(f"deal 1 (month 1), action {n}: ") and "already over" in message


def test_a_record_that_moves_on_too_early_is_refused():
    message = refusal(edited(record_text(2), lambda d: d["deals"][0]["actions"].pop()))
    assert message.startswith("deal 1 (month 1): ") and "before the deal is over" in message


def test_a_deal_after_the_year_is_refused():
    message = refusal(edited(record_text(2), lambda d: d["deals"].append(d["deals"][0])))
    assert message == "deal 19: the game ended before this deal"


def test_a_deal_after_the_year_is_named_as_the_extra_deal():
    text = record_text(2)
    data = json.loads(text)
    data["deals"].append({"deck": data["deals"][0]["deck"], "actions": []})
    message = refusal(json.dumps(data))
    assert message.startswith(f"deal {len(data['deals'])}: ") and "ended before" in message
