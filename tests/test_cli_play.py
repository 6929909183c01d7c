"""`hanafuda play` with a table's settings, and `hanafuda --version`."""

from __future__ import annotations

from importlib import metadata

import pytest
from helpers.cli import refused

from hanafuda_tui.cli import main
from hanafuda_tui.ui import app as app_module
from hanafuda_tui.ui.app import LessonsRequest, TableRequest


@pytest.fixture
def opened(monkeypatch):
    """What the app would have been opened with (the app is not run)."""
    seen: list[object] = []

    def run_app(app=None):
        seen.append(app.table_request if app is not None else None)
        return 0

    monkeypatch.setattr(app_module, "run_app", run_app)
    return seen


def test_version_prints_the_installed_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and out == f"hanafuda {metadata.version('hanafuda-tui')}\n"


def test_play_without_settings_opens_the_selector(opened):
    assert main([]) == 0 and main(["play"]) == 0
    assert opened == [None, None]


def test_play_with_settings_opens_that_table(opened):
    argv = ["play", "--ruleset", "koikoi2", "--option", "rules=nintendo", "--option", "months=6"]
    assert main([*argv, "--seats", "human,strong:time=0.5", "--seed", "42"]) == 0
    assert opened == [
        TableRequest(
            "koikoi2",
            {
                "months": 6,
                "low_values": False,
                "rain": False,
                "double_seven": False,
                "teyaku": False,
                "kuitsuki": False,
                "rules": "nintendo",
            },
            ["human", "strong:time=0.5"],
            "42",
        )
    ]


def test_play_with_a_seed_alone_opens_the_default_table(opened):
    assert main(["play", "--seed", "7"]) == 0
    assert opened == [TableRequest("koikoi3", {"months": 12}, None, "7")]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--ruleset", "chess"], "unknown ruleset 'chess'"),
        (["--option", "months=5"], "option months"),
        (["--option", "frob=1"], "unknown option 'frob'"),
        (["--option", "months"], "KEY=VALUE"),
        (["--seats", "human,normal"], "koikoi3 needs 3 seats, got 2"),
        (["--seats", "human,robot,normal"], "unknown bot 'robot'"),
        (["--seats", "human,strong:time=inf,normal"], "time"),
        (["--ruleset", "koikoi2", "--option", "rules=nintendo", "--option", "rain=true"], "rain"),
    ],
)
def test_play_with_a_bad_value_is_one_line_before_the_screen_opens(capsys, opened, argv, words):
    assert words in refused(capsys, "play", *argv)
    assert opened == []


@pytest.fixture
def lessons_opened(monkeypatch):
    """The lessons list the app would have been opened with (the app is not run)."""
    seen: list[object] = []

    def run_app(app=None):
        seen.append(app.lessons_request if app is not None else None)
        return 0

    monkeypatch.setattr(app_module, "run_app", run_app)
    return seen


def test_learn_opens_the_lessons_list_of_a_ruleset_or_all(lessons_opened):
    assert main(["learn", "koikoi2"]) == 0 and main(["learn"]) == 0
    assert lessons_opened == [LessonsRequest("koikoi2"), LessonsRequest(None)]


def test_learn_with_an_unknown_ruleset_is_one_line(lessons_opened, capsys):
    assert main(["learn", "poker"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("hanafuda: error: unknown ruleset 'poker' (one of ") and err.count("\n") == 1
    )
    assert lessons_opened == []
