"""Fuzzing the record loader and the command line: any text, any JSON and any damaged record
either loads and replays or is refused with RecordError; `hanafuda` on any arguments exits 0 or 2
with at most one error line, never a traceback."""

import copy
import io
import json
import os
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanafuda_tui.cli import main
from hanafuda_tui.core.actions import NAMED
from hanafuda_tui.core.cards import CODES
from hanafuda_tui.core.records import RecordError, load_record, replay
from hanafuda_tui.core.rulesets import RULESETS

RECORDS = Path(__file__).resolve().parents[1] / "assets" / "records"
EXAMPLES = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(RECORDS.glob("*.json"))]
FUZZ = settings(max_examples=150, deadline=None, derandomize=True)

CHARS = st.characters() | st.characters(categories=["Cs"])
TEXT = st.text(CHARS, max_size=8)
SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
TOKENS = st.sampled_from([*CODES, *(f"take:{c}" for c in CODES), *NAMED.values()]) | TEXT
DECKS = st.permutations(CODES).map("".join) | st.sampled_from(
    [d["deck"] for e in EXAMPLES for d in e["deals"]]
)
OPTION_KEYS = st.sampled_from(["months", "menu", "etsunen", "low_values", "rain", "teyaku"]) | TEXT
OPTIONS = st.dictionaries(OPTION_KEYS, SCALARS | st.sampled_from([3, 6, 12, "C"]), max_size=2)
DEALS = st.lists(
    st.fixed_dictionaries({"deck": DECKS}, optional={"actions": st.lists(TOKENS)}), max_size=3
)


@st.composite
def record_like(draw) -> dict:
    """A record of the right shape with any names, options, decks and tokens, one or two of its
    fields (or format, version, an extra one) replaced by any JSON or dropped."""
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    players = RULESETS[ruleset].table_sizes[0]
    data = {
        "ruleset": ruleset,
        "options": draw(OPTIONS),
        "seats": [{"name": draw(TEXT), "player": draw(TEXT)} for _ in range(players)],
        "first_dealer": draw(st.integers(0, players - 1)),
        "deals": draw(DEALS),
    }
    for key in draw(st.sets(st.sampled_from([*data, "format", "version", "extra"]), max_size=2)):
        if draw(st.booleans()):
            data[key] = draw(JSON)
        else:
            data.pop(key, None)
    return data


def loads_and_replays_or_is_refused(text: str) -> None:
    try:
        replay(load_record(text))
    except RecordError as err:
        assert "\n" not in str(err)


@FUZZ
@given(st.text(CHARS) | JSON.map(json.dumps))
def test_any_text_loads_or_is_refused(text):
    loads_and_replays_or_is_refused(text)


@FUZZ
@given(record_like())
def test_any_record_shaped_data_loads_or_is_refused(data):
    loads_and_replays_or_is_refused(json.dumps(data))


@st.composite
def damaged_records(draw) -> dict:
    """An example record with tokens changed, added or dropped, decks swapped, fields dropped."""
    data = copy.deepcopy(draw(st.sampled_from(EXAMPLES)))
    deals = data["deals"]
    for _ in range(draw(st.integers(1, 3))):
        deal = deals[draw(st.integers(0, len(deals) - 1))] if deals else {}
        actions = deal.get("actions", [])
        at = draw(st.integers(0, len(actions)))
        change = draw(
            st.sampled_from(["token", "insert", "drop", "deck", "swap", "field", "cut", "value"])
        )
        if change == "token" and at < len(actions):
            actions[at] = draw(TOKENS)
        elif change == "insert":
            actions.insert(at, draw(TOKENS))
        elif change == "drop" and at < len(actions):
            del actions[at]
        elif change == "deck" and deal:
            deal["deck"] = draw(DECKS)
        elif change == "swap" and len(deals) > 1:
            i, j = draw(st.permutations(range(len(deals))))[:2]
            deals[i]["deck"], deals[j]["deck"] = deals[j]["deck"], deals[i]["deck"]
        elif change == "field":
            where = draw(st.sampled_from([data, deal, *data["seats"]]))
            if where:
                where.pop(draw(st.sampled_from(sorted(where))))
        elif change == "cut":
            del deals[draw(st.integers(0, len(deals))) :]
        elif change == "value":
            data[draw(st.sampled_from(sorted(data)))] = draw(JSON)
        if "deals" not in data or not isinstance(data["deals"], list):
            break
    return data


@FUZZ
@given(damaged_records())
def test_a_damaged_record_replays_or_is_refused(data):
    loads_and_replays_or_is_refused(json.dumps(data))


def hanafuda(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_ends_well(code: int, err: str) -> None:
    assert "Traceback" not in err
    assert code in (0, 2)
    if code == 2:
        assert err.startswith("hanafuda: error: ") and err.count("\n") == 1


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("fuzz")
    (root / "file").write_text("{}", encoding="utf-8")
    os.mkfifo(root / "fifo")
    return {
        "dir": str(root / "records"),
        "file": str(root / "file"),
        "missing": str(root / "missing.json"),
        "fifo": str(root / "fifo"),
        "damaged": str(root / "damaged.json"),
        **{e["ruleset"]: str(RECORDS / f"{e['ruleset']}-example.json") for e in EXAMPLES},
    }


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(damaged_records(), st.sampled_from([[], ["--json"], ["--sheet"]]))
def test_replay_of_a_damaged_record_exits_0_or_2(files, data, flags):
    Path(files["damaged"]).write_text(json.dumps(data), encoding="utf-8")
    code, out, err = hanafuda(["replay", files["damaged"], *flags])
    assert_ends_well(code, err)
    if code == 0 and flags == ["--json"]:
        assert json.loads(out)["seats"] == [s["name"] for s in data["seats"]]


RULESET_NAMES = [*RULESETS, "chess"]
SIM = {
    "--ruleset": RULESET_NAMES,
    "--games": ["0", "1", "2", "-1", "x"],
    "--seed": ["0", "7", "-3", "x"],
    "--bots": [
        "random,random,random",
        "random,random",
        "easy,normal,random",
        "easy,random",
        "normal,normal",
        "strong:time=inf,random,random",
        "strong:iterations=1e12,random",
        "genius,random,random",
    ],
    "--option": ["months=3", "months=5", "months=²", "menu=C", "etsunen=on", "rain=true", "x=1"],
    "--jobs": ["0", "1", "2", "100", "x"],
    "--record-dir": ["@dir", "@file", "@file/sub"],
    "--json": [],
}
FLAGS = {
    "sim": SIM,
    "replay": {"--json": [], "--sheet": []},
    "stats": {"--ruleset": RULESET_NAMES, "--json": []},
}
FIRST = {
    "sim": ["--games"],
    "replay": ["@dir", "@file", "@missing", "@fifo", "/dev/null", *(f"@{r}" for r in RULESETS)],
    "stats": ["teyaku", "ba", "dice"],
}
NOISE = ["--frob", "-x", "", "chess", "\udcff", "\x1b]0;x\x07", "1"]


@st.composite
def command_lines(draw) -> list[str]:
    """A command, its first argument, some of its flags with a good or bad value, maybe noise."""
    command = draw(st.sampled_from(sorted(FLAGS)))
    argv = [command, draw(st.sampled_from(FIRST[command]))]
    if command == "sim":  # one game unless a later --games says 0, 2 or something bad
        argv.append("1")
    flags = FLAGS[command]
    for _ in range(draw(st.integers(0, 4))):
        flag = draw(st.sampled_from(sorted(flags)))
        argv += [flag, draw(st.sampled_from(flags[flag]))] if flags[flag] else [flag]
    noise = draw(st.sampled_from([*[None] * 8, *NOISE]))
    if noise is not None:
        argv.insert(draw(st.integers(0, len(argv))), noise)
    return argv


@pytest.mark.long
@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(command_lines())
def test_any_arguments_exit_0_or_2(files, argv):
    def path(word: str) -> str:
        name, _, rest = word[1:].partition("/")
        return "/".join([files[name], rest]) if rest else files[name]

    code, _, err = hanafuda([path(w) if w.startswith("@") else w for w in argv])
    assert_ends_well(code, err)
