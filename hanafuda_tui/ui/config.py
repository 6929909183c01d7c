"""The player's settings (pace, language, theme, hints, advice, the strong bots' think time) in ``config.json`` of the user's config
directory, written atomically like the save; a file that cannot be read gives the defaults and
one notice."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from platformdirs import user_config_path
from textual.theme import BUILTIN_THEMES

CONFIG_NAME = "config.json"
DEFAULT_PACE = 1.0
"""Seconds each step of a turn stays on screen (the card played, then the card drawn)."""
PACE_STEP = 0.25
MAX_PACE = 3.0
MAX_CONFIG_BYTES = 64 * 1024
THINK_TIMES = (0.1, 0.2, 0.5, 1.0)
"""Seconds a strong bot at the table may think a decision (its level's default first)."""
LANGUAGES = ("", "ja", "en")
MAX_SERVER = 200
"""Characters of the server's address at most."""


def config_dir() -> Path:
    """``$HANAFUDA_CONFIG_DIR`` if set, else the platform's user config directory
    (``$XDG_CONFIG_HOME/hanafuda-tui`` or ``~/.config/hanafuda-tui`` on Linux)."""
    override = os.environ.get("HANAFUDA_CONFIG_DIR")
    return Path(override) if override else user_config_path("hanafuda-tui", appauthor=False)


BEGINNER_YEARS = 3
"""Years a new player plays with beginner mode on, unless they turn it off (or on) first."""


class ConfigError(Exception):
    """The config file exists but cannot be used (one line, for a notice)."""


@dataclass(frozen=True)
class Settings:
    """The settings as the file holds them, checked as they are made: a value outside its bounds,
    of another type, or a theme Textual does not ship raises ConfigError naming the setting (the
    whole file is then unusable: defaults and one notice)."""

    pace: float = DEFAULT_PACE
    """Seconds each step of a turn is held, on the even steps of PACE_STEP."""
    language: str = ""
    """``ja`` or ``en``; empty: from the system locale."""
    theme: str = ""
    """A theme that ships with Textual; empty: Textual's default."""
    hints: bool = True
    advice: bool = True
    """Whether advice can be asked for at the table."""
    motion: bool = True
    """Whether a card played or drawn slides along the field row to its place (else it appears
    there at once)."""
    beginner: bool | None = None
    """Beginner mode at the table, as turned on or off there (None: on for a player's first
    ``BEGINNER_YEARS`` years at this keyboard)."""
    years_finished: int = 0
    """Years played to their end at this keyboard (a hosted table's too)."""
    think: float = THINK_TIMES[1]
    """Seconds a strong bot at the table thinks a decision, one of THINK_TIMES."""
    server: str = ""
    """The server (HOST:PORT) the selector's Online last went to."""

    def __post_init__(self) -> None:
        pace = _seconds("pace", self.pace)
        if pace < 0 or pace > MAX_PACE:
            raise ConfigError(f"pace: not from 0 to {MAX_PACE:g} seconds: {_short(pace)}")
        object.__setattr__(self, "pace", clamp_pace(pace))
        think = _seconds("think", self.think)
        if think not in THINK_TIMES:
            raise ConfigError(f"think: not one of {', '.join(map(str, THINK_TIMES))}: {think}")
        object.__setattr__(self, "think", float(think))
        if self.language not in LANGUAGES:
            raise ConfigError(f"language: not ja or en: {_short(self.language)}")
        if not isinstance(self.theme, str) or self.theme and self.theme not in BUILTIN_THEMES:
            raise ConfigError(f"theme: no such theme: {_short(self.theme)}")
        for name in ("hints", "advice", "motion", "beginner"):
            value = getattr(self, name)
            if not isinstance(value, bool) and (name != "beginner" or value is not None):
                raise ConfigError(f"{name}: not true or false: {_short(value)}")
        years = self.years_finished
        if isinstance(years, bool) or not isinstance(years, int) or years < 0:
            raise ConfigError(f"years_finished: not a whole number from 0: {_short(years)}")
        if not isinstance(self.server, str) or len(self.server) > MAX_SERVER:
            raise ConfigError(
                f"server: not an address of at most {MAX_SERVER} characters: {_short(self.server)}"
            )

    @property
    def beginner_mode(self) -> bool:
        """Whether the table starts in beginner mode."""
        if self.beginner is not None:
            return self.beginner
        return self.years_finished < BEGINNER_YEARS

    @classmethod
    def of(cls, data: Any) -> Settings:
        """The settings a JSON object holds (keys not known are ignored: a newer version may
        have written them); ConfigError names the first thing wrong."""
        if not isinstance(data, dict):
            raise ConfigError("not a JSON object")
        known = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def as_dict(self) -> dict[str, Any]:
        """Every setting by name, in the file's order."""
        return dataclasses.asdict(self)


def _seconds(name: str, value: Any) -> float:
    """``value`` if it is a finite number (not true or false), else ConfigError."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"{name}: not a number of seconds: {_short(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ConfigError(f"{name}: not a finite number: {value}")
    return value


def _short(value: Any) -> str:
    """A value for a notice: printable, at most 40 characters."""
    text = repr(value).encode("ascii", "backslashreplace").decode("ascii")
    return text if len(text) <= 40 else text[:39] + "…"


def clamp_pace(pace: float) -> float:
    """A pace on the even steps between 0 and MAX_PACE."""
    steps = round(min(max(pace, 0.0), MAX_PACE) / PACE_STEP)
    return steps * PACE_STEP


def _no_constant(name: str) -> None:
    raise ConfigError(f"not JSON: {name}")


def parse(text: str) -> Settings:
    """Settings from the file's text; ConfigError naming the first thing wrong (JSON that cannot
    be read, a number too long, nesting too deep, NaN or Infinity are errors like others)."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise ConfigError(f"not JSON: {err.msg}: line {err.lineno} column {err.colno}") from None
    except RecursionError:
        raise ConfigError("not JSON: nested too deeply") from None
    except ValueError:  # an integer of more digits than Python converts
        raise ConfigError("not JSON: a number too long") from None
    return Settings.of(data)


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
            settings = Settings.of({**self.settings.as_dict(), **changes})
        except ConfigError as err:
            return f"{self.path}: {err}"
        if settings == self.settings:
            return ""
        self.settings = settings
        data = (json.dumps(settings.as_dict(), indent=2) + "\n").encode()
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
