"""Command lines that ask for two things at once, or for a bot that cannot play the ruleset, are
refused in one line before anything runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.cli import refused, run

from hanafuda_tui.bots.learned import WEIGHTS

RECORDS = Path(__file__).resolve().parents[1] / "assets" / "records"
HACHIHACHI = str(RECORDS / "hachihachi-example.json")


@pytest.mark.parametrize(
    "flags",
    [
        ("--view", "--review", "1"),
        ("--view", "--sheet"),
        ("--view", "--json"),
        ("--sheet", "--json"),
        ("--sheet", "--review", "1"),
    ],
)
def test_replay_refuses_two_views_at_once(flags: tuple[str, ...], capsys) -> None:
    err = refused(capsys, "replay", HACHIHACHI, *flags)
    assert "do not go together" in err


def test_replay_review_as_json_is_one_view(capsys) -> None:
    code, out, _ = run(capsys, "replay", HACHIHACHI, "--review", "1", "--iterations", "2", "--json")
    assert code == 0 and out.startswith("{")


@pytest.mark.parametrize("playout", ["", ":playout=learned"])  # the network's (the default)
@pytest.mark.parametrize("command", ["sim", "play"])
def test_a_bot_with_another_rulesets_weights_is_refused(
    command: str, playout: str, capsys, monkeypatch
) -> None:
    def opened(*_: object) -> int:
        raise AssertionError("the screen opened for a bot it should have refused")

    monkeypatch.setattr("hanafuda_tui.ui.app.run_app", opened)  # fails here rather than waits
    spec = f"strong:weights={WEIGHTS / 'koikoi2.json'}{playout}"
    if command == "sim":
        argv = ["sim", "--ruleset", "koikoi3", "--games", "1", "--bots", f"{spec},random,random"]
    else:
        argv = ["play", "--ruleset", "koikoi3", "--seats", f"human,{spec},random"]
    err = refused(capsys, *argv)
    assert "weights are for koikoi2, not koikoi3" in err


def test_a_bot_with_its_rulesets_weights_plays(capsys) -> None:
    spec = f"strong:iterations=4:weights={WEIGHTS / 'koikoi2.json'}"
    code, _, err = run(capsys, "sim", "--ruleset", "koikoi2", "--option", "months=3",
                       "--games", "1", "--bots", f"{spec},random")  # fmt: skip
    assert code == 0 and err == ""
