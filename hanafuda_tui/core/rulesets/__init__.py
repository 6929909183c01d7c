"""Rulesets registered by name (koikoi3 here; hachihachi, hanaawase, koikoi2 plug in the same way)."""

from __future__ import annotations

from ..game import Game
from .hachihachi import Hachihachi
from .hanaawase import Hanaawase
from .koikoi2 import Koikoi2
from .koikoi3 import Koikoi3

RULESETS: dict[str, type[Game]] = {
    cls.ruleset: cls for cls in (Koikoi3, Koikoi2, Hanaawase, Hachihachi)
}

TITLES = {
    "koikoi3": ("三人こいこい", "three-player koi-koi"),
    "koikoi2": ("二人こいこい", "two-player koi-koi"),
    "hanaawase": ("花合わせ", "hana-awase"),
    "hachihachi": ("八八", "hachi-hachi"),
}


class UnknownRuleset(ValueError):
    pass


def ruleset_class(name: str) -> type[Game]:
    """The game class of a ruleset name; UnknownRuleset names the known ones."""
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})") from None
