"""Hanaawase: the ruleset class and its modules."""

from .game import Hanaawase

__all__ = ["Hanaawase"]
