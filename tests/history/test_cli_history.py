"""`hanafuda sim --history`, `hanafuda history` and `history export`: the record, the year sheet
as text and CSV; bad input and a history that cannot be kept are one line."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest
from helpers.cli import refused, run
from helpers.history import finished

from hanafuda_tui.core.records import load_record, replay
from hanafuda_tui.history import DB_NAME, HistoryStore, sheet_csv, sheet_rows, sheet_text
from hanafuda_tui.tables.storage import data_dir


def test_sim_history_keeps_every_game_with_the_totals_sim_reports(capsys) -> None:
    code, out, _ = run(
        capsys, "sim", "--ruleset", "koikoi2", "--games", "4", "--option", "months=3",
        "--seed", "9", "--history", "--json",
    )  # fmt: skip
    assert code == 0
    totals = json.loads(out)["totals"]
    code, out, _ = run(capsys, "history", "--json")
    assert code == 0
    listed = json.loads(out)
    games = sorted(listed["games"], key=lambda g: g["id"])
    assert [[s["score"] for s in g["seats"]] for g in games] == totals
    assert {g["source"] for g in games} == {"sim"}
    [standing] = listed["standings"]
    assert (standing["who"], standing["games"]) == ("random", 4)  # each year once, not per seat


def test_export_writes_the_record_replay_reads(tmp_path: Path, capsys) -> None:
    record, game = finished("koikoi3", 3, {"months": 3})
    game_id = HistoryStore(data_dir()).add(record)
    target = tmp_path / "year.json"
    assert run(capsys, "history", "export", str(game_id), str(target)) == (0, "", "")
    assert load_record(target.read_text("utf-8")) == record
    code, out, _ = run(capsys, "replay", str(target))
    assert code == 0 and " ".join(f"{x:+4d}" for x in game.scores) in out


def test_the_csv_sheet_adds_up_to_the_totals(tmp_path: Path, capsys) -> None:
    record, game = finished("hanaawase", 2, {"players": 4, "months": 6})
    game_id = HistoryStore(data_dir()).add(record)
    target = tmp_path / "year.csv"
    assert run(capsys, "history", "export", str(game_id), str(target), "--csv")[0] == 0
    rows = list(csv.reader(io.StringIO(target.read_text("utf-8"))))
    assert rows[0] == ["month", "dealer", "winner", "what", *(s.name for s in record.seats)]
    body, total = rows[1:-1], rows[-1]
    assert total[0] == "合計" and [int(x) for x in total[4:]] == game.scores
    assert len(body) == len(game.results) + len(game.settlements)
    for s in range(game.players):
        assert sum(int(r[4 + s] or 0) for r in body) == game.scores[s]
    sat_out = [r for r in body if "" in r[4:]]
    assert sat_out, "four seated: someone sits each round out, left empty"


@pytest.mark.parametrize("ruleset", ["koikoi3", "koikoi2", "hanaawase"])
def test_the_text_sheet_has_a_row_a_month_and_the_totals(ruleset: str, capsys) -> None:
    record, game = finished(ruleset, 1, {"months": 3})
    game_id = HistoryStore(data_dir()).add(record)
    code, out, _ = run(capsys, "history", "export", str(game_id), "-", "--sheet")
    lines = out.splitlines()
    assert code == 0 and lines == sheet_text(game, [s.name for s in record.seats])
    assert len(lines) == 1 + len(game.results) + len(game.settlements) + 1
    assert lines[-1].startswith("合計") and lines[-1].split()[-game.players :] == [
        f"{x:+d}" if x else "0" for x in game.scores
    ]


def test_the_hachihachi_sheet_is_its_kinyu_shiki(capsys) -> None:
    record, _ = finished("hachihachi", 1, {}, ("human", "random", "random"))
    game_id = HistoryStore(data_dir()).add(record)
    code, out, _ = run(capsys, "history", "export", str(game_id), "-", "--sheet")
    assert code == 0 and "貫" in out and "月石" in out


def test_sheet_rows_and_csv_agree(capsys) -> None:
    record, game = finished("koikoi3", 5, {"months": 3})
    names = [s.name for s in record.seats]
    rows = sheet_rows(game, names)
    parsed = list(csv.reader(io.StringIO(sheet_csv(game, names))))[1:]
    assert [r[0] for r in parsed] == [r.month for r in rows]
    assert rows[-1].amounts == tuple(replay(record).scores)


def test_names_in_the_csv_cannot_start_a_formula_and_amounts_stay_numbers() -> None:
    _, game = finished("koikoi3", 5, {"months": 3})
    names = ['=HYPERLINK("http://x","y")', "-5", "@sum"]
    rows = list(csv.reader(io.StringIO(sheet_csv(game, names))))
    assert rows[0][4:] == ["'" + n for n in names]
    dealers = {r[1] for r in rows[1:] if r[1]}
    assert dealers and all(d.startswith("'") for d in dealers)
    totals = [int(a) for a in rows[-1][4:]]  # an amount is a number, a minus sign and all
    assert totals == list(game.scores) and any(a < 0 for a in totals)
    assert sheet_csv(game, ["Ann", "Bo", "Cy"]).splitlines()[0].endswith(",Ann,Bo,Cy")


def test_bad_history_input_is_one_line(tmp_path: Path, capsys) -> None:
    HistoryStore(data_dir()).add(finished("koikoi2", 1, {"months": 3})[0])
    assert "not a game id" in refused(capsys, "history", "export", "abc", str(tmp_path / "x"))
    assert "no game 99" in refused(capsys, "history", "export", "99", str(tmp_path / "x"))
    assert "takes ID FILE" in refused(capsys, "history", "export", "1")
    assert "unknown ruleset" in refused(capsys, "history", "--ruleset", "nope")
    assert "unexpected" in refused(capsys, "history", "list", "3")
    folder = tmp_path / "dir"
    folder.mkdir()
    assert "cannot write" in refused(capsys, "history", "export", "1", str(folder))
    assert "--limit" in refused(capsys, "history", "--limit", "-1")


def test_a_history_that_cannot_be_kept_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("HANAFUDA_DATA_DIR", str(blocker / "data"))
    err = refused(capsys, "sim", "--ruleset", "koikoi2", "--games", "1", "--history")
    assert "cannot keep history" in err
    assert "no history" in refused(capsys, "history")


def test_a_damaged_history_is_said_in_one_line_and_a_new_one_used(capsys) -> None:
    (data_dir() / DB_NAME).write_bytes(b"\x00garbage" * 64)
    code, out, err = run(capsys, "history")
    assert code == 0 and "no games" in out
    assert err.count("\n") == 1 and "set aside" in err
    assert len(list(data_dir().glob("history-set-aside-*"))) == 1


def test_an_export_id_beyond_any_game_is_one_line(capsys) -> None:
    err = refused(capsys, "history", "export", "9" * 29, "-")
    assert "no game" in err


def test_a_history_damaged_past_its_first_page_is_set_aside_and_a_new_one_used(capsys) -> None:
    run(capsys, "sim", "--ruleset", "koikoi2", "--games", "12", "--history")
    path = data_dir() / DB_NAME
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.close()
    with path.open("r+b") as f:  # the schema and its version still read: the games do not
        f.seek(2 * size)
        f.write(b"\xff" * (pages - 2) * size)
    code, out, err = run(capsys, "history")
    assert code == 0 and "no games" in out
    assert err.count("\n") == 1 and "damaged" in err and "set aside" in err
    code, out, err = run(capsys, "sim", "--ruleset", "koikoi2", "--games", "2", "--history")
    assert code == 0 and err == ""
    code, out, err = run(capsys, "history", "--json")
    assert code == 0 and len(json.loads(out)["games"]) == 2
