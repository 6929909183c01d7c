"""A game in which a player was shown advice says so in its record; other records are unchanged."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from helpers.cli import run

from hanafuda_tui.core.records import SeatRecord, load_record, new_game, record_of, replay

SEATS = [SeatRecord(name=n, player="random") for n in "ABC"]


def test_the_advice_mark_round_trips_and_is_absent_by_default() -> None:
    game = new_game("koikoi3", random.Random(3))
    plain = record_of(game, SEATS)
    assert '"advice"' not in plain.to_json()
    assert load_record(plain.to_json()).advice is False
    marked = record_of(game, SEATS, advice=True)
    text = marked.to_json()
    assert '"advice": true' in text
    again = load_record(text)
    assert again.advice is True
    assert again.deals == plain.deals
    assert replay(again).view(0) == replay(plain).view(0)


def test_replay_shows_the_advice_mark(capsys: Any, tmp_path: Path) -> None:
    game = new_game("koikoi3", random.Random(3))
    for marked in (False, True):
        path = tmp_path / f"{marked}.json"
        path.write_text(record_of(game, SEATS, advice=marked).to_json(), encoding="utf-8")
        code, out, _ = run(capsys, "replay", str(path))
        assert code == 0
        assert ("played with advice" in out) is marked
        code, out, _ = run(capsys, "replay", str(path), "--json")
        assert code == 0
        assert json.loads(out)["advice"] is marked
