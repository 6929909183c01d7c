"""A learned file (weights, a value, a play network) read and checked: whatever is wrong with it
is one line naming where, never a traceback."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from ..core.readable import first_fault

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


def file_text(path: str, what: str, error: type[ValueError]) -> str:
    """The text of ``what`` (a spec's ``weights=FILE`` and the like) at ``path``; a file that
    cannot be read is ``error``."""
    try:
        return Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise error(f"cannot read {what} {path[:60]!r}: {err.__class__.__name__}") from None


def checked_model(
    model: type[M], text: str, name: str, verb: str, ruleset: str, error: type[ValueError]
) -> M:
    """``model`` read from JSON ``text`` and made for ``ruleset`` (any ruleset: ''); text that
    is not one is ``error``, saying that ``name`` ("weights", "play network") ``verb`` ("are",
    "is") not readable and where, or for which ruleset it is."""
    what = f"{name} for {ruleset} {verb}" if ruleset else f"{name} {verb}"
    try:
        value = model.model_validate(json.loads(text))
    except ValidationError as err:
        raise error(f"{what} not readable: {first_fault(err, 'the file')}") from None
    except ValueError as err:
        raise error(f"{what} not readable: {str(err).splitlines()[0]}") from None
    made_for = getattr(value, "ruleset", None)  # every learned file names its ruleset
    if ruleset and made_for != ruleset:
        raise error(f"{name} {verb} for {made_for}, not {ruleset}")
    return value


def shipped_file(
    path: Path, read: Callable[[str], T], error: type[ValueError], instead: str
) -> T | None:
    """What ``read`` makes of the file shipped at ``path`` (None: none shipped). A file damaged
    since it was installed says so in one line on stderr, and what strong does ``instead``, and
    is None."""
    if not path.is_file():
        return None
    try:
        return read(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, error) as err:
        why = str(err).splitlines()[0] if str(err) else type(err).__name__
        print(
            f"hanafuda: the shipped {why}; strong {instead} (reinstall hanafuda-tui to mend it)",
            file=sys.stderr,
        )
        return None
