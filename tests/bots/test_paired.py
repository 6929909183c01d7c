"""Two bots paired on the same deals and seats: the arithmetic of wins and leads by deal set, the
sims it reads, and every bad file or mismatch in one line."""

from __future__ import annotations

import json

import pytest
from helpers.cli import run

from hanafuda_tui.bots import paired


def a_run(path, totals, seed=1, specs=("a", "b"), games=None):
    data = {
        "ruleset": "koikoi2",
        "options": {"months": 3},
        "seed": seed,
        "specs": list(specs),
        "games": len(totals) if games is None else games,
        "totals": totals,
    }
    path.write_text(json.dumps(data))
    return str(path)


def test_games_are_paired_by_deal_set_and_a_shared_top_counts_a_share(tmp_path, capsys):
    # Two deal sets of two seat orders each. Row: won, lost | shared top, won.
    row = a_run(tmp_path / "row.json", [[5, 0], [0, 3], [2, 2], [4, 1]])
    # Other: lost, lost | shared top, lost.
    other = a_run(tmp_path / "other.json", [[0, 5], [0, 3], [2, 2], [1, 4]])
    assert paired.main(["--row", row, "--vs", other]) == 0
    out = capsys.readouterr().out.splitlines()
    # Row: wins 1 + 0 + 0.5 + 1 of 4 (Wilson 95% [21.9, 90.8]), leads 5 - 3 + 0 + 3.
    assert out[0] == "row a: 4 games, won 62.5% [21.9, 90.8], lead +1.25 a game"
    assert out[1].startswith("vs  a: 4 games, won 12.5% [")
    assert out[1].endswith("], lead -2.75 a game")
    # Deal set 1: wins (1 + 0 - 0 - 0) / 2 = 0.5, leads (5 - 3 - (-5) - (-3)) / 2 = 5.
    # Deal set 2: wins (0.5 + 1 - 0.5 - 0) / 2 = 0.5, leads (0 + 3 - 0 - (-3)) / 2 = 3.
    assert out[2].startswith("paired on 2 deal sets: wins +50.00 points [+50.00, +50.00],")
    assert out[2].endswith("lead +4.00 [+2.04, +5.96] a game")


def test_a_bot_paired_with_itself_differs_by_nothing_and_a_better_one_shows(tmp_path, capsys):
    files = {}
    for name, bots in [("easy", "easy,random"), ("again", "easy,random"), ("rand", "random,easy")]:
        sim = ["sim", "--ruleset", "koikoi2", "--option", "months=3", "--games", "40"]
        code, out, _ = run(capsys, *sim, "--seed", "7", "--bots", bots, "--json")
        assert code == 0
        files[name] = str(tmp_path / f"{name}.json")
        (tmp_path / f"{name}.json").write_text(out)
    assert paired.main(["--row", files["easy"], "--vs", files["again"]]) == 0
    said = capsys.readouterr().out
    assert "paired on 20 deal sets: wins +0.00 points [+0.00, +0.00]" in said
    assert paired.main(["--row", files["easy"], "--vs", files["rand"]]) == 0
    line = capsys.readouterr().out.splitlines()[2]
    low = float(line.split("[")[1].split(",")[0])
    assert low > 0, line  # easy beats random on the very same deals


@pytest.mark.parametrize(
    ("other", "says"),
    [
        (dict(totals=[[1, 0], [0, 1], [2, 0], [0, 2]]), "did not play the same games"),
        (dict(totals=[[1, 0, 0], [0, 1, 0], [0, 0, 1]], specs="abb"), "did not play the same"),
        (dict(totals=[[1, 0], [0, 1]], seed=2), "no seed is in both"),
        (dict(totals=[[1, 0], [0, 1]], specs="aa"), "seat their bots differently"),
        (dict(totals=[[1, 0], [0, 1], [2, 0]]), "the games are not whole deal sets"),
    ],
)
def test_runs_that_did_not_play_the_same_games_are_one_line(tmp_path, capsys, other, says):
    row = a_run(tmp_path / "row.json", [[1, 0], [0, 1]])
    other_file = a_run(tmp_path / "other.json", **other)
    assert paired.main(["--row", row, "--vs", other_file]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "is empty"),
        ("{", "is not a sim's --json output"),
        ('{"ruleset": "koikoi2"}', "is not a sim's --json output: options: Field required"),
        (b"\xff\xfe", "cannot read"),
    ],
)
def test_a_bad_file_is_one_line(tmp_path, capsys, text, says):
    bad = tmp_path / "bad\x1b[31m.json"
    if isinstance(text, bytes):
        bad.write_bytes(text)
    else:
        bad.write_text(text)
    good = a_run(tmp_path / "good.json", [[1, 0], [0, 1]])
    assert paired.main(["--row", str(bad), "--vs", good]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "\x1b" not in err
