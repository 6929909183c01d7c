"""`hanafuda sim --ruleset hanaawase|koikoi2` writes records that `hanafuda replay` plays to the
same totals, with three to six seated at 花合わせ."""

import json

import pytest

from hanafuda_tui.cli import main

KOIKOI2_OPTIONS = ["--option", "double_seven=true", "--option", "teyaku=on"]


@pytest.mark.parametrize(
    ("ruleset", "options", "players"),
    [
        ("hanaawase", [], 3),
        *(("hanaawase", ["--option", f"players={n}"], n) for n in (4, 5, 6)),
        ("koikoi2", [], 2),
        ("koikoi2", KOIKOI2_OPTIONS, 2),
    ],
)
def test_sim_records_replay_to_the_same_totals(tmp_path, capsys, ruleset, options, players):
    args = ["sim", "--ruleset", ruleset, "--games", "4", "--seed", "5", "--json", *options]
    if ruleset == "hanaawase":
        args += ["--bots", ",".join(["random"] * players)]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    sim = json.loads(capsys.readouterr().out)
    assert sim["months"] == 4 * 12 and all(len(t) == players for t in sim["totals"])
    if ruleset == "hanaawase":
        assert sim["options"] == {"months": 12, "players": players}
        assert all(sum(t) == 0 for t in sim["totals"])  # 花合わせ is zero-sum
    else:
        assert any(sum(t) > 0 for t in sim["totals"])  # 二人こいこい only pays the winner
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    for record, totals in zip(records, sim["totals"], strict=True):
        assert main(["replay", str(record), "--json"]) == 0
        again = json.loads(capsys.readouterr().out)
        assert again["ruleset"] == ruleset and again["finished"]
        assert again["totals"] == totals and len(again["months"]) == 12
        net = [sum(m["payments"][s] for m in again["months"]) for s in range(players)]
        assert net == totals


def test_the_months_option_sets_the_rounds_played(capsys):
    args = ["sim", "--ruleset", "hanaawase", "--games", "2", "--seed", "1", "--json"]
    assert main([*args, "--option", "months=3"]) == 0
    assert json.loads(capsys.readouterr().out)["months"] == 2 * 3
