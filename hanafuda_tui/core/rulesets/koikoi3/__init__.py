"""Koikoi3: the ruleset class and its modules."""

from .game import Koikoi3

GAME = Koikoi3
"""The ruleset's game class, as ``RULESETS`` reads it."""

__all__ = ["GAME", "Koikoi3"]
