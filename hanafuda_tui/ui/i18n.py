"""Japanese and English screen text from ``data/i18n/{ja,en}.json``; the default follows the locale."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("ja", "en")
_DIR = Path(__file__).parent / "data" / "i18n"
_state = {"lang": "ja"}


@cache
def _table(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def locale_lang(environ: Any = os.environ) -> str:
    """``ja`` when the locale (LC_ALL, LC_MESSAGES, LANG, first set) is Japanese, else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def set_lang(lang: str) -> None:
    _state["lang"] = lang if lang in LANGS else "en"


def lang() -> str:
    return _state["lang"]


def has(key: str) -> bool:
    return key in _table(lang()) or key in _table("ja")


def own(key: str, ruleset: str) -> str:
    """``key.<ruleset>`` when ``ruleset`` has its own text for ``key``, else ``key``."""
    special = f"{key}.{ruleset}"
    return special if has(special) else key


def t(key: str, ruleset: str = "", /, **values: Any) -> str:
    """The text of ``key`` in the current language (Japanese, then the key itself, as fallback);
    ``{u}`` in it is the score unit of ``ruleset`` (文, 点...; the common one for "")."""
    text = _text(_person(key, values))
    if "{" not in text:
        return text
    unit = _text(f"unit.{ruleset}") if has(f"unit.{ruleset}") else _text("unit")
    return text.format(u=unit, **values)


def text_in(language: str, key: str, /, **values: Any) -> str:
    """The text of ``key`` in ``language`` whatever the language shown (Japanese as fallback)."""
    text = _table(language).get(key) or _table("ja").get(key) or key
    return text.format(**values) if values else text


def _person(key: str, values: dict[str, Any]) -> str:
    """``key.you`` when ``who`` is the reader's own word and the language has such a text:
    "You play", not "You plays"."""
    you = f"{key}.you"
    return you if values.get("who") == _text("you") and you in _table(lang()) else key


def _text(key: str) -> str:
    return _table(lang()).get(key) or _table("ja").get(key) or key
