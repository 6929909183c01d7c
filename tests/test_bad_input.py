"""Bad input to the command line and the record loader: one line on stderr, exit status 2, in
bounded time and memory; text from a record is printed without terminal controls."""

import json
import os
import random
import resource
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest
from helpers.cli import refused, run

from hanafuda_tui.bots import BotSpecError, make_bot
from hanafuda_tui.bots import arena as tournament
from hanafuda_tui.cli import COMMANDS, main
from hanafuda_tui.core.records import RecordError, load_record, make_options, printable
from hanafuda_tui.core.rulesets import ruleset_class

RECORDS = Path(__file__).resolve().parents[1] / "assets" / "records"
EXAMPLE = RECORDS / "koikoi3-example.json"
CONTROLS = "\x1b]0;owned\x07\x1b[31m\x9b2J\x7f\u202e\u2066\t\n\r"
"""A window-title sequence, a colour, a C1 CSI, DEL, bidi override and isolate, and C0 spacing."""
CONTROL_CHARS = set("\x1b\x07\x9b\x7f\u202e\u2066\t\n\r")


def example(**changes) -> dict:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def with_name(name: str) -> dict:
    data = example()
    data["seats"][0]["name"] = name
    return data


def with_token(token: str) -> dict:
    data = example()
    data["deals"][0]["actions"][0] = token
    return data


DIGITS = "7" * 5000
BAD_RECORDS = {
    "nested lists": "[" * 1000 + "]" * 1000,
    "nested objects": '{"a":' * 1000 + "1" + "}" * 1000,
    "nested in options": json.dumps(example()).replace(
        '"months": 12', '"months": ' + "[" * 990 + "]" * 990
    ),
    "long number": json.dumps(example()).replace('"first_dealer": 1', '"first_dealer": ' + DIGITS),
    "long number in options": json.dumps(example()).replace('"months": 12', '"months": ' + DIGITS),
    "NaN": json.dumps(example()).replace('"months": 12', '"months": NaN'),
    "surrogate in a name": json.dumps(with_name("\ud800")),
    "surrogate in an option key": json.dumps(example(options={"\udfff": 1})),
    "surrogate in an option value": json.dumps(example(options={"months": "\ud800"})),
    "surrogate in a token": json.dumps(with_token("\udc80")),
    "surrogate in the ruleset": json.dumps(example(ruleset="koikoi3\ud800")),
    "raw surrogate": json.dumps(with_name("x"), ensure_ascii=False).replace('"x"', '"\udcff"'),
    "too large": json.dumps(example()) + " " * (5 << 20),
}


@pytest.mark.parametrize("text", BAD_RECORDS.values(), ids=BAD_RECORDS.keys())
def test_load_record_refuses_with_record_error(text):
    with pytest.raises(RecordError) as err:
        load_record(text)
    assert "\n" not in str(err.value) and printable(str(err.value)) == str(err.value)


@pytest.mark.parametrize("name", [k for k in BAD_RECORDS if k != "raw surrogate"])
def test_replay_of_a_bad_record_file_is_one_line(capsys, tmp_path, name):
    path = tmp_path / "bad.json"
    path.write_text(BAD_RECORDS[name], encoding="utf-8")
    refused(capsys, "replay", str(path))


def test_a_long_number_is_refused_whatever_digits_python_allows():
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        with pytest.raises(RecordError, match="5000 digits"):
            load_record(BAD_RECORDS["long number"])
    finally:
        sys.set_int_max_str_digits(limit)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["sim", "--option", f"months={DIGITS}"], "months"),
        (["sim", "--option", "months=²"], "months"),
        (["sim", "--option", "months=\udcff"], "months"),
        (["sim", "--option", "\udcff=1"], "unknown option '\\udcff'"),
        (["sim", "--ruleset", "\x1b]0;x\x07"], "unknown ruleset"),
        (["sim", "--jobs", "100000"], "--jobs"),
        (["sim", "--games", "x"], "invalid int value: 'x'"),
        (["sim", "--frob"], "unrecognized arguments: --frob"),
        (["chess"], "invalid choice: 'chess'"),
        (["replay"], "the following arguments are required: file"),
        (["replay", "\udcff\x1b[2J.json"], "cannot read \\udcff\\u001b[2J.json"),
        (["sim", "--bots", "strong:time=inf,random,random"], "time"),
    ],
)
def test_bad_arguments_are_one_line(capsys, argv, words):
    err = refused(capsys, *argv)
    assert words in err
    assert printable(err[:-1]) == err[:-1]


def test_an_error_line_stays_short(capsys):
    err = refused(capsys, "sim", "--bots", ",".join(["x" * 100_000] * 3))
    assert len(err) < 400 and err.endswith("…\n")


def test_help_still_prints_help(capsys):
    with pytest.raises(SystemExit) as done:
        main(["sim", "--help"])
    assert done.value.code == 0 and "--record-dir" in capsys.readouterr().out


def test_an_interrupt_is_one_line(capsys, monkeypatch):
    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setitem(COMMANDS, "stats", interrupted)
    code, out, err = run(capsys, "stats", "teyaku")
    assert code == 130 and out == "" and err == "hanafuda: interrupted\n"


@pytest.mark.parametrize(
    "spec",
    [
        "strong:time=inf",
        "strong:time=nan",
        "strong:time=0",
        "strong:time=-0.5",
        "strong:time=61",
        f"strong:time={DIGITS}",
        f"strong:iterations={10**12}",
        "strong:iterations=0",
        "strong:iterations=1.5",
        f"strong:iterations={DIGITS}",
        "strong:confidence=nan",
        "strong:confidence=inf",
        "strong:confidence=-1",
    ],
)
def test_bot_parameters_out_of_range_are_refused(spec):
    with pytest.raises(BotSpecError) as err:
        make_bot(spec, random.Random(0))
    assert len(str(err.value)) < 200 or spec.endswith(DIGITS)


def test_bot_parameters_at_their_bounds_are_taken():
    rng = random.Random(0)
    assert make_bot("strong:time=60:confidence=0", rng).time == 60
    assert make_bot("strong:iterations=100000", rng).iterations == 100_000


def test_an_option_of_many_digits_is_refused_as_an_option():
    with pytest.raises(ValueError, match="months"):
        make_options(ruleset_class("koikoi3"), {"months": DIGITS})


def test_record_dir_that_is_a_file_is_refused_before_playing(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(tournament, "run", lambda *a: pytest.fail("played"))
    (tmp_path / "file").write_text("", encoding="utf-8")
    assert "not a directory" in refused(
        capsys, "sim", "--games", "1", "--record-dir", str(tmp_path / "file")
    )
    assert "cannot write records" in refused(
        capsys, "sim", "--games", "1", "--record-dir", str(tmp_path / "file" / "sub")
    )


def test_a_record_that_cannot_be_written_is_one_line(capsys, tmp_path):
    (tmp_path / "game-0-00001.json").mkdir()
    err = refused(capsys, "sim", "--games", "2", "--record-dir", str(tmp_path))
    assert "cannot write" in err and "game-0-00001.json" in err
    assert (tmp_path / "game-0-00000.json").is_file()


def test_a_huge_sim_starts_at_once_without_listing_its_games(monkeypatch):
    class Started(Exception):
        pass

    def play_set(plan, k):
        raise Started(k)

    monkeypatch.setattr(tournament, "play_set", play_set)
    plan = tournament.Plan("koikoi3", None, ("random",) * 3, 0, False)
    tracemalloc.start()
    try:
        with pytest.raises(Started) as started:
            tournament.run(plan, 1_000_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert started.value.args == (0,) and peak < 1 << 20


def test_replay_reads_a_pipe_whose_writer_is_slow(capsys):
    read, write = os.pipe()
    text = EXAMPLE.read_bytes()

    def writer():
        time.sleep(0.2)
        os.write(write, text)
        os.close(write)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        code, out, _ = run(capsys, "replay", f"/dev/fd/{read}", "--json")
    finally:
        thread.join()
        os.close(read)
    assert code == 0 and json.loads(out)["finished"]


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def replay_in_a_process(path: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "hanafuda_tui.cli", "replay", path]
    # (a generous bound on a busy machine: an endless read would never end at all)
    return subprocess.run(
        argv, capture_output=True, text=True, timeout=120, preexec_fn=_limited, check=False
    )


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "fifo"])
def test_replay_of_an_endless_or_silent_file_ends_at_once(tmp_path, device):
    if device == "fifo":
        device = str(tmp_path / "fifo")
        os.mkfifo(device)
    done = replay_in_a_process(device)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("hanafuda: error: ") and done.stderr.count("\n") == 1
    assert ("4 MiB" in done.stderr) != device.endswith("fifo")


def test_printable_escapes_terminal_controls_and_keeps_the_rest():
    text = printable("花札 A" + CONTROLS + "\ud800 ok")
    assert text.startswith("花札 A\\u001b]0;owned\\u0007") and text.endswith("\\ud800 ok")
    for ch in [*CONTROL_CHARS, "\ud800"]:
        assert ch not in text and f"\\u{ord(ch):04x}" in text
    assert printable("松に鶴 Ｂ «x» é") == "松に鶴 Ｂ «x» é"


def controlled_record(tmp_path: Path, name: str) -> Path:
    data = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    for i, seat in enumerate(data["seats"]):
        seat["name"] = f"P{i}{CONTROLS}"
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "flags"),
    [("koikoi3-example.json", ()), ("hachihachi-example.json", ("--sheet",))],
)
def test_replay_prints_names_without_terminal_controls(capsys, tmp_path, name, flags):
    code, out, _ = run(capsys, "replay", str(controlled_record(tmp_path, name)), *flags)
    assert code == 0 and "P0\\u001b" in out
    assert not CONTROL_CHARS - {"\n"} & set(out)
    assert out.count("\n") == len(out.splitlines())


def test_replay_json_keeps_the_names_and_escapes_every_control(capsys, tmp_path):
    code, out, _ = run(
        capsys, "replay", str(controlled_record(tmp_path, "koikoi3-example.json")), "--json"
    )
    assert code == 0 and out.count("\n") == 1
    assert not CONTROL_CHARS & set(out[:-1])
    assert json.loads(out)["seats"][0] == f"P0{CONTROLS}"
