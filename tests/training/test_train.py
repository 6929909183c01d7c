"""``hanafuda train``: self-play labelled by the search, checkpointed shard by shard so that the
same command resumes it. The numpy fit is replaced here by a plain one (the tests run without
the training extra); what is checked is the data, the checkpoints and the resume."""

from __future__ import annotations

import json
import sys
import time
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


def test_a_work_directory_answers_only_its_own_plan_given_more_rounds(tmp_path, monkeypatch):
    plain_fit(monkeypatch)
    one = train(
        tmp_path / "w", PLAN.model_copy(update={"rounds": 1}), tmp_path / "o.json", 1, print
    )
    said: list[str] = []
    two = train(tmp_path / "w", PLAN, tmp_path / "o.json", 1, said.append)
    assert said[0] == "round 1/2: done before" and two.provenance.rounds == 2
    assert read_weights((tmp_path / "w" / "round-0" / "weights.json").read_text(), "koikoi2") == one
    with pytest.raises(TrainError, match="another training's plan"):
        train(tmp_path / "w", PLAN.model_copy(update={"games": 2}), tmp_path / "o.json", 1, print)


def test_train_without_numpy_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "numpy", None)
    err = refused(capsys, "train", "--ruleset", "koikoi2", "--work", str(tmp_path))
    assert err == (
        "hanafuda: error: training needs numpy: pip install -e '.[train]' (playing does not)\n"
    )


def test_train_refuses_bad_sizes_in_one_line(tmp_path, capsys):
    err = refused(capsys, "train", "--ruleset", "koikoi2", "--work", str(tmp_path), "--rounds", "0")
    assert err == "hanafuda: error: --rounds: Input should be greater than or equal to 1\n"


GOOD_LABELS = {"stop": [], "play": [], "games": 1, "cpu_seconds": 0.5}


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("plan.json", "{}"),
        ("plan.json", "[]"),
        ("plan.json", "not json"),
        ("round-0/weights.json", "{}"),
        ("round-0/weights.json", "[]"),
        ("round-0/shard-0.json", "{}"),
        ("round-0/shard-0.json", "[]"),
        ("round-0/shard-0.json", json.dumps({**GOOD_LABELS, "stop": "x"})),
        ("round-0/shard-0.json", json.dumps({**GOOD_LABELS, "stop": [[1.0, 2.0]]})),
        ("round-0/shard-0.json", json.dumps({**GOOD_LABELS, "play": [{"x": 1}]})),
        ("round-0/shard-0.json", json.dumps({**GOOD_LABELS, "play": [{"x": [], "v": []}]})),
        (
            "round-0/shard-0.json",
            json.dumps({**GOOD_LABELS, "play": [{"x": [[0.0] * len(PLAY_FEATURES)], "v": []}]}),
        ),
        ("round-0/shard-0.json", json.dumps({**GOOD_LABELS, "cpu_seconds": "x"})),
    ],
)
def test_a_damaged_checkpoint_is_one_line_naming_it(tmp_path, monkeypatch, name, text):
    plain_fit(monkeypatch)
    plan = PLAN.model_copy(update={"rounds": 1})
    work = tmp_path / "w"
    train(work, plan, tmp_path / "o.json", 1, lambda _: None)
    if name != "round-0/weights.json":
        (work / "round-0" / "weights.json").unlink()  # the round is fitted again from its shards
    (work / name).write_text(text, encoding="utf-8")
    with pytest.raises(TrainError) as caught:
        train(work, plan, tmp_path / "o.json", 1, lambda _: None)
    message = str(caught.value)
    assert str(work / name) in message and "\n" not in message


def test_a_shard_as_labelled_reads_back(tmp_path, monkeypatch):
    plain_fit(monkeypatch)
    plan = PLAN.model_copy(update={"rounds": 1})
    train(tmp_path / "w", plan, tmp_path / "o.json", 1, lambda _: None)
    (tmp_path / "w" / "round-0" / "weights.json").unlink()
    assert train(tmp_path / "w", plan, tmp_path / "o.json", 1, lambda _: None).play is not None


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (("--jobs", "100000"), "--jobs must be 0 (every core) or 1 to 64"),
        (("--jobs", "-3"), "--jobs must be 0 (every core) or 1 to 64"),
        (("--seed", "1" * 23), "--seed: Input should be less than or equal to"),
        (("--seed", "-1"), "--seed: Input should be greater than or equal to 0"),
    ],
)
def test_train_refuses_out_of_bounds_numbers_in_one_line(tmp_path, capsys, flags, says):
    err = refused(capsys, "train", "--ruleset", "koikoi2", "--work", str(tmp_path / "w"), *flags)
    assert says in err
    assert not (tmp_path / "w").exists()


def test_train_refuses_a_work_file_and_an_out_directory_before_training(tmp_path, capsys):
    a_file = tmp_path / "file"
    a_file.write_text("")
    err = refused(capsys, "train", "--ruleset", "koikoi2", "--work", str(a_file))
    assert "is not a directory" in err
    argv = ["train", "--ruleset", "koikoi2", "--work", str(tmp_path / "w")]
    assert "is a directory" in refused(capsys, *argv, "--out", str(tmp_path))
    assert "is not a directory" in refused(capsys, *argv, "--out", str(a_file / "o.json"))
    assert not (tmp_path / "w").exists()


def test_each_shard_is_written_as_it_finishes_whatever_the_order(tmp_path, monkeypatch):
    """Shard 0 ends only once shard 1 is written: over two processes, shard 1 is written first
    (a stopped training keeps every shard that had ended)."""
    plain_fit(monkeypatch)
    plan = PLAN.model_copy(update={"rounds": 1, "shards": 2})
    written = tmp_path / "w" / "round-0" / "shard-1.json"

    def after_shard_1(shard):
        if shard.k == 0:
            deadline = time.monotonic() + 60
            while not written.exists():
                if time.monotonic() > deadline:
                    raise AssertionError("shard 1 was not written while shard 0 was labelled")
                time.sleep(0.02)
        return label_shard(shard)

    monkeypatch.setattr(training, "label_shard", after_shard_1)
    train(tmp_path / "w", plan, tmp_path / "o.json", 2, lambda _: None)
    assert written.exists() and (tmp_path / "w" / "round-0" / "shard-0.json").exists()
