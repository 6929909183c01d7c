"""Koikoi3: the ruleset class and its modules."""

from .game import Koikoi3

__all__ = ["Koikoi3"]
