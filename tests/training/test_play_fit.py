"""The play network's labels and fit, at a tiny size: reproducible from the seed, and written as
a file the strong bot reads."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

from hanafuda_tui.bots import make_bot
from hanafuda_tui.bots.play_net import read_play_net
from hanafuda_tui.training import play_fit, play_labels
from hanafuda_tui.training.play_labels import PlayShard, label_plays

SHARD = PlayShard("koikoi2", {"months": 3}, 5, 0, 1, 0.3, 8)


def test_labels_are_reproducible_and_hold_a_value_an_action():
    first = label_plays(SHARD)
    assert first["plays"] == label_plays(SHARD)["plays"]
    assert len(first["plays"]) > 5
    for p in first["plays"]:
        assert len(p["v"]) == len(p["legal"]) > 1
        assert all(0.0 <= v <= 1.0 for v in p["v"])


def test_the_fit_is_reproducible_from_its_seed():
    positions = label_plays(SHARD)["plays"]
    d = play_fit.decisions("koikoi2", positions)
    one = play_fit.fit_net(d, seed=3, hidden=4, steps=20)
    assert one == play_fit.fit_net(d, seed=3, hidden=4, steps=20)
    assert one != play_fit.fit_net(d, seed=4, hidden=4, steps=20)
    judged = play_fit.judge(play_fit._first_best(play_fit.scores(one, d.x), d), d)
    assert judged["decisions"] == len(positions)
    assert 0.0 <= judged["agrees"] <= 1.0 and judged["lost"] >= 0.0


def test_the_commands_label_fit_and_write_a_network_strong_reads(tmp_path, capsys):
    work = tmp_path / "labels"
    args = ["--work", str(work), "--shards", "3", "--games", "1", "--share", "0.2", "--months", "3"]
    assert play_labels.main([*args, "--iterations", "6"]) == 0
    written = sorted(p.name for p in work.iterdir())
    assert written == ["plays-0.json", "plays-1.json", "plays-2.json"]
    before = (work / "plays-0.json").read_text()
    assert play_labels.main([*args, "--iterations", "6"]) == 0  # resumed: nothing redone
    assert (work / "plays-0.json").read_text() == before
    out = tmp_path / "net.json"
    fit = ["--work", str(work), "--out", str(out), "--held", "1", "--hidden", "3"]
    assert play_fit.main([*fit, "--steps", "10"]) == 0
    said = capsys.readouterr().out
    assert "net:" in said and "normal:" in said
    net = read_play_net(out.read_text("utf-8"), "koikoi2")
    assert len(net.net.W) == 3
    make_bot(f"strong:iterations=4:policy={out}", random.Random(1))
