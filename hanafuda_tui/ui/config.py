"""The player's settings (pace, language, theme, hints, advice, the strong bots' think time) in ``config.json`` of the user's config
directory, written atomically like the save; a file that cannot be read gives the defaults and
one notice."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any, Literal

from platformdirs import user_config_path
from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError, field_validator
from textual.theme import BUILTIN_THEMES

CONFIG_NAME = "config.json"
DEFAULT_PACE = 1.0
"""Seconds each step of a turn stays on screen (the card played, then the card drawn)."""
PACE_STEP = 0.25
MAX_PACE = 3.0
MAX_CONFIG_BYTES = 64 * 1024
THINK_TIMES = (0.1, 0.2, 0.5, 1.0)
"""Seconds a strong bot at the table may think a decision (its level's default first)."""


def config_dir() -> Path:
    """``$HANAFUDA_CONFIG_DIR`` if set, else the platform's user config directory
    (``$XDG_CONFIG_HOME/hanafuda-tui`` or ``~/.config/hanafuda-tui`` on Linux)."""
    override = os.environ.get("HANAFUDA_CONFIG_DIR")
    return Path(override) if override else user_config_path("hanafuda-tui", appauthor=False)


BEGINNER_YEARS = 3
"""Years a new player plays with beginner mode on, unless they turn it off (or on) first."""


class Settings(BaseModel):
    """The settings as the file holds them; a value outside its bounds, of another type, or a theme
    Textual does not ship makes the whole file unusable (defaults and one notice). Keys not known
    are ignored (a newer version may have written them)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    pace: float = Field(DEFAULT_PACE, ge=0, le=MAX_PACE, allow_inf_nan=False)
    """Seconds each step of a turn is held, on the even steps of PACE_STEP."""
    language: Literal["", "ja", "en"] = ""
    """``ja`` or ``en``; empty: from the system locale."""
    theme: str = ""
    """A theme that ships with Textual; empty: Textual's default."""
    hints: StrictBool = True
    advice: StrictBool = True
    """Whether advice can be asked for at the table."""
    motion: StrictBool = True
    """Whether a card played or drawn slides along the field row to its place (else it appears
    there at once)."""
    beginner: StrictBool | None = None
    """Beginner mode at the table, as turned on or off there (None: on for a player's first
    ``BEGINNER_YEARS`` years at this keyboard)."""
    years_finished: int = Field(0, ge=0)
    """Years played to their end at this keyboard (a hosted table's too)."""
    think: float = THINK_TIMES[1]
    """Seconds a strong bot at the table thinks a decision, one of THINK_TIMES."""
    server: str = Field("", max_length=200)
    """The server (HOST:PORT) the selector's Online last went to."""

    @property
    def beginner_mode(self) -> bool:
        """Whether the table starts in beginner mode."""
        if self.beginner is not None:
            return self.beginner
        return self.years_finished < BEGINNER_YEARS

    @field_validator("pace", "think", mode="before")
    @classmethod
    def _a_number(cls, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"not a number of seconds: {_short(value)}")
        return value

    @field_validator("pace")
    @classmethod
    def _on_a_step(cls, pace: float) -> float:
        return clamp_pace(pace)

    @field_validator("think")
    @classmethod
    def _a_think_time(cls, think: float) -> float:
        if think not in THINK_TIMES:
            raise ValueError(f"not one of {', '.join(map(str, THINK_TIMES))}: {think}")
        return float(think)

    @field_validator("theme")
    @classmethod
    def _a_known_theme(cls, theme: str) -> str:
        if theme and theme not in BUILTIN_THEMES:
            raise ValueError(f"no such theme: {_short(theme)}")
        return theme


def _short(value: Any) -> str:
    """A value for a notice: printable, at most 40 characters."""
    text = repr(value).encode("ascii", "backslashreplace").decode("ascii")
    return text if len(text) <= 40 else text[:39] + "…"


def clamp_pace(pace: float) -> float:
    """A pace on the even steps between 0 and MAX_PACE."""
    steps = round(min(max(pace, 0.0), MAX_PACE) / PACE_STEP)
    return steps * PACE_STEP


class ConfigError(Exception):
    """The config file exists but cannot be used (one line, for a notice)."""


def _first_error(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    message = first["msg"].removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def parse(text: str) -> Settings:
    """Settings from the file's text; ConfigError naming the first thing wrong (the JSON parser
    is pydantic's: a number too long, nesting too deep, a lone surrogate are errors like others)."""
    try:
        return Settings.model_validate_json(text)
    except ValidationError as err:
        raise ConfigError(_first_error(err)) from None


class Config:
    """The settings file of one directory: ``load`` once, ``update`` on every change."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or config_dir()
        self.path = self.directory / CONFIG_NAME
        self.settings = Settings()

    def load(self) -> str:
        """Read the file (a missing one gives the defaults); the reason it could not be used, or
        an empty string."""
        try:
            with open(self.path, "rb") as f:
                data = f.read(MAX_CONFIG_BYTES + 1)
        except FileNotFoundError:
            return ""
        except OSError as err:
            return f"{self.path}: {err.strerror or err}"
        try:
            if len(data) > MAX_CONFIG_BYTES:
                raise ConfigError(f"larger than {MAX_CONFIG_BYTES >> 10} KiB")
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise ConfigError("not UTF-8 text") from None
            self.settings = parse(text)
        except ConfigError as err:
            return f"{self.path}: {err}"
        return ""

    def update(self, **changes: object) -> str:
        """Change settings and write the file through a temporary one (nothing is written when
        nothing changed); why it could not be written, or an empty string (the settings hold for
        this run either way)."""
        try:
            settings = Settings.model_validate({**self.settings.model_dump(), **changes})
        except ValidationError as err:
            return f"{self.path}: {_first_error(err)}"
        if settings == self.settings:
            return ""
        self.settings = settings
        data = (settings.model_dump_json(indent=2) + "\n").encode()
        tmp = self.path.with_name(f".{CONFIG_NAME}.{os.getpid()}.tmp")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, self.path)
        except OSError as err:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
            return f"{self.path}: {err.strerror or err}"
        return ""
