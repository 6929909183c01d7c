"""``hanafuda train``: self-play labelled by the search, checkpointed shard by shard so that the
same command resumes it. The numpy fit is replaced here by a plain one (the tests run without
the training extra); what is checked is the data, the checkpoints and the resume."""

from __future__ import annotations

import sys
import types

import pytest
from helpers.cli import refused

from hanafuda_tui.bots.learned import PLAY_FEATURES, STOP_FEATURES, read_weights
from hanafuda_tui.training import run as training
from hanafuda_tui.training.run import Plan, TrainError, train
from hanafuda_tui.training.states import Shard, label_shard


def plain_fit(monkeypatch) -> None:
    """A fit that needs no numpy and says what it was given: the count of its rows."""
    fit = types.ModuleType("hanafuda_tui.training.fit")
    fit.fit_stop = lambda rows: ([float(len(rows))] + [0.0] * (len(STOP_FEATURES) - 1), {})
    fit.fit_play = lambda states, prior: (
        [float(sum(len(s["v"]) for s in states)), *prior[1:]],
        {"states": float(len(states))},
    )
    monkeypatch.setitem(sys.modules, "hanafuda_tui.training.fit", fit)


PLAN = Plan(
    ruleset="koikoi2",
    options={"months": 3},
    seed=7,
    rounds=2,
    shards=3,
    games=1,
    play_share=0.5,
    stop_iterations=6,
    play_iterations=4,
)


def test_a_shard_is_labelled_from_the_seats_view_and_is_the_same_again():
    shard = Shard("koikoi2", {"months": 3}, 3, 0, 0, 2, 0.5, 6, 4, None)
    data = label_shard(shard)
    assert data["play"] and data["games"] == 2
    for row in data["stop"]:
        assert len(row) == len(STOP_FEATURES) + 1
        assert -1.0 <= row[-1] <= 1.0  # a difference of two chances
    for state in data["play"]:
        assert all(len(x) == len(PLAY_FEATURES) for x in state["x"])
        assert len(state["v"]) == len(state["x"])
        assert all(-1.0 <= v <= 2.0 for v in state["v"])  # a chance plus paired differences
    again = label_shard(shard)
    assert (again["stop"], again["play"]) == (data["stop"], data["play"])


def test_stopped_training_goes_on_from_the_last_shard_written(tmp_path, monkeypatch):
    plain_fit(monkeypatch)
    whole = train(tmp_path / "whole", PLAN, tmp_path / "whole.json", 1, lambda _: None)

    labelled: list[tuple[int, int, bool]] = []

    def counted(shard):
        if len(labelled) == 2 and not (tmp_path / "stopped-once").exists():
            (tmp_path / "stopped-once").touch()
            raise KeyboardInterrupt
        labelled.append((shard.round, shard.k, shard.weights is not None))
        return label_shard(shard)

    monkeypatch.setattr(training, "label_shard", counted)
    work, out = tmp_path / "work", tmp_path / "out.json"
    with pytest.raises(KeyboardInterrupt):
        train(work, PLAN, out, 1, lambda _: None)
    assert sorted(p.name for p in (work / "round-0").iterdir()) == ["shard-0.json", "shard-1.json"]
    assert not out.exists()
    resumed = train(work, PLAN, out, 1, lambda _: None)
    assert labelled == [(0, 0, False), (0, 1, False), (0, 2, False)] + [
        (1, k, True) for k in range(3)
    ]  # round 1 plays and searches with round 0's weights
    assert resumed.model_dump(exclude={"provenance"}) == whole.model_dump(exclude={"provenance"})
    assert read_weights(out.read_text("utf-8"), "koikoi2") == resumed
    assert resumed.provenance.rounds == 2 and resumed.provenance.seed == 7


def test_a_work_directory_answers_only_its_own_plan(tmp_path, monkeypatch):
    plain_fit(monkeypatch)
    train(tmp_path / "w", PLAN.model_copy(update={"rounds": 1}), tmp_path / "o.json", 1, print)
    with pytest.raises(TrainError, match="another training's plan"):
        train(tmp_path / "w", PLAN, tmp_path / "o.json", 1, print)


def test_train_without_numpy_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "numpy", None)
    err = refused(capsys, "train", "--ruleset", "koikoi2", "--work", str(tmp_path))
    assert err == (
        "hanafuda: error: training needs numpy: pip install -e '.[train]' (playing does not)\n"
    )


def test_train_refuses_bad_sizes_in_one_line(tmp_path, capsys):
    err = refused(capsys, "train", "--ruleset", "koikoi2", "--work", str(tmp_path), "--rounds", "0")
    assert err == "hanafuda: error: --rounds: Input should be greater than or equal to 1\n"
