"""`hanafuda sim|replay|stats` run in-process: outputs, and one-line refusals."""

import json
import random
from pathlib import Path

import pytest
from helpers.cli import refused, run

EXAMPLE = Path(__file__).resolve().parents[1] / "assets" / "records" / "koikoi3-example.json"


def test_sim_json_totals_are_zero_sum(capsys):
    code, out, _ = run(capsys, "sim", "--games", "20", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 20 and data["months"] >= 20 * 12
    assert len(data["totals"]) == 20
    assert all(len(row) == 3 and sum(row) == 0 for row in data["totals"])
    assert any(row != [0, 0, 0] for row in data["totals"])
    assert isinstance(data["seconds"], float)


def test_sim_is_the_same_for_the_same_seed_whatever_else_uses_random(capsys):
    random.seed(1)
    first = json.loads(run(capsys, "sim", "--games", "5", "--seed", "7", "--json")[1])
    random.seed(2)
    random.random()
    second = json.loads(run(capsys, "sim", "--games", "5", "--seed", "7", "--json")[1])
    other = json.loads(run(capsys, "sim", "--games", "5", "--seed", "8", "--json")[1])
    assert first["totals"] == second["totals"] and first["months"] == second["months"]
    assert other["totals"] != first["totals"]


def test_sim_records_replay_to_the_same_totals(capsys, tmp_path):
    code, out, _ = run(
        capsys, "sim", "--games", "6", "--seed", "3", "--json", "--record-dir", str(tmp_path)
    )
    totals = json.loads(out)["totals"]
    files = sorted(tmp_path.glob("*.json"))
    assert code == 0 and len(files) == 6
    for path, expected in zip(files, totals, strict=True):
        code, out, _ = run(capsys, "replay", str(path), "--json")
        data = json.loads(out)
        assert code == 0 and data["finished"] and data["totals"] == expected
        months_net = [sum(m["payments"][s] for m in data["months"]) for s in range(3)]
        extra = [sum(x["payments"][s] for x in data["settlements"]) for s in range(3)]
        assert [a + b for a, b in zip(months_net, extra, strict=True)] == expected


def test_replay_of_the_example_record(capsys):
    code, out, _ = run(capsys, "replay", str(EXAMPLE), "--json")
    data = json.loads(out)
    assert code == 0 and data["ruleset"] == "koikoi3"
    assert len(data["totals"]) == 3 and sum(data["totals"]) == 0
    assert data["months"] and all(sum(m["payments"]) == 0 for m in data["months"])
    code, text, _ = run(capsys, "replay", str(EXAMPLE))
    assert code == 0 and "合計" in text
    assert " 胴 " in text.splitlines()[1]


def test_replay_names_the_dealer_as_the_ruleset_does(capsys):
    for name in ("hanaawase", "koikoi2"):
        code, text, _ = run(capsys, "replay", str(EXAMPLE.with_name(f"{name}-example.json")))
        first = text.splitlines()[1]
        assert code == 0 and " 親 " in first and "胴" not in first


def test_replay_marks_the_seats_that_sat_a_round_out(capsys, tmp_path):
    """花合わせ with five seated: two seats sit each round out; they show as a dash, not +0."""
    options = ("--ruleset", "hanaawase", "--option", "players=5", "--games", "1")
    run(capsys, "sim", *options, "--seed", "3", "--record-dir", str(tmp_path))
    (path,) = tmp_path.glob("*.json")
    story = json.loads(run(capsys, "replay", str(path), "--json")[1])
    code, text, _ = run(capsys, "replay", str(path))
    rows = text.splitlines()[1 : 1 + len(story["months"])]
    assert code == 0 and len(rows) == len(story["months"]) == 12
    for month, row in zip(story["months"], rows, strict=True):
        amounts = row.split()[-5:]
        assert len(month["sat_out"]) == 2
        for seat, amount in enumerate(amounts):
            out = seat in month["sat_out"]
            assert (amount == "—") == out, row
            assert not out or month["payments"][seat] == 0
            assert not out or all(line["seat"] != seat for line in month["lines"])


def test_replay_of_a_malformed_file_is_one_line(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{ not json", encoding="utf-8")
    assert "not JSON" in refused(capsys, "replay", str(path))


def test_replay_of_an_illegal_record_names_deal_month_and_action(capsys, tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["deals"][0]["actions"].insert(0, "take:A")
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = refused(capsys, "replay", str(path))
    assert "deal 1 (month 1), action 0: take:A is not legal" in err


def test_replay_of_a_wrong_deck_names_the_deal(capsys, tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["deals"][1]["deck"] = data["deals"][1]["deck"][:-1]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "deals.1.deck" in refused(capsys, "replay", str(path))


def test_replay_of_a_missing_file(capsys, tmp_path):
    assert "cannot read" in refused(capsys, "replay", str(tmp_path / "none.json"))


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["sim", "--ruleset", "chess"], "unknown ruleset 'chess'"),
        (["sim", "--option", "speed=3"], "unknown option 'speed'"),
        (["sim", "--option", "months"], "KEY=VALUE"),
        (["sim", "--option", "months=5"], "months"),
        (["sim", "--bots", "random,random,genius"], "unknown bot 'genius'"),
        (["sim", "--bots", "random,random"], "needs 3 bots"),
        (["stats", "dice"], "unknown statistic"),
        (["stats", "teyaku", "--ruleset", "chess"], "unknown ruleset"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, words):
    assert words in refused(capsys, *argv)


def test_an_option_value_from_the_command_line_is_accepted(capsys):
    code, out, _ = run(
        capsys, "sim", "--games", "2", "--seed", "1", "--option", "months=6", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["options"] == {"months": 6}
    assert all(sum(row) == 0 for row in data["totals"])


def test_stats_teyaku_gives_the_seed_counts(capsys):
    code, out, _ = run(capsys, "stats", "teyaku", "--ruleset", "koikoi3", "--json")
    assert code == 0
    assert json.loads(out) == {
        "total": 73_629_072,
        "counts": {
            "手四": 126_720,
            "はねけん": 95_040,
            "二三本": 42_240,
            "一二四": 31_680,
            "四三": 528,
        },
    }
    code, text, _ = run(capsys, "stats", "teyaku")
    assert code == 0 and "126,720" in text and "73,629,072" in text


def test_a_tournament_in_text_times_real_choices(capsys):
    argv = ("sim", "--ruleset", "koikoi3", "--games", "3", "--seed", "2", "--option", "months=3")
    code, out, _ = run(capsys, *argv, "--bots", "easy,random,random")
    assert code == 0 and "every seat order" in out
    line = next(x for x in out.splitlines() if x.strip().startswith("easy"))
    assert "choice ms p50" in line  # decisions with more than one legal action (--json choice_ms)
