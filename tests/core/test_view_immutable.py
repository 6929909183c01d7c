"""Views are immutable all the way down (PlayerView): writing to any part of what a seat was given
raises, so a bot can change nothing another seat sees, now or in a later turn; views of different
seats share no mutable object (the game's options, a frozen model of plain values, are shared)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import pytest

from hanafuda_tui.core.game import Game
from hanafuda_tui.core.options import RulesetOptions
from hanafuda_tui.core.records import make_options
from hanafuda_tui.core.rulesets import ruleset_class
from hanafuda_tui.core.table import shuffled_deck

CASES = [
    ("koikoi3", {"months": 3}),
    ("koikoi2", {"months": 3}),
    ("koikoi2", {"months": 3, "teyaku": True}),
    ("hanaawase", {"months": 3}),
    ("hanaawase", {"months": 3, "players": 5}),
    ("hanaawase", {"months": 3, "players": 6}),
    ("hachihachi", {}),
    ("hachihachi", {"menu": "F"}),
]
LEAVES = (int, str, float, type(None))
CONTAINERS = (tuple, frozenset, MappingProxyType, RulesetOptions)


def parts(obj: Any, path: str = "view") -> Iterator[tuple[str, Any]]:
    """Every object reachable from ``obj``, with where it is."""
    yield path, obj
    if isinstance(obj, MappingProxyType):
        for key, value in obj.items():
            yield from parts(key, f"{path} key")
            yield from parts(value, f"{path}[{key!r}]")
    elif isinstance(obj, tuple | frozenset):
        for i, value in enumerate(obj):
            yield from parts(value, f"{path}[{i}]")
    elif isinstance(obj, RulesetOptions):
        for name in type(obj).model_fields:
            yield from parts(getattr(obj, name), f"{path}.{name}")


def writes(obj: Any) -> Iterator[Any]:
    """Attempts to change ``obj`` in place (each must raise)."""
    yield lambda: obj.__setitem__(0, 0)
    yield lambda: obj.__delitem__(0)
    if isinstance(obj, MappingProxyType):
        for key in list(obj)[:1]:
            yield lambda key=key: obj.__setitem__(key, None)
            yield lambda key=key: obj.__delitem__(key)
    if hasattr(obj, "_fields"):
        yield lambda: setattr(obj, obj._fields[0], None)
    if isinstance(obj, RulesetOptions):
        for name in type(obj).model_fields:
            yield lambda name=name: setattr(obj, name, None)
    for name in ("append", "add", "update", "clear", "pop", "setdefault", "extend"):
        yield lambda name=name: getattr(obj, name)()


def assert_immutable(view: Any) -> None:
    for path, part in parts(view):
        assert isinstance(part, LEAVES + CONTAINERS), f"{path} is a {type(part).__name__}"
        if isinstance(part, CONTAINERS):
            for write in writes(part):
                with pytest.raises((TypeError, AttributeError, ValueError)):
                    write()


def mutable_ids(view: Any) -> set[int]:
    return {id(p) for _, p in parts(view) if not isinstance(p, LEAVES + CONTAINERS)}


def random_views(ruleset: str, values: dict[str, Any], seed: int) -> Iterator[tuple[Game, list]]:
    cls = ruleset_class(ruleset)
    rng = random.Random(seed)
    options = make_options(cls, values)
    game = cls(options, seed % cls.seated(options), lambda: shuffled_deck(rng))
    game.start()
    while not game.is_over:
        yield game, [game.view(s) for s in range(game.players)]
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize(("ruleset", "values"), CASES, ids=[f"{r}-{v}" for r, v in CASES])
def test_writing_to_any_part_of_a_view_raises_and_no_mutable_object_is_shared(ruleset, values):
    warned = 0
    for seed in range(4):
        for game, views in random_views(ruleset, values, seed):
            shared = [mutable_ids(v) for v in views]
            for a in range(game.players):
                for b in range(a):
                    assert not shared[a] & shared[b], f"seats {a} and {b} share a mutable part"
            for view in views:
                assert_immutable(view)
                warned += bool(view.facts.hatto) if ruleset == "hachihachi" else 0
    assert warned > 10 or ruleset != "hachihachi", "八八's 法度 warnings (a nested mapping) checked"
