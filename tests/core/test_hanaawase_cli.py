"""`hanafuda sim --ruleset hanaawase` writes records that `hanafuda replay` plays to the same totals."""

import json

from hanafuda_tui.cli import main


def test_sim_records_replay_to_the_same_totals(tmp_path, capsys):
    args = ["sim", "--ruleset", "hanaawase", "--games", "4", "--seed", "5", "--json"]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    sim = json.loads(capsys.readouterr().out)
    assert sim["options"] == {"months": 12} and sim["months"] == 4 * 12
    assert all(len(t) == 3 and sum(t) == 0 for t in sim["totals"])
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    for record, totals in zip(records, sim["totals"], strict=True):
        assert main(["replay", str(record), "--json"]) == 0
        again = json.loads(capsys.readouterr().out)
        assert again["ruleset"] == "hanaawase" and again["finished"]
        assert again["totals"] == totals and len(again["months"]) == 12
        net = [sum(m["payments"][s] for m in again["months"]) for s in range(3)]
        assert net == totals


def test_the_months_option_sets_the_rounds_played(capsys):
    args = ["sim", "--ruleset", "hanaawase", "--games", "2", "--seed", "1", "--json"]
    assert main([*args, "--option", "months=3"]) == 0
    assert json.loads(capsys.readouterr().out)["months"] == 2 * 3
