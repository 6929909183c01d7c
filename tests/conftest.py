"""Fixtures every test shares; helpers for building games live in the helpers package."""

from __future__ import annotations

import compileall
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "hanafuda_tui"


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the package once, before any test starts a process of its own: where Python is
    told not to write bytecode (``PYTHONDONTWRITEBYTECODE``), every ``hanafuda`` a test runs
    would otherwise compile the sources it imports again (a third of a start's time)."""
    if not hasattr(session.config, "workerinput"):
        compileall.compile_dir(PACKAGE, quiet=1)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than the cores this process may run on: the app's tests spend part of
    their time waiting on its event loop (timers, a bot's thread, a prompt's key guard), and a
    third worker on two cores fills that time (a whole run measured 477 s with two, 433 s with
    three, the cores busy 157% and 181% of it)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


WRITES_BYTECODE = not sys.dont_write_bytecode


def pytest_collection(session: pytest.Session) -> None:
    """Keep each test module's assertion-rewritten bytecode while the tests are collected, even
    where Python is told not to write bytecode: pytest reads it back whatever that setting, and
    rewriting every module again is two thirds of each worker's collection (about 8 s of CPU)."""
    sys.dont_write_bytecode = False


def pytest_collection_finish(session: pytest.Session) -> None:
    """The tests themselves run with Python's own setting."""
    sys.dont_write_bytecode = not WRITES_BYTECODE


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests marked ``long`` go first, dealt in turn to the start of each worker's share: the
    workers (``--dist worksteal``) are each sent one contiguous share of the tests and take from
    the end of each other's, so a long test left near the end would run alone while the other
    worker waits. The order is the same in every worker, as xdist requires."""
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    long = [item for item in items if item.get_closest_marker("long")]
    rest = [item for item in items if not item.get_closest_marker("long")]
    ordered: list[pytest.Item] = []
    left = len(items)
    for worker in range(workers):
        share = left // (workers - worker)  # as the scheduler divides the tests
        left -= share
        first = long[worker::workers]
        ordered += first
        taken = max(0, share - len(first))
        ordered += rest[:taken]
        del rest[:taken]
    items[:] = ordered + rest


@pytest.fixture(autouse=True)
def own_config_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test reads and writes the app's settings file in a directory of its own."""
    monkeypatch.setenv("HANAFUDA_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture(autouse=True)
def own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps its saves and history in a data directory of its own."""
    monkeypatch.setenv("HANAFUDA_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def japanese_words() -> Iterator[None]:
    """Every test starts in the app's own language, Japanese, whatever language an app that an
    earlier test in the same process started was left in (the app takes it from the settings or
    the locale), and leaves it so."""
    from hanafuda_tui.ui import i18n

    i18n.set_lang("ja")
    yield
    i18n.set_lang("ja")


@pytest.fixture(autouse=True)
def no_full_collection_each_bot_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app runs a full garbage collection on every bot turn so that none falls in a key press
    (``ui/memory.py``). In a test process, whose heap holds every test module, each costs a
    fifth of a second and keeps nothing from failing, so tests leave it to Python's own; the test
    of the collections themselves counts the calls."""
    from hanafuda_tui.ui import memory

    monkeypatch.setattr(memory, "collect", lambda: None)
