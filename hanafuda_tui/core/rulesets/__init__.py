"""Rulesets registered by name (koikoi3 here; hachihachi, hanaawase, koikoi2 plug in the same way).

Each is imported when it is first looked up: a screen that shows one ruleset (the selector) loads
that one's modules alone. Their names and titles are known without importing any."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

from .titles import TITLES

if TYPE_CHECKING:
    from ..game import Game

V = TypeVar("V")


class Registry(Mapping[str, V]):
    """Values by ruleset name, each read by ``read`` from the ruleset's module ``package.<name>``
    (imported then) when it is first looked up; the names (``TITLES``'), their order and ``in``
    need no loading."""

    def __init__(self, package: str, read: Callable[[ModuleType], V]) -> None:
        self._package, self._read = package, read
        self._loaded: dict[str, V] = {}

    def __getitem__(self, name: str) -> V:
        if name not in self._loaded:
            if name not in TITLES:
                raise KeyError(name)
            self._loaded[name] = self._read(import_module(f"{self._package}.{name}"))
        return self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in TITLES

    def __iter__(self) -> Iterator[str]:
        return iter(TITLES)

    def __len__(self) -> int:
        return len(TITLES)


RULESETS: Registry[type[Game]] = Registry(__name__, lambda ruleset: ruleset.GAME)
"""Each ruleset's game class by name."""


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
    return TITLES.get(name, (name, name))
