"""The play labels' command (no numpy needed): the months asked reach the games, a play network
plays them where given, and an unknown ruleset or a bad network file is one line."""

from __future__ import annotations

import json
import random

from helpers.bots import a_net

from hanafuda_tui.bots.play_net import net_action, read_play_net
from hanafuda_tui.core import actions as act
from hanafuda_tui.training import play_labels, states
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


def contrary_net_file(path):
    """A network that plays against the normal capture value (``a_net``), in a file."""
    path.write_text(a_net(sign=-1.0).model_dump_json())
    return path


def test_with_a_network_the_games_play_it_at_every_play_and_take(tmp_path, monkeypatch):
    net_file = contrary_net_file(tmp_path / "net.json")
    net = read_play_net(net_file.read_text(), "koikoi2").net
    asked = []
    played = []

    def counted(*args):
        asked.append(args[2])
        return net_action(*args)

    monkeypatch.setattr(states, "net_action", counted)
    rng = random.Random(4)
    for view, _, seen, _ in states.self_play("koikoi2", {"months": 3}, rng, 1, None, net):
        if min(view.legal) < act.DECLARE:
            played.append(seen)
    assert played and asked == played


def test_labels_by_a_network_are_its_games_and_a_bad_file_is_one_line(tmp_path, capsys):
    net_file = contrary_net_file(tmp_path / "net.json")
    work = tmp_path / "labels"
    args = ["--work", str(work), "--shards", "1", "--games", "1", "--share", "0.3"]
    assert (
        play_labels.main([*args, "--iterations", "4", "--months", "3", "--policy", str(net_file)])
        == 0
    )
    by_net = PlayShard("koikoi2", {"months": 3}, 1, 0, 1, 0.3, 4, str(net_file))
    labelled = json.loads((work / "plays-0.json").read_text())["plays"]
    assert labelled == label_plays(by_net)["plays"]
    assert labelled != label_plays(by_net._replace(policy=None))["plays"]
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert play_labels.main([*args, "--policy", str(bad)]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "play network for koikoi2 is not readable" in said
