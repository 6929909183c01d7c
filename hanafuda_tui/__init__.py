"""hanafuda-tui: traditional hanafuda games in the terminal."""

__version__ = "0.1.0"
