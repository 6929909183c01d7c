"""``hanafuda replay FILE --review SEAT``: the strong bot's review printed, the worst first, with a
progress line on stderr; ``--view`` opens the viewer on the record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers.cli import refused, run
from helpers.records import bot_record

from hanafuda_tui.review.judge import mistakes, review


def written(tmp_path: Path, **kw: Any) -> tuple[Path, Any]:
    record = bot_record("koikoi2", 21, {"months": 3}, bot="random", **kw)
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), "utf-8")
    return path, record


def test_the_review_prints_the_mistakes_worst_first(tmp_path: Path, capsys: Any) -> None:
    path, record = written(tmp_path)
    code, out, err = run(capsys, "replay", str(path), "--review", "2", "--iterations", "8")
    assert code == 0
    judged = review(record, 1, 8)
    listed = mistakes(judged)
    lines = out.splitlines()
    assert lines[0].startswith(f"koikoi2: P2 (seat 2), {len(judged)} decisions")
    assert [int(line.split("step")[1].split()[0]) for line in lines[1:]] == [j.at for j in listed]
    assert err.splitlines()[-1] == f"review: {len(judged)}/{len(judged)} decisions"


def test_the_review_as_json_holds_every_decision(tmp_path: Path, capsys: Any) -> None:
    path, record = written(tmp_path)
    code, out, _ = run(capsys, "replay", str(path), "--review", "1", "--iterations", "8", "--json")
    assert code == 0
    data = json.loads(out)
    judged = review(record, 0, 8)
    assert [d["position"] for d in data["decisions"]] == [j.at for j in judged]
    assert [d["played_chance"] for d in data["decisions"]] == [
        round(j.played_chance, 4) for j in judged
    ]
    assert data["mistakes"] == [j.at for j in mistakes(judged)]


@pytest.mark.parametrize(
    ("args", "says"),
    [(["--review", "3"], "a seat from 1 to 2"), (["--review", "1", "--iterations", "0"], "1 to")],
)
def test_a_seat_or_budget_out_of_range_is_one_line(
    tmp_path: Path, capsys: Any, args: list[str], says: str
) -> None:
    path, _ = written(tmp_path)
    assert says in refused(capsys, "replay", str(path), *args)


def test_a_game_not_finished_is_not_reviewed(tmp_path: Path, capsys: Any) -> None:
    path, _ = written(tmp_path, actions=30)
    assert "not finished" in refused(capsys, "replay", str(path), "--review", "1")


def test_view_opens_the_app_with_the_record_in_the_viewer(
    tmp_path: Path, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hanafuda_tui.ui.app as app_module

    path, record = written(tmp_path)
    opened: list[Any] = []
    monkeypatch.setattr(app_module, "run_app", lambda app: opened.append(app) or 0)
    code, _, _ = run(capsys, "replay", str(path), "--view")
    assert code == 0
    assert opened[0].replay_request == app_module.ReplayRequest(record, "game.json")
