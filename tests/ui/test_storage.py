"""The save: a save that cannot be loaded or written never stops the game and is never lost; one
instance at a time owns it; an unhandled error exits with status 1 and one line."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from hanafuda_tui.core.records import SeatRecord, new_game, record_of
from hanafuda_tui.tables.storage import SaveInUse, Store
from hanafuda_tui.ui import app as app_module
from hanafuda_tui.ui.app import HanafudaApp, run_app
from hanafuda_tui.ui.screens.selector import SelectorScreen

SEATS = [SeatRecord(name="A", player="human"), *(SeatRecord(name=n, player="random") for n in "BC")]


def saved_game(directory: Path, seats: list[SeatRecord] = SEATS) -> dict[str, Any]:
    """A game just started, saved as its record; the record's data."""
    game = new_game("koikoi3", random.Random(5))
    data: dict[str, Any] = json.loads(record_of(game, seats).to_json())
    Store(directory).write(json.dumps(data))
    return data


def selector_error(app: HanafudaApp) -> str:
    return str(app.screen.query_one("#selector-error", Static).render())


def start_with_save(directory: Path, text: str) -> tuple[str, bool]:
    """Start the app on a save with this text: the selector's error line, and whether Continue
    is offered."""
    (directory / "save.json").write_text(text, "utf-8", errors="surrogatepass")
    seen: list[Any] = []

    async def run() -> None:
        app = HanafudaApp(store=Store(directory), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            seen.append(selector_error(app))
            seen.append(app.screen.query_one("#continue").display)

    asyncio.run(run())
    return seen[0], seen[1]


def deeply_nested_save() -> str:
    return '{"format": "hanafuda-tui-record", "deals": ' + "[" * 2000 + "]" * 2000 + "}"


def save_with_name(directory: Path, name: str) -> str:
    data = saved_game(directory)
    data["seats"][0]["name"] = name
    return json.dumps(data)


def save_with_bot(directory: Path, spec: str) -> str:
    data = saved_game(directory)
    data["seats"][1]["player"] = spec
    return json.dumps(data)


@pytest.mark.parametrize(
    "make",
    [
        lambda d: deeply_nested_save(),
        lambda d: save_with_name(d, "\ud800"),
        lambda d: save_with_bot(d, "strong:time=inf"),
        lambda d: '{"first_dealer": ' + "9" * 5000 + "}",
    ],
    ids=["nested-2000-deep", "lone-surrogate-name", "endless-bot", "5000-digits"],
)
def test_a_save_that_cannot_be_continued_is_reported_and_set_aside(
    tmp_path: Path, make: Any
) -> None:
    text = make(tmp_path)
    error, can_continue = start_with_save(tmp_path, text)
    assert "set aside" in error and not can_continue
    assert not (tmp_path / "save.json").exists()
    (aside,) = tmp_path.glob("save-damaged-*.json")
    assert aside.read_bytes() == text.encode("utf-8", "surrogatepass")  # kept, byte for byte
    assert str(aside) in error


def test_two_saves_set_aside_in_the_same_second_keep_both(tmp_path: Path) -> None:
    store = Store(tmp_path)
    for text in ("first", "second", "third"):
        store.path.write_text(text, "utf-8")
        store.set_aside()
    kept = sorted(p.read_text("utf-8") for p in tmp_path.glob("save-damaged-*.json"))
    assert kept == ["first", "second", "third"]


def test_a_save_that_cannot_be_written_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    saved_game(tmp_path)
    store = Store(tmp_path)
    before = store.path.read_bytes()
    with pytest.raises(UnicodeEncodeError):
        store.write('{"name": "\ud800"}')
    assert store.path.read_bytes() == before  # the last good save stays whole
    assert not list(tmp_path.glob(".save.json.*.tmp"))


def test_one_instance_owns_the_save_and_a_dead_one_leaves_no_lock(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from hanafuda_tui.tables.storage import Store;"
            f" s = Store(Path({str(tmp_path)!r})); s.claim(); print('claimed', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "claimed"
        with pytest.raises(SaveInUse):
            Store(tmp_path).claim()
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    store = Store(tmp_path)
    store.claim()  # the killed instance's lock went with it
    with pytest.raises(SaveInUse):
        Store(tmp_path).claim()
    store.release()
    Store(tmp_path).claim()


def test_a_second_instance_is_told_and_never_touches_the_first_ones_save(tmp_path: Path) -> None:
    saved_game(tmp_path)
    first = Store(tmp_path)
    first.claim()
    before = first.path.read_bytes()

    async def run() -> None:
        app = HanafudaApp(store=Store(tmp_path), bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "not saved" in selector_error(app)
            assert not app.screen.query_one("#continue").display
            app.start_game("koikoi3", {}, SEATS, "3")
            await pilot.pause()
            table = app.table()
            assert table is not None and table.session.link.store is None

    try:
        asyncio.run(run())
    finally:
        first.release()
    assert first.path.read_bytes() == before


def test_temporary_files_of_a_killed_save_are_cleaned_at_the_next_start(tmp_path: Path) -> None:
    left = tmp_path / ".save.json.4242.tmp"
    left.write_text('{"half": ', "utf-8")
    store = Store(tmp_path)
    store.claim()
    store.release()
    assert not left.exists()


class CrashingApp(HanafudaApp):
    """The game with a fault that surfaces once it is running."""

    CSS_PATH = Path(app_module.__file__).with_name("app.tcss")

    def run(self, **_: Any) -> Any:
        return super().run(headless=True, size=(80, 24))

    async def on_mount(self) -> None:
        await super().on_mount()
        self.set_timer(0.05, self.fault)

    def fault(self) -> None:
        raise RuntimeError("a fault in the screen")


def test_a_crash_exits_1_with_one_line_and_the_trace_in_a_file_and_keeps_the_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved_game(tmp_path)
    before = (tmp_path / "save.json").read_bytes()
    status = run_app(CrashingApp(store=Store(tmp_path), bot_pause=0, language="en"))
    err = capsys.readouterr().err
    assert status == 1
    assert err.count("\n") == 1 and "RuntimeError: a fault in the screen" in err
    (log,) = tmp_path.glob("crash-*.log")
    assert str(log) in err
    trace = log.read_text("utf-8")
    assert "Traceback" in trace and "def fault" not in err and "in fault" in trace
    assert (tmp_path / "save.json").read_bytes() == before
    assert os.listdir(tmp_path).count("save.json") == 1
