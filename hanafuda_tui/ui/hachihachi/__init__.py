"""八八 on screen: its screen adapter (``SCREEN``, named by ``Hachihachi.screen``) and the 記入式's
text layout."""

from .screen import SCREEN

__all__ = ["SCREEN"]
