"""八八 on screen: its screen adapter (``SCREEN``, registered in ``ui.rulesets.SCREENS``) and the
記入式's text layout."""

from .screen import SCREEN

__all__ = ["SCREEN"]
