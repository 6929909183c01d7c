"""`hanafuda replay FILE --json`: every month carries its outcome and lines, every settlement its
lines, and they add up per seat to the payments (docs/rules/*.md, the settlement sections)."""

import json

import pytest

from hanafuda_tui.cli import main
from hanafuda_tui.core.results import Cause, Outcome

KEYS = {"seat", "amount", "cause", "name", "value", "other"}


def assert_lines_add_up(entry, players: int) -> None:
    sums = [0] * players
    for line in entry["lines"]:
        assert set(line) == KEYS and line["cause"] in set(Cause)
        assert line["other"] != line["seat"]
        sums[line["seat"]] += line["amount"]
    assert sums == entry["payments"]


@pytest.mark.parametrize(
    ("ruleset", "players"), [("koikoi3", 3), ("koikoi2", 2), ("hanaawase", 3), ("hachihachi", 3)]
)
def test_replayed_months_and_settlements_explain_every_payment(tmp_path, capsys, ruleset, players):
    args = ["sim", "--ruleset", ruleset, "--games", "2", "--seed", "3", "--json"]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 2
    for record in records:
        assert main(["replay", str(record), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["months"]
        for month in out["months"]:
            assert month["outcome"] in set(Outcome)
            assert_lines_add_up(month, players)
        for settled in out["settlements"]:
            assert_lines_add_up(settled, players)
        if ruleset in ("koikoi3", "hachihachi"):
            assert out["settlements"][-1]["name"] == "吟味"
