"""``hanafuda train --play-net``: the play network by expert iteration, round 0 labelled as the
labels' own command labels, each later round playing and searching by the round before's
network, checkpointed shard by shard so that the same command resumes it. The numpy fit is
replaced by a plain one (the tests run without the training extra)."""

from __future__ import annotations

import json
import os
import signal
import sys
import types

import pytest
from helpers.bots import a_net
from helpers.cli import refused, run

from hanafuda_tui.bots.play_net import read_play_net
from hanafuda_tui.training import play_labels
from hanafuda_tui.training import play_train as training
from hanafuda_tui.training.play_train import NetPlan, train_play_net
from hanafuda_tui.training.run import TrainError

PLAN = NetPlan(
    ruleset="koikoi2",
    options={"months": 3},
    seed=6,
    rounds=2,
    shards=3,
    games=1,
    play_share=0.5,
    play_iterations=4,
    held=1,
    hidden=2,
    steps=5,
)


def plain_fit(
    monkeypatch, fitted: list[tuple[int, int, int]] | None = None, least: int = 5
) -> None:
    """A fit that needs no numpy: the same small network, its stats saying what it was given
    (and ``fitted`` keeping the count of decisions fitted and held out, and the seed)."""

    def fit_and_judge(ruleset, fit_on, held_out, seed, hidden, steps, ridges):
        if fitted is not None:
            fitted.append((len(fit_on), len(held_out), seed))
        judged = {"decisions": float(len(held_out)), "agrees": 0.5, "lost": 0.01}
        stats = {"decisions": len(fit_on), "held_out": {"net": judged, "normal": judged}}
        return a_net(ruleset).net, stats

    fit = types.ModuleType("hanafuda_tui.training.play_fit")
    fit.MIN_FITTED = least
    fit.RIDGES = (0.01,)
    fit.fit_and_judge = fit_and_judge
    monkeypatch.setitem(sys.modules, "hanafuda_tui.training.play_fit", fit)


def shard_plays(path) -> list[dict]:
    return json.loads(path.read_text("utf-8"))["plays"]


def test_round_0_is_the_labels_commands_own_and_the_last_shards_judge_the_fit(
    tmp_path, monkeypatch
):
    plain_fit(monkeypatch, fitted := [])
    plan = PLAN.model_copy(update={"rounds": 1})
    train_play_net(tmp_path / "w", plan, tmp_path / "o.json", 1, lambda _: None)
    argv = ["--work", str(tmp_path / "l"), "--seed", "6", "--shards", "3", "--games", "1"]
    assert play_labels.main([*argv, "--share", "0.5", "--iterations", "4", "--months", "3"]) == 0
    trained = [shard_plays(tmp_path / "w" / "round-0" / f"shard-{k}.json") for k in range(3)]
    labelled = [shard_plays(tmp_path / "l" / f"plays-{k}.json") for k in range(3)]
    assert trained == labelled and all(trained)
    assert fitted == [(len(trained[0]) + len(trained[1]), len(trained[2]), 6)]


def test_stopped_training_goes_on_and_later_rounds_play_the_round_befores_network(
    tmp_path, monkeypatch
):
    plain_fit(monkeypatch)
    labelled: list[tuple[int, int, str | None]] = []
    label = training.label_plays

    def counted(shard):
        if len(labelled) == 2 and not (tmp_path / "stopped-once").exists():
            (tmp_path / "stopped-once").touch()
            raise KeyboardInterrupt
        labelled.append((shard.round, shard.k, shard.policy))
        return label(shard)

    monkeypatch.setattr(training, "label_plays", counted)
    work, out = tmp_path / "work", tmp_path / "out.json"
    with pytest.raises(KeyboardInterrupt):
        train_play_net(work, PLAN, out, 1, lambda _: None)
    assert sorted(p.name for p in (work / "round-0").iterdir()) == ["shard-0.json", "shard-1.json"]
    assert not out.exists()
    said: list[str] = []
    net = train_play_net(work, PLAN, out, 1, said.append)
    round_0 = str((work / "round-0" / "play.json").resolve())
    assert labelled == [(0, 0, None), (0, 1, None), (0, 2, None)] + [
        (1, k, round_0) for k in range(3)
    ]
    round_1 = [shard_plays(work / "round-1" / f"shard-{k}.json") for k in range(3)]
    assert round_1 != [shard_plays(work / "round-0" / f"shard-{k}.json") for k in range(3)]
    assert read_play_net(out.read_text("utf-8"), "koikoi2") == net
    assert net.provenance.rounds == 2 and net.provenance.seed == 6
    assert any(line.startswith("round 2/2: ") and "held out" in line for line in said)
    again: list[str] = []
    train_play_net(work, PLAN, out, 1, again.append)
    assert again == ["round 1/2: done before", "round 2/2: done before"]
    with pytest.raises(TrainError, match="another training's plan"):
        train_play_net(work, PLAN.model_copy(update={"hidden": 8}), out, 1, print)


@pytest.mark.parametrize("name", ["round-0/shard-1.json", "round-0/play.json"])
@pytest.mark.parametrize(
    "text",
    [
        "{}",
        "[]",
        "not json",
        json.dumps({"ruleset": "koikoi2", "plays": [{"v": []}]}),
        "BAD_ACTION",
    ],
)
def test_a_damaged_shard_or_network_is_one_line_naming_it(tmp_path, monkeypatch, name, text):
    plain_fit(monkeypatch)
    plan = PLAN.model_copy(update={"rounds": 1})
    work = tmp_path / "w"
    train_play_net(work, plan, tmp_path / "o.json", 1, lambda _: None)
    if name != "round-0/play.json":
        (work / "round-0" / "play.json").unlink()  # the round is fitted again from its shards
    if text == "BAD_ACTION":  # a labelled play whose action is no card: a 取消し (128)
        shard = json.loads((work / "round-0" / "shard-1.json").read_text("utf-8"))
        shard["plays"][0]["legal"][0] = 128
        text = json.dumps(shard)
    (work / name).write_text(text, encoding="utf-8")
    with pytest.raises(TrainError) as caught:
        train_play_net(work, plan, tmp_path / "o.json", 1, lambda _: None)
    assert str(work / name) in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("share", "least"), [(0.001, 5), (0.5, 1_000_000)])
def test_too_few_plays_to_fit_is_one_line(tmp_path, monkeypatch, share, least):
    """None labelled at all, or fewer than the fit needs to choose its ridge."""
    plain_fit(monkeypatch, least=least)
    plan = PLAN.model_copy(update={"rounds": 1, "play_share": share})
    with pytest.raises(TrainError, match="too few plays labelled to fit and to judge"):
        train_play_net(tmp_path / "w", plan, tmp_path / "o.json", 1, lambda _: None)


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (("--held", "3", "--shards", "3"), "hanafuda: error: --held must be fewer than --shards\n"),
        (("--hidden", "-1"), "hanafuda: error: --hidden: Input should be greater than or equal"),
        (("--steps", "0"), "hanafuda: error: --steps: Input should be greater than or equal to 1"),
        (("--value",), "hanafuda: error: --value and --play-net are two trainings: give one\n"),
    ],
)
def test_the_command_refuses_a_bad_plan_in_one_line(tmp_path, capsys, flags, says):
    argv = ["train", "--ruleset", "koikoi2", "--play-net", "--work", str(tmp_path / "w")]
    assert refused(capsys, *argv, *flags).startswith(says)
    assert not (tmp_path / "w").exists()


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_or_sigterm_stops_the_command_where_the_same_command_goes_on(
    tmp_path, monkeypatch, capsys, sig, status
):
    plain_fit(monkeypatch)
    monkeypatch.setitem(sys.modules, "numpy", types.ModuleType("numpy"))  # the fit is plain
    label = training.label_plays

    def stopped_at_the_second(shard):
        if shard.k == 1:
            os.kill(os.getpid(), sig)
        return label(shard)

    monkeypatch.setattr(training, "label_plays", stopped_at_the_second)
    work = tmp_path / "w"
    argv = ["train", "--ruleset", "koikoi2", "--option", "months=3", "--play-net"]
    sizes = ["--rounds", "1", "--shards", "3", "--games", "1", "--play-iterations", "4"]
    places = ["--work", str(work), "--out", str(tmp_path / "o.json"), "--held", "1", "--jobs", "1"]
    interrupt = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code, out, err = run(capsys, *argv, *sizes, *places)
    finally:
        signal.signal(signal.SIGINT, interrupt)
    assert code == status and out == ""
    assert err.endswith(": stopped; the same command goes on from the last shard written\n")
    assert "Traceback" not in err
    assert [p.name for p in (work / "round-0").iterdir()] == ["shard-0.json"]


def test_a_finished_training_goes_on_when_given_more_rounds(tmp_path, monkeypatch):
    plain_fit(monkeypatch)
    work, out = tmp_path / "w", tmp_path / "o.json"
    train_play_net(work, PLAN.model_copy(update={"rounds": 1}), out, 1, lambda _: None)
    labelled: list[tuple[int, str | None]] = []
    label = training.label_plays

    def counted(shard):
        labelled.append((shard.round, shard.policy))
        return label(shard)

    monkeypatch.setattr(training, "label_plays", counted)
    net = train_play_net(work, PLAN, out, 1, lambda _: None)
    assert labelled == [(1, str((work / "round-0" / "play.json").resolve()))] * 3
    assert net.provenance.rounds == 2
