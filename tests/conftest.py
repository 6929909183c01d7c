"""Fixtures every test shares; helpers for building games live in the helpers package."""

from __future__ import annotations

import pytest


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
