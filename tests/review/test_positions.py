"""Stepping through a record: the game at every position, forwards, backwards and by jumps, is the
game the core replays to that step."""

from __future__ import annotations

import random

import pytest
from helpers.records import EXAMPLES, bot_record, example

from hanafuda_tui.core.game import Game, PlayerView
from hanafuda_tui.core.records import GameRecord, replay
from hanafuda_tui.review.positions import Positions


def core_steps(record: GameRecord) -> list[tuple[list[PlayerView], int, int]]:
    """At each step of the core's replay: every seat's view, the events told and the results."""
    out: list[tuple[list[PlayerView], int, int]] = []

    def after(game: Game) -> None:
        out.append((seen(game), len(game.log), len(game.results)))

    replay(record, after=after)
    steps = sum(len(d.actions) for d in record.deals)
    return out[: steps + 1]


def seen(game: Game) -> list[PlayerView]:
    return [game.view(s) for s in range(game.players)]


def records() -> list[tuple[str, GameRecord]]:
    out = [(name, example(name)) for name in EXAMPLES]
    out.append(("hanaawase-5", bot_record("hanaawase", 3, {"players": 5, "months": 3})))
    out.append(("koikoi3-partway", bot_record("koikoi3", 4, {"months": 3}, actions=70)))
    return out


@pytest.mark.parametrize(("name", "record"), records(), ids=[n for n, _ in records()])
def test_every_position_forwards_then_backwards_is_the_core_s(
    name: str, record: GameRecord
) -> None:
    positions = Positions(record)
    wanted = core_steps(record)
    assert len(positions) == len(wanted) == sum(len(d.actions) for d in record.deals) + 1
    order = [*range(len(positions)), *reversed(range(len(positions)))]
    for k in order:
        game = positions.game_at(k)
        assert (seen(game), len(game.log), len(game.results)) == wanted[k], k
        mark = positions.marks[k]
        assert (mark.at, mark.deal, mark.month) == (k, len(game.deals) - 1, game.month)
        assert (mark.results, mark.settled) == (len(game.results), len(game.settlements))


def test_jumps_anywhere_give_the_same_game_as_steps() -> None:
    record = example("hachihachi")
    positions = Positions(record)
    wanted = core_steps(record)
    rng = random.Random(7)
    for k in [rng.randrange(len(positions)) for _ in range(40)]:
        game = positions.game_at(k)
        assert (seen(game), len(game.log), len(game.results)) == wanted[k]


def test_each_month_starts_at_its_first_deal_and_the_record_s_end_is_the_final_game() -> None:
    record = example("koikoi3")
    positions = Positions(record)
    starts = positions.month_starts()
    assert sorted(starts) == list(range(1, 13))
    for month, k in starts.items():
        assert positions.game_at(k).month == month
        assert k == 0 or positions.game_at(k - 1).month != month
    last = positions.game_at(len(positions) - 1)
    assert last.is_over and positions.finished
    assert last.scores == positions.final.scores
    assert positions.marks[-1].action == -1


def test_an_unfinished_record_is_not_finished() -> None:
    positions = Positions(bot_record("koikoi2", 2, {"months": 3}, actions=30))
    assert not positions.finished
    assert len(positions) == 31


def test_no_such_position() -> None:
    positions = Positions(example("koikoi2"))
    with pytest.raises(IndexError):
        positions.game_at(len(positions))
