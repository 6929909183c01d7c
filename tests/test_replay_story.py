"""`hanafuda replay FILE --json` tells the whole story: every deal, turn, decision and line."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import run

from hanafuda_tui.core.cards import CARD_OF_CODE, parse_deck
from hanafuda_tui.core.game import Game
from hanafuda_tui.core.records import GameRecord, SeatRecord, new_game, record_of
from hanafuda_tui.core.rulesets import RULESETS
from hanafuda_tui.core.rulesets.koikoi2.game import Koikoi2, Koikoi2Options
from hanafuda_tui.core.table import shuffled_deck
from hanafuda_tui.review.story import ReplayOutput, schema_text, tell

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "docs" / "replay.schema.json"

OPTIONS: dict[str, dict[str, Any]] = {
    "koikoi3": {},
    "koikoi2": {"teyaku": True, "double_seven": True},
    "hanaawase": {},
    "hachihachi": {"menu": "F", "etsunen": True},
}


def played(game: Game, rng: random.Random) -> GameRecord:
    """Random legal decisions to the end of the game, as a record."""
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    return record_of(game, [SeatRecord(name=f"p{s}") for s in range(game.players)])


def sim_record(ruleset: str, seed: int) -> GameRecord:
    rng = random.Random(seed)
    return played(new_game(ruleset, rng, OPTIONS[ruleset]), rng)


def redeal_record(seed: int) -> GameRecord:
    """二人こいこい whose first deck puts all four 松 on the field: dealt again at once
    (docs/rules/koikoi2.md §2)."""
    rng = random.Random(seed)
    first = [c for c in range(48) if c >= 4]
    first[8:8] = [0, 1, 2, 3]
    decks = iter([first])
    game = Koikoi2(Koikoi2Options(), 0, lambda: next(decks, None) or shuffled_deck(rng))
    game.start()
    return played(game, rng)


def totals(lines: list[Any], players: int) -> list[int]:
    out = [0] * players
    for line in lines:
        out[line.seat] += line.amount
    return out


def check_story(record: GameRecord) -> ReplayOutput:
    """What every story must hold: its decisions are the record's, its deals' results are the
    months, every line adds up to its payments."""
    story = tell(record)
    players = len(record.seats)
    assert [d.index for d in story.deals] == list(range(len(record.deals)))
    for deal, dealt in zip(story.deals, record.deals, strict=True):
        decisions = deal.answers + [d for turn in deal.turns for d in turn.decisions]
        assert [d.action for d in decisions] == dealt.actions
        for turn in deal.turns:
            plays = [d for d in turn.decisions if d.action == (turn.play and turn.play.card)]
            assert turn.play is None or [d.seat for d in plays] == [turn.seat]
        dealt_cards = "".join(deal.hands) + deal.field
        deck = parse_deck(dealt.deck)
        assert sorted(CARD_OF_CODE[c] for c in dealt_cards) == sorted(deck[: len(dealt_cards)])
        if story.finished:
            assert all(turn.draw is not None for turn in deal.turns)
    ended = [d.result for d in story.deals if d.result is not None]
    assert ended == story.months
    for entry in [*story.months, *story.settlements]:
        assert totals(entry.lines, players) == entry.payments
    assert story.closing.totals == story.totals
    return story


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_seeded_game_of_every_ruleset_is_told_whole(ruleset: str) -> None:
    for seed in range(3):
        story = check_story(sim_record(ruleset, seed))
        assert story.finished and story.closing.finished
        assert story.start[0].kind == "year_start"


def test_the_output_validates_against_the_model_for_every_ruleset(
    capsys: Any, tmp_path: Path
) -> None:
    for ruleset in sorted(RULESETS):
        path = tmp_path / f"{ruleset}.json"
        path.write_text(sim_record(ruleset, 7).to_json(), "utf-8")
        code, out, err = run(capsys, "replay", str(path), "--json")
        assert code == 0 and err == ""
        story = ReplayOutput.model_validate_json(out)
        assert story.ruleset == ruleset and story.deals


def test_a_redeal_is_a_deal_of_its_own() -> None:
    story = check_story(redeal_record(3))
    first, second = story.deals[:2]
    assert first.redealt and not first.turns and not first.answers
    assert first.result is not None and first.result.winner == -1
    assert "ABCD" in first.field
    assert not second.redealt and second.month == first.month == 1


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_record_that_stops_early_is_told_as_far_as_it_goes(ruleset: str) -> None:
    """A record whose decks run out (a save in progress, or none dealt yet) is told up to there."""
    record = sim_record(ruleset, 2)
    for kept in (0, 1, 3):
        part = record.model_copy(update={"deals": record.deals[:kept]})
        story = check_story(part)
        assert not story.finished and len(story.deals) == kept


def test_hachihachi_tells_its_ba_stones_and_the_years_closing() -> None:
    story = check_story(sim_record("hachihachi", 11))
    assert all(d.ba is not None for d in story.deals)
    for deal in story.deals[:-1]:
        assert deal.stones is not None and sum(deal.stones) == deal.index + 1
    closing = story.closing
    assert closing.stones is not None and closing.bankoita == sum(closing.stones)
    assert closing.final_kan is not None and sum(closing.final_kan) == 0
    assert {"月石清算", "吟味"} <= {x.name for x in closing.settlements}
    assert closing.top is not None


def test_teyaku_held_declared_and_shown() -> None:
    """A seat that could declare holds a teyaku; a declared one is named and shown; a seat that
    passed shows nothing, held or not (random answers declare some and keep others hidden)."""
    kinds = set()
    for ruleset in ("hachihachi", "hanaawase"):
        for deal in tell(sim_record(ruleset, 5)).deals:
            for t in deal.teyaku:
                kinds.add((t.held, t.declared))
                if t.declared:
                    assert t.held and t.name and t.shown
                else:
                    assert t.name is None and t.shown == ""
    assert {(True, True), (True, False), (False, False)} <= kinds


def test_the_committed_schema_is_the_models() -> None:
    assert SCHEMA.read_text("utf-8") == schema_text(), (
        "regenerate with .venv/bin/python tests/regenerate_goldens.py"
    )
