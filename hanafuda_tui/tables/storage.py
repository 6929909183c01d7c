"""The save: the game record written atomically in the user's data directory after every action.

One instance at a time owns the directory's save (a lock the system drops with a process that dies);
a save that cannot be read is moved aside under a name of its own, never overwritten. Instances
that share one data directory on purpose (each browser session of ``hanafuda serve``) each take a
save slot of their own instead (``SlotStore``).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING

from platformdirs import user_data_path

if TYPE_CHECKING:
    from ..core.records import GameRecord

SAVE_NAME = "save.json"
LOCK_NAME = "save.lock"
SLOTS_NAME = "sessions"
MAX_SLOTS = 1000
"""Save slots at most (instances running at once that each keep a save)."""


def data_dir() -> Path:
    """``$HANAFUDA_DATA_DIR`` if set, else the platform's user data directory."""
    override = os.environ.get("HANAFUDA_DATA_DIR")
    return Path(override) if override else user_data_path("hanafuda-tui", appauthor=False)


class SaveInUse(Exception):
    """Another running instance owns the save of this data directory."""


def _lock(f: IO[bytes]) -> bool:
    """Take an exclusive, non-blocking lock on an open file; False if another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class Store:
    def __init__(self, directory: Path | None = None) -> None:
        self._lock_file: IO[bytes] | None = None
        self._move_to(directory or data_dir())

    def _move_to(self, directory: Path) -> None:
        self.directory = directory
        self.path = directory / SAVE_NAME

    def claim(self) -> None:
        """Own this directory's save for as long as the process runs (or ``release``): SaveInUse if
        another instance owns it. Temporary files of a save that was cut off are removed."""
        if self._lock_file is not None:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        f = open(self.directory / LOCK_NAME, "a+b")  # noqa: SIM115 (held open: the lock lives with it)
        if not _lock(f):
            f.close()
            raise SaveInUse(str(self.path))
        self._lock_file = f
        for tmp in self.directory.glob(f".{SAVE_NAME}.*.tmp"):
            tmp.unlink(missing_ok=True)

    def release(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None

    def exists(self) -> bool:
        return self.path.is_file()

    def write(self, text: str) -> None:
        """Write the save whole or not at all (``write_atomically``); OSError if it cannot be
        written (the text is encoded first: nothing half-written)."""
        from ..core.records import write_atomically

        write_atomically(self.path, text)

    def load(self) -> GameRecord:
        """The saved record; RecordError if it cannot be read."""
        from ..core.records import MAX_RECORD_BYTES, RecordError, load_record

        try:
            with open(self.path, "rb") as f:
                data = f.read(MAX_RECORD_BYTES + 1)
        except OSError as err:
            raise RecordError(f"cannot read {self.path}: {err.strerror or err}") from None
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(f"larger than {MAX_RECORD_BYTES >> 20} MiB")
        try:
            return load_record(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise RecordError("not UTF-8 text") from None

    def set_aside(self) -> Path:
        """Move a damaged save out of the way under a name no other save has; its new path."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for n in range(1, 10_000):
            suffix = "" if n == 1 else f"-{n}"
            target = self.path.with_name(f"save-damaged-{stamp}{suffix}.json")
            try:
                os.link(self.path, target)
            except FileExistsError:
                continue
            except OSError:  # no hard links here: a rename, after checking the name is free
                if target.exists():
                    continue
                os.replace(self.path, target)
                return target
            self.path.unlink()
            return target
        raise OSError(f"no free name to set {self.path} aside")

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)


class SlotStore(Store):
    """A save of its own for each of several instances on one data directory: ``claim`` takes the
    first slot ``<data>/sessions/<n>/`` whose lock no running process holds. A slot's save outlives
    its process, so the next instance to start (a browser tab reloaded) continues that game; two
    at once get two slots. Each slot is a ``Store`` directory: its lock, its damaged saves set
    aside, its temporary files. Until a claim the store stands at the first slot."""

    def __init__(self, directory: Path | None = None) -> None:
        self.root = directory or data_dir()
        """The shared data directory the slots are in."""
        super().__init__(self.slot(1))

    def slot(self, n: int) -> Path:
        return self.root / SLOTS_NAME / str(n)

    def claim(self) -> None:
        """Own the first free slot (SaveInUse if all MAX_SLOTS are owned; OSError if the slots
        cannot be made)."""
        if self._lock_file is not None:
            return
        for n in range(1, MAX_SLOTS + 1):
            self._move_to(self.slot(n))
            try:
                super().claim()
            except SaveInUse:
                continue
            return
        self._move_to(self.slot(1))
        raise SaveInUse(str(self.root / SLOTS_NAME))
