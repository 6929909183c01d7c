"""八八 on screen: its screen adapter (``SCREEN``, registered in ``ui.rulesets.SCREENS``)."""

from .screen import SCREEN

__all__ = ["SCREEN"]
