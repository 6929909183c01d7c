"""Who a connection is: a player's display name and the token that proves it.

A first connection gives a name and becomes a new player (``Identities.register``); the server
answers with a token, once. Later connections give the token (``Identities.identify``).

Names: 1 to ``MAX_NAME_CELLS`` terminal cells (as ``rich.cells.cell_len`` counts them: a CJK
character is two) and at most ``MAX_NAME_CHARS`` characters, ends trimmed, no control or format characters (so no escape sequence, no
bidi override, no zero-width joiner), no line breaks and no space but U+0020. Markup such as
``[red]`` is a valid name, and every reader must show a name literally, never read it as markup
(``rich.markup.escape``, or Textual's ``Content`` rather than ``Content.from_markup``). Two names
are the same name when their keys are (``name_key``: NFKC, case folded, NFKC again, spaces
collapsed), so ``Ｈａｎａ`` and ``hana`` cannot both be players.

Tokens: ``<player id>.<secret>``, the secret from ``secrets.token_urlsafe(32)`` (256 random bits).
The store keeps only the secret's SHA-256. A slow password hash (bcrypt, scrypt, argon2) protects
secrets people choose, which are few enough to try one by one; 256 random bits cannot be tried
whatever the hash costs, so one SHA-256 is enough and a stolen database gives no token. Hashes
are compared with ``hmac.compare_digest``, whose time does not depend on where they differ. A
wrong token is answered with one reason after ``WRONG_TOKEN_DELAY``.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import unicodedata
from collections.abc import Awaitable, Callable

from rich.cells import cell_len

from .store import NameTaken, Player, ServerStore

MAX_NAME_CELLS = 20
MAX_NAME_CHARS = 40
"""Characters in a name, combining marks too (they take no cell of their own)."""
MAX_TOKEN = 120
"""The longest token read (a real one is about 50 characters)."""
WRONG_TOKEN_DELAY = 1.0
"""Seconds before a wrong token is refused (guessing tokens is slow)."""
WRONG_TOKEN = "no player has that token"


class IdentityError(ValueError):
    """One line: why a name or a token is refused."""


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, case folded, NFKC again, spaces collapsed."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.split())


def check_name(name: str) -> str:
    """The display name ``name`` gives (ends trimmed); IdentityError saying why it is none."""
    name = name.strip(" ")
    if len(name) > MAX_NAME_CHARS:
        raise IdentityError(f"a name is at most {MAX_NAME_CHARS} characters, accents counted")
    for ch in name:
        category = unicodedata.category(ch)
        if category[0] == "C" or category in ("Zl", "Zp"):
            raise IdentityError(
                f"a name has no control or invisible characters (U+{ord(ch):04X} is one)"
            )
        if ch.isspace() and ch != " ":
            raise IdentityError(f"a name has no space but the ordinary one (U+{ord(ch):04X})")
    cells = cell_len(name)
    if cells == 0 or not name_key(name):
        raise IdentityError("a name has at least one visible character")
    if cells > MAX_NAME_CELLS:
        raise IdentityError(f"a name is at most {MAX_NAME_CELLS} cells wide (this one is {cells})")
    return name


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def secret_hash(secret: str) -> str:
    """The SHA-256 of a token's secret, as the store keeps it."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def split_token(token: str) -> tuple[int, str]:
    """A token's player id and secret; IdentityError if it is no token."""
    head, dot, secret = token.partition(".")
    if not dot or not head.isascii() or not head.isdigit() or len(head) > 18 or not secret:
        raise IdentityError(WRONG_TOKEN)
    return int(head), secret


Sleep = Callable[[float], Awaitable[None]]


class Identities:
    """Players made and recognised against the store; ``sleep`` waits out a wrong token's delay
    (a test's records it rather than waiting)."""

    def __init__(
        self, store: ServerStore, delay: float = WRONG_TOKEN_DELAY, sleep: Sleep = asyncio.sleep
    ) -> None:
        self.store = store
        self.delay = delay
        self.sleep = sleep

    def register(self, name: str, is_bot: bool = False) -> tuple[Player, str]:
        """A new player named ``name`` and its token (given to the client once, never kept);
        IdentityError if the name is none or taken."""
        name = check_name(name)
        secret = new_secret()
        try:
            player = self.store.add_player(name, name_key(name), secret_hash(secret), is_bot)
        except NameTaken as err:
            raise IdentityError(str(err)) from None
        return player, f"{player.id}.{secret}"

    async def identify(self, token: str) -> Player:
        """The player whose token this is; IdentityError with one reason, after the delay, if
        it is no player's."""
        player = self._check(token)
        if player is None:
            await self.sleep(self.delay)
            raise IdentityError(WRONG_TOKEN)
        return player

    def _check(self, token: str) -> Player | None:
        if len(token) > MAX_TOKEN:
            return None
        try:
            player_id, secret = split_token(token)
        except IdentityError:
            return None
        stored = self.store.token_hash(player_id)
        if stored is None or not hmac.compare_digest(stored, secret_hash(secret)):
            return None
        return self.store.player(player_id)
