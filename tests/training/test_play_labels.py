"""The play labels' command (no numpy needed): the months asked reach the games, and an unknown
ruleset is one line."""

from __future__ import annotations

import json

from hanafuda_tui.training import play_labels
from hanafuda_tui.training.play_labels import PlayShard, label_plays


def test_the_labels_command_plays_the_months_asked_and_refuses_an_unknown_ruleset(tmp_path, capsys):
    work = tmp_path / "labels"
    args = ["--work", str(work), "--shards", "1", "--games", "1", "--share", "0.2"]
    assert play_labels.main([*args, "--iterations", "6", "--months", "3"]) == 0
    shard = PlayShard("koikoi2", {"months": 3}, 1, 0, 1, 0.2, 6)
    assert json.loads((work / "plays-0.json").read_text())["plays"] == label_plays(shard)["plays"]
    assert play_labels.main([*args, "--ruleset", "nope"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "unknown ruleset 'nope'" in said
