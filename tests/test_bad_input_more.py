"""More bad input: records holding what no record holds, output that the terminal cannot encode,
and settings files that break the JSON reader."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.cli import refused, run

from hanafuda_tui.core.records import RecordError, load_record, replay
from hanafuda_tui.ui.config import ConfigError, Settings, parse

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "assets" / "records"
EXAMPLE = RECORDS / "koikoi3-example.json"
GOLDENS = ROOT / "tests" / "data" / "replay"


def example(**changes: object) -> dict:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def with_player(player: str) -> dict:
    data = example()
    data["seats"][1]["player"] = player
    return data


NOT_RECORDS = {
    "months as a float": example(options={"months": 12.0}),
    "months as text": example(options={"months": "12"}),
    "first dealer as text": example(first_dealer="0"),
    "first dealer as true": example(first_dealer=True),
    "first dealer as a float": example(first_dealer=1.0),
    "version as true": example(version=True),
    "version as a float": example(version=1.0),
    "advice as 1": example(advice=1),
    "no deals": example(deals=[]),
    "a seat's name as a number": {**example(), "seats": [{"name": 1}] * 3},
}


@pytest.mark.parametrize("data", NOT_RECORDS.values(), ids=NOT_RECORDS.keys())
def test_a_record_holding_what_no_record_holds_is_refused(capsys, tmp_path, data):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError):
        replay(load_record(path.read_text(encoding="utf-8")))
    refused(capsys, "replay", str(path))
    refused(capsys, "replay", str(path), "--json")


@pytest.mark.parametrize("player", ["robot", "strong:depth=3", "strong:time=inf", "", "Human"])
def test_a_seat_played_by_no_known_bot_is_refused(capsys, tmp_path, player):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(with_player(player)), encoding="utf-8")
    err = refused(capsys, "replay", str(path))
    assert "seats.1.player" in err


@pytest.mark.parametrize("player", ["human", "random", "strong:iterations=20:playout=easy"])
def test_seats_of_humans_and_known_bots_replay(capsys, tmp_path, player):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(with_player(player)), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out)["finished"]


@pytest.mark.parametrize("example_path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_record_still_replays_to_its_golden(capsys, example_path):
    code, out, _ = run(capsys, "replay", str(example_path), "--json")
    golden = json.loads((GOLDENS / example_path.name).read_text(encoding="utf-8"))
    assert code == 0 and json.loads(out) == golden


def test_a_written_record_reads_back_as_the_same_text():
    text = EXAMPLE.read_text(encoding="utf-8")
    assert load_record(text).to_json() == text


def hanafuda(*argv: str, encoding: str = "ascii", **env: str) -> subprocess.CompletedProcess[str]:
    """The command in a process of its own, with these environment variables; what it printed
    must be in ``encoding``."""
    return subprocess.run(
        [sys.executable, "-m", "hanafuda_tui.cli", *argv],
        capture_output=True,
        encoding=encoding,
        errors="strict",
        env={**os.environ, **env},
        timeout=60,
        check=False,
    )


NOT_UTF8 = [{"PYTHONIOENCODING": "ascii"}, {"PYTHONUTF8": "0", "LC_ALL": "C"}]


@pytest.mark.parametrize("env", NOT_UTF8, ids=["ascii", "C locale"])
@pytest.mark.parametrize(
    "argv",
    [
        ("replay", str(EXAMPLE)),
        ("replay", str(RECORDS / "hachihachi-example.json"), "--sheet"),
        ("stats", "teyaku"),
        ("stats", "teyaku", "--ruleset", "hachihachi"),
        ("stats", "ba"),
    ],
    ids=["replay", "sheet", "teyaku", "teyaku-88", "ba"],
)
def test_text_output_to_an_ascii_terminal_writes_escapes(env, argv):
    done = hanafuda(*argv, **env)
    assert done.returncode == 0 and done.stderr == ""
    assert "\\u" in done.stdout and "Traceback" not in done.stdout


@pytest.mark.parametrize("env", NOT_UTF8, ids=["ascii", "C locale"])
@pytest.mark.parametrize(
    "argv", [("replay", str(EXAMPLE), "--json"), ("stats", "teyaku", "--json")], ids=str
)
def test_json_to_an_ascii_terminal_is_the_same_json_in_ascii(env, argv):
    done = hanafuda(*argv, **env)
    utf8 = hanafuda(*argv, encoding="utf-8", PYTHONIOENCODING="utf-8")
    assert done.returncode == 0 and done.stderr == "" and done.stdout.isascii()
    assert json.loads(done.stdout) == json.loads(utf8.stdout)


def test_an_error_line_to_an_ascii_terminal_is_still_one_line():
    done = hanafuda("replay", str(RECORDS / "koikoi2-example.json"), "--sheet", **NOT_UTF8[0])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "\\u516b" in done.stderr


BAD_SETTINGS = {
    "401 digits of pace": '{"pace": ' + "9" * 401 + "}",
    "5001 digits of pace": '{"pace": ' + "9" * 5001 + "}",
    "5001 digits of think": '{"think": ' + "9" * 5001 + "}",
    "3000 deep": '{"future": ' + "[" * 3000 + "]" * 3000 + "}",
    "a lone surrogate theme": '{"theme": "\\ud800"}',
    "a theme not shipped": '{"theme": "no-such-theme"}',
    "NaN pace": '{"pace": NaN}',
    "infinite pace": '{"pace": 1e999}',
    "negative pace": '{"pace": -1}',
    "think out of the list": '{"think": 0.3}',
}


@pytest.mark.parametrize("text", BAD_SETTINGS.values(), ids=BAD_SETTINGS.keys())
def test_a_settings_file_beyond_its_bounds_is_one_config_error(text):
    with pytest.raises(ConfigError) as err:
        parse(text)
    message = str(err.value)
    assert "\n" not in message and len(message) < 200


def test_settings_in_bounds_are_read():
    settings = parse('{"pace": 3, "think": 1, "theme": "nord", "language": "ja", "hints": false}')
    assert settings == Settings(pace=3.0, think=1.0, theme="nord", language="ja", hints=False)
    assert isinstance(settings.think, float) and isinstance(settings.pace, float)
