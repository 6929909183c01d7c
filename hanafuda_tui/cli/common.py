"""What the commands share: a ruleset's --option pairs checked, JSON lines, text aligned in
terminal cells, the history of the data directory, a seat's name in English, a bot checked."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from ..core.readable import printable
from ..core.rulesets import ruleset_class
from ..core.start import make_options
from .parser import UsageError, one_line, writes_unicode


def error_exit(error: object, status: int) -> int:
    """Says ``error`` as the command's one line on stderr; the exit status ``status``."""
    print(f"hanafuda: error: {error}", file=sys.stderr)
    return status


def ruleset_options(ruleset: str, pairs: Sequence[str]) -> Any:
    """The ruleset's options from KEY=VALUE pairs; UsageError names an unknown key."""
    cls = ruleset_class(ruleset)
    values: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes KEY=VALUE, not {pair!r}")
        if key not in cls.Options.model_fields:
            known = ", ".join(cls.Options.model_fields) or "none"
            raise UsageError(f"unknown option {key!r} for {ruleset} (options: {known})")
        values[key] = value
    return make_options(cls, values)


def print_json(data: Any) -> None:
    """JSON on one line, kanji as they are, controls escaped (the text is the same JSON value);
    all ASCII (kanji as ``\\uXXXX``) where the output cannot take them."""
    print(printable(json.dumps(data, ensure_ascii=not writes_unicode(sys.stdout))))


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes (kanji and kana are two wide)."""
    return sum(2 if ord(ch) > 0x2000 else 1 for ch in text)


def cells_left(text: str, width: int) -> str:
    """Left-align ``text`` in ``width`` terminal cells (longer text is left as it is)."""
    return text + " " * max(0, width - cells(text))


def history_store() -> Any:
    """The history of the data directory (``$HANAFUDA_DATA_DIR`` or the platform's); each set-aside
    database reported in one line on stderr."""
    from ..history import HistoryStore
    from ..tables.storage import data_dir

    store = HistoryStore(data_dir())
    store.open()
    for notice in store.notices:
        print(f"hanafuda: {one_line(notice)}", file=sys.stderr)
    return store


def english_names(record: Any) -> list[str]:
    """The seats' names as a command prints them, a default one in English."""
    from ..tables.names import seat_names

    return seat_names(record.seats, "en")


def check_bot(spec: str, ruleset: str) -> None:
    """BotSpecError unless ``spec`` makes a bot that plays ``ruleset`` (the learned weights it
    plays out with, ``weights=FILE``, are that ruleset's)."""
    import random

    from ..bots import BotSpecError, make_bot

    bot = make_bot(spec, random.Random(0))
    model = getattr(bot, "model", None)
    searching = getattr(bot, "playout", "") in ("learned", "net")
    if searching and model is not None and model.ruleset != ruleset:
        raise BotSpecError(f"bot {spec!r}: its weights are for {model.ruleset}, not {ruleset}")
