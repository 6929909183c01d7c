"""A client's tokens, one per server address, in ``server-tokens.json`` of the config directory.

The file is readable by its owner alone (0600, written whole through a temporary file), and its
directory is made 0700. A file that cannot be read (not JSON, not of this form, too large) is
never written over: reading or adding to it raises ``TokenFileError`` with one line naming the
file, and it stays as it was for its owner to mend or move.

A token travels between a player's machines as one line (``export_line``/``import_line``):
``hanafuda-token:`` then the server, the name and the token as base64url JSON.
"""

from __future__ import annotations

import base64
import binascii
import os
from pathlib import Path

from platformdirs import user_config_path
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.readable import first_fault
from ..core.records import write_atomically

TOKENS_NAME = "server-tokens.json"
MAX_TOKEN_FILE = 1 << 20
MAX_SERVER = 200
LINE_PREFIX = "hanafuda-token:"


class TokenFileError(Exception):
    """One line: why the token file or an imported line cannot be read or written."""


class Entry(BaseModel):
    """What a client keeps for one server."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: str = Field(max_length=200)
    token: str = Field(min_length=1, max_length=200)


class TokenFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    version: int = 1
    servers: dict[str, Entry] = {}


class Exported(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    server: str = Field(min_length=1, max_length=MAX_SERVER)
    name: str = Field(max_length=200)
    token: str = Field(min_length=1, max_length=200)


def config_dir() -> Path:
    """``$HANAFUDA_CONFIG_DIR`` if set, else the platform's user config directory (as the
    app's settings)."""
    override = os.environ.get("HANAFUDA_CONFIG_DIR")
    return Path(override) if override else user_config_path("hanafuda-tui", appauthor=False)


def server_key(address: str) -> str:
    """A server address as the file keys it: trimmed, its scheme and host in lower case."""
    address = address.strip()
    scheme, sep, rest = address.partition("://")
    if not sep:
        return address.lower()
    host, slash, path = rest.partition("/")
    return f"{scheme.lower()}://{host.lower()}{slash}{path}"


class TokenBook:
    """The token file in ``directory`` (the config directory unless given)."""

    def __init__(self, directory: Path | None = None) -> None:
        self.path = (directory or config_dir()) / TOKENS_NAME

    def read(self) -> TokenFile:
        """The file's tokens (none if there is no file); TokenFileError if it cannot be read."""
        try:
            with self.path.open("rb") as f:
                data = f.read(MAX_TOKEN_FILE + 1)
        except FileNotFoundError:
            return TokenFile()
        except OSError as err:
            raise TokenFileError(f"{self.path}: {err.strerror or err}") from None
        if len(data) > MAX_TOKEN_FILE:
            raise TokenFileError(
                f"{self.path}: larger than {MAX_TOKEN_FILE >> 10} KiB; left as it is"
            )
        try:
            return TokenFile.model_validate_json(data)
        except ValidationError as err:
            why = first_fault(err, "the file")
            raise TokenFileError(f"{self.path}: not a token file ({why}); left as it is") from None

    def get(self, server: str) -> Entry | None:
        return self.read().servers.get(server_key(server))

    def remember(self, server: str, name: str, token: str) -> None:
        """Keep the token for ``server`` (replacing the one kept for it); TokenFileError if the
        file cannot be read (it is not written over) or written."""
        book = self.read()
        key = server_key(server)
        if not key or len(key) > MAX_SERVER:
            raise TokenFileError(f"not a server address: {server[:40]!r}")
        book.servers[key] = Entry(name=name, token=token)
        self._write(book)

    def forget(self, server: str) -> bool:
        """Drop the token for ``server``; whether there was one."""
        book = self.read()
        if book.servers.pop(server_key(server), None) is None:
            return False
        self._write(book)
        return True

    def export_line(self, server: str) -> str:
        """The token for ``server`` as one line; TokenFileError if none is kept."""
        entry = self.get(server)
        if entry is None:
            raise TokenFileError(f"no token kept for {server_key(server)}")
        data = Exported(server=server_key(server), name=entry.name, token=entry.token)
        packed = base64.urlsafe_b64encode(data.model_dump_json().encode("utf-8"))
        return LINE_PREFIX + packed.decode("ascii").rstrip("=")

    def import_line(self, line: str) -> str:
        """Keep the token an exported line holds; the server it is for. TokenFileError if the
        line is none (or the file cannot be read or written)."""
        data = parse_line(line)
        self.remember(data.server, data.name, data.token)
        return data.server

    def _write(self, book: TokenFile) -> None:
        try:
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            write_atomically(self.path, book.model_dump_json(indent=1) + "\n", 0o600)
        except OSError as err:
            raise TokenFileError(f"{self.path}: {err.strerror or err}") from None


def parse_line(line: str) -> Exported:
    """An exported token line's server, name and token; TokenFileError if it is none."""
    line = line.strip()
    if not line.startswith(LINE_PREFIX) or len(line) > 2000:
        raise TokenFileError(f"not a token line (it starts with {LINE_PREFIX!r})")
    packed = line.removeprefix(LINE_PREFIX)
    try:
        raw = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        return Exported.model_validate_json(raw)
    except (binascii.Error, ValueError):
        raise TokenFileError("not a token line: damaged (copy it again whole)") from None
