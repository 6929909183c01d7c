"""`hanafuda stats teyaku|ba`, `sim --option` and `replay --sheet` for 八八."""

import json

from hanafuda_tui.cli import main


def test_stats_teyaku_json_cells(capsys):
    assert main(["stats", "teyaku", "--ruleset", "hachihachi", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"] == 73629072
    assert out["cells"]["三本"]["単独"] == 4025772
    assert out["cells"]["単独"]["空素"] == 826704
    assert out["cells"]["四三"]["赤"] == 0
    assert sum(sum(row.values()) for row in out["cells"].values()) == 73629072


def test_stats_ba(capsys):
    assert main(["stats", "ba"]) == 0
    text = capsys.readouterr().out
    for figure in ("5.7206", "3.3273", "2.9521", "4.4059%"):
        assert figure in text
    assert main(["stats", "ba", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert round(out["etsunen"] * 100, 4) == 4.4059


def test_sim_with_options_records_replay_and_sheet(tmp_path, capsys):
    args = ["sim", "--ruleset", "hachihachi", "--games", "3", "--json"]
    args += ["--option", "menu=C", "--option", "etsunen=on", "--record-dir", str(tmp_path)]
    assert main(args) == 0
    sim = json.loads(capsys.readouterr().out)
    assert sim["options"] == {"menu": "C", "etsunen": True}
    assert all(sum(t) == 0 for t in sim["totals"])
    record = sorted(tmp_path.iterdir())[0]
    assert main(["replay", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == sim["totals"][0]
    assert main(["replay", str(record), "--sheet"]) == 0
    sheet = capsys.readouterr().out.splitlines()
    assert sheet[1].split()[:2] == ["貫", "点"]  # the units under each name
    labels = [line.split()[0] for line in sheet[2:] if line.strip()]
    assert labels[0].startswith("1月")
    for closing in ("合計", "月石清算", "吟味分減算", "再計", "点を貫に", "端数処理", "最終得点"):
        assert closing in labels
    final = sheet[-1].split()[1:]
    assert [int(x) * 12 for x in final] == sim["totals"][0]


def test_bad_option_is_one_line(capsys):
    assert main(["sim", "--ruleset", "hachihachi", "--option", "menu=Z"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hanafuda: error:") and len(err.strip().splitlines()) == 1


def test_stats_teyaku_text_grid(capsys):
    assert main(["stats", "teyaku", "--ruleset", "hachihachi"]) == 0
    lines = capsys.readouterr().out.splitlines()
    sanbon = next(line for line in lines if line.split()[0] == "三本")
    assert sanbon.split()[1] == "4,025,772" and sanbon.split()[-1] == "4,620,000"
    total = next(line for line in lines if line.split()[0] == "合計")
    assert total.split()[2:] == [
        "4,795,560",
        "2,664,090",
        "2,368,080",
        "1,184,040",
        "888,030",
        "73,629,072",
    ]


def test_sheet_of_another_ruleset_is_a_one_line_error(tmp_path, capsys):
    assert main(["sim", "--ruleset", "koikoi3", "--games", "1", "--record-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    record = next(tmp_path.iterdir())
    assert main(["replay", str(record), "--sheet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "八八" in err[0]


def test_sim_with_a_three_month_year_records_replay_and_sheet(tmp_path, capsys):
    """The house rule's short year: three months (越年 off), the record keeps ``months`` and
    replays to the same totals; the sheet ends with 3月 and the year's settlement."""
    args = ["sim", "--ruleset", "hachihachi", "--games", "2", "--json", "--seed", "4"]
    args += ["--option", "months=3", "--record-dir", str(tmp_path)]
    assert main(args) == 0
    sim = json.loads(capsys.readouterr().out)
    assert sim["options"] == {"menu": "A", "etsunen": False, "months": 3}
    record = sorted(tmp_path.iterdir())[0]
    assert json.loads(record.read_text())["options"]["months"] == 3
    assert main(["replay", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == sim["totals"][0]
    assert main(["replay", str(record), "--sheet"]) == 0
    labels = [line.split()[0] for line in capsys.readouterr().out.splitlines()[2:] if line.strip()]
    months = [label for label in labels if label.endswith("月")]
    assert months[-1] in ("1月", "2月", "3月") and "4月" not in months
    assert "吟味分減算" in labels and "最終得点" in labels


def test_a_twelve_month_year_is_recorded_as_before_the_months_option(tmp_path, capsys):
    """Default options are written without ``months`` (old tables read new records)."""
    args = ["sim", "--ruleset", "hachihachi", "--games", "1", "--json", "--seed", "4"]
    assert main([*args, "--record-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"menu": "A", "etsunen": False}
    record = next(tmp_path.iterdir())
    assert json.loads(record.read_text())["options"] == {"menu": "A", "etsunen": False}
    with_months = tmp_path / "with_months.json"
    data = json.loads(record.read_text())
    data["options"]["months"] = 12  # written out by hand: read as the same year
    with_months.write_text(json.dumps(data))
    assert main(["replay", str(with_months), "--json"]) == 0
