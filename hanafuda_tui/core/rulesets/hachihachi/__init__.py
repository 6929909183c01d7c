"""Hachihachi: the ruleset class and its modules."""

from .game import Hachihachi

GAME = Hachihachi
"""The ruleset's game class, as ``RULESETS`` reads it."""

__all__ = ["GAME", "Hachihachi"]
