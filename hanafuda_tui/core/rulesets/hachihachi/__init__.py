"""Hachihachi: the ruleset class and its modules."""

from .game import Hachihachi

__all__ = ["Hachihachi"]
