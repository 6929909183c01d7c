"""Fixtures every test shares; helpers for building games live in the helpers package."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def own_config_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test reads and writes the app's settings file in a directory of its own."""
    monkeypatch.setenv("HANAFUDA_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
