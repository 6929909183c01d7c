"""The example records in assets/ are complete games that replay under today's rules."""

from pathlib import Path

import pytest

from hanafuda_tui.core.records import load_record, record_of, replay

EXAMPLES = sorted((Path(__file__).parent.parent / "assets" / "records").glob("*.json"))


def test_every_ruleset_has_an_example():
    names = {p.name.removesuffix("-example.json") for p in EXAMPLES}
    assert names == {"koikoi3", "hachihachi", "hanaawase", "koikoi2"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_replays_to_the_end_and_back_to_the_same_record(path):
    record = load_record(path.read_text(encoding="utf-8"))
    game = replay(record)
    assert game.is_over
    assert record_of(game, record.seats) == record
