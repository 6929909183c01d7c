"""``hanafuda train --value``: self-play positions labelled by their month's outcome, checkpointed
shard by shard so that the same command resumes it; later rounds play with the search reading the
round before's network. The numpy fit is replaced by a plain one (the tests run without the
training extra)."""

from __future__ import annotations

import sys
import types

import pytest

from hanafuda_tui.bots.value import card_blocks, inputs, read_value, scalar_count
from hanafuda_tui.training import value as training
from hanafuda_tui.training.run import TrainError
from hanafuda_tui.training.value import ValuePlan, ValueShard, label_value_shard, train_value

PLAN = ValuePlan(
    ruleset="koikoi2",
    options={"months": 3},
    seed=5,
    rounds=2,
    shards=2,
    search_shards=1,
    games=1,
    positions=0.3,
    search_iterations=4,
    hidden=4,
)


def plain_fit(monkeypatch) -> None:
    """A fit that needs no numpy: every weight 0 but the output's bias, the mean label."""

    def fit_value(bits, scalars, labels, players, hidden, seed):
        ys = [v for shard in labels for v in shard]
        first = [[0.0] * inputs(players) for _ in range(hidden)]
        return [(first, [0.0] * hidden), ([[0.0] * hidden], [sum(ys) / len(ys)])], {
            "positions": len(ys),
            "loss": 0.0,
            "scores_loss": 0.0,
            "constant_loss": 0.0,
        }

    fit = types.ModuleType("hanafuda_tui.training.value_fit")
    fit.fit_value = fit_value
    monkeypatch.setitem(sys.modules, "hanafuda_tui.training.value_fit", fit)


def test_a_value_shard_labels_each_position_with_a_chance_and_is_the_same_again():
    shard = ValueShard("koikoi2", {"months": 3}, 3, 0, 0, 2, 0.3, 4, None)
    data = label_value_shard(shard)
    assert data["y"] and len(data["y"]) == len(data["bits"]) == len(data["scalars"])
    assert all(0.0 <= y <= 1.0 for y in data["y"])
    assert all(max(b) < 48 * card_blocks(2) for b in data["bits"] if b)
    assert all(len(s) == scalar_count(2) for s in data["scalars"])
    again = label_value_shard(shard)
    assert (again["bits"], again["scalars"], again["y"]) == (
        data["bits"],
        data["scalars"],
        data["y"],
    )


def test_stopped_value_training_goes_on_from_the_last_shard_written(tmp_path, monkeypatch):
    plain_fit(monkeypatch)
    labelled: list[tuple[int, int, bool]] = []
    label = training.label_value_shard

    def counted(shard):
        if len(labelled) == 1 and not (tmp_path / "stopped-once").exists():
            (tmp_path / "stopped-once").touch()
            raise KeyboardInterrupt
        labelled.append((shard.round, shard.k, shard.net is not None))
        return label(shard)

    monkeypatch.setattr(training, "label_value_shard", counted)
    work, out = tmp_path / "work", tmp_path / "out.json"
    with pytest.raises(KeyboardInterrupt):
        train_value(work, PLAN, out, 1, lambda _: None)
    assert [p.name for p in (work / "round-0").iterdir()] == ["shard-0.json"]
    assert not out.exists()
    said: list[str] = []
    net = train_value(work, PLAN, out, 1, said.append)
    assert labelled == [(0, 0, False), (0, 1, False), (1, 0, True)]
    assert net.provenance["rounds"] == 2 and net.provenance["games"] == 3
    assert read_value(out.read_text("utf-8"), "koikoi2").layers == net.layers
    assert any("round 2/2: shard 1/1" in line for line in said)
    again: list[str] = []
    train_value(work, PLAN, out, 1, again.append)
    assert again == ["round 1/2: done before", "round 2/2: done before"]
    with pytest.raises(TrainError, match="another training's plan"):
        train_value(work, PLAN.model_copy(update={"hidden": 8}), out, 1, print)
