"""Play on from a position: the new game's record replays to the same view for the seat, with the
cards that seat could not see dealt afresh, and plays on from there."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers.records import EXAMPLES, bot_record, example

from hanafuda_tui.bots import make_bot
from hanafuda_tui.core.cards import parse_deck
from hanafuda_tui.core.determinize import unseen
from hanafuda_tui.core.records import (
    GameRecord,
    SeatRecord,
    digest,
    load_record,
    record_of,
    replay,
)
from hanafuda_tui.review.play_on import Dealt, PlayOnError, play_on, start
from hanafuda_tui.review.positions import Positions


def records() -> list[tuple[str, GameRecord]]:
    out = [(name, example(name)) for name in EXAMPLES]
    out.append(("hanaawase-5", bot_record("hanaawase", 3, {"players": 5, "months": 3})))
    out.append(("koikoi2-teyaku", bot_record("koikoi2", 5, {"months": 3, "teyaku": True})))
    return out


@pytest.mark.parametrize(("name", "record"), records(), ids=[n for n, _ in records()])
def test_the_new_game_is_the_position_as_the_seat_saw_it(name: str, record: GameRecord) -> None:
    positions = Positions(record)
    rng = random.Random(name)
    fresh = 0
    for k in range(0, len(positions) - 1, 5):
        game = positions.game_at(k)
        if game.is_over:
            continue
        seat = (game.to_act + k) % game.players  # the seat to act, or another one
        view = game.view(seat)
        hidden = unseen(view)
        deal = len(game.deals) - 1
        made = play_on(positions, k, seat, rng)
        again = load_record(made.record.to_json())  # a record like any other
        assert again.deals[:deal] == record.deals[:deal]
        assert again.deals[deal].actions == record.deals[deal].actions[: len(game.actions)]
        new = replay(again)
        assert new.view(seat) == view
        old_deck, new_deck = parse_deck(record.deals[deal].deck), parse_deck(again.deals[deal].deck)
        moved = {i for i, (a, b) in enumerate(zip(old_deck, new_deck, strict=True)) if a != b}
        assert all(hidden >> old_deck[i] & 1 for i in moved)  # no seen card moved
        fresh += made.dealt == Dealt.UNSEEN and bool(moved)
    assert fresh >= 10


def test_the_new_game_plays_on_to_the_year_s_end_with_later_deals_of_its_own() -> None:
    record = example("koikoi3")
    positions = Positions(record)
    k = positions.month_starts()[4] + 3
    seat = positions.game_at(k).to_act
    seats = [SeatRecord(name=s.name, player="easy") for s in record.seats]
    made = play_on(positions, k, seat, random.Random(1), seats)
    assert made.record.seats == seats
    game = start(made.record, random.Random(2))
    bots = [make_bot("easy", random.Random(i)) for i in range(game.players)]
    while not game.is_over:
        game.apply(bots[game.to_act].act(game.view(game.to_act)))
    assert len(game.deals) > len(made.record.deals)
    assert replay(made.record, rng=random.Random(2)).view(seat) == positions.game_at(k).view(seat)


def test_the_same_random_source_makes_the_same_new_game() -> None:
    positions = Positions(example("hachihachi"))
    k = positions.month_starts()[3] + 5
    a = play_on(positions, k, 1, random.Random(9))
    b = play_on(positions, k, 1, random.Random(9))
    c = play_on(positions, k, 1, random.Random(10))
    assert a == b
    assert a.record.deals[-1].deck != c.record.deals[-1].deck


def test_no_game_plays_on_from_the_year_s_end() -> None:
    positions = Positions(example("koikoi2"))
    with pytest.raises(PlayOnError):
        play_on(positions, len(positions) - 1, 0, random.Random(0))


def test_a_year_played_on_is_linked_to_the_year_it_came_from(tmp_path: Path) -> None:
    """The played-on record names its origin by digest, its save keeps it, and the history lists
    the finished year with the origin's id (or says the origin is not kept there)."""
    from hanafuda_tui.history import HistoryStore

    origin = bot_record("koikoi2", 8, {"months": 3})
    assert "played_on_from" not in origin.to_json()  # a year not played on: written as before
    store = HistoryStore(tmp_path)
    origin_id = store.add(origin)
    made = play_on(Positions(origin), 4, 0, random.Random(1))
    assert made.record.played_on_from == digest(origin)
    assert load_record(made.record.to_json()).played_on_from == digest(origin)
    game = start(made.record, random.Random(2))
    bots = [make_bot("random", random.Random(i)) for i in range(game.players)]
    while not game.is_over:
        game.apply(bots[game.to_act].act(game.view(game.to_act)))
    played = record_of(game, made.record.seats, played_on_from=made.record.played_on_from)
    played_id = store.add(played)
    by_id = {g.id: g for g in store.games()}
    assert by_id[played_id].origin == origin_id and by_id[origin_id].origin is None
    elsewhere = HistoryStore(tmp_path / "other")
    elsewhere.add(played)
    [alone] = elsewhere.games()
    assert alone.played_on_from == digest(origin) and alone.origin is None
