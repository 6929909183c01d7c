"""Going back over a recorded game: its positions one action at a time, a new game played on from
one of them, and the strong bot's review of one seat's decisions."""

ITERATIONS = 200
"""Playouts a decision in a review (``strong:iterations=200``)."""
