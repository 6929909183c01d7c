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


class UnknownRuleset(ValueError):
    pass


def ruleset_class(name: str) -> type[Game]:
    """The game class of a ruleset name; UnknownRuleset names the known ones."""
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"unknown ruleset {name!r} (known: {known})") from None


def titles(name: str) -> tuple[str, str]:
    """A ruleset's Japanese and English titles (its name twice if no ruleset has that name)."""
    cls = RULESETS.get(name)
    return cls.titles if cls else (name, name)
