"""The save: the game record written atomically in the user's data directory after every action."""

from __future__ import annotations

import os
import time
from pathlib import Path

from platformdirs import user_data_path

from ..core.records import GameRecord, RecordError, load_record

SAVE_NAME = "save.json"


def data_dir() -> Path:
    """``$HANAFUDA_DATA_DIR`` if set, else the platform's user data directory."""
    override = os.environ.get("HANAFUDA_DATA_DIR")
    return Path(override) if override else user_data_path("hanafuda-tui", appauthor=False)


class Store:
    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or data_dir()
        self.path = self.directory / SAVE_NAME

    def exists(self) -> bool:
        return self.path.is_file()

    def write(self, text: str) -> None:
        """Write through a temporary file and ``os.replace``: a save is whole or not there."""
        self.directory.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{SAVE_NAME}.{os.getpid()}.tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)

    def load(self) -> GameRecord:
        """The saved record; RecordError if it cannot be read."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise RecordError(f"cannot read {self.path}: {err}") from None
        return load_record(text)

    def set_aside(self) -> Path:
        """Move a damaged save out of the way; its new path."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"save-damaged-{stamp}.json")
        os.replace(self.path, target)
        return target

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)
