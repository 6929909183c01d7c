"""Koikoi2: the ruleset class and its modules."""

from .game import Koikoi2

GAME = Koikoi2
"""The ruleset's game class, as ``RULESETS`` reads it."""

__all__ = ["GAME", "Koikoi2"]
