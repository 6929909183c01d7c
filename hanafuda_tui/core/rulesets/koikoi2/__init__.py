"""Koikoi2: the ruleset class and its modules."""

from .game import Koikoi2

__all__ = ["Koikoi2"]
