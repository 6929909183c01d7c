"""The player's settings (pace, language, theme, hints, advice, the strong bots' think time) in ``config.json`` of the user's config
directory, written atomically like the save; a file that cannot be read gives the defaults and
one notice."""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from platformdirs import user_config_path

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


@dataclass(frozen=True)
class Settings:
    pace: float = DEFAULT_PACE
    language: str = ""
    """``ja`` or ``en``; empty: from the system locale."""
    theme: str = ""
    """A Textual theme name; empty: Textual's default."""
    hints: bool = True
    advice: bool = True
    """Whether advice can be asked for at the table."""
    think: float = THINK_TIMES[1]
    """Seconds a strong bot at the table thinks a decision, one of THINK_TIMES."""


def clamp_pace(pace: float) -> float:
    """A pace on the even steps between 0 and MAX_PACE."""
    steps = round(min(max(pace, 0.0), MAX_PACE) / PACE_STEP)
    return steps * PACE_STEP


class ConfigError(Exception):
    """The config file exists but cannot be used (one line, for a notice)."""


def parse(text: str) -> Settings:
    """Settings from the file's text; ConfigError naming the first thing wrong. Keys not known
    are ignored (a newer version may have written them)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ConfigError(f"not JSON (line {err.lineno}: {err.msg})") from None
    if not isinstance(data, dict):
        raise ConfigError("not a JSON object")
    out = Settings()
    pace = data.get("pace", out.pace)
    if isinstance(pace, bool) or not isinstance(pace, int | float) or pace != pace:
        raise ConfigError(f"pace: not a number: {pace!r}")
    language = data.get("language", out.language)
    if language not in ("", "ja", "en"):
        raise ConfigError(f"language: not ja or en: {language!r}")
    theme = data.get("theme", out.theme)
    if not isinstance(theme, str):
        raise ConfigError(f"theme: not a name: {theme!r}")
    hints = data.get("hints", out.hints)
    if not isinstance(hints, bool):
        raise ConfigError(f"hints: not true or false: {hints!r}")
    advice = data.get("advice", out.advice)
    if not isinstance(advice, bool):
        raise ConfigError(f"advice: not true or false: {advice!r}")
    think = data.get("think", out.think)
    if isinstance(think, bool) or think not in THINK_TIMES:
        raise ConfigError(f"think: not one of {', '.join(map(str, THINK_TIMES))}: {think!r}")
    return Settings(clamp_pace(float(pace)), language, theme, hints, advice, float(think))


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
        settings = replace(self.settings, **changes)  # type: ignore[arg-type]
        if settings == self.settings:
            return ""
        self.settings = settings
        data = (json.dumps(asdict(self.settings), indent=2, ensure_ascii=False) + "\n").encode()
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
