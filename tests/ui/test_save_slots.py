"""Save slots: instances sharing one data directory on purpose (each browser session of ``hanafuda
serve``) each keep a save of their own, the first slot no running process holds; the ordinary game
keeps its one save."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Static

from hanafuda_tui.cli import main
from hanafuda_tui.core.records import SeatRecord, new_game, record_of
from hanafuda_tui.tables.storage import MAX_SLOTS, SaveInUse, SlotStore, Store
from hanafuda_tui.ui import app as app_module
from hanafuda_tui.ui.app import HanafudaApp
from hanafuda_tui.ui.screens.selector import SelectorScreen

SEATS = [SeatRecord(name="A", player="human"), *(SeatRecord(name=n, player="random") for n in "BC")]


def slot(root: Path, n: int) -> Path:
    return root / "sessions" / str(n)


def save_in(directory: Path) -> bytes:
    """A game just started, saved in ``directory`` as its record; the save's bytes."""
    Store(directory).write(record_of(new_game("koikoi3", random.Random(5)), SEATS).to_json())
    return (directory / "save.json").read_bytes()


def test_two_claims_take_two_slots_and_a_released_slot_is_taken_again(tmp_path: Path) -> None:
    first, second = SlotStore(tmp_path), SlotStore(tmp_path)
    first.claim()
    second.claim()
    assert (first.directory, second.directory) == (slot(tmp_path, 1), slot(tmp_path, 2))
    assert first.path == slot(tmp_path, 1) / "save.json"
    first.release()
    third = SlotStore(tmp_path)
    third.claim()
    assert third.directory == slot(tmp_path, 1)
    with pytest.raises(SaveInUse):
        Store(slot(tmp_path, 2)).claim()  # the slot's lock is the ordinary save's lock
    second.release()
    third.release()


def test_a_slot_held_by_another_process_is_skipped_and_free_again_once_it_is_killed(
    tmp_path: Path,
) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time; from pathlib import Path; from hanafuda_tui.tables.storage import SlotStore;"
            f" s = SlotStore(Path({str(tmp_path)!r})); s.claim(); print(s.directory, flush=True);"
            " time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == str(slot(tmp_path, 1))
        here = SlotStore(tmp_path)
        here.claim()
        assert here.directory == slot(tmp_path, 2)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    again = SlotStore(tmp_path)
    again.claim()  # the killed process's lock went with it
    assert again.directory == slot(tmp_path, 1)
    here.release()
    again.release()


def test_with_every_slot_held_the_claim_says_the_save_is_in_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hanafuda_tui.tables import storage

    monkeypatch.setattr(storage, "MAX_SLOTS", 2)
    held = [SlotStore(tmp_path), SlotStore(tmp_path)]
    for store in held:
        store.claim()
    with pytest.raises(SaveInUse):
        SlotStore(tmp_path).claim()
    assert not slot(tmp_path, 3).exists()
    for store in held:
        store.release()
    assert MAX_SLOTS >= 100


def start(store: Store, seen: list[object]) -> None:
    """Start the app on ``store``: note the selector's error line and whether Continue is
    offered; then start a game and note where its session saves."""

    async def run() -> None:
        app = HanafudaApp(store=store, bot_pause=0, language="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SelectorScreen)
            seen.append(str(app.screen.query_one("#selector-error", Static).render()))
            seen.append(app.screen.query_one("#continue").display)
            app.start_game("koikoi3", {}, SEATS, "3")
            await pilot.pause()
            table = app.table()
            assert table is not None and table.session.link.store is not None
            seen.append(table.session.link.store.path)

    asyncio.run(run())


def test_a_second_session_plays_and_saves_in_a_slot_of_its_own(tmp_path: Path) -> None:
    before = save_in(slot(tmp_path, 1))
    first = SlotStore(tmp_path)
    first.claim()  # a session playing the game saved in slot 1
    seen: list[object] = []
    try:
        start(SlotStore(tmp_path), seen)
    finally:
        first.release()
    assert seen == ["", False, slot(tmp_path, 2) / "save.json"]  # told nothing, nothing to continue
    assert (slot(tmp_path, 1) / "save.json").read_bytes() == before
    assert (
        json.loads((slot(tmp_path, 2) / "save.json").read_text("utf-8"))["seats"][0]["name"] == "A"
    )
    assert not (tmp_path / "save.json").exists()  # the ordinary save is not a slot


def test_a_session_that_gets_a_slot_with_a_save_offers_to_continue_it(tmp_path: Path) -> None:
    save_in(slot(tmp_path, 1))
    seen: list[object] = []
    start(SlotStore(tmp_path), seen)
    assert seen[:2] == ["", True]


def test_a_damaged_save_in_a_slot_is_set_aside_in_that_slot(tmp_path: Path) -> None:
    (slot(tmp_path, 1)).mkdir(parents=True)
    (slot(tmp_path, 1) / "save.json").write_text(
        '{"format": "hanafuda-tui-record", "deals": [', "utf-8"
    )
    seen: list[object] = []
    start(SlotStore(tmp_path), seen)
    error, can_continue = seen[:2]
    assert "set aside" in str(error) and not can_continue
    (aside,) = slot(tmp_path, 1).glob("save-damaged-*.json")
    assert aside.read_text("utf-8").endswith('"deals": [')
    assert str(aside) in str(error)


def test_play_with_save_slot_plays_in_a_slot_and_plain_play_keeps_the_one_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HANAFUDA_DATA_DIR", str(tmp_path))
    stores: list[Store] = []

    def run_app(app: HanafudaApp | None = None) -> int:
        assert app is not None
        stores.append(app.store)
        return 0

    monkeypatch.setattr(app_module, "run_app", run_app)
    assert main(["play", "--save-slot"]) == 0
    assert main(["play", "--save-slot", "--ruleset", "koikoi2"]) == 0
    assert main(["play"]) == 0 and main([]) == 0
    assert [type(s) for s in stores] == [SlotStore, SlotStore, Store, Store]
    assert all(s.directory == tmp_path for s in stores[2:])
    slotted = stores[0]
    assert isinstance(slotted, SlotStore) and slotted.root == tmp_path
