"""Each command loads what it uses: ``--version`` and ``--help`` nothing of the package but the
command line's parser; the headless commands no screen code (nothing of ``ui``), network or event
loop; the game's
screens not the network, the history or the strong bot until a table, a statistic or a strong
seat needs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

RECORD = Path(__file__).resolve().parents[1] / "assets" / "records" / "koikoi3-example.json"

RUN_AND_LIST = """
import contextlib, io, json, sys
from hanafuda_tui.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        status = main(sys.argv[1:])
    except SystemExit as done:
        status = done.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""
"""Runs the command in a fresh interpreter and prints its exit status and every module loaded."""

NOT_HEADLESS = ("textual", "websockets", "asyncio", "ssl")
"""The screens, the network and the event loop they run on."""


def apart(tmp_path: Path) -> dict[str, str]:
    """The environment with data and settings in ``tmp_path``."""
    data, config = str(tmp_path / "data"), str(tmp_path / "config")
    return {**os.environ, "HANAFUDA_DATA_DIR": data, "HANAFUDA_CONFIG_DIR": config}


def loaded(tmp_path: Path, *argv: str) -> tuple[int, set[str]]:
    out = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST, *argv],
        capture_output=True,
        text=True,
        check=True,
        env=apart(tmp_path),
        cwd=tmp_path,
    )
    result = json.loads(out.stdout)
    return result["status"], set(result["modules"])


def of(modules: set[str], *packages: str) -> set[str]:
    """The modules that are one of ``packages`` or inside one."""
    return {m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)}


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_version_and_help_load_only_the_parser(tmp_path: Path, argv: list[str]) -> None:
    status, modules = loaded(tmp_path, *argv)
    assert status == 0
    assert of(modules, "hanafuda_tui") == {
        "hanafuda_tui",
        "hanafuda_tui.cli",
        "hanafuda_tui.cli.parser",
    }
    assert not of(modules, "pydantic", *NOT_HEADLESS)


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "--games", "1"],
        ["sim", "--games", "1", "--bots", "normal,easy,random", "--json"],
        ["replay", str(RECORD)],
        ["replay", "--json", str(RECORD)],
        ["stats", "teyaku"],
        ["stats", "ba"],
        ["history"],
        ["train", "--ruleset", "koikoi3", "--work", "work", "--rounds", "0"],
    ],
)
def test_headless_commands_load_no_screen_network_or_event_loop(
    tmp_path: Path, argv: list[str]
) -> None:
    status, modules = loaded(tmp_path, *argv)
    assert status in (0, 2)  # train is refused (no rounds) after loading what it runs
    assert not of(modules, *NOT_HEADLESS)
    assert not of(modules, "hanafuda_tui.net", "hanafuda_tui.cli.together", "hanafuda_tui.ui")


@pytest.mark.parametrize(
    ("argv", "unused"),
    [
        (
            ["sim", "--games", "1"],
            ("hanafuda_tui.history", "sqlite3", "hanafuda_tui.bots.strong", "pydantic"),
        ),
        (["replay", str(RECORD)], ("hanafuda_tui.review.judge", "hanafuda_tui.bots.strong")),
        (["stats", "teyaku"], ("hanafuda_tui.bots.arena", "hanafuda_tui.bots", "pydantic")),
        (
            ["sim", "--games", "1", "--bots", "normal,easy,random", "--json"],
            ("hanafuda_tui.history", "sqlite3", "hanafuda_tui.bots.strong", "pydantic"),
        ),
    ],
)
def test_a_command_loads_no_other_commands_code(
    tmp_path: Path, argv: list[str], unused: tuple[str, ...]
) -> None:
    status, modules = loaded(tmp_path, *argv)
    assert status == 0
    assert not of(modules, "hanafuda_tui.training", "multiprocessing", *unused)
    commands = ("sim", "replay", "stats", "history", "play", "together", "train")
    others = {f"hanafuda_tui.cli.{c}" for c in commands}
    assert len(of(modules, *others)) == 1


def test_the_game_loads_no_network_history_or_strong_bot_before_its_selector(
    tmp_path: Path,
) -> None:
    code = (
        "import sys; from hanafuda_tui.ui.app import HanafudaApp; HanafudaApp();"
        " print('\\n'.join(sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=apart(tmp_path),
    )
    modules = set(out.stdout.split())
    assert of(modules, "textual")  # the screens themselves are loaded
    assert not of(
        modules,
        "websockets",
        "hanafuda_tui.net",
        "hanafuda_tui.cli",
        "hanafuda_tui.history",
        "sqlite3",
        "hanafuda_tui.bots.strong",
        "hanafuda_tui.bots.learned",
    )


def test_every_subcommand_the_parser_lists_has_its_function() -> None:
    from hanafuda_tui import cli
    from hanafuda_tui.cli import parser

    assert set(cli.COMMANDS) - {None} == set(parser.SUBCOMMANDS)


SELECTOR_OVER_A_SAVE = """
import asyncio, json, random, sys
from pathlib import Path
from textual.screen import Screen
from hanafuda_tui.core.records import SeatRecord, new_game, record_of
from hanafuda_tui.tables.storage import Store
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.selector import SelectorScreen

directory = Path(sys.argv[1])
seats = [SeatRecord(name="", player=p) for p in ("human", "strong", "normal")]
Store(directory).write(record_of(new_game("koikoi3", random.Random(1)), seats).to_json())
first: list[list[str]] = []
draw = Screen._compositor_refresh

def drawn(screen, *args, **kwargs):
    if isinstance(screen, SelectorScreen) and not first:
        first.append(sorted(sys.modules))
    return draw(screen, *args, **kwargs)

Screen._compositor_refresh = drawn

async def main():
    app = HanafudaApp(store=Store(directory), language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = app.screen.query_one("#continue").display
    print(json.dumps({"first_frame": first[0], "continue": shown}))

asyncio.run(main())
"""
"""Keeps a game with a strong seat, opens the app over it and prints the modules loaded when the
selector's first frame is drawn, and whether Continue is offered once it is."""


def test_the_selector_is_drawn_before_a_saves_bots_and_the_history_are_loaded(
    tmp_path: Path,
) -> None:
    out = subprocess.run(
        [sys.executable, "-c", SELECTOR_OVER_A_SAVE, str(tmp_path / "data")],
        capture_output=True,
        text=True,
        check=True,
        env=apart(tmp_path),
        cwd=tmp_path,
    )
    result = json.loads(out.stdout)
    assert result["continue"]
    first_frame = set(result["first_frame"])
    assert not of(first_frame, "hanafuda_tui.history", "sqlite3", "hanafuda_tui.bots.strong")


SELECTOR_FROM_THE_COMMAND = """
import json, sys
from textual.app import App
from textual.screen import Screen
from hanafuda_tui.cli import main

first: list[list[str]] = []
run, draw = App.run, Screen._compositor_refresh

def headless(app, *args, **kwargs):
    return run(app, *args, **{**kwargs, "headless": True, "size": (120, 36)})

def drawn(screen, *args, **kwargs):
    done = draw(screen, *args, **kwargs)
    if type(screen).__name__ == "SelectorScreen" and not first:
        first.append(sorted(sys.modules))
        first.append(sorted(name for _, name in screen.app.stylesheet.source))
        screen.app.exit(0)
    return done

App.run, Screen._compositor_refresh = headless, drawn
status = main([])
print(json.dumps({"status": status, "first_frame": first[0], "stylesheets": first[1]}))
"""
"""Runs ``hanafuda`` (no arguments: the selector) headless and prints its exit status, the
modules loaded and the stylesheets read when the selector's first frame is drawn."""


def test_the_selector_from_the_command_is_drawn_before_what_it_does_not_show_is_loaded(
    tmp_path: Path,
) -> None:
    settings = tmp_path / "config" / "config.json"
    settings.parent.mkdir()
    settings.write_text('{"pace": 1.5, "theme": "nord", "language": "en", "think": 0.5}')
    out = subprocess.run(
        [sys.executable, "-c", SELECTOR_FROM_THE_COMMAND],
        capture_output=True,
        text=True,
        check=True,
        env=apart(tmp_path),
        cwd=tmp_path,
    )
    result = json.loads(out.stdout.splitlines()[-1])
    assert result["status"] == 0
    first_frame = set(result["first_frame"])
    assert of(first_frame, "hanafuda_tui.ui.config", "hanafuda_tui.ui.screens.selector")
    assert not of(first_frame, "pydantic", "pydantic_core", "hanafuda_tui.core.records")
    shown = "koikoi3"  # the first ruleset of the selector: its modules alone are loaded
    assert of(first_frame, f"hanafuda_tui.core.rulesets.{shown}")
    others = ("koikoi2", "hanaawase", "hachihachi")
    layers = ("core.rulesets", "bots.rulesets", "ui.rulesets")
    assert not of(first_frame, *(f"hanafuda_tui.{layer}.{n}" for layer in layers for n in others))
    assert "Button.DEFAULT_CSS" not in result["stylesheets"]  # the longest of Textual's widgets
    assert "CompactButton.DEFAULT_CSS" in result["stylesheets"]
