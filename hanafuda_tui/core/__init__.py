"""The pure rules core: no textual or rich import, ever."""
