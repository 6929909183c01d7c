"""Rulesets registered by name (koikoi3 here; hachihachi, hanaawase, koikoi2 plug in the same way).

Each is imported when it is first looked up: a screen that shows one ruleset (the selector) loads
that one's modules alone. Their names and titles are known without importing any."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, TypeVar

from .titles import TITLES

if TYPE_CHECKING:
    from ..game import Game

V = TypeVar("V")


class Registry(Mapping[str, V]):
    """Values by ruleset name, each made by its loader (which imports its modules) when it is
    first looked up; the names, their order and ``in`` need no loading."""

    def __init__(self, loaders: Mapping[str, Callable[[], V]]) -> None:
        self._loaders = dict(loaders)
        self._loaded: dict[str, V] = {}

    def __getitem__(self, name: str) -> V:
        if name not in self._loaded:
            self._loaded[name] = self._loaders[name]()
        return self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in self._loaders

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


def _koikoi3() -> type[Game]:
    from .koikoi3 import Koikoi3

    return Koikoi3


def _koikoi2() -> type[Game]:
    from .koikoi2 import Koikoi2

    return Koikoi2


def _hanaawase() -> type[Game]:
    from .hanaawase import Hanaawase

    return Hanaawase


def _hachihachi() -> type[Game]:
    from .hachihachi import Hachihachi

    return Hachihachi


RULESETS: Registry[type[Game]] = Registry(
    {
        "koikoi3": _koikoi3,
        "koikoi2": _koikoi2,
        "hanaawase": _hanaawase,
        "hachihachi": _hachihachi,
    }
)
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
