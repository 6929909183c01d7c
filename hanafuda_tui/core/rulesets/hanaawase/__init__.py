"""Hanaawase: the ruleset class and its modules."""

from .game import Hanaawase

GAME = Hanaawase
"""The ruleset's game class, as ``RULESETS`` reads it."""

__all__ = ["GAME", "Hanaawase"]
