"""`hanafuda sim --ruleset koikoi2` writes records that `hanafuda replay` plays to the same totals."""

import json

import pytest

from hanafuda_tui.cli import main


@pytest.mark.parametrize(
    "options", [[], ["--option", "double_seven=true", "--option", "teyaku=on"]]
)
def test_sim_records_replay_to_the_same_totals(tmp_path, capsys, options):
    args = ["sim", "--ruleset", "koikoi2", "--games", "4", "--seed", "5", "--json", *options]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    sim = json.loads(capsys.readouterr().out)
    assert sim["months"] == 4 * 12 and any(sum(t) > 0 for t in sim["totals"])
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    for record, totals in zip(records, sim["totals"], strict=True):
        assert main(["replay", str(record), "--json"]) == 0
        again = json.loads(capsys.readouterr().out)
        assert again["ruleset"] == "koikoi2" and again["finished"]
        assert again["totals"] == totals and len(again["months"]) == 12
        net = [sum(m["payments"][s] for m in again["months"]) for s in range(2)]
        assert net == totals
