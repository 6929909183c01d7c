"""Each ruleset's titles by its name, known without importing the ruleset (the selector lists every
ruleset by its title, and loads the one it shows)."""

from __future__ import annotations

TITLES: dict[str, tuple[str, str]] = {
    "koikoi3": ("三人こいこい", "three-player koi-koi"),
    "koikoi2": ("二人こいこい", "two-player koi-koi"),
    "hanaawase": ("花合わせ", "hana-awase"),
    "hachihachi": ("八八", "hachi-hachi"),
}
"""Each ruleset's Japanese and English titles (its game class's ``titles``)."""
